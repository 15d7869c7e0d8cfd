import SSOPolicyProviderKit

/// What each event reads and writes of the state, for `verify`'s partial-order reduction (`EventFootprint`). The
/// regions: the device's custody (status, custodian, passcode, MDM user, AutoFill vault, restart), the Microsoft
/// account, the AutoFill second factor, and each app's own session and data. Every event starts by turning an
/// unreturned device overdue when the lending period has passed, the same way whichever event comes first, so that
/// is no conflict; every outcome reports the custody, so every event reads it.
extension ImprivataMAMProvider {
    private static let device = EventFootprint.region(0)
    private static let microsoft = EventFootprint.region(1)
    private static let secondFactor = EventFootprint.region(2)
    private static let firstApp = 3

    public func footprint(of event: ProviderEvent, policy: ImprivataPolicy) -> EventFootprint? {
        let device = Self.device
        switch event.event {
        case .querySSOStatus:
            return EventFootprint(reads: device, writes: 0)
        case .open, .signOut, .terminate:
            // `terminate: all` restarts the device; a Microsoft app's sign-out signs every Microsoft app out.
            guard let app = event.app?.int, app < policy.apps.count, Self.firstApp + app < 64 else { return nil }
            let own = EventFootprint.region(Self.firstApp + app)
            let settings = policy.apps[app]
            if event.event == .open {
                // The sign-in may reuse or start the Microsoft account, or ask AutoFill's second factor.
                var shared: UInt64 = 0
                if settings.isMicrosoftShared { shared |= Self.microsoft }
                if policy.autofill { shared |= Self.secondFactor }
                // Unlocking the device's lock screen writes the device.
                if policy.devicePasscode != .none { shared |= device }
                return EventFootprint(reads: device | own | shared, writes: own | shared)
            }
            if event.event == .signOut, settings.isMicrosoftShared { return nil }
            return EventFootprint(reads: device | own, writes: own)
        default:
            // Check-out, check-in, the emergency PIN and the Microsoft button change the whole device.
            return nil
        }
    }
}
