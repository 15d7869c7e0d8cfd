import SSOPolicyProviderKit

/// A shortest move sequence that breaks a property, as a scenario file `ssopolicy run` replays, with the replay.
package struct Counterexample: Sendable {
    /// The scenario in the spec's format (3.2): one step per event, time moves folded into `after:`.
    package var yaml: String
    /// A file name for `--counterexample-dir`: `<policy>.<property>.yaml`.
    package var fileName: String
    /// Moves explored, time moves included (the depth at which it was found).
    package var moves: Int
    /// The scenario replayed against the policy with the `--explain` trace.
    package var replay: RunResult
    /// 1-based step of the replay that breaks the property (the last one when the replay agrees).
    package var breakingStep: Int?

    /// True when replaying the scenario breaks the property at its last step, as the exploration found.
    package var replayAgrees: Bool { breakingStep == replay.steps.count }
}

/// Turns explored move sequences into scenario files and replays them.
struct CounterexampleWriter: Sendable {
    /// Names for the explored users, in the order they first act.
    static let userNames = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"]

    let engine: SSOPolicyEngine
    let policy: CompiledPolicy
    let commandLine: String

    func yaml(_ path: [ExplorationMove], property: VerificationProperty) -> String {
        let policyID = policy.configuration.id
        let events = path.filter { $0.eventName != "wait" }.count
        var out = "# A shortest sequence in which \(policyID) breaks \(property.id), found by:\n"
        out += "#   \(commandLine)\n"
        out += "# Replay: ssopolicy run --scenario \(policyID).\(property.id).yaml \(policyID) --explain\n"
        out += "scenario: \(policyID)-\(property.id)\n"
        out += "title: \(policyID) breaks \(property.id) in \(events) step\(events == 1 ? "" : "s")\n"
        out += "steps:\n"
        var waited = 0
        for move in path {
            switch move.kind {
            case .wait(let seconds):
                waited += seconds
            case .handover(let from, let to, _):
                out +=
                    "  - { after: \(Duration.format(waited)), handover: { from: \(Self.userNames[Int(from.index)]), "
                    + "to: \(Self.userNames[Int(to.index)]) } }\n"
                waited = 0
            case .event(let event):
                var fields = ["after: \(Duration.format(waited))"]
                if let user = event.user { fields.append("user: \(Self.userNames[Int(user.index)])") }
                fields.append("\(move.eventName): \(move.targetText)")
                for condition in move.conditions { fields.append("\(condition.key): \(condition.value)") }
                out += "  - { " + fields.joined(separator: ", ") + " }\n"
                waited = 0
            }
        }
        return out
    }

    /// Loads the scenario as `run` would, replays it with the trace, and finds the step that breaks the property.
    func make(
        _ path: [ExplorationMove], property: VerificationProperty, checker: PropertyChecker, index: Int
    ) throws(DiagnosticsError) -> Counterexample {
        let text = yaml(path, property: property)
        let fileName = "\(policy.configuration.id).\(property.id).yaml"
        let scenario = try engine.loadScenario(yaml: text, file: fileName)
        let replay = try engine.run(scenario, against: policy, traceMode: .explain)
        var monitor = PathMonitor()
        var breaking: Int?
        for (number, step) in replay.steps.enumerated() {
            guard let event = step.bound.event else { continue }
            for leading in step.bound.leading { checker.advance(&monitor, leading) }
            if checker.violations(event, step.outcome, before: monitor) & (1 << UInt64(index)) != 0 {
                breaking = number + 1
                break
            }
            checker.advance(&monitor, event)
            if step.bound.step.handover != nil, let user = step.bound.step.user, let id = replay.users.id(user) {
                checker.handOver(&monitor, to: id)
            }
        }
        return Counterexample(
            yaml: text, fileName: fileName, moves: path.count, replay: replay, breakingStep: breaking)
    }
}
