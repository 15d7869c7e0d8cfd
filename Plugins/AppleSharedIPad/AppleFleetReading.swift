import MicrosoftApps
import SSOPolicyProviderKit

/// How apple-shared-ipad reads a fleet: Shared iPad runs on iPads only, so only `ipados` device groups are read
/// (the OS version from the group); an app's sign-in gives its `kind` (a Microsoft catalogue app, MSAL from another
/// developer, its own login, or none), its own session whether it survives a relaunch. Apps need nothing built for
/// sharing: iPadOS separates users.
enum AppleFleetReading {
    static let reading = FleetReading(
        platforms: [.ipados], groupSettings: [AppleSetting.osVersion.key],
        consoleAppKeys: [AppleAppKey.license.key, AppleAppKey.dataLocation.key],
        catalogue: MicrosoftApp.allCases.map(\.rawValue),
        settings: { group in
            group.osVersion.map { [FleetValue(AppleSetting.osVersion.key, $0, from: .osVersion)] } ?? []
        },
        app: { profile, _ in
            if profile.microsoft != nil {
                return [FleetValue(AppleAppKey.kind.key, AppleAppKind.microsoft.rawValue, from: .microsoft)]
            }
            let kind =
                switch profile.signIn {
                case .msalSingleAccount, .msalMultipleAccount: AppleAppKind.otherPublisher
                case .ownLogin: AppleAppKind.appCredentials
                case .none: AppleAppKind.noLogin
                }
            var values = [FleetValue(AppleAppKey.kind.key, kind.rawValue, from: .signIn)]
            if profile.signIn == .ownLogin {
                values.append(
                    FleetValue(
                        AppleAppKey.sessionSurvivesRelaunch.key, profile.ownSession == .untilSignOut ? "true" : "false",
                        from: .ownSession))
            }
            return values
        },
        deviceNeeds: { _ in
            [
                FleetNeed(
                    .device,
                    "supervised iPads (iPadOS 13.4+, 32 GB+) enrolled by Automated Device Enrollment as Shared iPad, "
                        + "without user affinity"),
                FleetNeed(
                    .console,
                    "Apple Business Manager federated with Microsoft Entra ID (Managed Apple Accounts), and the apps "
                        + "assigned to devices as Required, device-licensed"),
            ]
        })
}
