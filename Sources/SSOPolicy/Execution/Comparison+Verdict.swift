import SSOPolicyProviderKit

extension Comparison {
    /// The verdict in one line, worst news first (docs/compare.md, "The verdict"): each worker who could not work
    /// at all, and those of them no handover gives the device, with how the provider's workers take it; the most
    /// severe step finding with the counts by severity; for each next worker whether and from
    /// which step they are safely in their own session for the rest of their turn, with the time to their first
    /// productive access ("working in"); then each worker's sign-in effort in seconds, and denied access attempts
    /// when there are any.
    public static func verdict(_ totals: Totals) -> String {
        var clauses: [String] = []
        let stranded = totals.workers.filter(\.couldNotWork)
        for worker in stranded {
            clauses.append(
                "\(worker.user) could not work ("
                    + (worker.denied == 1 ? "the one access attempt" : "all \(worker.denied) access attempts")
                    + " denied)")
        }
        let neverHanded = stranded.filter { !$0.handedTheDevice }.map(\.user)
        if let pickup = totals.pickup, !neverHanded.isEmpty {
            clauses.append(
                "no step gives " + neverHanded.joined(separator: ", ") + " the device (a handover plays \(pickup))")
        }
        if let worst = totals.worstFinding, worst.severity < .info {
            let counts = [Severity.critical, .high, .medium, .low].compactMap { severity -> String? in
                let count = totals.findings[severity] ?? 0
                return count == 0 ? nil : "\(count) \(severity.name)"
            }
            clauses.append(
                "\(worst.severity.name) \(worst.id) at step \(worst.step) (findings: "
                    + counts.joined(separator: ", ")
                    + (totals.decidedBy.isEmpty ? "" : "; decided by " + totals.decidedBy.joined(separator: " and "))
                    + ")")
        }
        if totals.handovers.isEmpty { clauses.append("no handover") }
        let strandedUsers = Set(stranded.map(\.user))
        // A worker with several turns (the device came back to them) is named with the step each turn starts at.
        let turns = Dictionary(totals.handovers.map { ($0.user, 1) }, uniquingKeysWith: +)
        for handover in totals.handovers {
            // "never safe (no access in their own session)" says again what "could not work" said.
            if strandedUsers.contains(handover.user), handover.safeFromStep == nil, handover.lastUnsafeStep == nil {
                continue
            }
            clauses.append(handoverVerdict(handover, namesTurn: turns[handover.user, default: 0] > 1))
        }
        let effort = totals.workers.map { "\($0.user) \(seconds($0.effortSeconds))" }.joined(separator: ", ")
        clauses.append("effort " + (effort.isEmpty ? "none" : effort))
        if totals.workers.contains(where: { $0.denied > 0 }) {
            clauses.append("denied " + totals.workers.map { "\($0.user) \($0.denied)" }.joined(separator: ", "))
        }
        return clauses.joined(separator: "; ")
    }

    /// A number of seconds in words: `46s`, `1m6s`, `0s`.
    public static func seconds(_ value: Int) -> String { value == 0 ? "0s" : Duration.format(value) }

    /// `namesTurn`: say which of the worker's turns this is ("bob's turn from step 7 …").
    static func handoverVerdict(_ handover: Handover, namesTurn: Bool = false) -> String {
        let who = namesTurn ? "\(handover.user)'s turn from step \(handover.step)" : handover.user
        let working = handover.secondsToFirstProductiveAccess.map { "working in " + seconds($0) }
        if let step = handover.safeFromStep {
            return "\(who) safe from step \(step)"
                + (handover.safeAtOnce
                    ? " (at once" : " (after " + Duration.format(handover.secondsUntilSafe ?? 0))
                + (working.map { "; " + $0 } ?? "") + ")"
        }
        if let unsafe = handover.lastUnsafeStep {
            return "\(who) never safe (step \(unsafe) shows another user's session or data)"
                + (working.map { ", " + $0 } ?? "")
        }
        return handover.hasAccess
            ? "\(who) never safe (no access in their own session)"
            : "\(who) not judged (no access attempt)"
    }
}
