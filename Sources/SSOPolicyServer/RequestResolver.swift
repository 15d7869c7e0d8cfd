import SSOPolicy
import SSOPolicyQueries

/// Reads what a request names: inline YAML through the bounded reader, or a bundled file by plain name. It has no
/// code path to the file system, which is what keeps requests from reading the server's disk.
struct RequestResolver: DocumentResolver {
    let engine: SSOPolicyEngine
    let catalog: BundledCatalog

    func document(_ reference: RequestDocument) throws(DiagnosticsError) -> (root: ConfigNode, file: String) {
        switch reference {
        case .inline(let yaml, let file):
            let name = file ?? "document.yaml"
            return (try engine.readDocument(bytes: Array(yaml.utf8), file: name), name)
        case .bundled(let name):
            let entry = try catalog.entry(named: name)
            return (
                try engine.readDocument(bytes: Array(entry.file.contents.utf8), file: entry.displayPath),
                entry.displayPath
            )
        }
    }

    /// A bundled policy comes compiled from the catalogue (built once at start); anything else is read and
    /// compiled, with the same errors as the command line.
    func policy(_ reference: RequestDocument) throws(DiagnosticsError) -> CompiledPolicy {
        if case .bundled(let name) = reference, let compiled = try catalog.entry(named: name).policy { return compiled }
        let (root, file) = try document(reference)
        return try engine.loadPolicy(root, file: file)
    }

    func scenario(_ reference: RequestDocument) throws(DiagnosticsError) -> Scenario {
        if case .bundled(let name) = reference, let loaded = try catalog.entry(named: name).scenario { return loaded }
        let (root, file) = try document(reference)
        return try engine.loadScenario(root, file: file)
    }
}
