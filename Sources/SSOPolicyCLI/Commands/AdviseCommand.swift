import ArgumentParser
import SSOPolicy

/// `ssopolicy advise POLICY|FLEET --scenario S`: the smallest changes that make a shift change safe (spec 3.5,
/// docs/advise.md).
struct AdviseCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "advise",
        abstract: "The smallest changes that make a scenario safe, with what each costs the workers.",
        discussion: """
            Tries every declared setting at every declared value (not facts of the hardware: the platform, the \
            OS version, the device model), each app's console choices that fit the app and, marked app_build (ask \
            the app's maker), how each app is built; smallest sets first, up to --max-changes. A \
            suggestion leaves no finding at --goal or worse (default high; in a step or in the policy itself, as \
            'run --fail-on') and, with --property, the property holds to --depth; no proper subset of it does. \
            Configuration-only suggestions come first, then by the sign-in seconds they add to the workers \
            (docs/fleets.md), then by size. Each says what it removes, the effort before and after, what it needs, \
            the rule sources that make it work and the YAML to paste. When none reaches the goal, the closest sets \
            and what still stands in the way (which rule, which app). For a fleet, per setup over its device groups.

            Examples:
              ssopolicy advise warehouse-airwatch --scenario shift-change
              ssopolicy advise misconfigured-entra --scenario shift-change --goal medium --format json
              ssopolicy advise my-policy.yaml --scenario my-shift.yaml --property no-foreign-session --depth 6
              ssopolicy advise warehouse-fleet --scenario day-shift-handover --format markdown
            """)

    @Argument(help: "The policy or fleet file (or bundled name).")
    var subject: String

    @Option(name: .long, help: "The scenario file (or bundled scenario name).")
    var scenario: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "No finding at this severity or worse may remain: critical, high, medium, low or info.",
            valueName: "severity"))
    var goal = "high"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The most changes one suggestion may make (\(AdviceRequest.maxChangesRange.lowerBound) to "
                + "\(AdviceRequest.maxChangesRange.upperBound)).", valueName: "n"))
    var maxChanges = 3

    @Option(name: .long, help: "Also require this verify property to hold (see 'ssopolicy verify --help').")
    var property: String?

    @Option(name: .long, help: "The depth the property must hold to, with --property (1 to 64).")
    var depth = 6

    /// The brute force: every set up to the bound, minimal ones kept (tests and Benchmarks/advise.sh).
    @Flag(name: .long, help: .hidden)
    var exhaustive = false

    @OptionGroup var effort: EffortOption

    @Option(name: .long, help: ArgumentHelp("Output format: text, json or markdown.", valueName: "format"))
    var format: OutputFormat = .text

    func validate() throws {
        if case .failure(let error) = AdviceRequest.goal(named: goal) { throw ValidationError("--goal: \(error)") }
        guard AdviceRequest.maxChangesRange.contains(maxChanges) else {
            throw ValidationError(
                "--max-changes: expected \(AdviceRequest.maxChangesRange.lowerBound) to "
                    + "\(AdviceRequest.maxChangesRange.upperBound), found \(maxChanges)")
        }
        guard VerificationOptions.depthRange.contains(depth) else {
            throw ValidationError("--depth: expected 1 to 64, found \(depth)")
        }
    }

    func run(in context: CLIContext) throws -> Int32 {
        try OutputFormat.require(format, in: TextJSONOrMarkdown.formats, for: "advise")
        var request = AdviceRequest(
            goal: (try? AdviceRequest.goal(named: goal).get()) ?? .high, maxChanges: maxChanges, exhaustive: exhaustive)
        if let property {
            let known = VerificationProperty.allIDs(context.registry.providers.map(\.descriptor))
            guard known.contains(property) else {
                throw ValidationError("--property: \(AdviceRequestError(unknown: "property", property, in: known))")
            }
            request.property = Self.oracle(property: property, depth: depth, engine: context.engine)
        }
        let answer = try context.queries.advise(
            scenario: scenario, subject: subject, request: request, effort: effort.overrides)
        for note in answer.notes { context.writeError(note + "\n") }
        switch format {
        case .json: context.write(JSONAnswer.document(answer.json()))
        case .markdown: context.write(answer.markdown())
        default: context.write(answer.text())
        }
        return 0
    }

    /// The property holds of a policy to the depth, under the vendor's documented handover (as `verify` judges
    /// it when no assumption is asked for); a search a limit stopped does not count as holding.
    static func oracle(property: String, depth: Int, engine: SSOPolicyEngine)
        -> @Sendable (CompiledPolicy) throws -> Bool
    {
        { policy in
            var options = VerificationOptions(depth: depth, properties: [property], jobs: 1)
            options.assumptions = VerificationAssumption.documentedHandover(for: policy.descriptor)
            let report = try Verifier(engine: engine).verify(policy, options: options)
            return !report.truncated && !report.verdicts.contains(where: \.isViolated)
        }
    }
}
