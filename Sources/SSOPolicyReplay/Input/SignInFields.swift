/// Whether a sign-in row is interactive (the user gave an authentication factor) or done on the user's behalf in the
/// background, as the row or its table says.
package enum Interactivity: UInt8, Sendable, Hashable {
    case interactive, nonInteractive, unknown

    package var name: String {
        switch self {
        case .interactive: return "interactive"
        case .nonInteractive: return "non_interactive"
        case .unknown: return "unknown"
        }
    }
}

/// The fields of one sign-in row that replay reads, as the readers hand them over: text as byte slices into the
/// reader's buffer (valid only during the hand-over), the rest parsed.
struct SignInFields {
    /// Milliseconds since 1970-01-01T00:00Z; nil when the row has no readable time.
    var time: Int64?
    /// A time of a lower-priority column (`TimeGenerated` when `CreatedDateTime` is missing).
    var fallbackTime: Int64?
    var account = ByteSlice.empty
    var deviceID = ByteSlice.empty
    var deviceName = ByteSlice.empty
    /// `deviceDetail.operatingSystem` / `Operating System`: a row without a device id may still say it was not a
    /// given device.
    var operatingSystem = ByteSlice.empty
    var appID = ByteSlice.empty
    var appName = ByteSlice.empty
    var correlation = ByteSlice.empty
    var interactivity = Interactivity.unknown
    /// The interactivity a row's table or event types imply, used when the row has no `isInteractive`.
    var impliedInteractivity = Interactivity.unknown
    /// `status.errorCode` / `ResultType` / `Sign-in error code`; nil when absent.
    var errorCode: Int?
    /// A portal status word (`Success`, `Failure`, `Interrupted`) when there is no error code.
    var statusWord = ByteSlice.empty
    /// The number of sign-ins a grouped non-interactive row stands for (`# sign-ins`), 1 when not grouped.
    var count = 1
    /// What made the row unreadable, if anything (the first problem).
    var problem: String?

    var effectiveTime: Int64? { time ?? fallbackTime }

    var effectiveInteractivity: Interactivity {
        interactivity != .unknown ? interactivity : impliedInteractivity
    }

    mutating func fail(_ message: String) { if problem == nil { problem = message } }
}
