import SSOPolicyProviderKit

/// Points where the sources disagree or are silent (spec 5.3); the first reading is the seed's and the default.
enum EntraModelOptions {
    static let all: [ModelOptionDeclaration] = [
        ModelOptionDeclaration(
            "min_ios_version", conflict: "SDM-1",
            summary: "the minimum iOS version for shared device mode",
            readings: [
                .init(
                    "14", meaning: "iOS 14 or later",
                    source: "001_228b7ad414934550.txt; entra-docs msal-ios-shared-devices.md (entra-sdm.md §1)"),
                .init(
                    "13", meaning: "iOS 13 or later",
                    source: "003_d6aba6961426784a.txt, 004_6ce7ec2a832af289.txt; azure-docs 2022 (entra-sdm.md §1)"),
            ]),
        ModelOptionDeclaration(
            "ios_second_user_sign_in", conflict: "SDM-2",
            summary: "what the iOS broker answers when another user signs in explicitly (sign_in) while one is "
                + "signed in; opening an app is not a sign-in and serves the device account in both readings",
            readings: [
                .init(
                    "served_existing_session",
                    meaning: "the broker answers with the device account: the next user works in the previous "
                        + "user's session",
                    source: "000_5d87fc7c445fd252.txt (the account is available to all eligible apps); spec 5.2"),
                .init(
                    "rejected", meaning: "the broker refuses the second user's sign-in until the first signs out",
                    source: "entra-sdm.md §3 (iOS broker behaviour unknown; Android refuses, TestCase833516)"),
            ]),
        ModelOptionDeclaration(
            "safari_sign_out", conflict: "SDM-3",
            summary: "whether a global sign-out ends Safari's Entra web session",
            readings: [
                .init(
                    "kept_unless_signout_from_browser",
                    meaning: "Safari keeps the session unless the app signs out with signoutFromBrowser",
                    source: "000_5d87fc7c445fd252.txt (\"It doesn't clear state on the Safari browser\")"),
                .init(
                    "cleared", meaning: "the SSO extension's cookie wipe also ends Safari's session",
                    source: "entra-sdm.md §4 (2020 maintainer remark, objc PR #881; PR #892)"),
            ]),
        ModelOptionDeclaration(
            "account_change_notification", conflict: "SDM-4",
            summary: "which account changes the broker notifies running apps of",
            readings: [
                .init(
                    "sign_out_only", meaning: "the notification is posted on global sign-out only",
                    source: "000_5d87fc7c445fd252.txt (\"detect global sign out\"); entra-sdm.md §5 (Android "
                        + "broadcast types)"),
                .init(
                    "sign_in_and_sign_out", meaning: "the notification is posted on global sign-in as well",
                    source: "entra-sdm.md §5 (whether it fires on sign-in is unknown)"),
            ]),
        ModelOptionDeclaration(
            "local_rt_fallback", conflict: "SDM-5 (R6)",
            summary: "whether an iOS app that skips getCurrentAccount gets tokens from its local refresh token "
                + "after a global sign-out",
            readings: [
                .init(
                    "not_used", meaning: "global sign-out clears cached tokens for the app too; the silent call fails",
                    source: "000_5d87fc7c445fd252.txt (\"clears cached tokens from not only the app, but also from "
                        + "the device\")"),
                .init(
                    "used", meaning: "MSAL falls back to the app's local refresh token of the previous user",
                    source: "entra-sdm.md §3 (allowUsingLocalCachedRtWhenSsoExtFailed = YES), R6 hypothesis"),
            ]),
    ]
}
