import SSOPolicy
import SSOPolicyQueries

/// A document named in a request: a bundled file by its plain name (`"shift-change"`), or YAML sent inline
/// (`{"yaml": "...", "file": "mine.yaml"}`). There is deliberately no way to name a path: the server reads no file.
package enum RequestDocument: Sendable, Hashable, Decodable {
    case bundled(String)
    /// `file` is only the name positions carry; it is never opened. `nil` takes the route's pseudo name.
    case inline(yaml: String, file: String?)

    enum CodingKeys: String, CodingKey { case yaml, file }

    package init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self = .bundled(name)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let file = try container.decodeIfPresent(String.self, forKey: .file)
        if let file, !Self.isLabel(file) {
            throw DecodingError.dataCorruptedError(
                forKey: .file, in: container,
                debugDescription: "'file' is a label of 1 to 200 printable characters")
        }
        self = .inline(yaml: try container.decode(String.self, forKey: .yaml), file: file)
    }

    /// The same document, with `file` as the name of inline YAML that came without one.
    func named(_ file: String) -> RequestDocument {
        if case .inline(let yaml, nil) = self { return .inline(yaml: yaml, file: file) }
        return self
    }

    static func isLabel(_ text: String) -> Bool {
        (1...200).contains(text.count) && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
    }
}
