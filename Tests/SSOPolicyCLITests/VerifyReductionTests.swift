import AirWatchSDKProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// Every reduction of `verify` against the plain search (no symmetry, one thread, exact table) on every bundled
/// policy and every property: the same verdicts and the same counterexample lengths; threads change nothing at all.
struct VerifyReductionTests {
    static let policyFiles: [String] = {
        let folder = repository + "/Policies"
        return ["airwatch", "apple", "entra", "imprivata"].flatMap { vendor in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + vendor)) ?? []).sorted()
                .filter { $0.hasSuffix(".yaml") }.map { folder + "/" + vendor + "/" + $0 }
        }
    }()

    /// Verdict per property: nil when it holds, the counterexample's length when violated.
    static func verdicts(_ report: VerificationReport) -> [String: Int?] {
        var result: [String: Int?] = [:]
        for verdict in report.verdicts {
            if case .violated(let counterexample) = verdict.status {
                result[verdict.property.id] = .some(counterexample.moves)
            } else {
                result[verdict.property.id] = .some(nil)
            }
        }
        return result
    }

    static func verify(_ file: String, _ options: VerificationOptions) throws -> VerificationReport {
        try Verifier(engine: engine).verify(try engine.loadPolicy(path: file), options: options)
    }

    static let plain = VerificationOptions(users: 3, depth: 4, exhaustive: true, symmetry: false, partialOrder: false)

    @Test func theBundledPoliciesAreAllHere() {
        #expect(Self.policyFiles.count >= 15)
    }

    @Test(arguments: policyFiles)
    func symmetryKeepsVerdictsAndCounterexampleLengths(_ file: String) throws {
        let plain = try Self.verify(file, Self.plain)
        var options = Self.plain
        options.symmetry = true
        let reduced = try Self.verify(file, options)
        #expect(Self.verdicts(reduced) == Self.verdicts(plain))
        #expect(reduced.symmetryReduced)
        #expect(!plain.symmetryReduced)
        #expect(reduced.states <= plain.states)
        for verdict in reduced.verdicts {
            if case .violated(let counterexample) = verdict.status { #expect(counterexample.replayAgrees) }
        }
    }

    @Test(arguments: policyFiles)
    func bitstateKeepsVerdictsAndCounterexampleLengths(_ file: String) throws {
        let plain = try Self.verify(file, Self.plain)
        var options = Self.plain
        options.bitstateBytes = 16 << 20
        let bits = try Self.verify(file, options)
        // 2²⁷ bits for a few thousand states: a collision is vanishingly unlikely, so nothing is skipped here.
        #expect(Self.verdicts(bits) == Self.verdicts(plain))
        #expect(bits.states == plain.states)
        #expect(bits.bitstateBytes == 16 << 20)
        #expect(!bits.closed)
        options.jobs = 2
        #expect(try Self.verify(file, options).states == bits.states)
    }

    @Test func aHoldingClaimOfABitstateSearchIsLabelledPartial() throws {
        let file = repository + "/Policies/entra/frontline-entra.yaml"
        let options = VerificationOptions(
            users: 2, depth: 12, properties: ["no-previous-user-data"], assumptions: [.signsOutBeforeHandover],
            bitstateBytes: 1 << 20)
        let report = try Self.verify(file, options)
        #expect(!report.verdicts[0].isViolated)
        #expect(!report.closed)
        #expect(
            VerificationRender.sentence(report.verdicts[0], report)
                == "holds up to depth \(report.completedDepth) over \(report.states) states (partial search: "
                + "bitstate, states may have been skipped)")
        #expect(
            VerificationRender.cell(report.verdicts[0], report)
                == "holds (depth \(report.completedDepth), bitstate, partial)")
    }

    @Test func symmetryExploresFewerStatesOnEveryVendor() throws {
        for name in ["airwatch/warehouse-airwatch", "entra/frontline-entra", "imprivata/hospital-imprivata"] {
            let file = repository + "/Policies/\(name).yaml"
            var options = Self.plain
            let plain = try Self.verify(file, options)
            options.symmetry = true
            let reduced = try Self.verify(file, options)
            #expect(reduced.states < plain.states, "\(name): \(reduced.states) of \(plain.states)")
        }
    }

    @Test(arguments: policyFiles)
    func threadsChangeNothing(_ file: String) throws {
        for symmetry in [false, true] {
            var options = Self.plain
            options.symmetry = symmetry
            let one = try Self.verify(file, options)
            options.jobs = 3
            let three = try Self.verify(file, options)
            #expect(three.states == one.states)
            #expect(three.transitions == one.transitions)
            #expect(VerificationRender.json(three).serialized() == VerificationRender.json(one).serialized())
        }
    }

    @Test func threadsStopAtTheSameStateAtEveryLimit() throws {
        let file = repository + "/Policies/airwatch/warehouse-airwatch.yaml"
        for limit in [1, 7, 500, 2_000] {
            var options = VerificationOptions(users: 3, depth: 6, maxStates: limit, symmetry: false)
            let one = try Self.verify(file, options)
            options.jobs = 2
            let two = try Self.verify(file, options)
            #expect(VerificationRender.json(two).serialized() == VerificationRender.json(one).serialized())
        }
        var options = VerificationOptions(
            users: 3, depth: 8, exhaustive: true, maxMemoryBytes: VerificationOptions.processReserveBytes + (1 << 20))
        let one = try Self.verify(file, options)
        options.jobs = 2
        let two = try Self.verify(file, options)
        #expect(one.memoryLimited)
        #expect(VerificationRender.json(two).serialized() == VerificationRender.json(one).serialized())
    }

    /// A level is expanded block by block (bounding what the threads hold): blocks of 3 nodes or one block for the
    /// whole level give the same answer, counts and stopping point, with or without threads, at the memory limit too.
    @Test func blocksChangeNothing() throws {
        let file = repository + "/Policies/airwatch/warehouse-airwatch.yaml"
        for var options in [
            VerificationOptions(users: 3, depth: 5, exhaustive: true),
            VerificationOptions(users: 3, depth: 5, exhaustive: true, symmetry: false),
            VerificationOptions(
                users: 3, depth: 8, exhaustive: true,
                maxMemoryBytes: VerificationOptions.processReserveBytes + (4 << 20), symmetry: false),
        ] {
            options.blockNodes = 1 << 30
            let whole = try Self.verify(file, options)
            #expect(whole.states > 1000, "several blocks of 3 nodes in a level")
            for jobs in [1, 2] {
                options.blockNodes = 3
                options.jobs = jobs
                let blocks = try Self.verify(file, options)
                #expect(VerificationRender.json(blocks).serialized() == VerificationRender.json(whole).serialized())
            }
        }
    }

    @Test func stoppingWhenEveryPropertyIsBrokenIsTheSameWithThreads() throws {
        for file in Self.policyFiles {
            var options = VerificationOptions(users: 2, depth: 5, symmetry: false)
            let one = try Self.verify(file, options)
            options.jobs = 2
            let two = try Self.verify(file, options)
            #expect(VerificationRender.json(two).serialized() == VerificationRender.json(one).serialized(), "\(file)")
        }
    }
}

