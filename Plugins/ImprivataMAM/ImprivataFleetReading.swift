import MicrosoftApps
import SSOPolicyProviderKit

/// How imprivata-mam reads a fleet: the device group gives the platform; an app's sign-in gives `login` (MSAL
/// single-account is the Microsoft broker, msal_sdm), its own session `session_survives_relaunch`, and on iOS the
/// first logout callback it offers is the App Logout entry unless the setup chooses one (`logout_method`, a console
/// choice). A Microsoft catalogue app is `catalog:`.
enum ImprivataFleetReading {
    private static let base = FleetReading(
        platforms: [.ios, .ipados, .android], groupSettings: [ImprivataSetting.platform.key],
        consoleAppKeys: [ImprivataAppKey.logoutMethod.key],
        catalogue: MicrosoftApp.allCases.map(\.rawValue),
        settings: { group in
            [FleetValue(ImprivataSetting.platform.key, group.platform.modelled.rawValue, from: .platform)]
        },
        app: { profile, group in
            if let microsoft = profile.microsoft {
                return [FleetValue(ImprivataAppKey.catalog.key, microsoft, from: .microsoft)]
            }
            let login =
                switch profile.signIn {
                case .ownLogin: "app_credentials"
                case .msalMultipleAccount: "msal"
                case .msalSingleAccount: "msal_sdm"
                case .none: "none"
                }
            var values = [
                FleetValue(ImprivataAppKey.login.key, login, from: .signIn),
                FleetValue(
                    ImprivataAppKey.sessionSurvivesRelaunch.key, profile.ownSession == .untilSignOut ? "true" : "false",
                    from: .ownSession),
            ]
            if profile.signIn == .ownLogin {
                values.append(
                    FleetValue(
                        ImprivataAppKey.asksEveryOpen.key, profile.ownSession == .everyOpen ? "true" : "false",
                        from: .ownSession))
            }
            if profile.clearsDataOnUserChange {
                values.append(
                    FleetValue(ImprivataAppKey.appClearsDataOnLogout.key, "true", from: .clearsDataOnUserChange))
                values.append(
                    FleetValue(ImprivataAppKey.clearsDataOnUserChange.key, "true", from: .clearsDataOnUserChange))
            }
            if group.platform.modelled == .ios, let callback = profile.logout.first {
                values.append(FleetValue(ImprivataAppKey.logoutMethod.key, callback.rawValue, from: .logout))
            }
            return values
        },
        appNeeds: { profile, group, values in
            let method = values.value(ImprivataAppKey.logoutMethod.key) ?? "none"
            if profile.signIn == .none { return [] }
            // Its login asks at every open and the next sign-in clears the last user's data: nothing to log out.
            if profile.signIn == .ownLogin && profile.ownSession == .everyOpen && profile.clearsDataOnUserChange {
                return []
            }
            if method == "none" {
                if profile.microsoft != nil || profile.signIn == .msalSingleAccount {
                    return [
                        FleetNeed(
                            .console,
                            "the Microsoft integration (microsoft_sdm_integration) and its sign-out as the App Logout "
                                + "entry (logout_method: msal_shared_device)")
                    ]
                }
                if group.platform.modelled == .ios && profile.logout.isEmpty && profile.ownSession == .untilSignOut {
                    return [
                        FleetNeed(
                            .appBuild,
                            "must offer a logout callback (universal link, x-callback-url or inter-app): on iOS "
                                + "nothing else ends a sign-in it restores after a relaunch")
                    ]
                }
                return [FleetNeed(.console, "an App Logout entry run at check-in")]
            }
            return []
        },
        deviceNeeds: { _ in
            [
                FleetNeed(
                    .device,
                    "Imprivata Launchpads (docks with badge readers) and the Locker app on every "
                        + "device"),
                FleetNeed(
                    .console,
                    "an identity provider for badge check-out (Imprivata EAM or the MAM User "
                        + "Service)"),
            ]
        })

    static let reading: FleetReading = {
        var reading = base
        reading.profileKeyHints = [
            ImprivataAppKey.login.key: "write sign_in: own_login, msal_single_account, msal_multiple_account or none",
            ImprivataAppKey.logoutMethod.key:
                "a logout method is a console choice: set it under the setup's apps (or per device "
                + "group under its groups)",
            ImprivataAppKey.catalog.key: "write microsoft: ID for a Microsoft catalogue app",
            ImprivataAppKey.sessionSurvivesRelaunch.key:
                "write own_session: until_sign_out for a sign-in the app restores after a "
                + "relaunch (every_open or until_terminated otherwise)",
            ImprivataAppKey.appClearsDataOnLogout.key: "write clears_data_on_user_change: true",
        ]
        // Epic Rover's own logout says the app is Rover, and MAM's Microsoft sign-out needs a Microsoft app or one
        // that signs in through the broker: for any other app neither is a console choice. Nor is a method the
        // device's platform lacks (the policy would not compile).
        reading.consoleValueFits = { key, value, app, settings in
            guard key == ImprivataAppKey.logoutMethod.key,
                let method = LogoutMethod.words.firstIndex(of: value).flatMap(LogoutMethod.init(rawValue:))
            else { return true }
            guard method.exists(under: settings) else { return false }
            switch method {
            case .epicRover:
                return false
            case .msalSharedDevice:
                if case .word(let catalog)? = app.keys[ImprivataAppKey.catalog.key],
                    MicrosoftApp(rawValue: catalog) != nil
                {
                    return true
                }
                if case .word(let login)? = app.keys[ImprivataAppKey.login.key] { return login == "msal_sdm" }
                return false
            case .none, .forceQuit, .universalLinkCallback, .xCallbackURL, .interappCallback, .clearAppData,
                .clearAppCache, .forceStop, .clearCacheAndStop:
                return true
            }
        }
        // A badge check-out's seconds are Imprivata's own figure, not the core's.
        reading.promptCosts = [
            PromptCost(
                .badge, seconds: 6,
                basis: "Imprivata's ideal check-out takes 5-8 s from the badge tap to the device in hand",
                sources: [ImprivataSource.userExperience["(CHECK OUT)"]])
        ]
        return reading
    }()
}
