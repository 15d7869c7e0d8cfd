/// Observes a what-if attempt: the first fact whose value the attempt needed while it was unknown.
///
/// `evaluate` with unknown facts runs the attempt with those facts unknown (`FactValue.unknown`) under a probe
/// (`FactProbe.$current.withValue(probe) { ... }`). A provider reads facts through `FactValues` or through state
/// fields marked `@Given`; reading one that is still unknown tells the probe and yields a placeholder. When the
/// attempt ends, the core discards its answer if the probe saw a read and runs it again once per value of that
/// fact: so the answer splits only on facts the decision actually reads, and its cost follows the number of
/// distinct answers rather than the product of the unknown facts' values. Outside a what-if no fact is unknown and
/// the probe is never consulted.
///
/// One probe serves one synchronous attempt on one thread.
public final class FactProbe: @unchecked Sendable {
    /// The probe of the what-if running on this task, if any.
    @TaskLocal public static var current: FactProbe?

    /// The first unknown fact the attempt read.
    public private(set) var firstRead: FactRead?

    public init() {}

    func note(_ read: FactRead) {
        if firstRead == nil { firstRead = read }
    }

    /// Forgets what was read, to run another attempt.
    public func reset() { firstRead = nil }
}
