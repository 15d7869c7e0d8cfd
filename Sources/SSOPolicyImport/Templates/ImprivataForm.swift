/// The Imprivata Mobile Access Management console behind `imprivata-mam`: check-out identity, the Check Out and
/// Check In workflows, Overdue Devices, AutoFill, Locker's AppConfig, and per app its App Logout entry. Field names
/// as the console and its documentation show them.
enum ImprivataForm {
    static let form = ConsoleForm(
        provider: "imprivata-mam", id: "imprivata-mam-form",
        title: "Imprivata Mobile Access Management (filled in from the MAM console)",
        introduction: [
            "Imprivata MAM has no documented export of workflows, App Logout entries or check-out settings."
        ],
        pages: [
            .init(
                title: "Check Out: the identity web service and the EAM user policy",
                source: "https://www.imprivatadocs.com/mam/content/topics/checkout/7427.html",
                fields: [
                    .init(
                        "identity_provider",
                        "the web service that maps a badge to a user: Imprivata Enterprise Access Management → eam, MAM "
                            + "User Service → mam_user_service, a custom web service → custom"),
                    .init(
                        "check_out_auth",
                        "the EAM user policy's check-out factors: badge, badge_pin, badge_password, badge_face, "
                            + "password or face_password"),
                ]),
            .init(
                title: "Workflows > Check Out",
                source: "https://imprivatadocs.com/mam/content/topics/checkout/5290.html",
                fields: [
                    .init(
                        "device_passcode",
                        "a passcode profile installed by the Check Out workflow → per_user; no passcode → none; one "
                            + "code everyone knows → static_shared"),
                    .init(
                        "mdm_user_assignment",
                        "'Perform MDM Command' assigning the device to [Device User]: none, assign_only, or "
                            + "assign_and_reset when Check In assigns the staging user back"),
                    .init(
                        "microsoft_sdm_integration",
                        "the Microsoft integration (sign-in at check-out, sign-out of Microsoft apps at check-in): "
                            + "true or false"),
                ]),
            .init(
                title: "Workflows > Check In", source: "https://www.groundctl.com/docs/9045",
                fields: [
                    .init("clear_passcode_on_check_in", "'Perform MDM Command: Clear Passcode': true or false"),
                    .init("erase_on_check_in", "the workflow erases the device: true or false"),
                    .init("check_in_retries", "On Failure: the number of retries"),
                ]),
            .init(
                title: "Overdue Devices",
                source: "https://imprivatadocs.com/mam/content/topics/checkout/7021.html",
                fields: [
                    .init("lending_period", "the lending period, as a duration, e.g. 13h (0 = off)"),
                    .init("overdue_lost_mode", "put an overdue device in Lost Mode: true or false"),
                ]),
            .init(
                title: "Enterprise Password AutoFill (iOS, EAM only)",
                source: "https://imprivatadocs.com/mam/content/topics/checkout/8462.html",
                fields: [.init("password_autofill", "configured → enabled, else disabled")]),
            .init(
                title: "Locker AppConfig", source: "https://groundctl.com/kb/5606",
                fields: [.init("emergency_unlock_pin", "UnlockPIN set → configured, else none")]),
            .init(
                title: "Launchpads admin settings > Device Passcode Management",
                source: "https://dev1.groundctl.com/docs/2929",
                fields: [.init("force_recovery", "force recovery after 5 minutes passcode-locked: true or false")]),
        ],
        appPage: .init(
            title: "Admin > App Logout: one entry per app (App Name → name, Logout Method → logout_method)",
            source: "https://imprivatadocs.com/mam/content/topics/checkout/7626.html",
            fields: [
                .init(
                    "logout_method",
                    "Logout Method: Force quit app → force_quit, Universal Link Callback → universal_link_callback, "
                        + "x-callback-url → x_callback_url, Interapp callback → interapp_callback; Android: Clear app "
                        + "data → clear_app_data, Clear app cache → clear_app_cache, Force stop app → force_stop, Clear "
                        + "cache and stop → clear_cache_and_stop; MAM's Microsoft sign-out → msal_shared_device; Epic "
                        + "Rover → epic_rover; no entry → none")
            ]))
}
