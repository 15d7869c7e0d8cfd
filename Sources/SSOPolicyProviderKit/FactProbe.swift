/// Observes a what-if attempt: the first fact whose value the attempt needed while it was unknown.
///
/// `evaluate` with unknown facts runs the attempt with those facts unknown (`FactValue.unknown`) on `FactValues`
/// that carry a probe (`FactValues.probe`); every other path leaves it nil. A provider reads facts through
/// `FactValues` or through state fields marked `@Given`, which `FactValues.given` builds carrying the same probe;
/// reading one that is still unknown tells that probe and yields a placeholder. When the attempt ends, the core
/// discards its answer if the probe saw a read and runs it again once per value of that fact: so the answer splits
/// only on facts the decision actually reads, and its cost follows the number of distinct answers rather than the
/// product of the unknown facts' values. The probe travels with the values, never through a task-local or a global,
/// so what-ifs running at once never see each other's reads.
///
/// One probe serves one synchronous attempt at a time.
@usableFromInline
package final class FactProbe: @unchecked Sendable {
    /// The first unknown fact the attempt read.
    package private(set) var firstRead: FactRead?

    package init() {}

    @usableFromInline
    func note(_ read: FactRead) {
        if firstRead == nil { firstRead = read }
    }

    /// Forgets what was read, to run another attempt.
    package func reset() { firstRead = nil }
}
