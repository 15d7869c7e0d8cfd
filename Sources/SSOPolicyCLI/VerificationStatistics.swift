import Foundation
import SSOPolicy

/// How fast and how big a `verify` run was: behind `--stats` because timings differ between runs and output
/// must otherwise be byte-identical.
struct VerificationStatistics {
    struct Row {
        var policy: String
        var states: Int
        var transitions: Int
        var seconds: Double
    }

    var rows: [Row]
    /// Peak resident memory of the process, in KiB (getrusage).
    var peakKiB: Int
    /// Threads that explored each level (`--jobs`).
    var threads: Int

    init(reports: [VerificationReport], seconds: [Double]) {
        rows = zip(reports, seconds).map {
            Row(
                policy: $0.policy.configuration.id, states: $0.states, transitions: $0.transitions, seconds: $1)
        }
        peakKiB = Self.peakResidentKiB()
        threads = reports.first?.options.jobs ?? 1
    }

    static func peakResidentKiB() -> Int {
        var usage = rusage()
        #if os(Linux)
            guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
            return Int(usage.ru_maxrss)
        #else
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
            return Int(usage.ru_maxrss) / 1024
        #endif
    }

    static func rate(_ count: Int, _ seconds: Double) -> String {
        seconds > 0 ? String(Int((Double(count) / seconds).rounded())) : "-"
    }

    var text: String {
        var out = "Stats (\(threads == 1 ? "one thread" : "\(threads) threads")):\n"
        let table = TextTable(
            header: ["policy", "states", "transitions", "seconds", "states/s", "transitions/s"],
            rows: rows.map {
                [
                    $0.policy, String($0.states), String($0.transitions), String(format: "%.3f", $0.seconds),
                    Self.rate($0.states, $0.seconds), Self.rate($0.transitions, $0.seconds),
                ]
            })
        out += table.render(indent: "  ") + "\n"
        out += "  peak memory (maxrss): \(peakKiB / 1024) MiB\n"
        return out
    }

    var json: JSONValue {
        .object([
            (
                "policies",
                .array(
                    rows.map {
                        .object([
                            ("policy", .string($0.policy)), ("seconds", .double($0.seconds)),
                            ("states_per_second", .int(Int((Double($0.states) / max($0.seconds, 1e-9)).rounded()))),
                            (
                                "transitions_per_second",
                                .int(Int((Double($0.transitions) / max($0.seconds, 1e-9)).rounded()))
                            ),
                        ])
                    })
            ),
            ("peak_memory_kib", .int(peakKiB)),
        ])
    }
}
