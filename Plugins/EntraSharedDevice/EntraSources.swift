import MicrosoftApps
import SSOPolicyProviderKit

/// The public documents entra-shared-device cites (`ssopolicy sources`): Microsoft Learn's shared-device-mode
/// pages (the English tutorial and the zh-CN, sv-SE and fr-FR pages, which carry facts the English one does not),
/// the MSAL source repositories and the issue threads where maintainers stated behaviour. A citation names a case
/// (`Citation(EntraSource.tutorial, "…")`); a case's raw value is its document's id.
enum EntraSource: String, SourceCatalogue {
    case tutorial = "entra-sdm-ios-tutorial"
    case overviewZH = "entra-sdm-ios-zh-cn"
    case overviewSV = "entra-sdm-ios-sv-se"
    case overviewFR = "entra-sdm-ios-fr-fr"
    case sharedDevicesOverview = "entra-shared-devices-overview"
    case prt = "entra-primary-refresh-token"
    case msalObjC = "msal-objc"
    case msalCommonObjC = "msal-common-objc"
    case msalAndroid = "msal-android"
    case sample = "ms-identity-mobile-apple-swift-objc"
    case android851 = "msal-android-issue-851"
    case objcPR881 = "msal-objc-pr-881"
    case androidSharedDevices = "entra-sdm-android"
    case ssoPlugin = "entra-apple-sso-plugin"
    case sessionLifetime = "entra-ca-session-lifetime"
    case mhsGraph = "intune-android-device-owner-general-configuration"
    case frontlineSharedDevices = "m365-frontline-shared-devices"
    case intuneAndroidRestrictions = "intune-android-device-restrictions"
    case managedHomeScreen = "intune-managed-home-screen"

