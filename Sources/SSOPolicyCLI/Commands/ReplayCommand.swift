import ArgumentParser
import Foundation
import SSOPolicy
import SSOPolicyReplay

struct ReplayCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay real Entra sign-in logs against custody: which shift changes exposed the previous worker.",
        discussion: """
            Reads Microsoft Entra sign-in logs (Graph JSON signIn pages or JSON lines, the portal's JSON and CSV \
            downloads, Log Analytics CSV exports of SigninLogs and AADNonInteractiveUserSignInLogs) and a custody \
            timeline (who held which device when: a CSV 'device,user,checked_out_at,checked_in_at', a roster, an \
            Imprivata MAM webhook log or a Workspace ONE assignment log). Per device and custody interval: exposed \
            (another worker's account signed in interactively while this worker held the device), maybe exposed \
            (only background sign-ins, or custody unknown), unreplayable, or clean, with the rows that decide it. \
            With --policy each handover is also played through the policy's model and the two are compared. \
            Rows may come in any order; memory grows with devices and intervals, not rows. See docs/replay.md.

            Exit codes: 0 done; 1 rows were skipped as unreadable (the report covers the rest), a file could not be \
            read whole, custody rows were rejected, or --fail-on was met (any --fail-on fails when a custody device \
            matches no device in the logs); 64 usage error.

            Examples:
              ssopolicy replay --signins Interactive.csv NonInteractive.csv --custody custody.csv
              ssopolicy replay --signins export.csv --custody c.csv --tz Europe/Paris
              ssopolicy replay --signins export.csv --custody c.csv --format html --output r.html
              ssopolicy replay --signins s.jsonl --custody c.csv --policy frontline-entra \\
                --app-map "Microsoft Teams=inventory"
              ssopolicy replay --signins export.csv --custody c.csv --fail-on maybe_exposed
              ssopolicy replay --signins export.csv --pseudonymise --format csv > replay.csv
              ssopolicy replay --emit-kql --custody c.csv --from 2026-05-01 --to 2026-06-01
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, csv, markdown, html
    }

    enum Threshold: String, ExpressibleByArgument, CaseIterable {
        case exposed
        case maybeExposed = "maybe_exposed"
        case unreplayable

        var verdict: Verdict {
            switch self {
            case .exposed: return .exposed
            case .maybeExposed: return .maybeExposed
            case .unreplayable: return .unreplayable
            }
        }
    }

    @Option(
        name: .long, parsing: .upToNextOption,
        help: ArgumentHelp(
            "Sign-in log files (JSON, JSON lines or CSV; '-' for standard input), in any order.", valueName: "file"))
    var signins: [String] = []

    @Option(name: .long, help: ArgumentHelp("The custody timeline (CSV or JSON lines).", valueName: "file"))
    var custody: String?

    @Option(
        name: .customLong("device-map"),
        help: ArgumentHelp(
            "A CSV 'custody_device,log_device': the Entra device id or display name of a device custody names "
                + "otherwise (a serial).", valueName: "file"))
    var deviceMap: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also play each handover through this policy (a file or a bundled name, or a fleet file with --setup "
                + "and --group).", valueName: "policy"))
    var policy: String?

    @OptionGroup var pair: FleetPairOption

    @Option(
        name: .customLong("app-map"),
        help: ArgumentHelp(
            "Map a log app (display name or app id) to a policy app: 'Microsoft Teams=teams'. Repeatable.",
            valueName: "log=app"))
    var appMap: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The site's IANA time zone: for custody times without an offset and for the times shown (default UTC).",
            valueName: "zone"))
    var tz: String?

    @Option(name: .long, help: ArgumentHelp("Output format: text, json, csv, markdown or html.", valueName: "format"))
    var format: Format = .text

    @Option(name: .long, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "Exit 1 when an interval is this bad or worse: exposed, maybe_exposed or unreplayable.",
            valueName: "verdict"))
    var failOn: Threshold?

    @Option(name: .long, help: ArgumentHelp("How many of the worst intervals text, markdown and html list first."))
    var limit: Int = 20

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How far the custody clock and the log's may differ: a worker's own row this close to their custody "
                + "is theirs.", valueName: "duration"))
    var skew: String = "2m"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Window for devices without custody (1h, 2h, 3h, 4h, 6h, 8h, 12h or 1d; aligned to midnight UTC).",
            valueName: "duration"))
    var window: String = "1d"

    @Option(
        name: .customLong("max-custody"),
        help: ArgumentHelp("A check-out without a check-in ends after this long.", valueName: "duration"))
    var maxCustody: String = "16h"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The logs cover from this time (2026-05-01, or 2026-05-01T06:00Z; default: the first row).",
            valueName: "time"))
    var from: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The logs cover up to this time (default: the last row).", valueName: "time"))
    var to: String?

    @Flag(
        name: [.customLong("pseudonymise"), .customLong("pseudonymize")],
        help: "Show people as worker-1, worker-2, … (in report order) in every output.")
    var pseudonymise = false

    @Flag(
        name: .long, inversion: .prefixedNo,
        help: "Progress on standard error about once a second (default: when standard error is a terminal).")
    var progress: Bool?

    @Flag(
        name: .customLong("emit-kql"),
        help: "Print the Kusto query that keeps only the rows replay needs (with --custody: for its devices).")
    var emitKQL = false

    @Option(
        name: .customLong("max-row-bytes"),
        help: ArgumentHelp("The longest row (or collection page on one line) read whole.", valueName: "bytes"))
    var maxRowBytes: Int = 4 * 1024 * 1024

    func validate() throws {
        if !emitKQL, signins.isEmpty {
            throw ValidationError("replay needs --signins FILE... (or --emit-kql for the pre-filter)")
        }
        if emitKQL, pseudonymise, custody != nil {
            throw ValidationError(
                "--pseudonymise: the query --emit-kql writes names the custody's workers (it keeps their rows "
                    + "without a device id), so it cannot be pseudonymised; run it without --pseudonymise")
        }
        if limit < 0 { throw ValidationError("--limit: expected 0 or more, found \(limit)") }
        if maxRowBytes < 1024 || maxRowBytes > 1 << 30 {
            throw ValidationError("--max-row-bytes: expected 1024 to \(1 << 30), found \(maxRowBytes)")
        }
    }

    func run(in context: CLIContext) throws -> Int32 {
        var options = ReplayOptions()
        options.maxRowBytes = maxRowBytes
        if let tz {
            guard let zone = TimeZoneRules(identifier: tz) else {
                throw ValidationError(
                    "--tz: expected an IANA time zone like Europe/Paris, found '\(tz)'"
                        + Suggestion.didYouMean(tz, in: TimeZoneRules.identifiers))
            }
            options.zone = zone
        }
        options.skew = Int64(try duration(skew, "--skew")) * 1000
        options.maxCustody = Int64(try duration(maxCustody, "--max-custody")) * 1000
        let windowSeconds = try duration(window, "--window")
        guard windowSeconds % 3600 == 0, ReplayOptions.windowHours.contains(windowSeconds / 3600) else {
            throw ValidationError(
                "--window: expected 1h, 2h, 3h, 4h, 6h, 8h, 12h or 1d (a divisor of a day), found '\(window)'")
        }
        guard options.maxCustody > 0 else { throw ValidationError("--max-custody: expected more than 0") }
        options.window = Int64(windowSeconds) * 1000
        options.from = try from.map { try instant($0, "--from", zone: options.zone) }
        options.to = try to.map { try instant($0, "--to", zone: options.zone) }
        if let from = options.from, let to = options.to, to <= from {
            throw ValidationError("--to must be after --from")
        }
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }
        // Custody and the device map are read a row at a time, as the logs are: only their records are kept.
        var custodyInput: SignInSource?
        if let custody {
            let descriptor = try Self.open(custody)
            opened.append(descriptor)
            custodyInput = SignInSource(name: custody) { LineReader.read(descriptor, into: $0) }
        }
        var mapInput: SignInSource?
        if let deviceMap {
            guard custody != nil else {
                throw ValidationError("--device-map names custody devices: give --custody too")
            }
            let descriptor = try Self.open(deviceMap)
            opened.append(descriptor)
            mapInput = SignInSource(name: deviceMap) { LineReader.read(descriptor, into: $0) }
        }

        if emitKQL {
            var records: [CustodyInterval]?
            var pairs: [(custody: String, log: String)] = []
            if let custodyInput {
                let runner = ReplayRunner(options: options)
                let timeline = runner.custody(source: custodyInput)
                var problems = timeline.diagnostics
                if let mapInput {
                    let map = runner.deviceMap(source: mapInput)
                    problems += map.diagnostics
                    pairs = map.pairs
                }
                for diagnostic in problems { context.writeError(diagnostic.description + "\n") }
                if problems.contains(where: { $0.severity == .error }) { return 1 }
                records = timeline.intervals
            }
            let filter = PreFilter(window: options.window, custody: records, deviceMap: pairs)
            let query = KQLPreFilter.query(filter: filter, from: options.from, to: options.to)
            return emit(context) { $0(query) }
        }

        var model: ReplayModel?
        if let policy {
            let compiled = try pair.resolvePolicy(policy, in: context)
            model = ReplayModel(policy: compiled, mapping: try AppMapping(pairs: appMap, policy: compiled))
        } else {
            if !appMap.isEmpty {
                throw ValidationError("--app-map maps log apps to a policy's apps: give --policy too")
            }
            try pair.requireNone()
        }
        var sources: [SignInSource] = []
        var stdinUsed = false
        for path in signins {
            if path == "-" {
                guard !stdinUsed else { throw ValidationError("--signins: '-' (standard input) can be given once") }
                stdinUsed = true
                sources.append(SignInSource(name: "<stdin>", read: context.readInput))
                continue
            }
            let descriptor = try Self.open(path)
            opened.append(descriptor)
            sources.append(SignInSource(name: path) { LineReader.read(descriptor, into: $0) })
        }

        var runner = ReplayRunner(options: options, model: model)
        let showsProgress = progress ?? (isatty(STDERR_FILENO) != 0)
        if showsProgress {
            let clock = ContinuousClock()
            let start = clock.now
            var last = start
            let names = sources.map(\.name)
            let writeError = context.writeError
            runner.progress = { rows, source in
                let now = clock.now
                guard now - last >= .seconds(1) else { return }
                last = now
                let seconds =
                    Double((now - start).components.seconds) + Double((now - start).components.attoseconds) / 1e18
                let rate = seconds > 0 ? Int(Double(rows) / seconds) : 0
                writeError(
                    "replay: \(rows) rows, \(rate) rows/s, file \(source + 1) of \(names.count) (\(names[source]))\n")
            }
        }
        let result = runner.run(signIns: sources, custodySource: custodyInput, deviceMapSource: mapInput)
        for diagnostic in result.diagnostics { context.writeError(diagnostic.description + "\n") }
        let naming = pseudonymise ? Naming.pseudonyms(for: result.report) : .asWritten
        let report = result.report
        let (format, limit) = (self.format, self.limit)
        var code = emit(context) { write in
            switch format {
            case .text: write(ReplayText.render(report, naming: naming, limit: limit))
            case .json: ReplayJSON.write(report, naming: naming, to: write)
            case .csv: ReplayCSV.write(report, naming: naming, to: write)
            case .markdown: ReplayMarkdown.write(report, naming: naming, limit: limit, to: write)
            case .html: ReplayHTML.write(report, naming: naming, limit: limit, to: write)
            }
        }
        let custodyRejected = result.diagnostics.contains {
            $0.severity == .error && ($0.position.file == custody || $0.position.file == deviceMap)
        }
        if result.incomplete || custodyRejected || result.report.summary.badRows > 0 { code = 1 }
        if let failOn {
            let met = result.report.intervals.filter { $0.verdict <= failOn.verdict }.count
            if met > 0 {
                context.writeError(
                    "error: --fail-on \(failOn.rawValue): \(met) interval\(met == 1 ? "" : "s") \(failOn.rawValue) or worse\n"
                )
                code = 1
            }
            // A gate never passes on nothing: custody the logs never show was not judged at all.
            let summary = result.report.summary
            if !summary.unmatchedCustodyDevices.isEmpty {
                let unmatched = summary.unmatchedCustodyDevices.count
                let total = summary.custodyDevices
                let which =
                    unmatched < total
                    ? "\(unmatched) of the \(total) custody devices match"
                    : total == 1 ? "the custody device matches" : "none of the \(total) custody devices matches"
                context.writeError(
                    "error: --fail-on \(failOn.rawValue): \(which) no device in the sign-in logs (see the top of the "
                        + "report; --device-map names them)\n")
                code = 1
            }
        }
        return code
    }

    /// Writes what `render` writes to standard output, or to `--output` by the rule every file follows
    /// (docs/output-files.md: a file is replaced atomically keeping its mode, a device or FIFO written through, a
    /// folder refused), in chunks of about 64 KiB as it comes.
    private func emit(_ context: CLIContext, _ render: ((String) -> Void) -> Void) -> Int32 {
        guard let output else {
            var pending = ""
            render { text in
                pending += text
                if pending.utf8.count >= 1 << 16 {
                    context.write(pending)
                    pending = ""
                }
            }
            if !pending.isEmpty { context.write(pending) }
            return 0
        }
        let failure: OutputFile.Failure? = withoutActuallyEscaping(render) { render in
            do throws(OutputFile.Failure) {
                try OutputFile(output).write(streaming: { write in
                    render { write(ControlCharacterEscaping.escaped($0)) }
                })
            } catch {
                return error
            }
            return nil
        }
        if let failure {
            context.writeError(failure.description + "\n")
            return 1
        }
        return 0
    }

    private func duration(_ text: String, _ option: String) throws -> Int {
        guard let seconds = Duration.parse(text) else {
            throw ValidationError("\(option): expected a duration like 90s, 2m, 16h or 1d, found '\(text)'")
        }
        return seconds
    }

    /// `2026-05-01` (midnight), `2026-05-01T06:00Z`, or a local time in the zone.
    private func instant(_ text: String, _ option: String, zone: TimeZoneRules?) throws -> Int64 {
        let written = text.count == 10 ? text + "T00:00" : text
        guard let parsed = DatedTime.parse(written) else {
            throw ValidationError(
                "\(option): expected a date or a date and time like 2026-05-01T06:00Z, found '\(text)'")
        }
        if let offset = parsed.offset { return (parsed.wallClock - Int64(offset)) * 1000 }
        guard let zone else { return parsed.wallClock * 1000 }
        switch zone.resolve(wallClock: parsed.wallClock) {
        case .unique(let moment): return moment.instant * 1000
        case .repeated(let first, _): return first.instant * 1000
        case .skipped(let before, _): return (parsed.wallClock - Int64(before)) * 1000
        }
    }

    /// Opens a sign-in file for streaming: a regular file, a pipe (`<(zcat log.gz)`) or a device; not a folder.
    static func open(_ path: String) throws -> Int32 {
        let position = SourcePosition(file: path, line: 1, column: 1)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DiagnosticsError([.error(at: position, "no such file")])
        }
        if isDirectory.boolValue { throw DiagnosticsError([.error(at: position, "is a folder, expected a file")]) }
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DiagnosticsError([.error(at: position, "cannot open the file: \(String(cString: strerror(errno)))")])
        }
        return descriptor
    }
}
