import SSOPolicyProviderKit

/// What each event reads and writes of the state, for `verify`'s partial-order reduction (`EventFootprint`). The
/// regions: the device (the screen, the open session and its clock, the residents and their sync, the network,
/// whatever is not below), then per user the passcode reset and the Entra account an administrator changes, then
/// each app's sessions in the partitions (the Microsoft apps, and other publishers' with the SSO plug-in, share one).
///
/// Every event starts with the clock (a session past its timeout ends, an idle one locks) and the sync of the
/// partitions nobody is signed in to: both come out the same whichever of two events at one moment comes first, so
/// they are no conflict, but every event reads the device for them. An access, the device events and the MDM
/// commands change the device and commute with nothing; ending an app's process changes that app only; asking the
/// SSO status changes nothing; an administrator's passcode reset or Entra offboarding changes that user's account.
extension AppleSharedIPadProvider {
    private static let device = EventFootprint.region(0)
    private static let firstUser = 1
    private static let users = 16
    private static let microsoft = EventFootprint.region(firstUser + 2 * users)
    private static let firstApp = firstUser + 2 * users + 1

    public func footprint(of event: ProviderEvent, policy: ApplePolicy) -> EventFootprint? {
        let device = Self.device
        switch event.event {
        case .querySSOStatus:
            return EventFootprint(reads: device, writes: 0)
        case .terminate:
            guard let app = event.app?.int, app < policy.apps.count, Self.firstApp + app < 64 else { return nil }
            let kind = policy.apps[app].kind
            let shared = kind == .microsoft || (kind == .otherPublisher && policy.ssoPluginPerUser)
            let region = shared ? Self.microsoft : EventFootprint.region(Self.firstApp + app)
            return EventFootprint(reads: device | region, writes: region)
        case AppleEvent.passcodeReset.id, AppleEvent.entraDisableUser.id:
            guard let user = event.user, Int(user.index) < Self.users else { return nil }
            let offset = event.event == AppleEvent.passcodeReset.id ? 0 : Self.users
            let account = EventFootprint.region(Self.firstUser + offset + Int(user.index))
            return EventFootprint(reads: device | account, writes: account)
        default:
            return nil
        }
    }
}