    var document: SourceDocument {
        switch self {
        case .tutorial: MicrosoftAppsSources.iosTutorialDocument
        case .overviewZH:
            SourceDocument(
                rawValue, title: "适用于 iOS 设备的共享设备模式 (Shared device mode for iOS devices)",
                publisher: "Microsoft Learn",
                url: "https://learn.microsoft.com/zh-cn/entra/identity-platform/msal-ios-shared-devices",
                language: "zh-CN", documentedAsOf: "2023 (Microsoft Entra edition: iOS 14 or later)",
                note: "says iOS 14 or later and that signing in once gives SSO in every supported app")
        case .overviewSV:
            SourceDocument(
                rawValue,
                title: "Läge för delad enhet för iOS-enheter (Shared device mode for iOS devices)",
                publisher: "Microsoft Docs",
                url:
                    "https://learn.microsoft.com/sv-se/azure/active-directory/develop/msal-ios-shared-devices",
                language: "sv-SE",
                documentedAsOf: "2020-03-31 (ms.date; machine translation of 2020-11-12)",
                note: "public preview; iOS 13 or later; the sharedDeviceMode MDM key")
        case .overviewFR:
            SourceDocument(
                rawValue,
                title:
                    "Mode d’appareil partagé pour les appareils iOS (Shared device mode for iOS devices)",
                publisher: "Microsoft Learn",
                url:
                    "https://learn.microsoft.com/fr-fr/azure/active-directory/develop/msal-ios-shared-devices",
                language: "fr-FR",
                documentedAsOf: "2022-11-03 (Azure Active Directory edition: iOS 13 or later)",
                note: "public preview; iOS 13 or later; the MDM pushes Authenticator")
        case .sharedDevicesOverview:
            SourceDocument(
                rawValue, title: "Overview of shared device mode (Microsoft identity platform)",
                publisher: "Microsoft Learn",
                url: "https://learn.microsoft.com/en-us/entra/identity-platform/msal-shared-devices",
                language: "en", documentedAsOf: "2024-08",
                note: "supported scenarios: global sign-in and sign-out through SDM-aware apps only")
        case .prt:
            SourceDocument(
                rawValue, title: "Understanding Primary Refresh Token (PRT)", publisher: "Microsoft Learn",
                url:
                    "https://learn.microsoft.com/en-us/entra/identity/devices/concept-primary-refresh-token",
                language: "en",
                documentedAsOf: "2024 (entra-docs version read with the 2024 shared-device pages)")
        case .msalObjC:
            SourceDocument(
                rawValue, title: "Microsoft Authentication Library for iOS and macOS (MSAL 2.13.0 source)",
                publisher: "Microsoft (GitHub AzureAD)",
                url: "https://github.com/AzureAD/microsoft-authentication-library-for-objc", language: "en",
                documentedAsOf: "2026-07-22 (MSAL 2.13.0)",
                note: "locators are file paths in the repository")
        case .msalCommonObjC:
            SourceDocument(
                rawValue, title: "MSAL common library for Objective-C (IdentityCore source)",
                publisher: "Microsoft (GitHub AzureAD)",
                url: "https://github.com/AzureAD/microsoft-authentication-library-common-for-objc",
                language: "en",
                documentedAsOf: "2026-07-22", note: "locators are file paths in the repository")
        case .msalAndroid:
            SourceDocument(
                rawValue, title: "Microsoft Authentication Library for Android (source)",
                publisher: "Microsoft (GitHub AzureAD)",
                url: "https://github.com/AzureAD/microsoft-authentication-library-for-android",
                language: "en",
                documentedAsOf: "2024-10-21", note: "locators are file paths in the repository")
        case .sample:
            SourceDocument(
                rawValue,
                title:
                    "MSAL iOS Swift / Objective-C shared-device sample (ms-identity-mobile-apple-swift-objc)",
                publisher: "Microsoft (GitHub Azure-Samples)",
                url: "https://github.com/Azure-Samples/ms-identity-mobile-apple-swift-objc", language: "en",
                documentedAsOf: "2024-01-12")
        case .android851:
            SourceDocument(
                rawValue,
                title:
                    "MSAL Android issue #851: notification of sign-out in shared device mode (maintainer answers)",
                publisher: "Microsoft (GitHub AzureAD)",
                url: "https://github.com/AzureAD/microsoft-authentication-library-for-android/issues/851",
                language: "en", documentedAsOf: "2019")
        case .objcPR881:
            SourceDocument(
                rawValue,
                title: "MSAL iOS pull request #881: shared-device sign-out (maintainer remark on Safari)",
                publisher: "Microsoft (GitHub AzureAD)",
                url: "https://github.com/AzureAD/microsoft-authentication-library-for-objc/pull/881",
                language: "en",
                documentedAsOf: "2020")
        case .androidSharedDevices: MicrosoftAppsSources.androidDocument
        case .ssoPlugin:
            SourceDocument(
                rawValue, title: "Microsoft Enterprise SSO plug-in for Apple devices",
                publisher: "Microsoft Learn",
                url: "https://learn.microsoft.com/en-us/entra/identity-platform/apple-sso-plugin",
                language: "en",
                documentedAsOf: "2025-01-28",
                note:
                    "Safari and Safari View Service take part in SSO by default (AppBlockList opts them out); "
                    + "browser_sso_interaction_enabled (default 1) lets Safari bootstrap the shared credential; user "
                    + "sign-in frequency asks the first app that takes part in SSO to sign in again")
        case .sessionLifetime:
            SourceDocument(
                rawValue, title: "Configure adaptive session lifetime policies (Conditional Access)",
                publisher: "Microsoft Learn",
                url:
                    "https://learn.microsoft.com/en-us/entra/identity/conditional-access/concept-session-lifetime",
                language: "en", documentedAsOf: "2025",
                note:
                    "user sign-in frequency: the period before a user is asked to sign in again when attempting to "
                    + "access a resource")
        case .mhsGraph:
            SourceDocument(
                rawValue,
                title: "androidDeviceOwnerGeneralDeviceConfiguration resource type (Microsoft Graph beta)",
                publisher: "Microsoft Learn",
                url: "https://learn.microsoft.com/en-us/graph/api/resources/"
                    + "intune-deviceconfig-androiddeviceownergeneraldeviceconfiguration?view=graph-rest-beta",
                language: "en", documentedAsOf: "2024",
                note:
                    "Managed Home Screen: kioskModeManagedHomeScreenAutoSignout (\"automatically sign-out of MHS "
                    + "and Shared device mode applications after inactive\"), kioskModeManagedHomeScreenInactiveSign"
                    + "OutDelayInSeconds and …NoticeInSeconds (the page's descriptions of these two read swapped)"
            )
        case .frontlineSharedDevices:
            SourceDocument(
                rawValue,
                title: "Manage shared devices for frontline workers (Microsoft 365 for frontline "
                    + "workers)", publisher: "Microsoft Learn",
                url: "https://learn.microsoft.com/en-us/microsoft-365/frontline/flw-shared-devices",
                language: "en",
                documentedAsOf: "2024",
                note:
                    "Managed Home Screen (Android) can sign a user out automatically after a period of inactivity"
            )
        case .intuneAndroidRestrictions:
            SourceDocument(
                rawValue,
                title: "Android template device settings list to restrict features using Intune",
                publisher: "Microsoft Learn",
                url: "https://learn.microsoft.com/en-us/intune/intune-service/configuration/"
                    + "device-restrictions-android-for-work",
                language: "en", documentedAsOf: "2025-09-17 (ms.date)",
                note:
                    "Dedicated devices: \"Clear local data in apps not optimized for Shared device mode\" (Graph "
                    + "azureAdSharedDeviceDataClearApps), Android 9 and later, local app storage only")
        case .managedHomeScreen: EntraManagedHomeScreen.sourceDocument
        }
    }
}

