import SSOPolicy

/// The verdict rule (`docs/replay.md`, "The verdict"), applied once every row is in:
///
/// - custody known: **exposed** when another account signed in successfully and interactively on the device during
///   the custody; else **maybe exposed** when another account's background (non-interactive, grouped, or
///   unknown) sign-in succeeded there; else **unreplayable** when a custody time does not exist or exists twice on
///   the local clock, when no sign-in row names the custody's device (it cannot be resolved), when the custody is
///   not wholly inside the time the logs cover, or when the previous worker signed in without a device id during it
///   from an operating system that may be this device's (`DevicePlatform`); else **clean**;
/// - custody unknown: **maybe exposed** when one account's successful sign-ins go on after another account's
///   first (by more than the skew), else **clean**.
///
/// A worker's own row within the skew of their custody counts as theirs (the custody clock and Entra's differ).
struct VerdictRule {
    let replay: LogReplay
    let coverFrom: Int64?
    let coverTo: Int64?

    /// The row in an arena slot (-1: none).
    func row(_ slot: Int32) -> RowRef? { slot >= 0 ? replay.arena[slot] : nil }

    /// Whether the custody lies wholly inside the time the logs cover.
    func covered(_ interval: CustodyInterval) -> Bool {
        guard let from = coverFrom, let to = coverTo else { return false }
        return interval.start >= from && interval.end <= to
    }

    /// The verdict of custody interval `k` alone (what `custody` explains).
    func custodyVerdict(_ k: Int, _ timeline: CustodyTimeline) -> Verdict {
        let state = replay.states[k]
        if timeline.intervals[k].clockProblem != nil { return .unreplayable }
        if state.firstForeignInteractive >= 0 { return .exposed }
        if state.firstForeignSilent >= 0 { return .maybeExposed }
        if !covered(timeline.intervals[k]) || !deviceInLogs(k, timeline) || deviceless(k, timeline).possible >= 0 {
            return .unreplayable
        }
        return .clean
    }

    /// Whether some sign-in row names custody interval `k`'s device (by device id, display name or the device map).
    func deviceInLogs(_ k: Int, _ timeline: CustodyTimeline) -> Bool {
        replay.custodyDeviceRows[Int(timeline.deviceOf[k])] > 0
    }

    /// The previous worker's earliest sign-in without a device id during custody `k` from an operating system that
    /// may be this device's, and the earliest from one that cannot (arena slots, -1: none).
    func deviceless(_ k: Int, _ timeline: CustodyTimeline) -> (possible: Int32, elsewhere: Int32) {
        let state = replay.states[k]
        guard !state.deviceless.isEmpty else { return (-1, -1) }
        return state.deviceless(
            onDeviceShowing: replay.custodyPlatforms[Int(timeline.deviceOf[k])], replay.arena)
    }

    func evidence(_ row: RowRef, _ role: Evidence.Role) -> Evidence {
        var app = ""
        var appID: String?
        if row.app >= 0 {
            let name = replay.appName[Int(row.app)]
            let id = replay.appID[Int(row.app)]
            if id >= 0 { appID = replay.appIDs.string(id) }
            app = name >= 0 ? replay.appNames.string(name) : appID ?? ""
        }
        var correlation: String?
        switch row.correlation.kind {
        case .none: correlation = nil
        case .guid: correlation = row.correlation.guidText
        case .interned: correlation = replay.correlations.string(Int32(row.correlation.low))
        }
        return Evidence(
            role: role, time: row.time, account: replay.accounts.string(row.account), app: app, appID: appID,
            correlationID: correlation, interactivity: row.interactivity, outcome: row.outcome,
            errorCode: row.errorCode >= 0 ? Int(row.errorCode) : nil, count: Int(row.count),
            deviceID: row.device >= 0 ? replay.logDevices.string(row.device) : nil,
            file: replay.files[Int(row.position.file)], line: Int(row.position.line),
            column: Int(row.position.column))
    }

    private func time(_ millis: Int64) -> String { ReplayTime.text(millis, zone: replay.options.zone) }

