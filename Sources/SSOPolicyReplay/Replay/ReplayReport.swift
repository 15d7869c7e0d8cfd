import SSOPolicy

/// One judged interval: a worker's custody of a device, or a window of a device whose custody is unknown.
package struct ReplayInterval: Sendable {
    package enum Kind: String, Sendable {
        case custody
        case unknownCustody = "unknown_custody"
    }

    package var kind: Kind
    /// The device as custody names it, or the log's device id.
    package var device: String
    /// The device's display name in the log, when it has one and it differs from `device`.
    package var deviceName: String?
    /// The worker holding the device (custody), nil when unknown.
    package var custodian: String?
    /// The worker who held it before (custody).
    package var previousCustodian: String?
    /// Unknown custody: the accounts that signed in, in order of their first successful sign-in.
    package var accounts: [String] = []
    /// Milliseconds since 1970-01-01T00:00Z.
    package var start: Int64
    package var end: Int64
    package var closure: CustodyInterval.Closure?
    /// Where the custody record is.
    package var custodyPosition: SourcePosition?
    package var verdict: Verdict
    /// The verdict in one sentence.
    package var reason: Phrase
    /// The rows that decide the verdict, then the rows that support it.
    package var evidence: [Evidence]
    package var rows: Int
    package var otherAccountRows: Int
    /// What the policy's model predicts for this handover, with `--policy`.
    package var model: ModelComparison?
}

/// What one input file gave.
package struct FileSummary: Sendable {
    package var path: String
    package var format: String
    package var rows: Int
}

/// The counts and the time range, for the summary.
package struct ReplaySummary: Sendable {
    package var files: [FileSummary] = []
    package var custodyFile: String?
    package var custodyShape: String?
    package var custodyRecords = 0
    /// Custody: how many devices it names, and those no sign-in row names (by device id, display name or the device
    /// map), in order of name.
    package var custodyDevices = 0
    package var unmatchedCustodyDevices: [String] = []
    /// Devices of the logs that custody does not name.
    package var logDevicesWithoutCustody = 0
    /// What the reader must see first, before any count: custody devices the logs never name (a gate cannot pass on
    /// custody it did not see). Nil when there is nothing to say.
    package var custodyNotice: String?
    package var rowsRead = 0
    package var rowsUsed = 0
    package var badRows = 0
    package var devicelessRows = 0
    /// Rows without a user principal name: service principals' and managed identities' sign-ins.
    package var notUserRows = 0
    package var interactiveRows = 0
    package var nonInteractiveRows = 0
    package var unknownInteractivityRows = 0
    package var groupedRows = 0
    /// The first and last row's time (milliseconds), nil without rows.
    package var firstRow: Int64?
    package var lastRow: Int64?
    /// The time the logs are taken to cover.
    package var coverFrom: Int64?
    package var coverTo: Int64?
    package var devices = 0
    package var accounts = 0
    package var verdicts: [Verdict: Int] = [:]
    /// Things the reader should know about the input as a whole.
    package var warnings: [String] = []
}

