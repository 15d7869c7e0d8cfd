import SSOPolicyProviderKit

/// What each event reads and writes of the state, for `verify`'s partial-order reduction (`EventFootprint`). The
/// regions: the device (Hub check-out, the acting user, anything not below), each store (its own app's, or a
/// cluster's shared one: identity, passcode, session, failed attempts), and each app (process, registration, its
/// own login and data). The clock that starts at the first event, and the acting user fixed by the first event with
/// a user, come out the same whichever of two events of one user comes first, so they are no conflict.
///
/// Only the events that touch one app are declared: ending an app's process, and asking its SSO status. The others
/// share the store with every app of the cluster (an access, a lock, a sign-out, a wrong passcode, backgrounding),
/// reach every app (a wipe, Hub, a restart) or read apps without the SDK, so they commute with nothing.
extension AirWatchSDKProvider {
    public func footprint(of event: ProviderEvent, policy: AirWatchPolicy) -> EventFootprint? {
        guard let app = event.app?.int, app < policy.apps.count else { return nil }
        let storeRegion = 1 + policy.apps[app].store
        let appRegion = 1 + policy.storeCount + app
        guard appRegion < 64 else { return nil }
        let reads = EventFootprint.region(0) | EventFootprint.region(storeRegion) | EventFootprint.region(appRegion)
        switch event.event {
        case .terminate:
            // The app's process ends; the session it reports remaining is its store's.
            return EventFootprint(reads: reads, writes: EventFootprint.region(appRegion))
        case .querySSOStatus:
            return EventFootprint(reads: reads, writes: 0)
        default:
            return nil
        }
    }
}
