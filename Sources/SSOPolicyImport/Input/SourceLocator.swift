import SSOPolicyProviderKit

/// Turns a byte offset in a text file into the `file:line:col` an editor shows (`TextLines`).
struct SourceLocator: Sendable {
    let file: String
    private let lines: TextLines

    init(file: String, bytes: [UInt8]) {
        self.file = file
        lines = TextLines(bytes)
    }

    func position(ofByte offset: Int) -> SourcePosition { lines.position(ofByte: offset, file: file) }
}