    private func describe(_ row: RowRef) -> Phrase {
        let shown = evidence(row, .custodianSignIn)
        var text = Phrase.person(shown.account)
        if !shown.app.isEmpty { text += " (\(shown.app))" }
        text += " at \(time(row.time))"
        if row.count > 1 { text += ", a grouped row of \(row.count) sign-ins" }
        return text
    }

    /// The verdict of custody interval `k`.
    func custody(_ k: Int, _ timeline: CustodyTimeline) -> (Verdict, Phrase, [Evidence]) {
        let state = replay.states[k]
        let interval = timeline.intervals[k]
        var evidence: [Evidence] = []
        func own() {
            if let row = row(state.firstOwnInteractive) ?? row(state.firstOwn) {
                evidence.append(self.evidence(row, .custodianSignIn))
            }
        }
        if let problem = interval.clockProblem {
            if let row = row(state.firstForeignInteractive) {
                evidence.append(self.evidence(row, .otherAccountInteractive))
            }
            if let row = row(state.firstForeignSilent) { evidence.append(self.evidence(row, .otherAccountBackground)) }
            own()
            return (.unreplayable, Phrase("the custody cannot be placed on the timeline: \(problem)"), evidence)
        }
        if let row = row(state.firstForeignInteractive) {
            evidence.append(self.evidence(row, .otherAccountInteractive))
            if let silent = self.row(state.firstForeignSilent), silent.precedes(row) {
                evidence.append(self.evidence(silent, .otherAccountBackground))
            }
            own()
            let more = state.foreignInteractive > 1 ? " (\(state.foreignInteractive) such sign-ins)" : ""
            return (
                .exposed,
                "another account signed in interactively while " + .person(interval.user) + " held the device: "
                    + describe(row) + more, evidence
            )
        }
        if let row = row(state.firstForeignSilent) {
            evidence.append(self.evidence(row, .otherAccountBackground))
            own()
            let kind =
                row.count > 1
                ? "a grouped background sign-in" : row.interactivity == .unknown ? "a sign-in" : "a background sign-in"
            let more = state.foreignSilent > 1 ? " (\(state.foreignSilent) such rows)" : ""
            return (
                .maybeExposed,
                "another account's token was used on the device while " + .person(interval.user) + " held it, in "
                    + "\(kind) (not interactive: possibly an app in the background): " + describe(row) + more, evidence
            )
        }
        var problems: [Phrase] = []
        if replay.rowsUsed > 0, !deviceInLogs(k, timeline) {
            problems.append(
                Phrase(
                    "no sign-in row names this device: custody calls it '\(interval.device)', and no row's "
                        + "deviceDetail.deviceId or displayName (ignoring case), nor a --device-map line, matches it"))
        }
        if let from = coverFrom, let to = coverTo {
            if interval.start < from || interval.end > to {
                problems.append(
                    Phrase(
                        "the custody (\(time(interval.start)) to \(time(interval.end))) is not wholly inside the time "
                            + "the logs cover (\(time(from)) to \(time(to))"
                            + (replay.options.from == nil || replay.options.to == nil
                                ? ", from their first row to their last; give --from and --to for the time the "
                                    + "export covers" : ", as --from and --to say; export and replay a wider time")
                            + ")"))
            }
        } else {
            problems.append("no sign-in rows were read")
        }
        let (possible, elsewhere) = deviceless(k, timeline)
        let platforms = replay.custodyPlatforms[Int(timeline.deviceOf[k])]
        if let row = row(possible) {
            evidence.append(self.evidence(row, .previousWorkerNoDevice))
            problems.append(
                "the previous worker signed in without a device id during the custody: " + describe(row)
                    + (row.platform == .unknown ? "" : ", from \(row.platform.name)")
                    + "; it may have been this device")
        }
        if !problems.isEmpty {
            own()
            return (.unreplayable, Phrase.joined(problems, separator: "; "), evidence)
        }
        var elsewhereNote: Phrase?
        if let row = row(elsewhere) {
            elsewhereNote =
                "; the previous worker's sign-in without a device id (" + describe(row) + ") came from "
                + Phrase(row.platform.name) + ", and this device "
                + Phrase(
                    platforms != 0
                        ? "shows \(DevicePlatform.names(platforms)) in its sign-ins"
                        : "is a shared phone or handheld") + ": not this device"
        }
        if let row = row(state.firstForeignPrompt) { evidence.append(self.evidence(row, .otherAccountPrompted)) }
        own()
        if let row = row(elsewhere) { evidence.append(self.evidence(row, .previousWorkerOtherDevice)) }
        if state.rows == 0 {
            return (.clean, "no sign-ins on the device during the custody" + (elsewhereNote ?? ""), evidence)
        }
        var reason = "only " + Phrase.person(interval.user) + "'s own sign-ins on the device during the custody"
        if let row = row(state.firstForeignPrompt) {
            reason +=
                "; another account was asked to sign in (no session left): " + describe(row)
                + (row.errorCode >= 0 ? ", AADSTS\(row.errorCode)" : "")
        }
        if let elsewhereNote { reason += elsewhereNote }
        return (.clean, reason, evidence)
    }

