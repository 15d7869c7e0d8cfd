import SSOPolicy

/// Turns what a caller names into a read YAML document. The command line reads a path on disk or a bundled name
/// (`FileResolver`); the server reads inline YAML or a bundled name and never the disk. Everything after reading
/// is shared (`Queries`), so the two front ends cannot decide differently.
package protocol DocumentResolver: Sendable {
    associatedtype Reference: Sendable

    var engine: SSOPolicyEngine { get }

    /// The document's root and the file name its positions carry.
    func document(_ reference: Reference) throws(DiagnosticsError) -> (root: ConfigNode, file: String)

    /// The compiled policy; the default reads and compiles the document. A resolver that holds compiled documents
    /// (the server's bundled library) answers from them.
    func policy(_ reference: Reference) throws(DiagnosticsError) -> CompiledPolicy

    /// The loaded scenario; the default reads and loads the document.
    func scenario(_ reference: Reference) throws(DiagnosticsError) -> Scenario
}

extension DocumentResolver {
    package func policy(_ reference: Reference) throws(DiagnosticsError) -> CompiledPolicy {
        let (root, file) = try document(reference)
        return try engine.loadPolicy(root, file: file)
    }

    package func scenario(_ reference: Reference) throws(DiagnosticsError) -> Scenario {
        let (root, file) = try document(reference)
        return try engine.loadScenario(root, file: file)
    }
}
