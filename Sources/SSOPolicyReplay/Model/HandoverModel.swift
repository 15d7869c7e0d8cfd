import SSOPolicy

/// A policy to play each custody handover through, and how log apps map to its apps.
package struct ReplayModel: Sendable {
    package var policy: CompiledPolicy
    package var mapping: AppMapping

    package init(policy: CompiledPolicy, mapping: AppMapping) {
        self.policy = policy
        self.mapping = mapping
    }
}

/// Plays the custody change the log shows through the policy's model, as a scenario with dated times built in
/// memory. For a recorded handover: the previous worker opens the apps they used (at the time of their first
/// sign-in to each), the provider's handover procedure runs at the check-out when the previous custody ended with a
/// check-in, and the next worker opens the apps the log shows on the device during their custody (at each app's first
/// row), or, with none, the previous worker's apps a minute after the handover. When the row that decides the log's
/// verdict is another account's than the previous custodian's, the device changed hands inside the custody with no
/// custody record: that pick-up is played instead (`comparePickUp`), with no handover procedure. The prediction is
/// "exposed" when a step after the change serves another worker's session or reports a finding that shows another
/// worker's session or data.
struct HandoverModel {
    let model: ReplayModel
    let replay: LogReplay
    let timeline: CustodyTimeline
    let zone: TimeZoneRules?

    private static let position = SourcePosition(file: "<replay>", line: 0, column: 0)
    private static let previousWorker = "previous-worker"
    private static let nextWorker = "next-worker"

    private struct Planned {
        var time: Int64
        var user: String
        var event: String
        var target: String
        var handover: Bool
    }

    /// How the model's prediction for handover `k` compares with the log's verdict.
    func agreement(_ k: Int, verdict: Verdict) -> ModelComparison.Agreement {
        compare(k, verdict: verdict).agreement
    }

    func compare(_ k: Int, verdict: Verdict) -> ModelComparison {
        if let pickUp = pickUp(k) { return comparePickUp(k, pickUp, verdict: verdict) }
        let p = Int(timeline.previous[k])
        guard p >= 0 else {
            return ModelComparison(
                prediction: .notModelled, agreement: .notCompared, reason: "no previous custody on the device",
                steps: [])
        }
        if timeline.custodian[p] == timeline.custodian[k] {
            return ModelComparison(
                prediction: .notModelled, agreement: .notCompared, reason: "the same worker again: no handover",
                steps: [])
        }
        let handoverTime = timeline.starts[k] / 1000
        var planned: [Planned] = []
        var previousApps: [String] = []
        for use in replay.states[p].apps.sorted(by: { ($0.firstOwn ?? .max, $0.app) < ($1.firstOwn ?? .max, $1.app) }) {
            guard let first = use.firstOwn, let app = policyApp(use.app) else { continue }
            if !previousApps.contains(app) { previousApps.append(app) }
            planned.append(
                Planned(
                    time: min(first / 1000, handoverTime), user: Self.previousWorker, event: "open", target: app,
                    handover: false))
        }
        let declaresHandover = model.policy.descriptor.handover != nil
        let checkedIn = timeline.intervals[p].closure == .checkIn
        if declaresHandover, checkedIn, !planned.isEmpty {
            planned.append(
                Planned(
                    time: handoverTime, user: Self.nextWorker, event: HandoverDeclaration.stepKey,
                    target: "\(Self.previousWorker) -> \(Self.nextWorker)", handover: true))
        }
        var nextApps: [(time: Int64, app: String)] = []
        for use in replay.states[k].apps {
            guard let app = policyApp(use.app) else { continue }
            let time = max(use.first / 1000, handoverTime)
            if let index = nextApps.firstIndex(where: { $0.app == app }) {
                nextApps[index].time = min(nextApps[index].time, time)
            } else {
                nextApps.append((time, app))
            }
        }
        return play(
            planned, previousApps: previousApps, nextApps: nextApps, at: handoverTime, verdict: verdict,
            missing: replay.states[p].apps.contains { $0.firstOwn != nil }
                ? .unmapped("in the previous worker's sign-ins on the device")
                : .noSignIn("the previous worker"), pickUp: nil)
    }