/// The provider hook behind symmetry: renaming users commutes with every step (`apply(p(e), p(s)) == p(apply(e, s))`,
/// outcomes' users renamed too), checked on the states a short exploration of each bundled policy reaches.
struct UserRenamingTests {
    struct Checker: StateMachineDriver {
        /// The facts the walk starts from.
        let start: FactValues
        let moves: ExplorationMoves
        let permutations: [UserPermutation]

        mutating func drive<State: Hashable & Sendable>(_ machine: StateMachine<State>) -> [String] {
            guard let renaming = machine.renaming else { return ["no renaming"] }
            let apply = machine.apply
            let walk = ReachableStates(machine, moves: moves)
            var trace = RuleTrace(.off)
            var failures: [String] = []
            guard let initial = machine.initialState(start) else { return ["the start facts make no state"] }
            walk.walk(from: initial, depth: 2, maxStates: .max) { node, _ in
                for move in moves.moves.indices {
                    guard var event = moves.moves[move].event else { continue }
                    event.time = node.clock
                    var after = node.state
                    let outcome = apply(&after, event, &trace)
                    for permutation in permutations {
                        var renamed = node.state
                        renaming.rename(&renamed, permutation)
                        var renamedEvent = event
                        renamedEvent.user = permutation(event.user)
                        let renamedOutcome = apply(&renamed, renamedEvent, &trace)
                        var expected = after
                        renaming.rename(&expected, permutation)
                        var listed: [UserID] = []
                        renaming.forEachUser(after) { listed.append(permutation($0)) }
                        var listedRenamed: [UserID] = []
                        renaming.forEachUser(expected) { listedRenamed.append($0) }
                        if renamed != expected || renamedOutcome.session != outcome.session
                            || Set(listed) != Set(listedRenamed)
                            || renamedOutcome.sessionUser != permutation(outcome.sessionUser)
                            || renamedOutcome.findings != outcome.findings
                        {
                            failures.append(walk.step(move, names: ["alice", "bob", "carol"]))
                        }
                    }
                }
                return true
            }
            return failures
        }
    }

