import SSOPolicyProviderKit

private let seed = EntraSource.tutorial

/// Points where the sources disagree or are silent (spec 5.3); the first reading is the seed's and the default
/// (Managed Home Screen's are `EntraManagedHomeScreenModelOption`).
enum EntraModelOption: Int, DeclaredModelOption {
    static let declaredKeys = DeclaredKeys<Self>()

    case minIOSVersion
    case iosSecondUserSignIn
    case safariSignOut
    case accountChangeNotification
    case localRTFallback

    var declaration: ModelOptionDeclaration {
        switch self {
        case .minIOSVersion:
            ModelOptionDeclaration(
                "min_ios_version", conflict: "SDM-1",
                summary: "the minimum iOS version for shared device mode",
                readings: [
                    .init(
                        "14", meaning: "iOS 14 or later",
                        sources: [
                            Citation(EntraSource.overviewZH), Citation(EntraSource.overviewZH, "(iOS 14 or later)"),
                        ]
                    ),
                    .init(
                        "13", meaning: "iOS 13 or later",
                        sources: [
                            Citation(EntraSource.overviewSV), Citation(EntraSource.overviewFR),
                            Citation(EntraSource.overviewFR, "(iOS 13 or later)"),
                        ]),
                ])
        case .iosSecondUserSignIn:
            ModelOptionDeclaration(
                "ios_second_user_sign_in", conflict: "SDM-2",
                summary: "what the iOS broker answers when another user signs in explicitly (sign_in) while one is "
                    + "signed in; opening an app is not a sign-in and serves the device account in both readings",
                readings: [
                    .init(
                        "served_existing_session",
                        meaning: "the broker answers with the device account: the next user works in the previous "
                            + "user's session",
                        sources: [Citation(seed, "(the account is available to all eligible apps)")]),
                    .init(
                        "rejected", meaning: "the broker refuses the second user's sign-in until the first signs out",
                        sources: [EntraEvidence.androidSingleAccount]),
                ])
        case .safariSignOut:
            ModelOptionDeclaration(
                "safari_sign_out", conflict: "SDM-3",
                summary: "whether a global sign-out ends Safari's Entra web session",
                readings: [
                    .init(
                        "kept_unless_signout_from_browser",
                        meaning: "Safari keeps the session unless the app signs out with signoutFromBrowser",
                        sources: [Citation(seed, "(\"It doesn't clear state on the Safari browser\")")]),
                    .init(
                        "cleared", meaning: "the SSO extension's cookie wipe also ends Safari's session",
                        sources: [EntraEvidence.safariCleared]),
                ])
        case .accountChangeNotification:
            ModelOptionDeclaration(
                "account_change_notification", conflict: "SDM-4",
                summary: "which account changes the broker notifies running apps of",
                readings: [
                    .init(
                        "sign_out_only", meaning: "the notification is posted on global sign-out only",
                        sources: [
                            Citation(seed, "(\"detect global sign out\")"), EntraEvidence.accountChangeNotification,
                        ]),
                    .init(
                        "sign_in_and_sign_out", meaning: "the notification is posted on global sign-in as well",
                        sources: [EntraEvidence.accountChangeNotification]),
                ])
        case .localRTFallback:
            ModelOptionDeclaration(
                "local_rt_fallback", conflict: "SDM-5 (R6)",
                summary: "whether an iOS app that skips getCurrentAccount gets tokens from its local refresh token "
                    + "after a global sign-out",
                readings: [
                    .init(
                        "not_used",
                        meaning: "global sign-out clears cached tokens for the app too; the silent call fails",
                        sources: [
                            Citation(
                                seed, "(\"clears cached tokens from not only the app, but also from the device\")")
                        ]),
                    .init(
                        "used", meaning: "MSAL falls back to the app's local refresh token of the previous user",
                        sources: [EntraEvidence.localRefreshToken]),
                ])
        }
    }
}
