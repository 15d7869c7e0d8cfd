import AirWatchSDKProvider
import BadgeKioskProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicy
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// `verify`'s partial-order reduction (sleep sets over the moves the providers declare commuting) against the search
/// without it, on every bundled policy: the same states (sleep sets skip transitions, never states), the same
/// verdicts and counterexample lengths, fewer or as many transitions; with and without symmetry and threads.
struct PartialOrderTests {
    static func options(symmetry: Bool, partialOrder: Bool, users: Int = 3, depth: Int = 4) -> VerificationOptions {
        VerificationOptions(
            users: users, depth: depth, exhaustive: true, symmetry: symmetry, partialOrder: partialOrder)
    }

    @Test(arguments: VerifyReductionTests.policyFiles)
    func keepsStatesVerdictsAndCounterexampleLengths(_ file: String) throws {
        for symmetry in [false, true] {
            let plain = try VerifyReductionTests.verify(file, Self.options(symmetry: symmetry, partialOrder: false))
            let reduced = try VerifyReductionTests.verify(file, Self.options(symmetry: symmetry, partialOrder: true))
            #expect(reduced.states == plain.states, "\(file)")
            #expect(reduced.transitions <= plain.transitions, "\(file)")
            #expect(VerifyReductionTests.verdicts(reduced) == VerifyReductionTests.verdicts(plain), "\(file)")
            #expect(!plain.partialOrderReduced)
            for verdict in reduced.verdicts {
                if case .violated(let counterexample) = verdict.status { #expect(counterexample.replayAgrees) }
            }
        }
    }

    /// The assumptions make the path monitor track who signed out and who acted last; a sign-out then commutes
    /// with nothing.
    @Test func keepsVerdictsUnderEveryAssumption() throws {
        let files = ["airwatch/warehouse-airwatch", "entra/frontline-entra", "imprivata/hospital-imprivata"].map {
            repository + "/Policies/\($0).yaml"
        }
        for file in files {
            for assumptions in [[VerificationAssumption.signsOutBeforeHandover], [.handsOver], [.noRestart]] {
                var plain = Self.options(symmetry: false, partialOrder: false, depth: 5)
                plain.assumptions = assumptions
                var reduced = plain
                reduced.partialOrder = true
                let before = try VerifyReductionTests.verify(file, plain)
                let after = try VerifyReductionTests.verify(file, reduced)
                #expect(after.states == before.states, "\(file) \(assumptions)")
                #expect(VerifyReductionTests.verdicts(after) == VerifyReductionTests.verdicts(before))
            }
        }
    }

    /// Every vendor declares some commuting moves, and the reduction plays fewer transitions for each.
    @Test func playsFewerTransitionsOnEveryVendor() throws {
        for name in ["airwatch/warehouse-airwatch", "entra/frontline-entra", "imprivata/hospital-imprivata"] {
            let file = repository + "/Policies/\(name).yaml"
            let plain = try VerifyReductionTests.verify(
                file, Self.options(symmetry: true, partialOrder: false, users: 2, depth: 6))
            let reduced = try VerifyReductionTests.verify(
                file, Self.options(symmetry: true, partialOrder: true, users: 2, depth: 6))
            #expect(reduced.partialOrderReduced, "\(name)")
            #expect(reduced.transitions < plain.transitions, "\(name): \(reduced.transitions) of \(plain.transitions)")
        }
    }

    /// Sleep sets meet when a state is reached again in a level; threads and blocks split those meetings
    /// differently, and must not change a count.
    @Test(arguments: VerifyReductionTests.policyFiles)
    func threadsAndBlocksChangeNothing(_ file: String) throws {
        var options = Self.options(symmetry: true, partialOrder: true)
        let one = try VerifyReductionTests.verify(file, options)
        options.jobs = 3
        options.blockNodes = 3
        let split = try VerifyReductionTests.verify(file, options)
        #expect(VerificationRender.json(split).serialized() == VerificationRender.json(one).serialized(), "\(file)")
    }

    /// A bitstate search keeps no level index to meet sleep sets in: the reduction stays off there.
    @Test func offWithABitstateArray() throws {
        let file = repository + "/Policies/imprivata/hospital-imprivata.yaml"
        var options = Self.options(symmetry: true, partialOrder: true)
        options.bitstateBytes = 16 << 20
        #expect(!(try VerifyReductionTests.verify(file, options)).partialOrderReduced)
    }

    @Test func whichMovesCommute() throws {
        let policy = try engine.loadPolicy(path: repository + "/Policies/imprivata/hospital-imprivata.yaml")
        let moves = ExplorationMoves(policy: policy, users: 2, exploreConditions: false, noRestart: false)
        let anything = EventFootprint(reads: 0, writes: 0)
        for signOutMatters in [false, true] {
            let independence = MoveIndependence(moves: moves, signOutMatters: signOutMatters) { _ in anything }
            #expect(independence.reduces)
            for (first, one) in moves.moves.enumerated() {
                for (second, other) in moves.moves.enumerated() where independence.commuting[first].contains(second) {
                    // Only events, of one user, and never a sign-out when sign-outs matter.
                    #expect(one.event != nil && other.event != nil)
                    #expect(one.event?.user == other.event?.user)
                    if signOutMatters { #expect(one.event?.event != .signOut && other.event?.event != .signOut) }
                    #expect(independence.commuting[second].contains(first), "commuting is symmetric")
                }
            }
            let signOuts = moves.moves.indices.filter { moves.moves[$0].event?.event == .signOut }
            #expect(signOuts.allSatisfy { independence.commuting[$0].isEmpty } == signOutMatters)
        }
        // An event without a footprint commutes with nothing.
        let none = MoveIndependence(moves: moves, signOutMatters: false) { _ in nil }
        #expect(!none.reduces)
        // Conflicting footprints do not commute.
        let writer = EventFootprint(reads: 1, writes: 1)
        #expect(!MoveIndependence(moves: moves, signOutMatters: false) { _ in writer }.reduces)
        #expect(EventFootprint(reads: 1, writes: 0).commutes(with: EventFootprint(reads: 1, writes: 2)))
        #expect(!EventFootprint(reads: 1, writes: 0).commutes(with: EventFootprint(reads: 0, writes: 1)))
        #expect(!EventFootprint(reads: 0, writes: 1).commutes(with: EventFootprint(reads: 1, writes: 0)))
    }

    /// The conformance check catches a provider whose footprints claim too much, and a search trusting such a
    /// claim loses states: the reduction is only as sound as the footprints, which is why each provider's
    /// conformance test plays them.
    @Test func aFalseFootprintIsCaught() throws {
        let liar = SSOPolicyEngine(
            registry: ProviderRegistry([AnyPolicyProvider(EverythingCommutes(ImprivataMAMProvider()))]))
        let file = repository + "/Policies/imprivata/hospital-imprivata.yaml"
        let policy = try liar.loadPolicy(path: file)
        let report = FootprintAgreement.check(policy)
        #expect(report.pairs > 0)
        #expect(!report.mismatches.isEmpty)
        let truthful = FootprintAgreement.check(try engine.loadPolicy(path: file))
        #expect(truthful.pairs > 0)
        #expect(truthful.mismatches == [])
        let verifier = Verifier(engine: liar)
        let plain = try verifier.verify(policy, options: Self.options(symmetry: false, partialOrder: false))
        let trusting = try verifier.verify(policy, options: Self.options(symmetry: false, partialOrder: true))
        #expect(trusting.states < plain.states)
    }

    @Test func theCommandLineSaysWhetherItRan() {
        let off = ssopolicy("verify", "hospital-imprivata", "--depth", "3", "--format", "json")
        #expect(off.out.contains("\"partial_order\": false"))
        let on = ssopolicy("verify", "hospital-imprivata", "--depth", "3", "--partial-order", "--format", "json")
        #expect(on.out.contains("\"partial_order\": true"))
        // hospital-imprivata holds at this depth (a worker's device passcode stops the others); weak-logout does not.
        let weak = ssopolicy("verify", "weak-logout-imprivata", "--depth", "3", "--partial-order", "--format", "json")
        #expect(weak.out.contains("--partial-order"), "the counterexamples' command line reproduces the search")
        let text = ssopolicy("verify", "hospital-imprivata", "--depth", "3", "--partial-order")
        #expect(text.out.contains("moves that commute played in one order"))
        #expect(!ssopolicy("verify", "hospital-imprivata", "--depth", "3").out.contains("commute"))
    }
}

/// A provider that claims every event commutes with every other (a false footprint).
struct EverythingCommutes<Base: PolicyProvider>: PolicyProvider {
    let base: Base
    init(_ base: Base) { self.base = base }
    var descriptor: ProviderDescriptor { base.descriptor }
    func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> Base.Policy? {
        base.compile(configuration, diagnostics: &diagnostics)
    }
    func initialState(_ policy: Base.Policy, facts: FactValues) throws -> Base.State {
        try base.initialState(policy, facts: facts)
    }
    func apply(_ event: ProviderEvent, to state: inout Base.State, policy: Base.Policy, trace: inout RuleTrace)
        throws -> StepOutcome
    { try base.apply(event, to: &state, policy: policy, trace: &trace) }
    func footprint(of event: ProviderEvent, policy: Base.Policy) -> EventFootprint? {
        EventFootprint(reads: 0, writes: 0)
    }
}

/// Sleep sets against the plain search on random systems whose footprints are true by construction: registers
/// with values 0...2, each event (per app) reading some registers and writing others with a function of what it
/// read, and answering with a finding that also depends only on what it read. Many such events commute, and states
/// are reached along many paths with different sleep sets, which is where a reduction that forgot to meet them
/// (or trusted a renamed state's) would lose states or shorten no counterexample it should.
struct PartialOrderRandomSystemTests {
    @Test func keepsEveryStateAndVerdictOfRandomSystems() throws {
        var reducedSomewhere = false
        for seed in 0..<60 {
            let engine = SSOPolicyEngine(registry: ProviderRegistry([AnyPolicyProvider(RandomRegisters(seed: seed))]))
            let policy = try engine.loadPolicy(
                yaml: "policy: random\nprovider: badge-kiosk\nsettings:\n  timeout: 0s\napps:\n  - id: a\n  - id: b\n",
                file: "random.yaml")
            var options = VerificationOptions(users: 2, depth: 5, exhaustive: true, symmetry: false)
            let plain = try Verifier(engine: engine).verify(policy, options: options)
            options.partialOrder = true
            let reduced = try Verifier(engine: engine).verify(policy, options: options)
            #expect(reduced.states == plain.states, "seed \(seed)")
            #expect(VerifyReductionTests.verdicts(reduced) == VerifyReductionTests.verdicts(plain), "seed \(seed)")
            options.jobs = 2
            options.blockNodes = 5
            let split = try Verifier(engine: engine).verify(policy, options: options)
            #expect(split.states == reduced.states && split.transitions == reduced.transitions, "seed \(seed)")
            if reduced.transitions < plain.transitions { reducedSomewhere = true }
        }
        #expect(reducedSomewhere)
    }
}

/// A random register machine behind the example provider's declarations (see `PartialOrderRandomSystemTests`).
struct RandomRegisters: PolicyProvider {
    static let registers = 4

    struct Effect: Sendable, Hashable {
        var reads: UInt64
        var writes: UInt64
        var offsets: [UInt8]
        var alarm: UInt8
    }

    struct Policy: Sendable, Hashable {
        /// Per event kind, per app.
        var effects: [[Effect]]
        var alarm: FindingID
    }

    let seed: Int

    var descriptor: ProviderDescriptor { BadgeProvider.declaration }

    func compile(_ configuration: PolicyConfiguration, diagnostics: inout Diagnostics) -> Policy? {
        var random = SplitMix(state: UInt64(seed) &* 0x9E37_79B9 &+ 1)
        let kinds = descriptor.allEvents.count
        let effects = (0..<kinds).map { _ in
            (0..<configuration.apps.count).map { _ in
                Effect(
                    reads: random.next() & 0b1111, writes: 1 << (random.next() % 4) | (random.next() % 3 == 0 ? 1 : 0),
                    offsets: (0..<Self.registers).map { _ in UInt8(random.next() % 3) },
                    alarm: UInt8(random.next() % 7))
            }
        }
        return Policy(effects: effects, alarm: descriptor.finding("previous-user-session-active")!)
    }

    func initialState(_ policy: Policy, facts: FactValues) -> [UInt8] { Array(repeating: 0, count: Self.registers) }

    func apply(_ event: ProviderEvent, to state: inout [UInt8], policy: Policy, trace: inout RuleTrace)
        -> StepOutcome
    {
        guard let effect = effect(event, policy) else { return .notApplicable }
        var read = 0
        for register in 0..<Self.registers where effect.reads >> UInt64(register) & 1 != 0 {
            read += Int(state[register])
        }
        for register in 0..<Self.registers where effect.writes >> UInt64(register) & 1 != 0 {
            state[register] = UInt8((read + Int(effect.offsets[register])) % 3)
        }
        var findings = FindingSet()
        if (read + Int(effect.alarm)) % 7 == 0 { findings.insert(policy.alarm) }
        return StepOutcome(session: .none, findings: findings)
    }

    func footprint(of event: ProviderEvent, policy: Policy) -> EventFootprint? {
        guard let effect = effect(event, policy) else { return nil }
        return EventFootprint(reads: effect.reads, writes: effect.writes)
    }

    private func effect(_ event: ProviderEvent, _ policy: Policy) -> Effect? {
        guard let app = event.app?.int, app < policy.effects[0].count else { return nil }
        return policy.effects[Int(event.event.index)][app]
    }
}
