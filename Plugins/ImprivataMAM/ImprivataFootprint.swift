import SSOPolicyProviderKit

/// The regions of the state `footprint(of:policy:)` names: the device's custody (status, custodian, passcode, MDM
/// user, AutoFill vault, restart), the Microsoft account, the AutoFill second factor; each app's own session and
/// data follow (`appRegion`).
enum ImprivataRegion: Int, FootprintRegion {
    case device
    case microsoft
    case secondFactor
}

/// What each event reads and writes of the state, for `verify`'s partial-order reduction (`EventFootprint`). Every
/// event starts by turning an unreturned device overdue when the lending period has passed, the same way whichever
/// event comes first, so that is no conflict; every outcome reports the custody, so every event reads it.
extension ImprivataMAMProvider {
    public func footprint(of event: ProviderEvent, policy: ImprivataPolicy) -> EventFootprint? {
        let device = ImprivataRegion.device.bit
        let kind = EventKind<ImprivataEvent>(event.event)
        switch kind {
        case .querySSOStatus:
            return EventFootprint(reads: device, writes: 0)
        case .open, .signOut, .terminate:
            // `terminate: all` restarts the device; a Microsoft app's sign-out signs every Microsoft app out.
            guard let app = event.app?.int, app < policy.apps.count,
                ImprivataRegion.allCases.count + app < 64
            else {
                return nil
            }
            let own = ImprivataRegion.appRegion(app)
            let settings = policy.apps[app]
            if case .open = kind {
                // The sign-in may reuse or start the Microsoft account, or ask AutoFill's second factor.
                var shared: UInt64 = 0
                if settings.isMicrosoftShared { shared |= ImprivataRegion.microsoft.bit }
                if policy.autofill { shared |= ImprivataRegion.secondFactor.bit }
                // Unlocking the device's lock screen writes the device.
                if policy.devicePasscode != .none { shared |= device }
                return EventFootprint(reads: device | own | shared, writes: own | shared)
            }
            if case .signOut = kind, settings.isMicrosoftShared { return nil }
            return EventFootprint(reads: device | own, writes: own)
        case .own(.checkOut), .own(.checkIn), .own(.emergencyUnlock), .own(.microsoftSignIn), nil:
            // Check-out, check-in, the emergency PIN and the Microsoft button change the whole device.
            return nil
        }
    }
}
