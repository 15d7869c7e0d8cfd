import SSOPolicyProviderKit

/// The regions of the state an event reads or writes, for `verify`'s partial-order reduction (`EventFootprint`): the
/// device (the broker's account, Safari's web session), then one per app (its process, MSAL's account, its tokens
/// and data).
enum EntraRegion: Int, FootprintRegion {
    case device
}

/// Only the events that touch one app are declared: ending an app's process, and asking for the device information.
/// A sign-in or an open may change the broker's account, a sign-out is global in shared mode, a restart ends every
/// app and Safari reads the web session, so they commute with nothing.
extension EntraSharedDeviceProvider {
    public func footprint(of event: ProviderEvent, policy: EntraPolicy) -> EventFootprint? {
        guard let app = event.app?.int, app < policy.apps.count, EntraRegion.allCases.count + app < 64
        else {
            return nil
        }
        let own = EntraRegion.appRegion(app)
        switch EventKind<EntraEvent>(event.event) {
        case .terminate:
            return EventFootprint(
                reads: [EntraRegion.device], writes: [], appsRead: own, appsWritten: own)
        case .querySSOStatus:
            return EventFootprint(reads: [EntraRegion.device], writes: [], appsRead: own)
        case .open, .signOut, .own, nil:
            return nil
        }
    }
}
