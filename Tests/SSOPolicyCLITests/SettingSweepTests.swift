import AirWatchSDKProvider
import AppleSharedIPadProvider
import BadgeKioskProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicyCLI
import SSOPolicyTestSupport
import Testing

/// No trap from any setting (issue 39): every registered provider × every setting, model option and app key at each
/// value and unknown (`?`) × facts unknown, given as several other people, or partly given × every event, through
/// `evaluate`, a scenario `run` (with every event and time jumps across each duration), the guide (Markdown, and HTML
/// with its what-if explorer) and `verify` at a small depth.
///
/// A trap ends the test process. Each command must also finish within a work budget (units, not wall-clock time)
/// and answer with a status it documents: 0, 1 for a value the provider rejects, 64 for a request that cannot be
/// asked (`?` on a duration). `python3 ../shared/tools/setting-sweep.py` asks less: bundled policies, settings only,
/// `open` with every fact unknown, through `evaluate` alone.
struct SettingSweepTests {
    static let registry = ProviderRegistry([
        AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
        AnyPolicyProvider(ImprivataMAMProvider()), AnyPolicyProvider(AppleSharedIPadProvider()),
        AnyPolicyProvider(BadgeProvider()),
    ])

    /// Work units one command may spend (an evaluate's attempt or comparison, a played step, ...).
    static let units = 2_000_000
    /// The people account facts name: the acting user, nobody, and several others.
    static let people = ["bob", "none", "carol", "dave", "erin"]

    struct Answer {
        var code: Int32
        var out: String
        var err: String
        var stopped: WorkBudget.StopReason?
        var spent: Int
    }

    /// The command line in-process with every registered provider, within a work budget of `units`.
    static func ssopolicy(_ arguments: [String], units: Int = Self.units) -> Answer {
        let capture = Capture()
        let context = CLIContext(registry: registry, write: { capture.out($0) }, writeError: { capture.err($0) })
        let budget = WorkBudget(maxUnits: units)
        let code = WorkBudget.$current.withValue(budget) { CommandLineTool.run(arguments, context: context) }
        return Answer(
            code: code, out: capture.output, err: capture.errors, stopped: budget.stopReason, spent: budget.unitsSpent)
    }

    /// One key a what-if can set: a setting, a model option or an app key (of the first app).
    struct Key {
        enum Place { case setting, model, app }
        var place: Place
        var declaration: SettingDeclaration
        /// How `--setting` names it.
        var name: String { place == .app ? "inventory." + declaration.key : declaration.key }
    }

    static func keys(_ descriptor: ProviderDescriptor) -> [Key] {
        descriptor.settings.map { Key(place: .setting, declaration: $0) }
            + descriptor.modelOptions.map { Key(place: .model, declaration: $0.setting) }
            + descriptor.appKeys.map { Key(place: .app, declaration: $0) }
    }

    /// Each declared value, and for kinds with too many values to list, the edges of their range.
    static func values(_ kind: ValueKind) -> [String] {
        switch kind {
        case .choice(let values): return values
        case .bool: return ["true", "false"]
        case .duration: return ["0", "1s", "8h", "100000d", Duration.maxText]
        case .integer(let min, let max):
            var values: [Int] = []
            for value in [min ?? -1_000_000, 0, 1, max ?? 1_000_000]
            where !values.contains(value) && value >= (min ?? .min) && value <= (max ?? .max) {
                values.append(value)
            }
            return values.map(String.init)
        case .version: return ["1", "17.4", "9999.9999.9999"]
        case .identifier, .app: return ["x"]
        }
    }

    /// A policy of the provider with two apps and the keys `set` (none: every default).
    static func policy(_ descriptor: ProviderDescriptor, _ set: [(key: Key, value: String)] = []) -> String {
        func lines(_ place: Key.Place, indent: String) -> String {
            set.filter { $0.key.place == place }.map { indent + "\($0.key.declaration.key): \"\($0.value)\"\n" }
                .joined()
        }
        var yaml = "policy: sweep\nprovider: \(descriptor.id)\n"
        let settings = lines(.setting, indent: "  ")
        let model = lines(.model, indent: "    ")
        if !settings.isEmpty || !model.isEmpty {
            yaml += "settings:\n" + settings + (model.isEmpty ? "" : "  model:\n" + model)
        }
        return yaml + "apps:\n  - id: inventory\n" + lines(.app, indent: "    ") + "  - id: timesheet\n"
    }

