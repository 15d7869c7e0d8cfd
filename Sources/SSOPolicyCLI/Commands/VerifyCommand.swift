import ArgumentParser
import Foundation
import SSOPolicy

struct VerifyCommand: ParsableCommand, ContextualCommand {
    static let formats: [OutputFormat] = [.text, .json, .markdown]
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check every sequence of events up to a depth: can a user reach another user's session or data?",
        discussion: """
            Explores, breadth-first and deduplicating equal states, every sequence of the provider's events (open, \
            sign_out, terminate incl. 'all', query_sso_status and the provider's own) by N users over the policy's \
            apps, plus time moves just below and just above each duration the policy sets. Counterexamples are the \
            shortest scenarios that break a property; 'ssopolicy run --scenario FILE POLICY' replays them. A \
            property that holds is claimed only up to the depth checked (or for all states when the state space \
            closes). --max-states and --max-memory (default 256 MiB of resident memory) stop the search early; the \
            answer then says it is partial and up to which depth it holds. Users act for the first time in \
            order (alice, then bob...), and states that differ only by a renaming of users are explored once \
            (symmetry reduction, --no-symmetry to turn it off); both lose nothing, as every property speaks of "the \
            acting user" and "another user", never of a particular one. --jobs spreads each level over threads \
            (same answer for any number). Two moves of one user that the provider declares commute (their \
            footprints on the state do not overlap) can be played in one order where the other is covered \
            (partial-order reduction with sleep sets, --partial-order; off by default, as few vendor events \
            commute): every state is still reached at the same depth and every step checked, so only the \
            transition count drops. --bitstate MIB trades the exact state table for a fixed bit array \
            (SPIN's supertrace): bounded memory, but a partial search that may skip states, and says so.

            Properties (stable ids; providers add their own, listed by 'ssopolicy providers'):
              no-foreign-session        a user is never served another user's session
              no-previous-user-data     an app never shows a previous user's data
              global-sign-out-complete  after a sign-out no app keeps the user's session or data
            Assumptions (--assume):
              signs-out-before-handover every worker signs out before the next user acts
              no-restart                the device is never restarted (no 'terminate: all')
              hands-over                the user changes only through the provider's declared handover
              none                      no assumption: every sequence of events
            Without --assume, each policy is checked under its vendor's documented handover (hands-over, for a \
            provider that declares one), and the header says so; --also-unassumed adds, beside each verdict, the \
            verdict with no assumption (informational: the exit status follows the assumed verdicts). A property \
            that does not apply to a provider or platform (Imprivata has no global sign-out; Safari is iOS only) \
            is n/a, with the reason.

            Exit status: 0 when every property holds to the depth asked (or the state space closed), 1 when one is \
            violated or the input is invalid, 3 when a limit (--max-states, --max-memory, --timeout) stopped the \
            search before it found a violation (a partial answer, not a pass), 64 on usage errors. A --bitstate \
            search that finds nothing exits 0: its answer says it is partial.

            Examples:
              ssopolicy verify legacy-app-entra
              ssopolicy verify hospital-imprivata frontline-entra --also-unassumed
              ssopolicy verify frontline-entra --assume signs-out-before-handover --property no-previous-user-data
              ssopolicy verify warehouse-airwatch frontline-entra --depth 6 --format markdown
              ssopolicy verify legacy-app-entra --counterexample-dir out --stats
            """)

    @Argument(help: "One or more policy files (or bundled policy names), or fleet files with --setup and --group.")
    var policies: [String]

    @OptionGroup var pair: FleetPairOption

    @Option(name: .long, help: "Number of users (1 to 8).")
    var users = 2

    @Option(name: .long, help: "Maximum number of moves (events and time moves) per sequence (1 to 64).")
    var depth = 8

    @Option(name: .customLong("property"), help: "Check only this property (repeatable); default: all.")
    var properties: [String] = []

    @Option(
        name: .customLong("assume"),
        help: ArgumentHelp(
            "Explore only sequences that respect this assumption (repeatable; 'none' for every sequence). Default: "
                + "the vendor's documented handover."))
    var assumptions: [String] = []

    @Flag(
        name: .customLong("also-unassumed"),
        help: "Also check each policy with no assumption and show that verdict beside each property's.")
    var alsoUnassumed = false

    @Flag(name: .long, help: "Also explore each step-condition value (e.g. broker: fails) as a variant of its event.")
    var exploreConditions = false

    @Option(name: .long, help: "Stop (and say so) after this many distinct states.")
    var maxStates = 50_000_000

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Stop (and say so) before the process's resident memory would exceed this many MiB (1 to 1048576; "
                + "counted: 32 MiB for the process, then the explorer's tables and states)."))
    var maxMemory = VerificationOptions.defaultMaxMemoryBytes >> 20

    @Flag(name: .long, help: "Explore to the depth even once every property is broken (counts the whole space).")
    var exhaustive = false

    @Flag(
        name: .long, inversion: .prefixedNo,
        help: "Explore states that differ only by a renaming of users once (default: on).")
    var symmetry = true

    @Flag(
        name: .customLong("partial-order"), inversion: .prefixedNo,
        help: "Play one order of two moves of a user that the provider declares commute (default: off).")
    var partialOrder = false

    /// Optional rather than defaulting to the processor count, so that `--help` reads the same on every machine.
    @Option(name: .long, help: "Threads that explore each level (1 to 256; default: the active processor count).")
    var jobs: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep states in a bit array of this many MiB (1 to 1048576) instead of the exact table: a partial "
                + "search that may skip states.", valueName: "MiB"))
    var bitstate: Int?

    @Option(name: .long, help: "Write each counterexample as a scenario file into this folder.")
    var counterexampleDir: String?

    @Option(name: .long, help: ArgumentHelp("Output format: \(OutputFormat.list(Self.formats)).", valueName: "format"))
    var format: OutputFormat = .text

    @Flag(name: .long, help: "Add timing and memory: states per second and peak resident memory (not deterministic).")
    var stats = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Stop after this long (e.g. 30s, 5m) with a partial answer that says so.", valueName: "duration"))
    var timeout: String?

    @Flag(
        name: .long, inversion: .prefixedNo,
        help: "Progress on standard error about once a second (default: when standard error is a terminal).")
    var progress: Bool?

    func validate() throws {
        if policies.isEmpty { throw ValidationError("verify needs at least one policy") }
        if !VerificationOptions.userRange.contains(users) {
            throw ValidationError(
                "--users: expected \(VerificationOptions.userRange.lowerBound) to "
                    + "\(VerificationOptions.userRange.upperBound), found \(users)")
        }
        if !VerificationOptions.depthRange.contains(depth) {
            throw ValidationError(
                "--depth: expected \(VerificationOptions.depthRange.lowerBound) to "
                    + "\(VerificationOptions.depthRange.upperBound), found \(depth)")
        }
        if maxStates < 1 { throw ValidationError("--max-states: expected at least 1, found \(maxStates)") }
        if !(1...(1 << 20)).contains(maxMemory) {
            throw ValidationError("--max-memory: expected 1 to 1048576 (MiB), found \(maxMemory)")
        }
        if let jobs, !VerificationOptions.jobsRange.contains(jobs) {
            throw ValidationError(
                "--jobs: expected \(VerificationOptions.jobsRange.lowerBound) to "
                    + "\(VerificationOptions.jobsRange.upperBound), found \(jobs)")
        }
        if let bitstate, !(1...(1 << 20)).contains(bitstate) {
            throw ValidationError("--bitstate: expected 1 to 1048576 (MiB), found \(bitstate)")
        }
        let known = VerificationAssumption.allCases.map(\.rawValue) + [Self.noAssumption]
        if assumptions.contains(Self.noAssumption), assumptions.contains(where: { $0 != Self.noAssumption }) {
            throw ValidationError("--assume none cannot be combined with another assumption")
        }
        for name in assumptions where name != Self.noAssumption && VerificationAssumption(rawValue: name) == nil {
            throw ValidationError(
                "--assume: unknown assumption '\(name)'" + Suggestion.didYouMean(name, in: known) + "; known: "
                    + known.joined(separator: ", "))
        }
        if let timeout, (Duration.parse(timeout) ?? 0) <= 0 {
            throw ValidationError("--timeout: expected a duration such as 30s, 5m or 1h, found '\(timeout)'")
        }
        if !Self.formats.contains(format) {
            throw ValidationError("'verify' supports --format text, json, markdown, not '\(format.rawValue)'")
        }
    }

    func run(in context: CLIContext) throws -> Int32 {
        let descriptors = context.registry.providers.map(\.descriptor)
        let known = VerificationProperty.allIDs(descriptors)
        for id in properties where !known.contains(id) {
            throw ValidationError(
                "--property: unknown property '\(id)'" + Suggestion.didYouMean(id, in: known) + "; known: "
                    + known.joined(separator: ", "))
        }
        var seenAssumptions: [VerificationAssumption] = []
        for name in assumptions {
            if let assumption = VerificationAssumption(rawValue: name), !seenAssumptions.contains(assumption) {
                seenAssumptions.append(assumption)
            }
        }
        var loaded: [CompiledPolicy] = []
        var problems: [Diagnostic] = []
        // --setup and --group name a pair of each fleet file given; a policy file beside them is taken as it is.
        let fleets = policies.map { context.queries.isFleet($0) }
        if !fleets.contains(true) { try pair.requireNone() }
        let named = zip(policies, fleets).map { policy, fleet in fleet ? pair.words(policy) : [policy] }
        for (policy, fleet) in zip(policies, fleets) {
            do {
                loaded.append(
                    fleet
                        ? try pair.resolvePolicy(policy, in: context)
                        : try FileResolver(context: context).policy(policy))
            } catch let error as DiagnosticsError { problems.append(contentsOf: error.diagnostics) }
        }
        if !problems.isEmpty { throw DiagnosticsError(problems) }

        let options = VerificationOptions(
            users: users, depth: depth, properties: properties, assumptions: seenAssumptions,
            exploreConditions: exploreConditions, maxStates: maxStates, exhaustive: exhaustive,
            maxMemoryBytes: maxMemory << 20, symmetry: symmetry, partialOrder: partialOrder,
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, bitstateBytes: bitstate.map { $0 << 20 })
        let showsProgress = progress ?? (isatty(STDERR_FILENO) != 0)
        let watch =
            showsProgress || timeout != nil
            ? VerificationProgress(
                timeoutSeconds: timeout.flatMap(Duration.parse), writeError: showsProgress ? context.writeError : nil)
            : nil
        let verifier = Verifier(engine: context.engine, monitor: watch?.monitor)
        let clock = ContinuousClock()
        var reports: [VerificationReport] = []
        var elapsed: [Double] = []
        for policy in loaded {
            watch?.begin(policy.configuration.id)
            let start = clock.now
            // Asked for no assumption, each vendor is judged under its own documented handover.
            var assumed = options
            let byDefault = assumptions.isEmpty
            if byDefault { assumed.assumptions = VerificationAssumption.documentedHandover(for: policy.descriptor) }
            var report = try verifier.verify(policy, options: assumed)
            report.assumedByDefault = byDefault && !assumed.assumptions.isEmpty
            if alsoUnassumed && !assumed.assumptions.isEmpty {
                var none = options
                none.assumptions = []
                report.unassumed = try verifier.verify(policy, options: none).verdicts
            }
            reports.append(report)
            let duration = clock.now - start
            elapsed.append(
                Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        }

        CounterexampleFile.giveDistinctNames(&reports)
        var written: [(path: String, policy: [String])] = []
        if let counterexampleDir {
            do {
                try OutputFile.makeFolder(counterexampleDir)
                for (report, argument) in zip(reports, named) {
                    for verdict in report.verdicts {
                        guard case .violated(let counterexample) = verdict.status else { continue }
                        let path = (counterexampleDir as NSString).appendingPathComponent(counterexample.fileName)
                        let text = CounterexampleFile.text(
                            counterexample.yaml, policyID: report.policy.configuration.id, argument: argument,
                            path: path)
                        try OutputFile(path).write(text)
                        written.append((path, argument))
                    }
                }
            } catch {
                context.writeError(error.description + "\n")
                return 1
            }
        }

        let statistics = stats ? VerificationStatistics(reports: reports, seconds: elapsed) : nil
        switch format {
        case .json:
            var value = VerificationRender.json(reports)
            if let statistics, case .object(var pairs) = value {
                pairs.append(("stats", statistics.json))
                value = .object(pairs)
            }
            context.write(value.serialized() + "\n")
        case .markdown:
            context.write(VerificationRender.markdown(reports) + (statistics.map { "\n" + $0.text } ?? ""))
        default:
            var out = VerificationRender.text(reports)
            for file in written {
                out +=
                    "wrote \(CounterexampleFile.shellWord(file.path))\n  replay: "
                    + CounterexampleFile.replay(argument: file.policy, path: file.path) + "\n"
            }
            if let statistics { out += statistics.text }
            context.write(out)
        }
        if reports.contains(where: { $0.verdicts.contains(where: \.isViolated) }) { return 1 }
        if let stopped = reports.first(where: \.truncated) {
            context.writeError(
                "note: a limit stopped the search of \(stopped.policy.configuration.id) at depth "
                    + "\(stopped.completedDepth) of \(stopped.options.depth) before it found a violation: a partial "
                    + "answer, exit status \(Self.partialExitCode)\n")
            return Self.partialExitCode
        }
        return 0
    }

    /// The exit status of a search that a limit (`--max-states`, `--max-memory`, `--timeout`) stopped before it
    /// found a violation: not a pass, so a CI gate does not take it for one.
    static let partialExitCode: Int32 = 3

    /// `--assume none`: every sequence, with no assumption.
    static let noAssumption = "none"
}