/// Each documented fact as a citation of its original public document (a page section or a source file).
enum EntraEvidence {
    private static let objc = EntraSource.msalObjC
    /// What MSAL reports as the device mode, and the broker-not-available path.
    static let deviceInfo = Citation(objc, "MSAL/src/instance/MSALDeviceInfoProvider.m")
    static let brokerNotAvailable = Citation(
        objc, "MSAL/src/instance/MSALDeviceInfoProvider.m (MSALInternalBrokerNotAvailable)")
    /// getCurrentAccount returns the broker's account in shared mode and the app's previous account.
    static let currentAccount = Citation(
        objc, "MSAL/src/MSALPublicClientApplication.m (getCurrentAccountWithParameters:completionBlock:)")
    static let accountsProvider = Citation(objc, "MSAL/src/instance/MSALAccountsProvider.m")
    /// An iOS app may fall back to its local refresh token when the SSO extension fails.
    static let localRefreshToken = Citation(
        objc, "MSAL/src/public/MSALSilentTokenParameters.h (allowUsingLocalCachedRtWhenSsoExtFailed)")
    /// The sign-out sequence: local cache, then the broker, then (optionally) the browser.
    static let signOutOrdering = Citation(
        objc, "MSAL/src/MSALPublicClientApplication.m (signoutWithAccount:signoutParameters:completionBlock:)")
    /// Default mode: sign-out does not sign out other apps; other apps get SSO through the extension.
    static let defaultModeSignOut = Citation(
        objc,
        "MSAL/src/public/MSALPublicClientApplication.h (\"will not sign out from other signed in apps on the device\")")
    /// Without the SSO extension MSAL iOS routes an interactive request to the Authenticator app.
    static let brokerRoute = Citation(
        EntraSource.msalCommonObjC,
        "IdentityCore/src/controllers/MSIDRequestControllerFactory.m (SSO extension first, then the Authenticator URL "
            + "broker, then the local webview)")
    /// The Darwin notification the broker posts on global sign-out.
    static let accountChangeNotification = Citation(
        EntraSource.msalCommonObjC,
        "IdentityCore/src/MSIDConstants.m (MSID_SHARED_MODE_CURRENT_ACCOUNT_CHANGED_NOTIFICATION_KEY)")
    /// Android: signIn refuses a second account; the persisted current account.
    static let androidSingleAccount = Citation(
        EntraSource.msalAndroid,
        "msal/src/main/java/com/microsoft/identity/client/SingleAccountPublicClientApplication.java (signIn: \"An "
            + "account is already signed in.\")")
    static let androidMultipleAccount = Citation(
        EntraSource.msalAndroid, "msal/src/main/java/com/microsoft/identity/client/PublicClientApplication.java")
    /// Global sign-in and sign-out through SDM-aware apps only.
    static let globalSignIn = Citation(EntraSource.sharedDevicesOverview, "(Supported scenarios)")
    /// Official samples clean up only when the current account is nil.
    static let sampleCleanup = Citation(
        EntraSource.sample, "MSALiOS/ViewController.swift (cleanup when the current account is nil)")
    /// Tokens already issued stay valid until they expire.
    static let tokensOutliveSignOut = Citation(
        EntraSource.android851, "(maintainer: tokens apps cached stay valid until they expire)")
    /// Safari cleared through SSO between Safari and the extension (a 2020 remark).
    static let safariCleared = Citation(
        EntraSource.objcPR881, "(maintainer: sign-out works thanks to SSO between Safari and the extension)")
    /// Safari takes part in the plug-in's SSO by default: web SSO as the device's account.
    static let safariPluginSSO = Citation(
        EntraSource.ssoPlugin,
        "(Enable SSO for specific apps: \"Safari and Safari View Service are allowed to participate in SSO by "
            + "default\")")
    /// Safari opted out of the plug-in's SSO.
    static let safariBlocked = Citation(
        EntraSource.ssoPlugin,
        "(Disable SSO for specific apps: AppBlockList com.apple.mobilesafari, "
            + "com.apple.SafariViewService)")
    /// Conditional Access sign-in frequency: after the period the user signs in again.
    static let signInFrequency = Citation(EntraSource.sessionLifetime, "(User sign-in frequency)")
    /// With the plug-in, the first app that takes part in SSO asks for the sign-in once the period has passed.
    static let pluginSignInFrequency = Citation(
        EntraSource.ssoPlugin, "(Conditional Access policies and password changes: User sign-in frequency)")
    /// Managed Home Screen's automatic sign-out after inactivity (Android).
    static let mhsAutoSignOut = Citation(
        EntraSource.mhsGraph,
        "(kioskModeManagedHomeScreenAutoSignout, kioskModeManagedHomeScreenInactiveSignOut"
            + "DelayInSeconds)")
    /// Android dedicated devices: Intune clears the local data of the listed apps that are not optimized for shared
    /// device mode whenever a user signs out of an optimized one.
    static let intuneClearsLocalData = Citation(
        EntraSource.intuneAndroidRestrictions,
        "(Users and Accounts, Dedicated devices: Clear local data in apps not optimized for Shared device mode)")
    static let mhsFrontline = Citation(
        EntraSource.frontlineSharedDevices, "(Managed Home Screen: sign-out after a period of inactivity)")
    /// The device session lasts while the device is used: no automatic sign-out.
    static let deviceSessionLifetime = Citation(
        EntraSource.prt, "(PRT lifetime: 90 days, renewed while the device is used)")
}
