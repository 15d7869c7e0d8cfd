import SSOPolicyProviderKit

/// What each event reads and writes of the state, for `verify`'s partial-order reduction (`EventFootprint`). The
/// regions: the device (the broker's account, Safari's web session) and each app (its process, MSAL's account, its
/// tokens and data).
///
/// Only the events that touch one app are declared: ending an app's process, and asking for the device information.
/// A sign-in or an open may change the broker's account, a sign-out is global in shared mode, a restart ends every
/// app and Safari reads the web session, so they commute with nothing.
extension EntraSharedDeviceProvider {
    public func footprint(of event: ProviderEvent, policy: EntraPolicy) -> EventFootprint? {
        guard let app = event.app?.int, app < policy.apps.count, 1 + app < 64 else { return nil }
        let own = EventFootprint.region(1 + app)
        let reads = EventFootprint.region(0) | own
        switch event.event {
        case .terminate:
            return EventFootprint(reads: reads, writes: own)
        case .querySSOStatus:
            return EventFootprint(reads: reads, writes: 0)
        default:
            return nil
        }
    }
}
