import Foundation
import SSOPolicy
import SSOPolicyBundledLibrary

/// Resolves a command-line file argument: a path on disk, or else a file of the bundled library named by its path
/// under `Policies/` (`scenarios/shift-change.yaml`) or its file name without `.yaml` (`shift-change`).
struct FileResolver: DocumentResolver {
    let context: CLIContext

    var engine: SSOPolicyEngine { context.engine }

    func document(_ argument: String) throws(DiagnosticsError) -> (root: ConfigNode, file: String) {
        let engine = context.engine
        if FileManager.default.fileExists(atPath: argument) {
            return (try engine.readDocument(path: argument), argument)
        }
        if let file = bundled(argument) {
            let name = "Policies/" + file.path
            return (try engine.readDocument(bytes: Array(file.contents.utf8), file: name), name)
        }
        throw DiagnosticsError([
            .error(
                at: SourcePosition(file: argument, line: 1, column: 1),
                "no such file, and no bundled file of that name"
                    + Suggestion.didYouMean(argument, in: context.bundled.map { bundledName($0.path) }))
        ])
    }

    func bundled(_ argument: String) -> BundledFile? {
        let trimmed = argument.hasPrefix("Policies/") ? String(argument.dropFirst("Policies/".count)) : argument
        return context.bundled.first { $0.path == trimmed || bundledName($0.path) == trimmed }
    }

    func bundledName(_ path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return last.hasSuffix(".yaml") ? String(last.dropLast(5)) : last
    }

    /// The bundled documents of one kind (by their top-level key, as `check` decides), sorted by path.
    func bundledDocuments(_ kind: SSOPolicyEngine.FileKind) throws(DiagnosticsError) -> [(
        root: ConfigNode, file: String
    )] {
        var documents: [(root: ConfigNode, file: String)] = []
        for file in context.bundled.sorted(by: { $0.path < $1.path }) where file.path.hasSuffix(".yaml") {
            let name = "Policies/" + file.path
            let root = try engine.readDocument(bytes: Array(file.contents.utf8), file: name)
            if try engine.kind(of: root) == kind { documents.append((root, name)) }
        }
        return documents
    }

    func bundledPolicies() throws(DiagnosticsError) -> [CompiledPolicy] {
        try bundledDocuments(.policy).map { document throws(DiagnosticsError) in
            try engine.loadPolicy(document.root, file: document.file)
        }
    }

    func bundledScenarios() throws(DiagnosticsError) -> [Scenario] {
        try bundledDocuments(.scenario).map { document throws(DiagnosticsError) in
            try engine.loadScenario(document.root, file: document.file)
        }
    }
}
