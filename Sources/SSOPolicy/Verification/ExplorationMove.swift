import SSOPolicyProviderKit

/// One move of the exploration: a provider event by a user (or by nobody, for events that need no user), or
/// time passing. Public so that test support can walk the same moves (the evaluate/run agreement check).
package struct ExplorationMove: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// The event, its time filled in when played.
        case event(ProviderEvent)
        /// Seconds the clock advances.
        case wait(Int)
        /// The provider's declared handover from one user to another: its events, played as one move.
        case handover(from: UserID, to: UserID, events: [ProviderEvent])
    }

    package var kind: Kind
    /// For rendering: the event name, its target as written in a scenario, and the conditions as written.
    package var eventName: String
    package var targetText: String
    package var conditions: [(key: String, value: String)]
    /// Seconds the clock advances before the move (coverage's moves: an event after a delay); 0 for `verify`'s,
    /// whose time passes in `wait` moves.
    package var delay = 0

    package static func == (lhs: ExplorationMove, rhs: ExplorationMove) -> Bool {
        lhs.kind == rhs.kind && lhs.delay == rhs.delay
    }
    package func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(delay)
    }

    package var event: ProviderEvent? {
        if case .event(let event) = kind { return event }
        return nil
    }
}

/// The moves explored for one policy: every declared event over the policy's apps (or the event's words) and
/// the users, optionally with each step-condition value, then the time jumps.
package struct ExplorationMoves: Sendable {
    package var moves: [ExplorationMove]
    /// The time jumps, in seconds, ascending.
    package var waits: [Int]
    /// `allowed[k]`: the move indices open when `k` users have acted (symmetry: user `k` may act for the first
    /// time, users beyond may not yet).
    package var allowed: [[Int]]

    /// Moves that any user may play from the start (no first-appearance order).
    init(unordered moves: [ExplorationMove], users: Int) {
        self.moves = moves
        self.waits = []
        self.allowed = Array(repeating: Array(moves.indices), count: users + 1)
    }

    package init(policy: CompiledPolicy, users: Int, exploreConditions: Bool, noRestart: Bool, handsOver: Bool = false)
    {
        let descriptor = policy.descriptor
        let configuration = policy.configuration
        var moves: [ExplorationMove] = []
        var userOfMove: [Int] = []
        for (index, declaration) in descriptor.allEvents.enumerated() {
            var targets: [(ProviderEvent.Target, String)] = []
            switch declaration.target {
            case .app:
                targets = configuration.apps.indices.map { (.app(AppID($0)), configuration.apps[$0].id) }
            case .appOrAll:
                targets = configuration.apps.indices.map { (.app(AppID($0)), configuration.apps[$0].id) }
                if !noRestart { targets.append((.allApps, "all")) }
            case .choice(let words):
                targets = words.map { (.word($0), $0) }
            }
            var variants: [(StepConditions, [(key: String, value: String)])] = [(StepConditions(), [])]
            if exploreConditions {
                for (conditionIndex, condition) in descriptor.stepConditions.enumerated()
                where condition.events.contains(declaration.name) {
                    let texts =
                        condition.kind == .app ? configuration.apps.map(\.id) : condition.kind.enumeratedValues ?? []
                    for text in texts {
                        guard let value = condition.kind.parse(text) else { continue }
                        var conditions = StepConditions()
                        conditions.set(StepConditionID(conditionIndex), value)
                        variants.append((conditions, [(condition.key, text)]))
                    }
                }
            }
            let actors: [UserID?] = declaration.requiresUser ? (0..<users).map { UserID($0) } : [nil]
            for actor in actors {
                for (target, text) in targets {
                    for (conditions, written) in variants {
                        let event = ProviderEvent(
                            event: EventID(index), target: target, user: actor, time: 0, conditions: conditions)
                        moves.append(
                            ExplorationMove(
                                kind: .event(event), eventName: declaration.name, targetText: text,
                                conditions: written))
                        userOfMove.append(actor.map { Int($0.index) } ?? -1)
                    }
                }
            }
        }
        if handsOver, let declaration = descriptor.handover {
            for from in 0..<users {
                for to in 0..<users where to != from {
                    let events = HandoverExpansion.events(
                        declaration, policy: policy, from: UserID(from), to: UserID(to), time: 0)
                    guard !events.isEmpty else { continue }
                    moves.append(
                        ExplorationMove(
                            kind: .handover(from: UserID(from), to: UserID(to), events: events.map(\.event)),
                            eventName: HandoverDeclaration.stepKey, targetText: "", conditions: []))
                    userOfMove.append(max(from, to))
                }
            }
        }
        let waits = Self.timeJumps(configuration)
        for wait in waits {
            moves.append(
                ExplorationMove(kind: .wait(wait), eventName: "wait", targetText: Duration.format(wait), conditions: [])
            )
            userOfMove.append(-1)
        }
        self.moves = moves
        self.waits = waits
        self.allowed = (0...users).map { acted in
            moves.indices.filter { userOfMove[$0] <= acted }
        }
    }

    /// Just below and just above every duration the policy sets (settings and app keys), so each timeout is
    /// crossed, and reached without crossing, from any earlier step. A policy without durations has no time moves.
    static func timeJumps(_ configuration: PolicyConfiguration) -> [Int] {
        var durations = Set<Int>()
        func collect(_ values: SettingValues) {
            for entry in values.entries.values {
                if case .seconds(let seconds) = entry.value, seconds > 0 { durations.insert(seconds) }
            }
        }
        collect(configuration.settings)
        for app in configuration.apps { collect(app.keys) }
        var jumps = Set<Int>()
        for duration in durations {
            if duration > 1 { jumps.insert(duration - 1) }
            jumps.insert(Saturating.sum(duration, 1))
        }
        return jumps.sorted()
    }
}