    /// The custody change the log shows inside custody `k`, when it is not the recorded handover: the account of the
    /// row that decides the log's verdict (another account's sign-in while the custodian held the device), when it
    /// is not the previous custodian's (whose lingering session the recorded handover plays). The device changed
    /// hands without a custody record: a pick-up (a porter finding a phone in a drawer).
    func pickUp(_ k: Int) -> RowRef? {
        let state = replay.states[k]
        let slot = state.firstForeignInteractive >= 0 ? state.firstForeignInteractive : state.firstForeignSilent
        guard slot >= 0 else { return nil }
        let row = replay.arena[slot]
        let p = Int(timeline.previous[k])
        if p >= 0, replay.custodian(ofAccount: row.account) == timeline.custodian[p] { return nil }
        return row
    }

    /// Plays a pick-up inside custody `k`: the custodian opens the apps they used before it, then the account that
    /// picked the device up opens the apps the log shows for other accounts during the custody (at each app's first
    /// such row, from the pick-up on), with no handover procedure, since none happened.
    private func comparePickUp(_ k: Int, _ row: RowRef, verdict: Verdict) -> ModelComparison {
        let pickUpTime = row.time / 1000
        var planned: [Planned] = []
        var holderApps: [String] = []
        for use in replay.states[k].apps.sorted(by: { ($0.firstOwn ?? .max, $0.app) < ($1.firstOwn ?? .max, $1.app) }) {
            guard let first = use.firstOwn, first / 1000 <= pickUpTime, let app = policyApp(use.app) else { continue }
            if !holderApps.contains(app) { holderApps.append(app) }
            planned.append(
                Planned(time: first / 1000, user: Self.previousWorker, event: "open", target: app, handover: false))
        }
        var takerApps: [(time: Int64, app: String)] = []
        for use in replay.states[k].apps {
            guard let foreign = use.firstForeign, let app = policyApp(use.app) else { continue }
            let time = max(foreign / 1000, pickUpTime)
            if let index = takerApps.firstIndex(where: { $0.app == app }) {
                takerApps[index].time = min(takerApps[index].time, time)
            } else {
                takerApps.append((time, app))
            }
        }
        return play(
            planned, previousApps: holderApps, nextApps: takerApps, at: pickUpTime, verdict: verdict,
            missing: replay.states[k].apps.contains { ($0.firstOwn ?? .max) / 1000 <= pickUpTime }
                ? .unmapped("in the custodian's sign-ins on the device before the pick-up")
                : .noSignIn("the custodian before the pick-up"), pickUp: pickUpTime)
    }

    /// Why a change of hands has no app of the policy to play.
    enum MissingApps {
        /// The worker signed in, but to no app the policy names (`where`: whose sign-ins were looked at).
        case unmapped(String)
        /// The logs show no sign-in of the worker's own on the device (`who`).
        case noSignIn(String)

        func reason(policy: String) -> String {
            switch self {
            case .unmapped(let place): "no app of policy '\(policy)' \(place) (map log apps with --app-map)"
            case .noSignIn(let who):
                "the logs show no sign-in of \(who)'s own on the device: nothing of theirs can carry over"
            }
        }
    }

