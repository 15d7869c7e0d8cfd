import SSOPolicy

/// The exact bytes of each verb's `--format json` answer. The command line writes them to standard output and the
/// server sends them as the response body, so a script gets the same answer from either.
public enum JSONAnswer {
    public static func document(_ value: JSONValue) -> String { value.serialized() + "\n" }

    public static func run(_ result: RunResult) -> String { document(RunJSON.run(result)) }

    public static func compare(_ comparison: Comparison, diffOnly: Bool) -> String {
        document(CompareRender.json(comparison, diffOnly: diffOnly))
    }

    public static func evaluate(_ result: EvaluateResult) -> String { document(result.json) }

    public static func matrix(_ matrix: DecisionMatrix) -> String { document(matrix.json) }

    public static func providers(_ descriptors: [ProviderDescriptor]) -> String {
        document(ProviderDocumentation.json(descriptors))
    }

    public static func check(_ report: CheckReport, quiet: Bool) -> String {
        document(CheckRender.json(report, quiet: quiet))
    }
}
