import SSOPolicy
import SSOPolicyBundledLibrary

/// The bundled library as the API lists it: each file's plain name, kind, title and (for policies) provider,
/// read once at start-up through the same loaders as everything else.
package struct BundledCatalog: Sendable {
    package struct Entry: Sendable {
        package var name: String
        package var file: BundledFile
        package var kind: SSOPolicyEngine.FileKind
        package var title: String?
        package var provider: String?
        package var steps: Int?
        /// The policy compiled (or the scenario loaded) once at start, so a request naming it parses nothing.
        package var policy: CompiledPolicy?
        package var scenario: Scenario?

        /// The name positions carry, as on the command line.
        package var displayPath: String { "Policies/" + file.path }

        package var json: JSONValue {
            var fields: [(String, JSONValue)] = [("name", .string(name)), ("file", .string(displayPath))]
            if let provider { fields.append(("provider", .string(provider))) }
            if let steps { fields.append(("steps", .int(steps))) }
            fields.append(("title", .optional(title)))
            return .object(fields)
        }
    }

    package var entries: [Entry]

    package init(files: [BundledFile], engine: SSOPolicyEngine) {
        entries = files.compactMap { file in
            let name = Self.plainName(file.path)
            guard let root = try? engine.readDocument(bytes: Array(file.contents.utf8), file: "Policies/" + file.path),
                let kind = try? engine.kind(of: root)
            else { return nil }
            var entry = Entry(name: name, file: file, kind: kind)
            switch kind {
            case .policy:
                let policy = try? engine.loadPolicy(root, file: entry.displayPath)
                entry.title = policy?.configuration.title
                entry.provider = policy?.descriptor.id
                entry.policy = policy
            case .scenario:
                let scenario = try? engine.loadScenario(root, file: entry.displayPath)
                entry.title = scenario?.title
                entry.steps = scenario?.steps.count
                entry.scenario = scenario
            case .fleet: entry.title = root.entries?.first { $0.key == "title" }?.value.scalar
            case .suite: break
            }
            return entry
        }
    }

    package func entries(of kind: SSOPolicyEngine.FileKind) -> [Entry] { entries.filter { $0.kind == kind } }

    /// A bundled file by plain name. Anything path-like is refused before any lookup: a request never names a file
    /// on the server's disk, and `../` or `/etc/passwd` must not even look like a question about one.
    package func entry(named name: String, kind: SSOPolicyEngine.FileKind? = nil) throws(DiagnosticsError) -> Entry {
        let position = SourcePosition(file: name, line: 1, column: 1)
        guard Self.isPlainName(name) else {
            // YAML sent where a name goes is not echoed back as a file name: the diagnostic says what it was.
            let shown =
                name.utf8.count > 64 || name.contains("\n") ? "<a text of \(name.utf8.count) bytes, not a name>" : name
            throw DiagnosticsError([
                .error(
                    at: SourcePosition(file: shown, line: 1, column: 1),
                    "not a bundled name: the API reads no files; name a bundled file (letters, digits, '-' and '_') "
                        + "or send the YAML inline as {\"yaml\": \"...\"}")
            ])
        }
        let candidates = kind.map { entries(of: $0) } ?? entries
        if let found = candidates.first(where: { $0.name == name }) { return found }
        throw DiagnosticsError([
            .error(
                at: position,
                "no bundled \(kind?.rawValue ?? "file") of that name"
                    + Suggestion.didYouMean(name, in: candidates.map(\.name)))
        ])
    }

    package static func isPlainName(_ name: String) -> Bool {
        (1...100).contains(name.count)
            && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                    || $0 == "_"
            }
    }

    package static func plainName(_ path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return last.hasSuffix(".yaml") ? String(last.dropLast(5)) : last
    }
}