    @Test(arguments: VerifyReductionTests.policyFiles)
    func renamingCommutesWithEveryStep(_ file: String) throws {
        let policy = try engine.loadPolicy(path: file)
        var users = UserDirectory(["alice", "bob", "carol"])
        let facts = try FactBuilder.make(policy.descriptor, appCount: policy.configuration.apps.count, users: &users)
        var checker = Checker(
            start: facts, moves: ExplorationMoves(policy: policy, users: 3, exploreConditions: true, noRestart: false),
            permutations: [UserPermutation([1, 0, 2]), UserPermutation([2, 0, 1])])
        let failures = policy.drive(&checker)
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func bitSetsMoveWithTheirUsers() {
        let swap = UserPermutation([1, 0, 2])
        #expect(swap.bits(UInt64(0b001)) == 0b010)
        #expect(swap.bits(UInt64(0b1100)) == 0b1100)
        #expect(UserPermutation([2, 0, 1]).bits(UInt8(0b011)) == 0b101)
        #expect(swap(UserID(7)) == UserID(7))
        #expect(!swap.isIdentity)
        #expect(UserPermutation([0, 1]).isIdentity)
    }
}

/// The reduction flags on the command line: what the output says, and usage errors.
struct VerifyReductionCommandTests {
    @Test func theOutputSaysWhichReductionsRan() {
        let reduced = ssopolicy("verify", "warehouse-airwatch", "--depth", "3", "--jobs", "2")
        #expect(reduced.out.contains("(states equal up to a renaming of users counted once)"))
        #expect(!reduced.out.contains("PARTIAL SEARCH"))
        let plain = ssopolicy("verify", "warehouse-airwatch", "--depth", "3", "--no-symmetry", "--format", "json")
        #expect(plain.out.contains("\"symmetry\": false"))
        #expect(plain.out.contains("\"search\": \"exact\""))
        let bits = ssopolicy(
            "verify", "frontline-entra", "--depth", "4", "--bitstate", "4", "--assume", "signs-out-before-handover",
            "--property", "no-previous-user-data")
        #expect(bits.code == 0)
        #expect(bits.out.contains("PARTIAL SEARCH: bitstate (4 MiB, 3 bits per state)"))
        #expect(bits.out.contains("(partial search: bitstate, states may have been skipped)"))
    }

    /// The help reads the same on every machine: `--jobs` names its default, it does not print this machine's count.
    @Test func theHelpDoesNotDependOnTheMachine() {
        let help = ssopolicy("verify", "--help").out
        let jobs = help.components(separatedBy: "--jobs <jobs>").last ?? ""
        let option = jobs.components(separatedBy: "--bitstate").first ?? ""
        #expect(option.contains("active processor count"))
        #expect(!option.contains("(default: \(ProcessInfo.processInfo.activeProcessorCount))"), "\(option)")
    }

    @Test func badReductionFlagsAreUsageErrors() {
        let jobs = ssopolicy("verify", "frontline-entra", "--jobs", "0")
        #expect(jobs.code == 64)
        #expect(jobs.err.contains("--jobs: expected 1 to 256, found 0"))
        let word = ssopolicy("verify", "frontline-entra", "--jobs", "many")
        #expect(word.code == 64)
        let bits = ssopolicy("verify", "frontline-entra", "--bitstate", "0")
        #expect(bits.code == 64)
        #expect(bits.err.contains("--bitstate: expected 1 to 1048576 (MiB), found 0"))
        let huge = ssopolicy("verify", "frontline-entra", "--bitstate", "2000000")
        #expect(huge.code == 64)
        let problems = Verifier.problems(VerificationOptions(jobs: 0, bitstateBytes: 5), descriptors: [])
        #expect(
            problems == ["--jobs: expected 1 to 256, found 0", "--bitstate: expected 1 MiB to 1 TiB, found 5 bytes"])
    }
}
