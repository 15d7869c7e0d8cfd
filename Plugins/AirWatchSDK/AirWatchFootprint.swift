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
/// The regions of the state named once: the device, then (after it, `appRegion`) each store and each app.
enum AirWatchRegion: Int, FootprintRegion {
    /// Hub's check-out, the acting user, anything not in a store or an app.
    case device
}

extension AirWatchSDKProvider {
    public func footprint(of event: ProviderEvent, policy: AirWatchPolicy) -> EventFootprint? {
        guard let app = event.app?.int, app < policy.apps.count else { return nil }
        let appIndex = policy.storeCount + app
        guard AirWatchRegion.allCases.count + appIndex < 64 else { return nil }
        let storeRegion = AirWatchRegion.appRegion(policy.apps[app].store)
        let appRegion = AirWatchRegion.appRegion(appIndex)
        let reads = AirWatchRegion.device.bit | storeRegion | appRegion
        switch EventKind<AirWatchEvent>(event.event) {
        case .terminate:
            // The app's process ends; the session it reports remaining is its store's.
            return EventFootprint(reads: reads, writes: appRegion)
        case .querySSOStatus:
            return EventFootprint(reads: reads, writes: 0)
        case .open, .signOut, .own, nil:
            return nil
        }
    }
}