/// The whole replay: the summary and every judged interval, ordered by device and time. Each interval is kept as a
/// few numbers and written out in full only when asked for (`intervals[i]`), so a report of a month of a fleet
/// holds no text per interval; outputs go through the intervals one by one. Immutable once built.
package final class ReplayReport: @unchecked Sendable {
    package let summary: ReplaySummary
    /// The zone times are shown in (UTC when nil).
    package let zone: TimeZoneRules?
    /// The policy the handovers were played through, if any.
    package let policy: String?

    /// One interval as kept: where it comes from, its verdict, the model's agreement, its start.
    struct Entry {
        /// A custody interval's index, or a span's index (`span` true).
        var index: Int32
        var span: Bool
        var verdict: Verdict
        var agreement: ModelComparison.Agreement?
        var start: Int64
    }

    let entries: [Entry]
    private let replay: LogReplay
    private let rule: VerdictRule
    private let handovers: HandoverModel?

    init(
        summary: ReplaySummary, zone: TimeZoneRules?, policy: String?, entries: [Entry], replay: LogReplay,
        rule: VerdictRule, handovers: HandoverModel?
    ) {
        self.summary = summary
        self.zone = zone
        self.policy = policy
        self.entries = entries
        self.replay = replay
        self.rule = rule
        self.handovers = handovers
    }

    /// Every interval, ordered by device, then time (custody before unknown custody).
    package var intervals: Intervals { Intervals(report: self) }

    /// The intervals, written out one at a time as they are read.
    package struct Intervals: RandomAccessCollection, Sendable {
        let report: ReplayReport
        package var startIndex: Int { 0 }
        package var endIndex: Int { report.entries.count }
        package subscript(position: Int) -> ReplayInterval { report.interval(report.entries[position]) }
    }

    /// The intervals with one of `verdicts` (and, when given, a model agreement that `agreement` accepts), worst
    /// first: verdict, then reality worse than the model, then time, then device; at most `limit` written out.
    package func worst(
        including verdicts: [Verdict], limit: Int = .max,
        agreement: ((ModelComparison.Agreement?) -> Bool)? = nil
    ) -> (intervals: [ReplayInterval], total: Int) {
        let wanted = Set(verdicts)
        var order = entries.indices.filter {
            wanted.contains(entries[$0].verdict) && (agreement?(entries[$0].agreement) ?? true)
        }
        order.sort { a, b in
            let left = entries[a]
            let right = entries[b]
            let key = { (entry: Entry) in (entry.verdict.rank, entry.agreement?.rank ?? 9, entry.start) }
            let (l, r) = (key(left), key(right))
            return l != r ? l < r : a < b
        }
        return (order.prefix(limit).map { interval(entries[$0]) }, order.count)
    }

    /// How many handovers the model agrees with, is more pessimistic about, …
    package var agreements: [ModelComparison.Agreement: Int] {
        var counts: [ModelComparison.Agreement: Int] = [:]
        for entry in entries { if let agreement = entry.agreement { counts[agreement, default: 0] += 1 } }
        return counts
    }

    /// Every interval, worst first.
    package var worstFirst: [ReplayInterval] { worst(including: Verdict.allCases).intervals }

    /// The time of an instant as shown: `2026-05-04T14:03:05Z`, or local with its offset under a zone.
    package func time(_ millis: Int64) -> String { ReplayTime.text(millis, zone: zone) }

    private func interval(_ entry: Entry) -> ReplayInterval {
        let index = Int(entry.index)
        if entry.span {
            let span = replay.spans[index]
            let (verdict, reason, evidence, accounts) = rule.span(span)
            let (device, name) = deviceLabel(span.device)
            return ReplayInterval(
                kind: .unknownCustody, device: device, deviceName: name, accounts: accounts, start: span.window,
                end: span.window + replay.options.window, verdict: verdict, reason: reason, evidence: evidence,
                rows: Int(span.rows), otherAccountRows: 0)
        }
        let timeline = replay.timeline!
        let custody = timeline.intervals[index]
        let (verdict, reason, evidence) = rule.custody(index, timeline)
        let previous = timeline.previous[index]
        let state = replay.states[index]
        return ReplayInterval(
            kind: .custody, device: custody.device, custodian: custody.user,
            previousCustodian: previous >= 0 ? timeline.intervals[Int(previous)].user : nil, start: custody.start,
            end: custody.end, closure: custody.closure, custodyPosition: custody.position, verdict: verdict,
            reason: reason, evidence: evidence, rows: Int(state.rows), otherAccountRows: Int(state.foreignRows),
            model: handovers?.compare(index, verdict: verdict))
    }

    /// A span's device as shown: a custody device's name, or the log's device id (and display name).
    func deviceLabel(_ device: Int32) -> (String, String?) {
        let custodyDevices = replay.timeline?.deviceRanges.count ?? 0
        if Int(device) < custodyDevices, let timeline = replay.timeline {
            return (timeline.intervals[timeline.deviceRanges[Int(device)].lowerBound].device, nil)
        }
        let log = device - Int32(custodyDevices)
        let id = replay.logDevices.string(log)
        let label = replay.deviceName[Int(log)]
        guard label >= 0 else { return (id, nil) }
        let text = replay.deviceNames.string(label)
        return (id, text.lowercased() != id ? text : nil)
    }
}

/// Instants in milliseconds as text.
package enum ReplayTime {
    package static func text(_ millis: Int64, zone: TimeZoneRules?) -> String {
        let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        let offset = zone?.offset(at: seconds) ?? 0
        var text = CivilTime.format(wallClock: seconds + Int64(offset), alwaysSeconds: true)
        let rest = millis - seconds * 1000
        if rest != 0 {
            let digits = String(rest)
            text += "." + String(repeating: "0", count: 3 - digits.count) + digits
        }
        return text + CivilTime.format(offset: offset)
    }
}
