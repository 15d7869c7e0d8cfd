import ArgumentParser
import Foundation
import SSOPolicy

struct BenchCommand: ParsableCommand, ContextualCommand {
    static let formats: [OutputFormat] = [.text, .json]
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the engine in-process: attempts and scenario steps per second, latency percentiles.",
        discussion: """
            For each policy (default: every bundled policy) three workloads run: 'attempt' (a fresh state from \
            facts, then one access attempt; every app × the provider's fact combinations), 'scenario-step' (the \
            scenarios' steps, default every bundled scenario, with state kept between steps) and 'what-if' (evaluate \
            of each app by bob with nothing known, to its merged answers; one what-if per batch). Operations run in \
            batches timed with a monotonic clock; p50/p99 are percentiles of the per-operation mean of each batch. \
            The trace is off unless --trace says otherwise (a what-if keeps its answers' traces). Build with \
            'swift build -c release' for real numbers.

            Examples:
              swift build -c release && .build/release/ssopolicy bench
              ssopolicy bench warehouse-airwatch --seconds 2 --format json
              ssopolicy bench frontline-entra --scenario shift-change --trace fired
              ssopolicy bench hospital-imprivata --workload what-if
            """)

    enum WorkloadOption: String, ExpressibleByArgument, CaseIterable {
        case attempt
        case scenarioStep = "scenario-step"
        case whatIf = "what-if"
    }

    enum TraceOption: String, ExpressibleByArgument, CaseIterable {
        case off, fired, explain

        var mode: RuleTrace.Mode {
            switch self {
            case .off: return .off
            case .fired: return .fired
            case .explain: return .explain
            }
        }
    }

    @Argument(help: "Policy files or bundled policy names (default: every bundled policy).")
    var policies: [String] = []

    @Option(name: .customLong("scenario"), help: "A scenario for the scenario-step workload (repeatable).")
    var scenarios: [String] = []

    @Option(name: .long, help: "A workload to measure: attempt, scenario-step or what-if (repeatable; default all).")
    var workload: [WorkloadOption] = []

    @Option(name: .long, help: "Seconds per measurement.")
    var seconds: Double = 0.25

    @Option(name: .long, help: "Operations per timed batch.")
    var batch: Int = 1000

    @Option(name: .long, help: "Trace mode while measuring: off, fired or explain.")
    var trace: TraceOption = .off

    @Option(name: .long, help: ArgumentHelp("Output format: \(OutputFormat.list(Self.formats)).", valueName: "format"))
    var format: OutputFormat = .text

    func validate() throws {
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be in (0, 600]") }
        guard batch >= 1, batch <= 10_000_000 else { throw ValidationError("--batch must be in 1...10000000") }
        guard Self.formats.contains(format) else { throw ValidationError("'bench' supports --format text, json") }
    }

    func run(in context: CLIContext) throws -> Int32 {
        let resolver = FileResolver(context: context)
        var policyList: [CompiledPolicy] = []
        var scenarioList: [Scenario] = []
        if policies.isEmpty { policyList = try resolver.bundledPolicies() }
        if scenarios.isEmpty { scenarioList = try resolver.bundledScenarios() }
        policyList += try policies.map { try resolver.policy($0) }
        scenarioList += try scenarios.map { try resolver.scenario($0) }

        let benchmark = EngineBenchmark(
            duration: Swift.Duration.nanoseconds(Int64(seconds * 1e9)), batchSize: batch, traceMode: trace.mode)
        var results: [EngineBenchmark.Measurement] = []
        let workloads = Set(workload.isEmpty ? WorkloadOption.allCases : workload)
        for policy in policyList {
            if workloads.contains(.attempt), let attempts = benchmark.measureAttempts(policy) {
                results.append(attempts)
            }
            if workloads.contains(.scenarioStep),
                let steps = benchmark.measureScenarioSteps(policy, scenarios: scenarioList)
            {
                results.append(steps)
            }
            if workloads.contains(.whatIf), let whatIfs = benchmark.measureWhatIfs(policy) { results.append(whatIfs) }
        }
        switch format {
        case .json: context.write(BenchReport.json(results, benchmark: benchmark).serialized() + "\n")
        default: context.write(BenchReport.text(results, benchmark: benchmark))
        }
        return 0
    }
}

/// Renders bench results: the structure (rows, keys, order) is fixed; only the measured numbers vary.
enum BenchReport {
    static func json(_ results: [EngineBenchmark.Measurement], benchmark: EngineBenchmark) -> JSONValue {
        .object([
            (
                "settings",
                .object([
                    ("seconds_per_measurement", .double(EngineBenchmark.nanoseconds(benchmark.duration) / 1e9)),
                    ("batch", .int(benchmark.batchSize)), ("trace", .string(traceName(benchmark.traceMode))),
                    ("cores_used", .int(1)),
                ])
            ),
            (
                "results",
                .array(
                    results.map { result in
                        .object([
                            ("policy", .string(result.policy)), ("provider", .string(result.provider)),
                            ("workload", .string(result.workload.rawValue)), ("variants", .int(result.variants)),
                            ("operations", .int(result.operations)), ("seconds", .double(result.seconds)),
                            ("per_second", .int(Int(result.perSecond.rounded()))),
                            ("p50_ns", .double(result.p50Nanoseconds)), ("p99_ns", .double(result.p99Nanoseconds)),
                            ("checksum", .string(String(result.checksum, radix: 16))),
                        ])
                    })
            ),
        ])
    }

    static func text(_ results: [EngineBenchmark.Measurement], benchmark: EngineBenchmark) -> String {
        var out =
            "ssopolicy bench: one core, trace \(traceName(benchmark.traceMode)), batches of \(benchmark.batchSize) "
            + "operations, \(format(EngineBenchmark.nanoseconds(benchmark.duration) / 1e9, 2)) s per measurement\n\n"
        let header = ["policy", "provider", "workload", "variants", "ops/s", "p50 ns", "p99 ns"]
        let rows = results.map { result in
            [
                result.policy, result.provider, result.workload.rawValue, String(result.variants),
                grouped(Int(result.perSecond.rounded())), format(result.p50Nanoseconds, 1),
                format(result.p99Nanoseconds, 1),
            ]
        }
        var widths = header.map(\.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return index >= 3 ? pad + cell : cell + pad
            }.joined(separator: "  ") + "\n"
        }
        out += line(header)
        for row in rows { out += line(row) }
        return out
    }

    static func traceName(_ mode: RuleTrace.Mode) -> String {
        switch mode {
        case .off: return "off"
        case .fired: return "fired"
        case .explain: return "explain"
        }
    }

    static func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

    static func grouped(_ value: Int) -> String {
        var digits = Array(String(value))
        var out = ""
        while digits.count > 3 {
            out = " " + String(digits.suffix(3)) + out
            digits.removeLast(3)
        }
        return String(digits) + out
    }
}