    /// Plays the planned steps, then the next worker's apps (or, with none, the previous worker's a minute after the
    /// change), and compares the prediction with the log's verdict.
    private func play(
        _ planned: [Planned], previousApps: [String], nextApps: [(time: Int64, app: String)], at changeTime: Int64,
        verdict: Verdict, missing: MissingApps, pickUp: Int64?
    ) -> ModelComparison {
        var planned = planned
        var nextApps = nextApps
        var probe = false
        if nextApps.isEmpty {
            probe = true
            nextApps = previousApps.map { (changeTime + 60, $0) }
        }
        for (time, app) in nextApps.sorted(by: { ($0.time, $0.app) < ($1.time, $1.app) }) {
            planned.append(Planned(time: time, user: Self.nextWorker, event: "open", target: app, handover: false))
        }
        guard !previousApps.isEmpty, planned.contains(where: { $0.user == Self.nextWorker && !$0.handover }) else {
            return ModelComparison(
                prediction: .notModelled, agreement: .notCompared,
                reason: missing.reason(policy: model.policy.configuration.id), steps: [])
        }
        planned.sort { ($0.time, $0.user == Self.nextWorker ? 1 : 0) < ($1.time, $1.user == Self.nextWorker ? 1 : 0) }
        let scenario = scenario(planned)
        var lines = scenario.steps.map { step in
            "\(step.timeText) "
                + (step.handover != nil ? "handover \(step.target)" : "\(step.user ?? "") \(step.event) \(step.target)")
        }
        if pickUp != nil, let index = planned.firstIndex(where: { $0.user == Self.nextWorker }) {
            lines.insert(
                "\(scenario.steps[index].timeText) next-worker picks the device up (no handover)", at: index)
        }
        let pickedUp =
            pickUp.map {
                " (the log shows another account on the device at \(ReplayTime.text($0 * 1000, zone: zone)) with no "
                    + "custody change: played as a pick-up without a handover)"
            } ?? ""
        guard case .success(let bound) = ScenarioBinder(mode: .lenient).bind(scenario, to: model.policy) else {
            return ModelComparison(
                prediction: .notModelled, agreement: .notCompared, reason: "the scenario does not bind to the policy",
                steps: lines)
        }
        let result = ScenarioRunner(traceMode: .off).run(bound)
        var prediction = ModelComparison.Prediction.clean
        var reason =
            "the next worker is in their own session at every step after the "
            + (pickUp == nil ? "handover" : "pick-up")
            + (probe ? " (no app in the log during the custody: the previous worker's apps were opened)" : "")
            + pickedUp
        let views = result.views
        var afterHandover = false
        for (view, step) in zip(views, scenario.steps) {
            if step.user == Self.nextWorker { afterHandover = true }
            guard afterHandover, step.handover == nil else { continue }
            let leaks = view.findings.filter { $0.concern?.exposesAnotherUser == true }.map(\.id)
            let foreign = view.sessionUser != nil && view.sessionUser != Self.nextWorker
            if !leaks.isEmpty || foreign {
                prediction = .exposed
                reason =
                    "step \(view.number) (\(view.at)): the next worker opens \(view.app)"
                    + (foreign
                        ? " and is served \(view.sessionUser == Self.previousWorker ? "the previous worker's" : "another") session"
                        : "")
                    + (leaks.isEmpty ? "" : "; " + leaks.joined(separator: ", "))
                    + (probe ? " (the previous worker's apps, opened a minute after the handover)" : "")
                    + pickedUp
                break
            }
        }
        return ModelComparison(
            prediction: prediction, agreement: .of(log: verdict, model: prediction), reason: reason, steps: lines)
    }

    private func policyApp(_ app: Int32) -> String? {
        guard app >= 0 else { return nil }
        let name = replay.appName[Int(app)]
        let id = replay.appID[Int(app)]
        return model.mapping.policyApp(
            name: name >= 0 ? replay.appNames.string(name) : "", appID: id >= 0 ? replay.appIDs.string(id) : nil,
            in: model.policy)
    }

    /// The planned steps as a dated scenario: real seconds between steps, shown in the zone (or UTC).
    private func scenario(_ planned: [Planned]) -> Scenario {
        let first = planned[0].time
        let firstDated = DatedTime(instant: first, offset: zone?.offset(at: first) ?? 0)
        let firstClock = firstDated.secondsOfDay
        var steps: [ScenarioStep] = []
        for (index, step) in planned.enumerated() {
            let dated = DatedTime(instant: step.time, offset: zone?.offset(at: step.time) ?? 0)
            let time = firstClock + Int(step.time - first)
            var handover: ScenarioStep.Handover?
            if step.handover {
                handover = ScenarioStep.Handover(
                    from: Self.previousWorker, to: Self.nextWorker, fromPosition: Self.position,
                    toPosition: Self.position)
            }
            steps.append(
                ScenarioStep(
                    number: index + 1, position: Self.position, time: time, user: step.user, event: step.event,
                    eventPosition: Self.position, target: step.target, targetPosition: Self.position, conditions: [],
                    note: nil, handover: handover, dated: dated))
        }
        return Scenario(
            id: "replayed-handover", title: nil, file: "<replay>", position: Self.position, given: [], steps: steps,
            timezone: zone?.identifier)
    }
}
