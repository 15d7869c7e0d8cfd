import SSOPolicyProviderKit

/// What each event reads and writes of the state, for `verify`'s partial-order reduction (`EventFootprint`). The
/// regions: the device (the screen, the open session and its clock, the residents and their sync, the network,
/// whatever is not below), then per user the passcode reset and the Entra account an administrator changes, then
/// each app's sessions in the partitions (the Microsoft apps, and other publishers' with the SSO plug-in, share one).
///
/// Every event starts with the clock: a session past its timeout ends and an idle one locks, at that event's time. So
/// every event may write the device, and two events commute only when neither does: asking the SSO status, ending an
/// app's process, an administrator's passcode reset or Entra offboarding all write the device through the clock
/// (the conformance check found orders that answer differently once a session's idle time has passed), and an
/// access, the device events and the MDM commands change the device anyway. Apple's footprints therefore name what
/// each event touches but declare no pair independent, which keeps `verify --partial-order` sound on this provider.
extension AppleSharedIPadProvider {
    public func footprint(of event: ProviderEvent, policy: ApplePolicy) -> EventFootprint? {
        let device = AppleRegion.device.bit
        switch EventKind<AppleEvent>(event.event) {
        case .querySSOStatus:
            return EventFootprint(reads: device, writes: device)
        case .terminate:
            guard let app = event.app?.int, app < policy.apps.count, let region = AppleRegion.app(app) else {
                return nil
            }
            let kind = policy.apps[app].kind
            let shared = kind == .microsoft || (kind == .otherPublisher && policy.ssoPluginPerUser)
            let written = shared ? AppleRegion.microsoft.bit : region
            return EventFootprint(reads: device | written, writes: device | written)
        case .own(.passcodeReset):
            guard let user = event.user, let account = AppleRegion.passcodeResets.user(user) else { return nil }
            return EventFootprint(reads: device | account, writes: device | account)
        case .own(.entraDisableUser):
            guard let user = event.user, let account = AppleRegion.entraAccounts.user(user) else { return nil }
            return EventFootprint(reads: device | account, writes: device | account)
        case .open, .signOut, .own(.lock), .own(.unlock), .own(.deviceSignIn), .own(.deviceSignOut),
            .own(.logOutUser), .own(.deleteUser), .own(.erase), .own(.network), .own(.userConfigured), nil:
            return nil
        }
    }
}

/// The regions of the state `footprint(of:policy:)` names, by their first bit: the device, one region per user
/// (the first 16) for the passcode reset and one for the Entra account, the Microsoft sign-ins of the
/// partitions, then one per app (`app(_:)`; apps past the 64 bits have no footprint).
enum AppleRegion: Int, FootprintRegion {
    case device = 0
    case passcodeResets = 1
    case entraAccounts = 17
    case microsoft = 33

    /// How many users have a region of their own in `passcodeResets` and `entraAccounts`.
    static let users = 16

    /// User `user`'s region of this per-user block; nil past the first `users`.
    func user(_ user: UserID) -> UInt64? {
        Int(user.index) < Self.users ? EventFootprint.region(rawValue + Int(user.index)) : nil
    }

    /// App `index`'s own sessions, after the named regions; nil past the 64 bits.
    static func app(_ index: Int) -> UInt64? {
        let region = microsoft.rawValue + 1 + index
        return region < 64 ? EventFootprint.region(region) : nil
    }
}
