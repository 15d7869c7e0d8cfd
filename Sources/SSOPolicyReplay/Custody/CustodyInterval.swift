import SSOPolicy

/// One worker's custody of one device: from check-out to check-in (or what ended it), as a custody source says.
package struct CustodyInterval: Sendable, Hashable {
    /// How the custody ended.
    package enum Closure: String, Sendable, Hashable {
        /// A check-in (or the end the record gives).
        case checkIn = "check_in"
        /// No check-in: the device's next check-out ended it (a forgotten check-in, a handover outside the
        /// custody system).
        case nextCheckOut = "next_check_out"
        /// No check-in and no next check-out soon enough: ended after the longest custody (`--max-custody`).
        case maxCustody = "max_custody"
    }

    /// The device as the custody source names it (an Entra device id, a device name or a serial).
    package var device: String
    /// The worker as the custody source names them (a user name or a user principal name).
    package var user: String
    /// Milliseconds since 1970-01-01T00:00Z.
    package var start: Int64
    package var end: Int64
    package var closure: Closure
    /// Where the record is (the check-out's row for event sources).
    package var position: SourcePosition
    /// A custody time that cannot be placed on the timeline exactly: a local time the clocks skipped or showed
    /// twice (a daylight-saving change).
    package var clockProblem: String?

    package init(
        device: String, user: String, start: Int64, end: Int64, closure: Closure, position: SourcePosition,
        clockProblem: String? = nil
    ) {
        self.device = device
        self.user = user
        self.start = start
        self.end = end
        self.closure = closure
        self.position = position
        self.clockProblem = clockProblem
    }
}

/// A custody record as read, before the timeline orders it and closes what was left open.
struct CustodyRecord {
    var device: String
    var user: String
    var start: Int64
    /// nil: never checked in.
    var end: Int64?
    var position: SourcePosition
    var clockProblem: String?
}
