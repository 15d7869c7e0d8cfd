import SSOPolicy

/// Holds the what-if that splits only where the decision reads (`FactSplit`) to full enumeration: for one attempt
/// with every fact unknown, every combination of the facts' values must fall in exactly one leaf, and the attempt
/// with that combination known must answer exactly what its leaf answers (outcome and fired rules).
///
/// ```swift
/// let report = try WhatIfAgreement.check(policy, app: "timesheet")
/// #expect(report.failures == [])
/// #expect(report.leaves < report.combinations)   // the split is lazier than the product
/// ```
public enum WhatIfAgreement {
    public struct Report {
        public var failures: [String] = []
        /// Leaves of the split.
        public var leaves = 0
        /// Combinations of the full enumeration.
        public var combinations = 0
    }

    /// Checks `event` (default `open`) by `user` at `app` of `policy`, with `given` facts known and every other
    /// fact unknown. Stops at `limit` combinations (larger spaces are checked up to that many).
    public static func check(
        _ policy: CompiledPolicy, app appName: String, user: String = "alice", event eventName: String = "open",
        given: [String: String] = [:], limit: Int = 200_000
    ) throws -> Report {
        let descriptor = policy.descriptor
        guard let app = policy.configuration.app(named: appName), let eventID = descriptor.event(eventName) else {
            return Report(failures: ["no app '\(appName)' or event '\(eventName)'"])
        }
        var users = UserDirectory([user, AttemptEvaluator.anotherUser])
        let known = try FactBuilder.make(
            descriptor, appCount: policy.configuration.apps.count, device: given, users: &users)
        let space = FactSpace(
            descriptor, actingUser: user, excluding: given, configuration: policy.configuration)
        let split = try FactSplit(descriptor, space: space, known: known, app: app, users: &users)
        let target: ProviderEvent.Target
        if case .choice(let words) = descriptor.eventDeclaration(eventID).target {
            target = .word(words[0])
        } else {
            target = .app(app)
        }
        let event = ProviderEvent(event: eventID, target: target, user: UserID(0), time: 8 * 3600)
        var report = Report()
        policy.withAttempts { attempt in
            guard let leaves = split.leaves(event, traceMode: .fired, attempt: attempt) else {
                report.failures.append("the split ran out of budget")
                return
            }
            report.leaves = leaves.count
            report.combinations = space.count
            for row in 0..<min(space.count, limit) {
                let indices = space.indices(of: row)
                let containing = leaves.indices.filter { leaf in
                    zip(leaves[leaf].assignment, indices).allSatisfy { assigned, value in
                        assigned.map { $0 == value } ?? true
                    }
                }
                guard containing.count == 1, let leaf = containing.first else {
                    report.failures.append("combination \(space.row(row)) lies in \(containing.count) leaves")
                    continue
                }
                var facts = known
                for (dimension, value) in indices.enumerated() {
                    let fact = space.dimensions[dimension].fact
                    var scratch = users
                    let parsed = try? FactBuilder.parse(
                        space.dimensions[dimension].values[value], for: fact, users: &scratch)
                    facts.set(
                        Int(descriptor.fact(fact.key)?.index ?? 0), fact.scope == .app ? app : nil,
                        parsed ?? .unknown)
                }
                var trace = RuleTrace(.fired)
                let outcome = try? attempt(event, facts, &trace)
                if outcome != leaves[leaf].outcome || trace.entries != leaves[leaf].trace {
                    report.failures.append(
                        "combination \(space.row(row).map { "\($0.key)=\($0.value)" }.joined(separator: " ")): "
                            + "the split answers differently from the enumeration")
                }
            }
        }
        return report
    }
}
