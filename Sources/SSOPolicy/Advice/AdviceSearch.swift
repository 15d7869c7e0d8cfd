import Foundation
import SSOPolicyProviderKit

/// What `advise` is asked: the goal severity, the bound on changes, an optional `verify` oracle.
package struct AdviceRequest: Sendable {
    /// No finding at this severity or worse may remain (in a step or in the policy itself, as `run --fail-on`).
    package var goal: Severity
    /// The most changes one suggestion may make.
    package var maxChanges: Int
    /// Enumerate every set of changes up to the bound and keep the minimal ones, rather than pruning supersets of
    /// the sets already found: the brute force that confirms the search (tests, `Benchmarks/advise.sh`).
    package var exhaustive: Bool
    /// When set, a suggestion must also make this hold of the changed policy (`--property P --depth D`).
    package var property: (@Sendable (CompiledPolicy) throws -> Bool)?

    package static let maxChangesRange = 1...4

    /// The goal a request names (`--goal`, the API's `goal`), or one message saying what was meant and what is
    /// expected.
    package static func goal(named word: String) -> Result<Severity, AdviceRequestError> {
        if let severity = Severity(name: word) { return .success(severity) }
        return .failure(AdviceRequestError(unknown: "severity", word, in: Severity.allCases.map(\.name)))
    }

    package init(
        goal: Severity = .high, maxChanges: Int = 3, exhaustive: Bool = false,
        property: (@Sendable (CompiledPolicy) throws -> Bool)? = nil
    ) {
        self.goal = goal
        self.maxChanges = maxChanges
        self.exhaustive = exhaustive
        self.property = property
    }
}

/// An unknown word in an advice request: one sentence with the closest known word, then the known words.
package struct AdviceRequestError: Error, Sendable, CustomStringConvertible {
    package var description: String

    package init(unknown what: String, _ word: String, in known: [String]) {
        description =
            "unknown \(what) '\(word)'"
            + (Suggestion.closest(to: word, in: known).map { ": did you mean '\($0)'?" } ?? ".")
            + " Expected one of: " + known.joined(separator: ", ") + "."
    }
}

/// One policy the changes apply to: a policy file, or one device group of a fleet's setup (a fleet's setup meets
/// the goal when every group it plays on does).
package struct AdviceSubject: Sendable {
    package var policy: CompiledPolicy
    /// The device group, for a fleet.
    package var group: String?
    package var effort: EffortTable
    /// Bind strictly (a policy file, as `run`) or leniently (a fleet, as `compare`).
    package var lenient: Bool

    package init(policy: CompiledPolicy, group: String? = nil, effort: EffortTable = .standard, lenient: Bool = false) {
        self.policy = policy
        self.group = group
        self.effort = effort
        self.lenient = lenient
    }
}

/// The search behind `advise` (spec 3.5): sets of changes, smallest first, after which the scenario meets the goal.
///
/// Sizes are tried in order (1, 2, … up to the bound); a set is tried only when no set already found is part of it,
/// so every set found is minimal: each of its proper subsets was tried at a smaller size and fell short.
///
/// A set is also tried only when each of its changes touches a key that the set without it read (the search
/// records, per candidate, the keys read from the policy's blocks while it compiled, bound and played): a key nothing
/// read cannot change the answer, so a set `M` with a change `c` that `M` without `c` did not read plays exactly as
/// `M` without `c` (and reads what it reads), and is neither minimal nor closer. Every minimal set passes, and the
/// search finds the same minimal sets as the brute force (`exhaustive`), which plays every set.
///
/// Each candidate recompiles the policy with the changes made in place (as `evaluate --setting` does) and plays the
/// scenario bound once per subject (its handovers expanded again only when a change touches a key the binding read)
/// with the trace off. It stops playing a candidate once its findings so far rule it out of both the answer and the
/// closest sets. What bounds the cost is the work budget, one unit per candidate.
struct AdviceSearch: Sendable {
    var scenario: Scenario
    var subjects: [AdviceSubject]
    var request: AdviceRequest
    var targets: [AdviceTarget]
    /// Threads that play a size's candidates; the answer is the same whatever the number (`playShares`).
    var threads = AdviceSearch.defaultThreads
    /// Candidates a thread plays in a row: the candidates of a size are cut into blocks of this many, and thread
    /// `t` of `n` plays blocks `t`, `t + n`, `t + 2n`, … (whatever the timing, the same split).
    var block = 64

    /// The most candidates one search tries when no budget is bound.
    static let maxCandidates = 400_000

