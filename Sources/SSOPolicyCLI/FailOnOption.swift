import ArgumentParser
import SSOPolicy

/// `--fail-on SEVERITY` for `run` and `compare`: a CI gate that keeps a fleet's policies honest. The answer is
/// printed as usual; the exit code says whether a finding at that severity or worse occurred.
struct FailOnOption: ParsableArguments {
    enum Threshold: String, ExpressibleByArgument, CaseIterable {
        case critical, high, medium, low, info
        var severity: Severity { Severity(name: rawValue) ?? .info }
    }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Exit 1 when a finding of this severity or worse occurs, in a step or in the policy itself: "
                + "critical, high, medium, low or info.",
            valueName: "severity"))
    var failOn: Threshold?

    /// The exit code for these runs, and a line on standard error naming what tripped the gate.
    func exitCode(for results: [RunResult], context: CLIContext) -> Int32 {
        guard let threshold = failOn?.severity else { return 0 }
        var tripped: [String] = []
        for result in results {
            let findings = result.views.flatMap(\.findings) + result.policyFindingViews
            let counts = Severity.allCases.filter { $0 <= threshold }.compactMap { severity -> String? in
                let count = findings.filter { $0.severity == severity }.count
                return count == 0 ? nil : "\(count) \(severity.name)"
            }
            if !counts.isEmpty {
                tripped.append("\(result.policy.configuration.id): " + counts.joined(separator: ", "))
            }
        }
        guard !tripped.isEmpty else { return 0 }
        context.writeError(
            "error: --fail-on \(threshold.name): findings at \(threshold.name) or worse: "
                + tripped.joined(separator: "; ") + "\n")
        return 1
    }
}
