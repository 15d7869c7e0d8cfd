import SSOPolicyProviderKit

extension Comparison {
    /// The verdict in one line, worst news first (docs/compare.md, "The verdict"): the most severe step finding
    /// with the counts by severity; each worker who could not work at all; for each next worker whether and from
    /// which step they are safely in their own session for the rest of their turn; then prompts and denied access
    /// attempts per worker.
    public static func verdict(_ totals: Totals) -> String {
        var clauses: [String] = []
        if let worst = totals.worstFinding, worst.severity < .info {
            let counts = [Severity.critical, .high, .medium, .low].compactMap { severity -> String? in
                let count = totals.findings[severity] ?? 0
                return count == 0 ? nil : "\(count) \(severity.name)"
            }
            clauses.append(
                "\(worst.severity.name) \(worst.id) at step \(worst.step) (findings: "
                    + counts.joined(separator: ", ") + ")")
        }
        let stranded = totals.workers.filter(\.couldNotWork)
        for worker in stranded {
            clauses.append(
                "\(worker.user) could not work ("
                    + (worker.denied == 1 ? "the one access attempt" : "all \(worker.denied) access attempts")
                    + " denied)")
        }
        if totals.handovers.isEmpty { clauses.append("no handover") }
        let strandedUsers = Set(stranded.map(\.user))
        for handover in totals.handovers {
            // "never safe (no access in their own session)" says again what "could not work" said.
            if strandedUsers.contains(handover.user), handover.safeFromStep == nil, handover.lastUnsafeStep == nil {
                continue
            }
            clauses.append(handoverVerdict(handover))
        }
        let prompts = totals.workers.map { "\($0.user) \($0.prompts)" }.joined(separator: ", ")
        clauses.append("prompts " + (prompts.isEmpty ? "none" : prompts))
        let anyDenied = totals.workers.contains { $0.denied > 0 }
        clauses.append(
            "denied " + (anyDenied ? totals.workers.map { "\($0.user) \($0.denied)" }.joined(separator: ", ") : "none"))
        return clauses.joined(separator: "; ")
    }

    static func handoverVerdict(_ handover: Handover) -> String {
        if let step = handover.safeFromStep {
            return "\(handover.user) safe from step \(step)"
                + (handover.safeAtOnce
                    ? " (at once)" : " (after " + Duration.format(handover.secondsUntilSafe ?? 0) + ")")
        }
        if let unsafe = handover.lastUnsafeStep {
            return "\(handover.user) never safe (step \(unsafe) shows another user's session or data)"
        }
        return handover.hasAccess
            ? "\(handover.user) never safe (no access in their own session)"
            : "\(handover.user) not judged (no access attempt)"
    }
}