    /// How one candidate fared.
    struct Trial {
        var changes: [AdviceChange]
        /// Findings at or above the goal left (steps and configuration, over every subject); nil when a subject
        /// does not compile or bind with the changes, or when the search stopped counting (`counted`).
        var remaining: Int?
        /// The oracle's answer, when asked and the scenario meets the goal.
        var propertyHolds: Bool?
        /// The targets whose key the candidate read (bits over `targets`).
        var reads = TargetSet()
        /// The thread stopped counting this candidate (`within`): its findings passed what the thread's own trials
        /// had left. The merge of the threads' trials stops the others that a search on one thread would have
        /// stopped (`playShares`): findings only add up, so a stop depends only on the total.
        var cut = false
        /// The workers who could work unchanged and, with these changes, could not (every access attempt denied),
        /// when the candidate leaves no finding: a set that meets the goal by stopping the work is no fix.
        var stranded: [String] = []
        var meets: Bool { remaining == 0 && propertyHolds != false && stranded.isEmpty }
    }

    struct Outcome {
        var found: [[AdviceChange]]
        /// The candidates that came closest (fewest remaining findings), when none met the goal.
        var closest: [Trial]
        /// The smallest candidates that left no finding only by keeping workers from working (`Trial.stranded`),
        /// the first few.
        var stranding: [Trial]
        var tried: Int
        /// Why it stopped before the bound, if it did.
        var stopped: String?
    }

    /// A set of target indices, or every target (`all`: what a candidate whose reads were not recorded may read).
    struct TargetSet: Hashable, Sendable {
        var words: [UInt64] = []
        var isAll = false

        /// Every target.
        static let all = TargetSet(isAll: true)

        mutating func insert(_ index: Int) {
            let word = index / 64
            if words.count <= word { words += Array(repeating: 0, count: word + 1 - words.count) }
            words[word] |= 1 << UInt64(index % 64)
        }

        func contains(_ index: Int) -> Bool {
            if isAll { return true }
            let word = index / 64
            return word < words.count && words[word] & (1 << UInt64(index % 64)) != 0
        }

        mutating func formUnion(_ other: TargetSet) {
            if isAll { return }
            if other.isAll {
                self = .all
                return
            }
            if words.count < other.words.count { words += Array(repeating: 0, count: other.words.count - words.count) }
            for (index, word) in other.words.enumerated() { words[index] |= word }
        }
    }

    /// One change of a candidate: a target at one of its values (indices).
    struct Pick: Hashable, Comparable, Sendable {
        var target: Int
        var value: Int

        static func < (lhs: Pick, rhs: Pick) -> Bool { (lhs.target, lhs.value) < (rhs.target, rhs.value) }
    }

    /// The most findings a set of `size` changes may leave and still come closer than `third`, the third closest
    /// so far: as many as it leaves; at the last size, one fewer when `third` has fewer changes (a set that leaves as
    /// many findings with more changes is not closer). Only at the last size: a set cut has unknown reads, so at a
    /// smaller size cutting it would leave more of its supersets to play (`unreadChange`). Never below 0, so a set
    /// that meets the goal is never cut.
    static func cutBound(_ third: Trial, size: Int, last: Bool) -> Int? {
        guard let remaining = third.remaining else { return nil }
        return last && third.changes.count < size && remaining > 0 ? remaining - 1 : remaining
    }

    /// A set of picks, in order, as a value the search looks sets up by: up to four (`AdviceRequest.maxChangesRange`)
    /// in words of its own, so that no array is allocated or hashed element by element.
    struct PickSet: Hashable {
        var first: UInt64 = 0
        var second: UInt64 = 0
        var third: UInt64 = 0
        var fourth: UInt64 = 0
        /// Picks past the fourth (none within `AdviceRequest.maxChangesRange`).
        var more: [UInt64] = []

        /// `picks` without the one at `skipped` (none when nil).
        init(_ picks: [Pick], skipping skipped: Int? = nil) {
            var slot = 0
            for index in picks.indices where index != skipped {
                // One word per pick, never 0 (an empty slot): its target and its value, each far below 2^32.
                let word =
                    (UInt64(UInt32(truncatingIfNeeded: picks[index].target)) << 32
                        | UInt64(UInt32(truncatingIfNeeded: picks[index].value))) &+ 1
                switch slot {
                case 0: first = word
                case 1: second = word
                case 2: third = word
                case 3: fourth = word
                default: more.append(word)
                }
                slot += 1
            }
        }
    }

    /// Fewest remaining findings first, then fewer changes, then in order.
    static func closer(_ lhs: Trial, _ rhs: Trial) -> Bool {
        let l = lhs.remaining ?? .max
        let r = rhs.remaining ?? .max
        if l != r { return l < r }
        if lhs.changes.count != rhs.changes.count { return lhs.changes.count < rhs.changes.count }
        return lhs.changes.lexicographicallyPrecedes(rhs.changes)
    }

