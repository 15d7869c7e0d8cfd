import Foundation

/// An IANA time zone (`Europe/Paris`) as the offsets it gives instants, and the instants a wall-clock time names:
/// one, none (the hour skipped when clocks go forward) or two (the hour repeated when they go back).
package struct TimeZoneRules: Sendable, Hashable {
    package let identifier: String
    private let zone: TimeZone

    /// The zone of an IANA name, or nil when the system's time-zone database does not know it. Every name the
    /// database knows is taken, links and `Etc/` zones included (`Etc/UTC`, `Etc/GMT+12`, `US/Eastern`), even where
    /// the system's list of names leaves it out; abbreviations and ad-hoc offsets (`CET`, `PST`, `GMT+1`) are not
    /// IANA names (`IST` is three zones) and are refused.
    package init?(identifier: String) {
        guard Self.isName(identifier), let zone = TimeZone(identifier: identifier) else { return nil }
        self.identifier = identifier
        self.zone = zone
    }

    /// A name the time-zone database knows as itself: not an abbreviation, not an offset it rewrites
    /// (`GMT+1` becomes `GMT+0100`).
    private static func isName(_ identifier: String) -> Bool {
        if known.contains(identifier) { return true }
        guard !identifier.isEmpty, identifier.utf8.count <= 64,
            TimeZone.abbreviationDictionary[identifier] == nil,
            TimeZone(identifier: identifier)?.identifier == identifier
        else { return false }
        return true
    }

    /// The IANA names the system knows, sorted (for "did you mean").
    package static var identifiers: [String] { known.sorted() }

    private static let known: Set<String> = Set(TimeZone.knownTimeZoneIdentifiers).union(["UTC"])

    package static func == (lhs: TimeZoneRules, rhs: TimeZoneRules) -> Bool { lhs.identifier == rhs.identifier }
    package func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// Seconds east of UTC at an instant (seconds since 1970-01-01T00:00Z).
    package func offset(at instant: Int64) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }

    /// What a wall-clock time (seconds since 1970-01-01T00:00 read as if UTC) names in this zone.
    package enum Resolution: Sendable, Hashable {
        /// Exactly one instant.
        case unique(DatedTime)
        /// No instant: the clocks jumped over it, from `before` to `after` (offsets).
        case skipped(before: Int, after: Int)
        /// Two instants: the clocks went back and showed this time twice, first with `first`'s offset.
        case repeated(first: DatedTime, second: DatedTime)
    }

    /// The instants of a wall-clock time, assuming at most one change of offset within a day around it.
    package func resolve(wallClock local: Int64) -> Resolution {
        let before = offset(at: local - 86_400)
        let after = offset(at: local + 86_400)
        let early = local - Int64(before)
        let late = local - Int64(after)
        let earlyFits = offset(at: early) == before
        let lateFits = offset(at: late) == after
        switch (earlyFits, lateFits) {
        case (true, true) where early != late:
            let first = min(early, late)
            let second = max(early, late)
            return .repeated(
                first: DatedTime(instant: first, offset: first == early ? before : after),
                second: DatedTime(instant: second, offset: second == early ? before : after))
        case (true, _): return .unique(DatedTime(instant: early, offset: before))
        case (false, true): return .unique(DatedTime(instant: late, offset: after))
        case (false, false):
            // Neither neighbour's offset fits: the wall-clock time was skipped.
            return .skipped(before: before, after: after)
        }
    }
}