    /// A scenario playing every event of the provider (each target word, `all` where allowed) by several people,
    /// with the facts' accounts given as other people, a handover, and time jumps just below, at and above `jumps`.
    static func scenario(_ descriptor: ProviderDescriptor, jumps: [Int], givenOthers: Bool) -> String {
        var yaml = "scenario: sweep\n" + (givenOthers ? "given:\n" : "")
        for (index, fact) in descriptor.facts.enumerated() where givenOthers {
            guard case .account = fact.domain else { continue }
            let person = ["carol", "dave", "erin"][index % 3]
            yaml += fact.scope == .app ? "  \(fact.key): { inventory: \(person) }\n" : "  \(fact.key): \(person)\n"
        }
        yaml += "steps:\n"
        var turn = 0
        var lastUser: String?
        func step(_ event: EventDeclaration, _ target: String, after: String? = nil) {
            let user = ["alice", "bob", "alice", "carol"][turn % 4]
            turn += 1
            var fields = [event.name + ": " + target]
            if event.requiresUser || event.isAccessAttempt {
                fields.insert("user: " + user, at: 0)
                lastUser = user
            }
            if let after { fields.insert("after: " + after, at: 0) }
            yaml += "  - { " + fields.joined(separator: ", ") + " }\n"
        }
        for event in descriptor.allEvents {
            switch event.target {
            case .app: step(event, "inventory")
            case .appOrAll:
                step(event, "inventory")
                step(event, "all")
            case .choice(let words): for word in words { step(event, word) }
            }
        }
        if descriptor.handover != nil, let from = lastUser {
            yaml += "  - { handover: { from: \(from), to: \(from == "erin" ? "frank" : "erin") } }\n"
        }
        let open = descriptor.allEvents[0]
        for jump in jumps {
            for seconds in [jump - 1, jump, jump + 1] where seconds > 0 {
                step(open, "inventory", after: "\(seconds)s")
                step(open, "timesheet")
            }
        }
        step(open, "inventory", after: Duration.maxText)
        step(open, "timesheet", after: Duration.maxText)
        return yaml
    }

    /// A deterministic partial assignment of the facts: about `known` of them given, accounts as any of `people`.
    static func partialFacts(_ descriptor: ProviderDescriptor, known: Int, seed: Int) -> [String] {
        var random = SplitMix(state: UInt64(seed) &* 0x9E37_79B9 &+ 17)
        var arguments: [String] = []
        for fact in descriptor.facts where Int(random.next() % UInt64(max(descriptor.facts.count, 1))) < known {
            let value: String
            switch fact.domain {
            case .choice(let values): value = values[Int(random.next() % UInt64(values.count))]
            case .account: value = people[Int(random.next() % UInt64(people.count))]
            }
            arguments += ["--fact", fact.key + "=" + value]
        }
        return arguments
    }

    /// Every account fact given as a different other person; the rest unknown.
    static func otherPeople(_ descriptor: ProviderDescriptor) -> [String] {
        descriptor.facts.enumerated().flatMap { index, fact -> [String] in
            guard case .account = fact.domain else { return [] }
            return ["--fact", fact.key + "=" + ["carol", "dave", "erin", "frank"][index % 4]]
        }
    }

    /// Fails on a status the command does not document, or on work past the budget.
    static func expectAnswered(_ answer: Answer, _ arguments: [String], allowed: Set<Int32> = [0, 1]) {
        let command = arguments.joined(separator: " ")
        #expect(answer.stopped == nil, "\(command): stopped after \(answer.spent) units")
        #expect(allowed.contains(answer.code), "\(command): exit \(answer.code)\n\(answer.err.prefix(600))")
    }

    /// What facts an ask gives: none (every fact unknown), every account as another person, or a few facts.
    enum FactPattern: CaseIterable { case unknown, otherPeople, partial }

    /// `SSOPOLICY_SWEEP=full` asks every value on every event with every fact pattern (minutes in a debug build);
    /// by default each value is asked once, the events and fact patterns taking turns, so that every event meets
    /// every pattern and tens of keys within a few seconds.
    static let full = ProcessInfo.processInfo.environment["SSOPOLICY_SWEEP"] == "full"

