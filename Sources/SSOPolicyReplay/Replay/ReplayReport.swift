import SSOPolicy

/// One judged interval: a worker's custody of a device, or a window of a device whose custody is unknown.
public struct ReplayInterval: Sendable {
    public enum Kind: String, Sendable {
        case custody
        case unknownCustody = "unknown_custody"
    }

    public var kind: Kind
    /// The device as custody names it, or the log's device id.
    public var device: String
    /// The device's display name in the log, when it has one and it differs from `device`.
    public var deviceName: String?
    /// The worker holding the device (custody), nil when unknown.
    public var custodian: String?
    /// The worker who held it before (custody).
    public var previousCustodian: String?
    /// Unknown custody: the accounts that signed in, in order of their first successful sign-in.
    public var accounts: [String] = []
    /// Milliseconds since 1970-01-01T00:00Z.
    public var start: Int64
    public var end: Int64
    public var closure: CustodyInterval.Closure?
    /// Where the custody record is.
    public var custodyPosition: SourcePosition?
    public var verdict: Verdict
    /// The verdict in one sentence.
    public var reason: Phrase
    /// The rows that decide the verdict, then the rows that support it.
    public var evidence: [Evidence]
    public var rows: Int
    public var otherAccountRows: Int
    /// What the policy's model predicts for this handover, with `--policy`.
    public var model: ModelComparison?
    /// The custody index, for the model (nil for unknown custody).
    var custodyIndex: Int?
}

/// What one input file gave.
public struct FileSummary: Sendable {
    public var path: String
    public var format: String
    public var rows: Int
}

/// The counts and the time range, for the summary.
public struct ReplaySummary: Sendable {
    public var files: [FileSummary] = []
    public var custodyFile: String?
    public var custodyShape: String?
    public var custodyRecords = 0
    public var rowsRead = 0
    public var rowsUsed = 0
    public var badRows = 0
    public var devicelessRows = 0
    /// Rows without a user principal name: service principals' and managed identities' sign-ins.
    public var notUserRows = 0
    public var interactiveRows = 0
    public var nonInteractiveRows = 0
    public var unknownInteractivityRows = 0
    public var groupedRows = 0
    /// The first and last row's time (milliseconds), nil without rows.
    public var firstRow: Int64?
    public var lastRow: Int64?
    /// The time the logs are taken to cover.
    public var coverFrom: Int64?
    public var coverTo: Int64?
    public var devices = 0
    public var accounts = 0
    public var verdicts: [Verdict: Int] = [:]
    /// Things the reader should know about the input as a whole.
    public var warnings: [String] = []
}

/// The whole replay: the summary and every judged interval, ordered by device and time.
public struct ReplayReport: Sendable {
    public var summary: ReplaySummary
    public var intervals: [ReplayInterval]
    /// The zone times are shown in (UTC when nil).
    public var zone: TimeZoneRules?
    /// The policy the handovers were played through, if any.
    public var policy: String?

    /// The intervals worst first: verdict, then reality worse than the model, then time, then device.
    public var worstFirst: [ReplayInterval] {
        intervals.sorted {
            if $0.verdict != $1.verdict { return $0.verdict < $1.verdict }
            let left = $0.model?.agreement.rank ?? 9
            let right = $1.model?.agreement.rank ?? 9
            if left != right { return left < right }
            if $0.start != $1.start { return $0.start < $1.start }
            return $0.device < $1.device
        }
    }

    /// The time of an instant as shown: `2026-05-04T14:03:05Z`, or local with its offset under a zone.
    public func time(_ millis: Int64) -> String { ReplayTime.text(millis, zone: zone) }
}

/// Instants in milliseconds as text.
public enum ReplayTime {
    public static func text(_ millis: Int64, zone: TimeZoneRules?) -> String {
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