    /// How many threads play one size's candidates: the machine's cores, at most four.
    static var defaultThreads: Int { max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)) }

    func run() throws -> Outcome {
        let threads = max(1, self.threads)
        // One player per thread; a player is only ever used by one
        // thread at a time (the thread its share runs on), and the threads are joined before the next size.
        var players = (0..<threads).map { _ in Player(search: self) }
        var found: [[Pick]] = []
        var closest: [Trial] = []
        var stranding: [Trial] = []
        var tried = 0
        var stopped: String?
        let limit = Self.maxCandidates
        let bound = min(request.maxChanges, targets.count)
        let pruned = !request.exhaustive
        // What the tried sets of the size before read, by set (the search only).
        var readsBefore: [PickSet: TargetSet] = [:]
        func isSuperset(_ picked: [Pick]) -> Bool {
            found.contains { solution in solution.allSatisfy { picked.contains($0) } }
        }
        /// What `picked` reads when one of its changes touches a key that `picked` without it did not read: it then
        /// plays exactly as that smaller set. Nil when every change is read by the set without it.
        func unreadChange(_ picked: [Pick]) -> TargetSet? {
            for index in picked.indices {
                if let reads = readsBefore[PickSet(picked, skipping: index)], !reads.contains(picked[index].target) {
                    return reads
                }
            }
            return nil
        }
        sizes: for size in 0...bound {
            // The candidates of this size, in order: which are tried depends only on the smaller sizes.
            var candidates: [[Pick]] = []
            var picked: [Pick] = []
            // What the sets of this size read, by set: those played, and those that play as a smaller set.
            var readsNow: [PickSet: TargetSet] = [:]
            // What the last size's sets read is not needed: no larger set is tried.
            let recording = pruned && size < bound
            // Depth-first over increasing target indices, each at each of its values.
            func visit(from start: Int) {
                if picked.count == size {
                    if pruned && isSuperset(picked) { return }
                    if pruned && size > 0, let reads = unreadChange(picked) {
                        if recording { readsNow[PickSet(picked)] = reads }
                        return
                    }
                    candidates.append(picked)
                    return
                }
                guard start < targets.count else { return }
                for index in start..<targets.count {
                    for value in targets[index].values.indices {
                        picked.append(Pick(target: index, value: value))
                        visit(from: index + 1)
                        picked.removeLast()
                    }
                }
            }
            visit(from: 0)
            var finished = true
            if candidates.count > limit - tried {
                candidates.removeLast(candidates.count - (limit - tried))
                finished = false
            }
            let shares = try playShares(
                candidates, players: &players, threads: threads, foundNone: found.isEmpty,
                prior: closest.count >= 3
                    ? Self.cutBound(closest[closest.count - 1], size: size, last: !recording) : nil,
                recording: recording)
            // Merge in candidate order, deciding as a search on one thread would (see `Trial.cut`).
            var atSize: [[Pick]] = []
            for index in candidates.indices {
                let run = index / block
                let thread = run % shares.count
                let position = (run / shares.count) * block + index % block
                guard position < shares[thread].count else {
                    // The work budget stopped that thread.
                    finished = false
                    break
                }
                tried += 1
                var trial = shares[thread][position]
                let worst =
                    closest.count >= 3 ? Self.cutBound(closest[closest.count - 1], size: size, last: !recording) : nil
                if let within = found.isEmpty && atSize.isEmpty ? worst : 0, !trial.cut,
                    let remaining = trial.remaining, remaining > within
                {
                    // A search on one thread would have stopped counting it.
                    trial.remaining = nil
                    trial.propertyHolds = nil
                    trial.reads = .all
                    trial.cut = true
                }
                let picked = candidates[index]
                if trial.meets {
                    atSize.append(picked)
                } else {
                    if recording { readsNow[PickSet(picked)] = trial.reads }
                    if !trial.stranded.isEmpty {
                        // The first few of the smallest size, none holding a set that meets the goal (as the
                        // search without pruning finds them too).
                        if stranding.count < 3, stranding.first.map({ $0.changes.count == size }) ?? true,
                            !isSuperset(picked)
                        {
                            trial.changes = picked.map(change)
                            stranding.append(trial)
                        }
                    } else if let remaining = trial.remaining,
                        closest.count < 3 || remaining <= closest[closest.count - 1].remaining ?? .max
                    {
                        trial.changes = picked.map(change)
                        closest.append(trial)
                        closest.sort(by: Self.closer)
                        if closest.count > 3 { closest.removeLast() }
                    }
                }
            }
            found += atSize
            readsBefore = readsNow
            guard finished else {
                stopped =
                    tried >= limit
                    ? "the search tried \(limit) sets of changes (the most it tries) before reaching "
                        + "\(size) change\(size == 1 ? "" : "s"); lower --max-changes"
                    : "the work budget stopped the search at \(size) change\(size == 1 ? "" : "s") after \(tried) "
                        + "sets of changes; lower --max-changes"
                break sizes
            }
            // The unchanged policy already meets the goal: nothing to suggest.
            if size == 0 && !atSize.isEmpty { break sizes }
        }
        var sets = found.map { $0.map(change) }
        if request.exhaustive {
            // Keep only the minimal sets, as the pruned search does by construction.
            let all = sets
            sets = all.filter { candidate in
                !all.contains { other in
                    other.count < candidate.count && other.allSatisfy { candidate.contains($0) }
                }
            }
        }
        return Outcome(
            found: sets, closest: sets.isEmpty ? closest : [], stranding: stranding, tried: tried, stopped: stopped)
    }

    /// Plays `candidates` on up to `threads` threads, each its blocks (`block`), in order; per thread, the trials of
    /// its blocks in order, fewer when the work budget stopped it (each candidate spends one unit, on whichever
    /// thread plays it).
    ///
    /// A thread stops counting a candidate (`within`) by the candidates it played itself: the third fewest findings
    /// among a subset of the earlier candidates is never fewer than among all of them (the candidates the merge
    /// drops all had more), so a thread stops only where the search on one thread would, and the merge finds the
    /// other stops from each trial's total.
    ///
    /// `prior` is the merge's bound when the size starts (`cutBound` of the third closest of the smaller sizes): a
    /// thread cuts by it too, since the merge's bound only falls as the size goes on.
    func playShares(
        _ candidates: [[Pick]], players: inout [Player], threads: Int, foundNone: Bool, prior: Int?,
        recording: Bool
    ) throws -> [[Trial]] {
        let count = min(threads, max(1, (candidates.count + block - 1) / block))
        var shares = [Result<[Trial], any Error>](repeating: .success([]), count: count)
        let budget = WorkBudget.current
        let total = candidates.count
        let share: @Sendable (Int, inout Player) -> Result<[Trial], any Error> = { thread, player in
            WorkBudget.$current.withValue(budget) {
                var trials: [Trial] = []
                trials.reserveCapacity(total / count + block)
                // The three fewest findings left among this thread's trials, and whether one met the goal.
                var fewest: [Int] = []
                var met = false
                var start = thread * block
                while start < total {
                    for index in start..<min(total, start + block) {
                        guard WorkBudget.spend() else { return .success(trials) }
                        var bound = prior
                        if fewest.count >= 3, fewest[2] < bound ?? .max { bound = fewest[2] }
                        let within = foundNone && !met ? bound : 0
                        let trial: Trial
                        do {
                            // A candidate is one unit of the bound budget (what a search keeps grows with them);
                            // its plays spend a budget of their own, stopped with the bound one (by time).
                            let played = try WorkBudget.aside {
                                try player.trial(candidates[index], within: within, recording: recording)
                            }
                            if let stopped = played.stopped {
                                // One candidate's plays alone passed the bound: the request asks too much.
                                if stopped == .tooMuchWork { _ = WorkBudget.spend(.max) }
                                return .success(trials)
                            }
                            trial = played.value
                        } catch {
                            return .failure(error)
                        }
                        if trial.meets {
                            met = true
                        } else if trial.stranded.isEmpty, let remaining = trial.remaining {
                            fewest.insert(remaining, at: fewest.firstIndex { $0 > remaining } ?? fewest.count)
                            if fewest.count > 3 { fewest.removeLast() }
                        }
                        trials.append(trial)
                    }
                    start += count * block
                }
                return .success(trials)
            }
        }
        if count == 1 {
            shares[0] = share(0, &players[0])
        } else {
            players.withUnsafeMutableBufferPointer { players in
                shares.withUnsafeMutableBufferPointer { shares in
                    // Each thread touches only its own player and its own share: no two threads share a slot.
                    let slots = UncheckedSendable((players, shares))
                    DispatchQueue.concurrentPerform(iterations: count) { thread in
                        let (players, shares) = slots.value
                        shares[thread] = share(thread, &players[thread])
                    }
                }
            }
        }
        return try shares.map { try $0.get() }
    }

    func change(_ pick: Pick) -> AdviceChange { change(targets[pick.target], pick.value) }

    func change(_ target: AdviceTarget, _ value: Int) -> AdviceChange {
        AdviceChange(kind: target.kind, app: target.app, key: target.key, value: target.values[value])
    }

    /// Plays candidates on every subject: each recompiled with the changes, with what it reads recorded, and played
    /// on the scenario bound once per subject (bound again only when a change touches a key the binding read).
    struct Player {
        var search: AdviceSearch
        /// Per subject: the scenario bound to the unchanged policy; nil when it does not bind. Held in a box, so a
        /// trial reads it with one reference rather than copying a scenario.
        var bases: [HeldBinding?]
        /// Per subject: the targets binding the unchanged policy read (none when it does not bind).
        var baseReads: [TargetSet]
        /// Per subject and target: the block the target's key is in (0 the settings, 1 + i app i; -1 an app the
        /// subject lacks).
        var blocks: [[Int]]
        /// Per target and value: the value as the policy holds it (nil when the declaration does not parse it).
        var values: [[SettingValue?]]
        /// Per subject: its configuration, changed in place by a trial and put back after it (`apply`, `restore`).
        var configurations: [PolicyConfiguration]
        /// Per subject and target: the slot of the target's key in its block's layout (nil: the layout lacks it).
        var slots: [[Int?]]
        /// Per subject: how many apps it has.
        var blockCounts: [Int]
        /// Per subject: what the trial under way changed (kept to reuse its storage).
        var undos: [[Undo]]
        /// The subjects a trial compiled, empty between trials (kept to reuse its storage).
        var compiledBuffer: [Compiled] = []
        /// Per subject: the recorder of a trial's reads, cleared for each trial (a player plays one trial at a time).
        let readRecorders: [SettingReadRecorder]
        /// Per subject: the first subject whose unchanged binding plays the same events (device groups the scenario
        /// binds alike share their plays).
        var playGroups: [Int] = []
        /// What the unchanged binding of a play group found played by a provider policy, by the key's hash (a later
        /// play of the same hash takes the place): a set whose changes compile to a policy played lately, for this
        /// subject or another of its play group, is not played again.
        var playedCounts: [(key: PlayedPolicyKey, count: PlayedCount)?]
        /// How many plays `playedCounts` holds (a power of two).
        static let playedCountsSize = 1 << 13

        /// A provider policy the unchanged binding of a play group was played by.
        struct PlayedPolicyKey: Equatable {
            let group: Int
            let played: any PlayedPolicy
            let hash: Int

            init(group: Int, played: any PlayedPolicy) {
                self.group = group
                self.played = played
                var hasher = Hasher()
                hasher.combine(group)
                played.hash(into: &hasher)
                hash = hasher.finalize()
            }

            static func == (lhs: Self, rhs: Self) -> Bool {
                lhs.hash == rhs.hash && lhs.group == rhs.group && lhs.played.plays(like: rhs.played)
            }
        }

        /// The findings a play counted, and whether it played every step: a play stops once it passes its limit, so
        /// an incomplete count only says that the findings are more than that limit.
        struct PlayedCount {
            var count: Int
            var complete: Bool
        }

        /// A bound scenario held by reference, so that a trial reads it through one reference rather than copying it.
        final class HeldBinding: Sendable {
            let bound: BoundScenario

            init(bound: BoundScenario) { self.bound = bound }
        }

        /// One key a trial changed: its block, slot, former value and position, and the block's unknown keys when
        /// the change removed one of them.
        struct Undo {
            var block: Int
            var slot: Int
            var value: SettingValue?
            var position: SourcePosition?
            var unknown: [UnknownSetting]?
        }
        /// Per subject: the workers who could work with the unchanged policy (an access attempt not denied).
        var working: [Set<String>] = []
        /// The provider's findings at the goal or worse (bits over its finding indices).
        var findingMask: UInt64
        /// Per finding index of the provider: whether it is at the goal or worse (for a policy's own findings).
        var blockingFindings: [Bool]

        init(search: AdviceSearch) {
            self.search = search
            playedCounts = Array(repeating: nil, count: Self.playedCountsSize)
            values = search.targets.map { target in target.values.map { target.declaration.kind.parse($0) } }
            findingMask =
                search.subjects.first.map {
                    AdviceSearch.findingMask($0.policy.descriptor, goal: search.request.goal)
                } ?? 0
            let goal = search.request.goal
            blockingFindings = search.subjects.first?.policy.descriptor.findings.map { $0.severity <= goal } ?? []
            configurations = search.subjects.map(\.policy.configuration)
            blockCounts = configurations.map(\.apps.count)
            undos = configurations.map { _ in [] }
            readRecorders = configurations.map { SettingReadRecorder(blocks: 1 + $0.apps.count) }
            blocks = search.subjects.map { subject in
                search.targets.map { target in
                    target.app.map { 1 + (subject.policy.configuration.app(named: $0)?.int ?? -2) } ?? 0
                }
            }
            slots = zip(configurations, blocks).map { configuration, blocks in
                zip(search.targets, blocks).map { target, block in
                    block == 0
                        ? configuration.settings.layout.slot(of: target.key)
                        : block >= 1 ? configuration.apps[block - 1].keys.layout.slot(of: target.key) : nil
                }
            }
            bases = []
            baseReads = []
            for (number, subject) in search.subjects.enumerated() {
                let recorder = SettingReadRecorder(blocks: 1 + subject.policy.configuration.apps.count)
                var diagnostics = Diagnostics()
                guard
                    let policy = subject.policy.recompiled(
                        Self.recording(subject.policy.configuration, recorder), diagnostics: &diagnostics)
                else {
                    bases.append(nil)
                    baseReads.append(TargetSet())
                    working.append([])
                    continue
                }
                // What binding alone reads.
                recorder.clear()
                guard
                    case .success(var bound) = ScenarioBinder(mode: subject.lenient ? .lenient : .strict).bind(
                        search.scenario, to: policy)
                else {
                    bases.append(nil)
                    baseReads.append(TargetSet())
                    working.append([])
                    continue
                }
                bound.policy = subject.policy
                bases.append(HeldBinding(bound: bound))
                working.append(Self.working(ScenarioRunner(traceMode: .off).run(bound)))
                baseReads.append(Self.reads(recorder, search.targets, blocks[number]))
            }
            for number in bases.indices {
                let first = bases[number].flatMap { base in
                    bases[..<number].firstIndex { $0?.bound.playsLike(base.bound) == true }
                }
                playGroups.append(first ?? number)
            }
        }

        /// The workers of a run who could work: at least one access attempt not denied.
        static func working(_ result: RunResult) -> Set<String> {
            Set(Comparison.totals(result).workers.filter { $0.accessAttempts > 0 && !$0.couldNotWork }.map(\.user))
        }

        /// The workers who could work with subject `number` unchanged and cannot in `subject`'s play of the
        /// scenario, in order of first appearance.
        func stranded(_ subject: Compiled, number: Int) -> [String] {
            guard var bound = subject.rebound?.bound ?? bases[number]?.bound else { return [] }
            bound.policy = subject.policy
            let workers = Comparison.totals(ScenarioRunner(traceMode: .off).run(bound)).workers
            return workers.filter { $0.couldNotWork && working[number].contains($0.user) }.map(\.user)
        }

        /// The findings of the goal that subject `number`'s unchanged binding raises played by `policy`, counted up
        /// to past `limit` (as `ScenarioRunner.countFindings`): a provider policy played lately in the subject's play
        /// group is not played again, since an equal policy plays the same events alike. A count that stopped at a
        /// limit serves a limit below it.
        mutating func countBaseFindings(
            _ base: HeldBinding, playedBy policy: CompiledPolicy, subject number: Int, limit: Int
        ) -> Int {
            let key = PlayedPolicyKey(group: playGroups[number], played: policy.played)
            let slot = key.hash & (Self.playedCountsSize - 1)
            if let known = playedCounts[slot], known.key == key, known.count.complete || known.count.count > limit {
                return known.count.count
            }
            let count = ScenarioRunner(traceMode: .off).countFindings(
                base.bound, playedBy: policy, among: findingMask, limit: limit)
            playedCounts[slot] = (key, PlayedCount(count: count, complete: count <= limit))
            return count
        }

        /// Applies `picks` to subject `number`'s configuration in place, noting in `undo` what to put back
        /// (`restore`), as `AdviceSearch.configuration` applies their changes; false when a change names no declared
        /// value or an app the subject lacks (what was applied is in `undo`).
        mutating func apply(_ picks: [Pick], subject number: Int, undo: inout [Undo]) -> Bool {
            for pick in picks {
                guard let value = values[pick.target][pick.value] else { return false }
                let block = blocks[number][pick.target]
                guard block >= 0, let slot = slots[number][pick.target] else { return false }
                let key = search.targets[pick.target].key
                configurations[number].withBlock(block) { keys, unknown in
                    let held = keys.held(slot: slot)
                    let removed = unknown.contains { $0.key == key } ? unknown : nil
                    undo.append(
                        Undo(block: block, slot: slot, value: held.value, position: held.position, unknown: removed))
                    keys.hold(value, at: held.position ?? keys.blockPosition, slot: slot)
                    if removed != nil { unknown.removeAll { $0.key == key } }
                }
            }
            return true
        }

        /// Puts back what `apply` changed in subject `number`'s configuration.
        mutating func restore(_ undo: [Undo], subject number: Int) {
            for change in undo.reversed() {
                configurations[number].withBlock(change.block) { keys, unknown in
                    keys.hold(change.value, at: change.position, slot: change.slot)
                    if let removed = change.unknown { unknown = removed }
                }
            }
        }

        /// `configuration` with every block noting its reads in `recorder` (nil: none).
        static func record(_ configuration: inout PolicyConfiguration, in recorder: SettingReadRecorder?) {
            configuration.settings.recorder = recorder?.tagged(0)
            for index in configuration.apps.indices {
                configuration.apps[index].keys.recorder = recorder?.tagged(1 + index)
            }
        }

        /// `configuration` with every block noting its reads in `recorder`.
        static func recording(_ configuration: PolicyConfiguration, _ recorder: SettingReadRecorder)
            -> PolicyConfiguration
        {
            var recorded = configuration
            record(&recorded, in: recorder)
            return recorded
        }

        /// The targets `recorder` saw read.
        static func reads(_ recorder: SettingReadRecorder, _ targets: [AdviceTarget], _ blocks: [Int]) -> TargetSet {
            var set = TargetSet()
            for (index, block) in blocks.enumerated()
            where block >= 0 && block < recorder.read.count && recorder.read[block].contains(targets[index].key) {
                set.insert(index)
            }
            return set
        }

        /// One subject compiled and bound with a candidate's changes, ready to play.
        struct Compiled {
            var policy: CompiledPolicy
            /// The scenario bound again for this policy; nil when the unchanged policy's binding serves it (and what
            /// binding read is `baseReads`).
            var rebound: HeldBinding?
            /// Its own findings at the goal or worse.
            var own: Int
        }

        /// Compiles subject `number`'s configuration as it now is and binds the scenario to it (the unchanged
        /// policy's binding, its handovers expanded again when a change touches a key they read); nil when the
        /// policy does not compile or the unchanged one did not bind.
        func compile(_ picks: [Pick], subject number: Int) -> Compiled? {
            // The subject and its binding are read in place: copying them per trial would retain each of their
            // references. Only whether it compiles matters: warnings are not kept (nor worded).
            var diagnostics = Diagnostics(keepingWarnings: false)
            guard
                let compiled = search.subjects[number].policy.recompiled(
                    configurations[number], diagnostics: &diagnostics)
            else { return nil }
            var own = 0
            for finding in compiled.findings where blockingFindings[Int(finding.finding.index)] { own += 1 }
            guard let base = bases[number] else { return nil }
            if !picks.contains(where: { baseReads[number].contains($0.target) }) {
                return Compiled(policy: compiled, rebound: nil, own: own)
            }
            // A change touches a key the binding read: its handovers are expanded again (their reads recorded).
            let rebound = ScenarioBinder(mode: search.subjects[number].lenient ? .lenient : .strict).rebinding(
                base.bound, to: compiled, worded: false)
            return Compiled(policy: compiled, rebound: HeldBinding(bound: rebound), own: own)
        }

        /// Plays `picks` on every subject in turn: its configuration changed in place, compiled, bound and played;
        /// every configuration put back at the end.
        /// With `within`, stops counting (remaining nil, `cut`) once the findings so far exceed it: the candidate
        /// neither meets the goal nor comes closer than the sets kept. The trial's `changes` are left empty (words
        /// are made only for the trials kept, `AdviceSearch.change`).
        mutating func trial(_ picks: [Pick], within: Int? = nil, recording: Bool = true) throws -> Trial {
            let count = search.subjects.count
            var undos: [[Undo]] = []
            swap(&undos, &self.undos)
            defer { swap(&undos, &self.undos) }
            var applied = 0
            var trial = Trial(changes: [])
            // What was changed is put back once the compiled policies (which share the configurations' storage)
            // are gone, so that the next trial changes them in place again.
            var compiled: [Compiled] = []
            swap(&compiled, &compiledBuffer)
            defer {
                compiled.removeAll(keepingCapacity: true)
                for number in 0..<applied {
                    if recording { Self.record(&configurations[number], in: nil) }
                    restore(undos[number], subject: number)
                }
                swap(&compiled, &compiledBuffer)
            }
            compiled.reserveCapacity(count)
            var remaining = 0
            for number in 0..<count {
                undos[number].removeAll(keepingCapacity: true)
                applied += 1
                guard apply(picks, subject: number, undo: &undos[number]) else {
                    trial.reads = .all
                    return trial
                }
                if recording {
                    readRecorders[number].clear()
                    Self.record(&configurations[number], in: readRecorders[number])
                }
                guard let subject = compile(picks, subject: number) else {
                    // Not compiling or binding is an answer the reads so far decided; the rest were not asked.
                    trial.reads = .all
                    return trial
                }
                compiled.append(subject)
                // The policy's own findings are known once it compiles: they may rule the candidate out unplayed.
                remaining = Saturating.sum(remaining, subject.own)
                if let within, remaining > within {
                    trial.reads = .all
                    trial.cut = true
                    return trial
                }
                // A play that leaves more than `within` is cut whatever its later steps raise (findings only add
                // up), so it stops as soon as it gets there.
                let limit = within.map { $0 - remaining } ?? .max
                // The unchanged policy's binding is played by the recompiled policy in place (not copied per set).
                let found: Int
                if let rebound = subject.rebound {
                    found = ScenarioRunner(traceMode: .off).countFindings(
                        rebound.bound, among: findingMask, limit: limit)
                } else if let base = bases[number] {
                    found = countBaseFindings(base, playedBy: subject.policy, subject: number, limit: limit)
                } else {
                    // Not bound, as `compile` answers when the unchanged policy did not bind.
                    trial.reads = .all
                    return trial
                }
                remaining = Saturating.sum(remaining, found)
                if let within, remaining > within {
                    trial.reads = .all
                    trial.cut = true
                    return trial
                }
            }
            if recording {
                for number in 0..<count {
                    trial.reads.formUnion(Self.reads(readRecorders[number], search.targets, blocks[number]))
                    if compiled[number].rebound == nil { trial.reads.formUnion(baseReads[number]) }
                }
            } else {
                trial.reads = .all
            }
            // A property reads the whole policy: every key may matter to it.
            if let property = search.request.property {
                trial.reads = .all
                if remaining == 0 {
                    var holds = true
                    for subject in compiled where try !property(subject.policy) {
                        holds = false
                        break
                    }
                    trial.propertyHolds = holds
                }
            }
            if remaining == 0 {
                for number in compiled.indices {
                    for user in stranded(compiled[number], number: number) where !trial.stranded.contains(user) {
                        trial.stranded.append(user)
                    }
                }
            }
            trial.remaining = remaining
            return trial
        }
    }

    /// The policy's configuration with the changes applied; nil when a change names no declared key or value.
    static func configuration(_ changes: [AdviceChange], of policy: CompiledPolicy) -> PolicyConfiguration? {
        var configuration = policy.configuration
        let descriptor = policy.descriptor
        for change in changes {
            if let app = change.app {
                guard let index = configuration.app(named: app)?.int,
                    let declaration = descriptor.appKeys.first(where: { $0.key == change.key }),
                    let value = declaration.kind.parse(change.value)
                else { return nil }
                configuration.apps[index].keys.set(
                    change.key, value, at: configuration.apps[index].keys.position(of: change.key))
                configuration.apps[index].unknownKeys.removeAll { $0.key == change.key }
            } else {
                guard let declaration = descriptor.settings.first(where: { $0.key == change.key }),
                    let value = declaration.kind.parse(change.value)
                else { return nil }
                configuration.settings.set(change.key, value, at: configuration.settings.position(of: change.key))
                configuration.unknownSettings.removeAll { $0.key == change.key }
            }
        }
        return configuration
    }

    /// The findings at `goal` or worse of a run: in its steps (one per finding and step) and in the policy itself.
    static func blocking(_ result: RunResult, goal: Severity) -> Int {
        let descriptor = result.policy.descriptor
        let mask = findingMask(descriptor, goal: goal)
        var count = blocking(result.policy.findings, of: descriptor, goal: goal)
        for step in result.steps { count += (step.outcome.findings.bits & mask).nonzeroBitCount }
        return count
    }

    /// The provider's findings at `goal` or worse, as bits over its finding indices (the first 64, as a step's
    /// `FindingSet` holds them).
    static func findingMask(_ descriptor: ProviderDescriptor, goal: Severity) -> UInt64 {
        var mask: UInt64 = 0
        for (index, finding) in descriptor.findings.enumerated() where finding.severity <= goal && index < 64 {
            mask |= 1 << UInt64(index)
        }
        return mask
    }

    /// How many of a policy's own findings are at `goal` or worse.
    static func blocking(_ findings: [PolicyFinding], of descriptor: ProviderDescriptor, goal: Severity) -> Int {
        findings.filter { descriptor.findings[Int($0.finding.index)].severity <= goal }.count
    }

    /// The policy with the changes applied and recompiled; nil when its provider rejects the combination.
    static func apply(_ changes: [AdviceChange], to policy: CompiledPolicy) -> CompiledPolicy? {
        guard !changes.isEmpty else { return policy }
        guard let configuration = configuration(changes, of: policy) else { return nil }
        var diagnostics = Diagnostics()
        return policy.recompiled(configuration, diagnostics: &diagnostics)
    }
}

extension PolicyConfiguration {
    /// Changes block `block` in place: 0 the settings, `1 + i` app `i`'s keys; with its unknown keys.
    fileprivate mutating func withBlock(_ block: Int, _ body: (inout SettingValues, inout [UnknownSetting]) -> Void) {
        if block == 0 {
            body(&settings, &unknownSettings)
        } else {
            apps[block - 1].withKeys(body)
        }
    }
}

extension AppConfiguration {
    fileprivate mutating func withKeys(_ body: (inout SettingValues, inout [UnknownSetting]) -> Void) {
        body(&keys, &unknownKeys)
    }
}
