import SSOPolicy

/// The knobs of a replay, with the defaults `docs/replay.md` explains.
package struct ReplayOptions: Sendable {
    /// How far apart the custody clock and the sign-in log's clock may be (milliseconds): a worker's own row this
    /// close to their custody counts as theirs.
    package var skew: Int64 = 120_000
    /// Without custody (or for a device custody does not name): the windows accounts are compared in
    /// (milliseconds, a divisor of a day, aligned to midnight UTC as Kusto's `bin()` aligns them).
    package var window: Int64 = 86_400_000
    /// The longest custody: a check-out without a check-in ends after this (milliseconds).
    package var maxCustody: Int64 = 16 * 3_600_000
    /// The time the logs cover (milliseconds); by default from the first to the last row read.
    package var from: Int64?
    package var to: Int64?
    /// Keep the apps each interval used (for the model's scenarios).
    package var trackApps = false
    /// The longest row a reader keeps whole (bytes).
    package var maxRowBytes = 4 * 1024 * 1024
    /// The zone custody times without an offset are in, and times are shown in.
    package var zone: TimeZoneRules?

    package init() {}

    /// The window lengths allowed: divisors of a day, so windows align to midnight UTC.
    package static let windowHours = [1, 2, 3, 4, 6, 8, 12, 24]
}
