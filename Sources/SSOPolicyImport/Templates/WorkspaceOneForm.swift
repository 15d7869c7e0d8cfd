/// The Workspace ONE UEM console pages behind `airwatch-sdk`: the default SDK profile's Security Policies (which
/// the Hub uses), the Shared Device page, and per app its SDK profile. Field names as the console shows them.
enum WorkspaceOneForm {
    static let securityPolicies =
        "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/SDK_MAM/GUID-0A65E94A-BC00-4650-BB5E-7164DF757D42.html"
    static let sharedDevice =
        "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/System_Settings_On_Prem/GUID-AWT-DEVICESUSERS-GENERAL-SHAREDDEVICE.html"
    static let customProfiles =
        "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/SDK_MAM/GUID-AWT-DFLT-CSTMSETTINGS.html"

    static let form = ConsoleForm(
        provider: "airwatch-sdk", id: "airwatch-sdk-form",
        title: "Workspace ONE SDK settings (filled in from the UEM console)",
        introduction: [
            "Workspace ONE UEM has no documented export of these settings (SDK profiles, Shared Device page)."
        ],
        pages: [
            .init(
                title:
                    "Groups & Settings > All Settings > Apps > Settings and Policies > Security Policies (the default "
                    + "SDK profile)",
                source: securityPolicies,
                fields: [
                    .init(
                        "authentication",
                        "Authentication Type: Passcode → passcode, Username and Password → username_password, Disabled → disabled"
                    ),
                    .init(
                        "authentication_timeout",
                        "Authentication Timeout: as a duration, e.g. 15m (0 = never times out)"),
                    .init("max_failed_attempts", "Maximum Number of Failed Attempts: the number"),
                    .init("passcode_mode", "Passcode Mode: Numeric → numeric, Alphanumeric → alphanumeric"),
                    .init("allow_simple", "Allow Simple Value: true or false"),
                    .init("min_passcode_length", "Minimum Passcode Length: the number"),
                    .init("min_complex_characters", "Minimum Number Complex Characters: the number"),
                    .init("max_passcode_age", "Maximum Passcode Age: as a duration, e.g. 90d (0 = no expiry)"),
                    .init("passcode_history", "Passcode History: the number"),
                    .init("biometric", "Biometric Mode: None → none, Touch ID → touch_id, Face ID → face_id"),
                    .init("sso", "Single Sign-On: Enabled → enabled, Disabled → disabled"),
                    .init(
                        "anchor_profile_sso",
                        "Single Sign-On again, as the Intelligent Hub sees it: the Hub uses only this default profile "
                            + "(enabled or disabled)"),
                    .init("offline_access", "Offline Access: true or false"),
                    .init("compromised_protection", "Compromised Protection: true or false"),
                ]),
            .init(
                title: "Devices & Users > General > Shared Device", source: sharedDevice,
                fields: [
                    .init(
                        "clear_passcode_on_check_out",
                        "the option that clears the passcode at logout (both Android and iOS): true or false")
                ]),
        ],
        appPage: .init(
            title:
                "Each SDK app: its SDK profile (Apps & Books > the app > SDK Profile), a custom profile under "
                + "Settings and Policies > Profiles",
            source: customProfiles,
            fields: [
                .init(
                    "sso",
                    "the app's custom SDK profile, Single Sign-On: Enabled → enabled, Disabled → disabled; the default "
                        + "profile → inherit"),
                .init(
                    "authentication",
                    "the app's custom SDK profile, Authentication Type: passcode, username_password or disabled; the "
                        + "default profile → inherit"),
            ]))
}
