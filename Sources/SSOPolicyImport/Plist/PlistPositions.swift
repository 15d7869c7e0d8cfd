import SSOPolicyProviderKit

/// Where a plist value is, for messages: `file:line:col` in an XML plist, a byte offset in a binary one (shown in
/// the message, as the file has no lines).
struct PlistPositions: Sendable {
    /// The file as named, with ` (signed content)` when the plist was inside a signature.
    let label: String
    /// Present for XML plists.
    let locator: SourceLocator?

    func position(_ offset: Int) -> SourcePosition {
        locator?.position(ofByte: offset) ?? SourcePosition(file: label, line: 0, column: 0)
    }

    /// `at byte N: ` for a binary plist, nothing for XML (its position says where).
    func prefix(_ offset: Int) -> String { locator == nil ? "at byte \(offset): " : "" }

    func diagnostic(_ severity: Diagnostic.Severity, _ message: String, at offset: Int) -> Diagnostic {
        Diagnostic(severity, at: position(offset), prefix(offset) + message)
    }
}
