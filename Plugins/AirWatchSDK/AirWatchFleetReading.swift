import SSOPolicyProviderKit

/// How airwatch-sdk reads a fleet: the model is the Workspace ONE SDK for iOS (iPadOS runs it too), so an Android
/// group is not modelled. `workspace_one_sdk` gives `sdk_initialized`; an app without the SDK keeps its own login
/// (`own_login` from `sign_in` and `own_session`); the SSO cluster and the app's own SDK profile are console choices.
enum AirWatchFleetReading {
    private static let base = FleetReading(
        platforms: [.ios, .ipados],
        consoleAppKeys: [AirWatchAppKey.cluster.key, AirWatchAppKey.sso.key, AirWatchAppKey.authentication.key],
        settings: { _ in [] },
        app: { profile, _ in
            let sdk = profile.microsoft == nil && profile.workspaceOneSDK
            var values = [FleetValue(AirWatchAppKey.sdkInitialized.key, sdk ? "true" : "false", from: .workspaceOneSDK)]
            if !sdk {
                let login: OwnLogin =
                    switch (profile.signIn, profile.ownSession) {
                    case (.none, _): .none
                    case (_, .everyOpen): .everyOpen
                    case (_, .untilTerminated): .untilTerminated
                    case (_, .untilSignOut): .untilSignOut
                    }
                values.append(FleetValue(AirWatchAppKey.ownLogin.key, login.rawValue, from: .ownSession))
                if login != .none && profile.usesMSAL {
                    values.append(FleetValue(AirWatchAppKey.ownLoginPrompt.key, "interactive_sign_in", from: .signIn))
                }
            }
            values.append(
                FleetValue(
                    AirWatchAppKey.clearsDataOnUserChange.key, profile.clearsDataOnUserChange ? "true" : "false",
                    from: .clearsDataOnUserChange))
            return values
        },
        appNeeds: { profile, _, _ in
            // Without the SDK, a login asked at every open that clears the last user's data at the next sign-in
            // keeps nothing across check-in and check-out.
            if profile.microsoft == nil && !profile.workspaceOneSDK && profile.signIn == .ownLogin
                && profile.ownSession == .everyOpen && profile.clearsDataOnUserChange
            {
                return []
            }
            if profile.microsoft != nil || !profile.workspaceOneSDK {
                return [
                    FleetNeed(
                        .appBuild,
                        profile.signIn == .none || (profile.signIn == .ownLogin && profile.ownSession == .everyOpen)
                            ? "must be built with the Workspace ONE SDK: without it the app keeps its data across "
                                + "check-in and check-out"
                            : "must be built with the Workspace ONE SDK: without it the app keeps its own login and "
                                + "data across check-in and check-out")
                ]
            }
            return profile.clearsDataOnUserChange
                ? []
                : [FleetNeed(.appBuild, "must clear its data when the SDK reports a new checked-out user")]
        },
        deviceNeeds: { _ in
            [
                FleetNeed(
                    .device,
                    "Workspace ONE Intelligent Hub as the anchor app, in shared-device (check-in / "
                        + "check-out) mode"),
                FleetNeed(.console, "an SDK profile with SSO and an authentication type for the apps"),
            ]
        })

    static let reading: FleetReading = {
        var reading = base
        reading.profileKeyHints = [
            AirWatchAppKey.sdkInitialized.key:
                "write workspace_one_sdk: true for an app built with the Workspace ONE SDK",
            AirWatchAppKey.ownLogin.key:
                "write sign_in: own_login and own_session: every_open, until_terminated or until_sign_out",
            AirWatchAppKey.cluster.key: "an SSO cluster is a console choice: set it under the setup's apps",
        ]
        return reading
    }()
}
