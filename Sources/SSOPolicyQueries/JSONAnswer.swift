import SSOPolicy

/// The exact bytes of each verb's `--format json` answer. The command line writes them to standard output and the
/// server sends them as the response body, so a script gets the same answer from either.
package enum JSONAnswer {
    package static func document(_ value: JSONValue) -> String { value.serialized() + "\n" }

    package static func run(_ result: RunResult) -> String { document(RunJSON.run(result)) }

    package static func compare(_ comparison: Comparison, diffOnly: Bool) -> String {
        document(CompareRender.json(comparison, diffOnly: diffOnly))
    }

    package static func evaluate(_ result: EvaluateResult) -> String { document(result.json) }

    package static func matrix(_ matrix: DecisionMatrix) -> String { document(matrix.json) }

    package static func providers(_ descriptors: [ProviderDescriptor]) -> String {
        document(ProviderDocumentation.json(descriptors))
    }

    package static func check(_ report: CheckReport, quiet: Bool) -> String {
        document(CheckRender.json(report, quiet: quiet))
    }
}
