/// What one event reads and writes of a provider's state, as bits over regions the provider names (say bit 0 for
/// the device, bit 1 for a shared account, bit 2 + i for app i). `verify` uses footprints for partial-order
/// reduction: two events of one user whose footprints do not conflict lead to the same state in either order, each
/// with the same outcome, so the search plays only one of the two orders (a sleep set) and still reaches every
/// state at the same depth.
///
/// A footprint must cover everything the event's outcome depends on (its prompts, session, findings and details),
/// not only the state it changes: an event that reports the device's status reads the device. Work every event
/// does identically at its start (a clock that starts at the first event, a lending period that expires) is no
/// conflict, since whichever event comes first leaves the same state for the other. `ProviderConformance` checks
/// each declaration by playing both orders on reachable states.
public struct EventFootprint: Sendable, Hashable {
    /// Regions whose contents the event or its outcome depends on.
    public var reads: UInt64
    /// Regions the event may change.
    public var writes: UInt64

    public init(reads: UInt64, writes: UInt64) {
        self.reads = reads
        self.writes = writes
    }

    /// The bit of region `index` (0...63).
    public static func region(_ index: Int) -> UInt64 { 1 << UInt64(index) }

    /// Neither event changes what the other reads or writes.
    public func commutes(with other: EventFootprint) -> Bool {
        writes & (other.reads | other.writes) == 0 && other.writes & (reads | writes) == 0
    }
}

/// The regions a provider's footprints name, as an enum (`case device, sharedAccount`) whose raw value is the bit;
/// per-app regions follow the last case (`appRegion(i)`).
public protocol FootprintRegion: RawRepresentable, CaseIterable, Sendable where RawValue == Int {}

extension FootprintRegion {
    /// The region's bit.
    @inlinable public var bit: UInt64 { EventFootprint.region(rawValue) }

    /// The bit of app `index`'s region, after the named ones (apps beyond the 64 bits share the last one).
    @inlinable public static func appRegion(_ index: Int) -> UInt64 {
        EventFootprint.region(min(Self.allCases.count + index, 63))
    }

    /// Every named region and every app's.
    @inlinable public static var everything: UInt64 { ~0 }
}

extension EventFootprint {
    /// A footprint over named regions: `EventFootprint(reads: [.device, .account], writes: [.account])`.
    public init<Region: FootprintRegion>(
        reads: [Region], writes: [Region], appsRead: UInt64 = 0, appsWritten: UInt64 = 0
    ) {
        self.init(
            reads: reads.reduce(appsRead) { $0 | $1.bit }, writes: writes.reduce(appsWritten) { $0 | $1.bit })
    }
}