    @Test(arguments: registry.providers.map(\.id))
    func everySettingValueAndUnknownThroughEvaluate(provider: String) throws {
        let descriptor = try #require(Self.registry.provider(id: provider)).descriptor
        let folder = Fixtures.folder(#function + provider)
        let path = Fixtures.write(Self.policy(descriptor), to: "sweep.yaml", in: folder)
        let base = ["evaluate", path, "--app", "inventory", "--user", "bob", "--format", "json"]
        var asked = 0
        var answered = 0
        var turn = 0
        /// Asks with `setting` on `event` with facts in `pattern`; facts that cannot hold together (an Imprivata
        /// custodian of a device that is checked in) are an error, anything else is answered.
        func ask(_ setting: [String], _ event: EventDeclaration, _ pattern: FactPattern) {
            turn += 1
            let facts: [String]
            switch pattern {
            case .unknown: facts = []
            case .otherPeople: facts = Self.otherPeople(descriptor)
            case .partial: facts = Self.partialFacts(descriptor, known: 1 + turn % descriptor.facts.count, seed: turn)
            }
            let arguments = base + setting + ["--event", event.name] + facts
            let answer = Self.ssopolicy(arguments)
            Self.expectAnswered(
                answer, arguments, allowed: pattern == .partial || setting.last?.hasSuffix("=?") != true ? [0, 1] : [0])
            asked += 1
            if answer.code == 0 { answered += 1 }
        }
        let events = descriptor.allEvents
        let patterns = FactPattern.allCases
        // The policy's own values, on every event with every fact pattern.
        for event in events { for pattern in patterns { ask([], event, pattern) } }
        for key in Self.keys(descriptor) {
            let enumerated = key.declaration.kind.enumeratedValues != nil
            if !enumerated {
                // Too many values to split over: an error, not an answer.
                let unknown = Self.ssopolicy(base + ["--setting", key.name + "=?"])
                Self.expectAnswered(unknown, [key.name + "=?"], allowed: [1])
                #expect(unknown.err.contains("cannot be unknown"), "\(key.name)")
            }
            if case .duration = key.declaration.kind {
                // Past the bound: refused, saying the bound.
                let over = Self.ssopolicy(base + ["--setting", key.name + "=115741d"])
                Self.expectAnswered(over, [key.name + "=115741d"], allowed: [1])
                #expect(over.err.contains("a duration is at most \(Duration.maxText)"), "\(over.err)")
            }
            // Each value, and unknown (split over its values; a combination the provider rejects is an outcome
            // saying so).
            for value in Self.values(key.declaration.kind) + (enumerated ? ["?"] : []) {
                let setting = ["--setting", key.name + "=" + value]
                if Self.full {
                    for event in events { for pattern in patterns { ask(setting, event, pattern) } }
                } else {
                    ask(setting, events[turn % events.count], patterns[turn / events.count % patterns.count])
                }
            }
        }
        #expect(answered > asked / 2, "\(answered) of \(asked) answered")
    }

    @Test(arguments: registry.providers.map(\.id))
    func everySettingValueThroughRunVerifyAndTheGuide(provider: String) throws {
        let descriptor = try #require(Self.registry.provider(id: provider)).descriptor
        let folder = Fixtures.folder(#function + provider)
        // Every key at each value, one at a time; then every duration at once at a working day's length (each
        // clock running, which the guide's tables and what-if explorer then read).
        var policies: [(name: String, set: [(key: Key, value: String)])] = [("defaults", [])]
        for key in Self.keys(descriptor) {
            for value in Self.values(key.declaration.kind) { policies.append(("\(key.name)=\(value)", [(key, value)])) }
        }
        let clocks = Self.keys(descriptor).filter { $0.declaration.kind == .duration }.map { (key: $0, value: "8h") }
        policies.append(("every duration 8h", clocks))
        var played = 0
        for (index, policy) in policies.enumerated() {
            let path = Fixtures.write(Self.policy(descriptor, policy.set), to: "p\(index).yaml", in: folder)
            let jumps = policy.set.compactMap { Duration.parse($0.value) }
            // Started from the accounts of other people on every third policy (facts that cannot hold together, as
            // an Imprivata custodian of a checked-in device, are an error).
            let givenOthers = index % 3 == 1
            let scenario = Fixtures.write(
                Self.scenario(descriptor, jumps: jumps, givenOthers: givenOthers), to: "s\(index).yaml", in: folder)
            let run = ["run", "--scenario", scenario, path, "--format", "json"]
            let answer = Self.ssopolicy(run)
            Self.expectAnswered(answer, run)
            if answer.code != 0 {
                // A value the provider rejects, or given facts that cannot hold together: an error naming it.
                #expect(answer.err.contains("error:"), "\(policy.name): \(answer.err)")
                #expect(givenOthers || index > 0, "the defaults do not play: \(answer.err)")
                continue
            }
            played += 1
            if index % 2 == 0 || !jumps.isEmpty {
                let verify = ["verify", path, "--depth", "2", "--users", "2", "--max-states", "20000"]
                Self.expectAnswered(Self.ssopolicy(verify), verify)
            }
            // The guide of the defaults and of every clock running: comparisons, decision tables, verify results
            // and the what-if explorer (each few-valued setting's other values too).
            guard index == 0 || index == policies.count - 1 else { continue }
            for format in ["markdown", "html"] {
                let output = folder + "/guide\(index).\(format)"
                let guide = ["guide", path, "--scenario", scenario, "--format", format, "--output", output]
                Self.expectAnswered(Self.ssopolicy(guide), guide, allowed: [0])
                let text = try String(contentsOfFile: output, encoding: .utf8)
                #expect(text.contains(format == "html" ? "</html>" : "sweep"), "\(policy.name) \(format)")
            }
        }
        #expect(played > policies.count / 2, "\(played) of \(policies.count) policies played")
    }
}