    /// An unknown-custody span's accounts with a successful sign-in, in order of their first, and the first pair
    /// whose sign-ins overlap (the later account began before the earlier one's last, beyond the skew).
    private func overlap(_ span: SpanState) -> (active: [SpanState.Account], pair: (earlier: Int, later: Int)?) {
        let arena = replay.arena
        let active = span.accounts.filter { $0.firstSuccess >= 0 }.sorted {
            arena[$0.firstSuccess].precedes(arena[$1.firstSuccess])
        }
        let skew = replay.options.skew
        for later in active.indices.dropFirst() {
            let start = arena[active[later].firstSuccess]
            for earlier in 0..<later where arena[active[earlier].lastSuccess].time > start.time + skew {
                return (active, (earlier, later))
            }
        }
        return (active, nil)
    }

    /// The verdict of an unknown-custody span alone (what `span` explains).
    func spanVerdict(_ span: SpanState) -> Verdict {
        span.moreAccounts > 0 || overlap(span).pair != nil ? .maybeExposed : .clean
    }

    /// The verdict of an unknown-custody span, and its accounts in order of their first successful sign-in.
    func span(_ span: SpanState) -> (Verdict, Phrase, [Evidence], [String]) {
        let arena = replay.arena
        let (active, pair) = overlap(span)
        let names = active.map { replay.accounts.string($0.account) }
        if let (earlier, later) = pair {
            let start = arena[active[later].firstSuccess]
            let last = arena[active[earlier].lastSuccess]
            let evidence = [
                self.evidence(start, .laterAccountStarts), self.evidence(last, .earlierAccountContinues),
            ]
            return (
                .maybeExposed,
                "custody unknown: " + .person(names[earlier]) + "'s sign-ins go on after "
                    + .person(names[later]) + " began on the device (" + describe(start) + "); last: "
                    + describe(last), evidence, names
            )
        }
        var evidence: [Evidence] = []
        for account in active {
            if let row = row(account.firstInteractive) ?? row(account.firstSuccess) {
                evidence.append(self.evidence(row, .custodianSignIn))
            }
        }
        if span.moreAccounts > 0 {
            return (
                .maybeExposed,
                Phrase(
                    "custody unknown: more than \(SpanState.maxAccounts) accounts signed in on the device in this "
                        + "window (\(span.moreAccounts) rows of further accounts)"), evidence, names
            )
        }
        let reason: Phrase
        switch names.count {
        case 0: reason = "custody unknown: no successful sign-ins"
        case 1: reason = "custody unknown: one account (" + .person(names[0]) + ")"
        default:
            reason =
                "custody unknown: the accounts follow one another ("
                + Phrase.joined(names.map(Phrase.person), separator: ", ") + ")"
        }
        return (.clean, reason, evidence, names)
    }
}
