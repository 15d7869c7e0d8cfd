import MicrosoftApps
import SSOPolicyProviderKit

/// How entra-shared-device reads a fleet: the device group gives the platform and OS version; an app's sign-in
/// gives `msal` (an app with its own login or none is not MSAL, so not shared-device aware), and a Microsoft
/// catalogue app is `catalog:`. Entra has no per-app console choice: everything about an app is how it is built.
enum EntraFleetReading {
    private static let base = FleetReading(
        platforms: [.ios, .ipados, .android], groupSettings: ["platform", "os_version"],
        catalogue: MicrosoftApp.allCases.map(\.rawValue),
        settings: { group in
            var values = [FleetValue("platform", group.platform.modelled.rawValue, from: .platform)]
            if let version = group.osVersion { values.append(FleetValue("os_version", version, from: .osVersion)) }
            return values
        },
        app: { profile, _ in
            if let microsoft = profile.microsoft { return [FleetValue("catalog", microsoft, from: .microsoft)] }
            let msal =
                switch profile.signIn {
                case .msalSingleAccount: "single_account"
                case .msalMultipleAccount: "multiple_account"
                case .ownLogin, .none: "none"
                }
            var values = [FleetValue("msal", msal, from: .signIn)]
            switch profile.signIn {
            case .none: values.append(FleetValue("own_login", "none", from: .signIn))
            case .ownLogin: values.append(FleetValue("own_login", profile.ownSession.rawValue, from: .ownSession))
            case .msalSingleAccount, .msalMultipleAccount: break
            }
            return values + [
                FleetValue(
                    "clears_data_on_user_change", profile.clearsDataOnUserChange ? "true" : "false",
                    from: .clearsDataOnUserChange)
            ]
        },
        appNeeds: { profile, _, _ in
            guard profile.microsoft == nil else { return [] }
            switch profile.signIn {
            case .msalSingleAccount:
                return profile.clearsDataOnUserChange
                    ? []
                    : [FleetNeed(.appBuild, "must clear the previous user's data when the signed-in account changes")]
            case .msalMultipleAccount:
                return [
                    FleetNeed(
                        .appBuild,
                        "must move to MSAL single-account mode (multiple-account apps are "
                            + "unsupported in shared device mode)")
                ]
            case .ownLogin:
                // A login asked at every open leaves no session to outlive the sign-out: only the data can.
                if profile.ownSession == .everyOpen {
                    return profile.clearsDataOnUserChange
                        ? []
                        : [
                            FleetNeed(
                                .appBuild,
                                "must clear the previous user's data when another user signs in to it: its login "
                                    + "asks at every open, but its data outlives the global sign-out")
                        ]
                }
                return [
                    FleetNeed(
                        .appBuild,
                        "must be rebuilt on MSAL single-account with the broker: its own "
                            + "session and data outlive the global sign-out")
                ]
            case .none:
                return [
                    FleetNeed(
                        .appBuild,
                        "must be rebuilt on MSAL single-account with the broker: it signs no one in, so the "
                            + "global sign-out never clears the data it keeps")
                ]
            }
        },
        deviceNeeds: { group in
            switch group.platform.modelled {
            case .android:
                return [
                    FleetNeed(
                        .device,
                        "Microsoft Authenticator with the devices enrolled in shared device mode "
                            + "(Android Enterprise dedicated devices)")
                ]
            case .ios, .ipados:
                return [
                    FleetNeed(
                        .device,
                        "Microsoft Authenticator and the Enterprise SSO plug-in profile with "
                            + "sharedDeviceMode (an MDM profile)")
                ]
            }
        })

    static let reading: FleetReading = {
        var reading = base
        reading.profileKeyHints = [
            "msal": "write how the app signs in: sign_in: msal_single_account (or msal_multiple_account)",
            "catalog": "write microsoft: ID for a Microsoft catalogue app",
            "own_login": "write sign_in: own_login and own_session: every_open, until_terminated or until_sign_out",
        ]
        return reading
    }()
}
