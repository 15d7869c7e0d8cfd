import SSOPolicyProviderKit

/// The public documents airwatch-sdk cites (`ssopolicy sources`): every citation names one of these
/// (`AirWatchSource.seed["(Requirements)"]`), so a document outside the catalogue is a compile error. Each documented
/// fact the model rests on is a citation of its original document (`AirWatchEvidence`): a vendor page, a KB
/// article, or a file of a public SDK repository.
enum AirWatchSource: String, SourceCatalogue {
    case seed = "airwatch-9.2-sso-ios"
    case uemSDKAuth = "ws1-uem-sdk-auth"
    case sdkSSO = "ws1-sdk-ios-sso"
    case kbBehaviourChanges = "airwatch-kb-115001664968"
    case appLevelSSO = "ws1-uem-app-level-sso"
    case integrationSamples = "ws1-sdk-integration-samples"
    case securityPolicies = "ws1-uem-sdk-security-policies"
    case settingsMatrix = "ws1-uem-sdk-settings-matrix"
    case enterpriseWipe = "airwatch-9.6-security-policies"
    case swiftSDK = "airwatch-ios-sdk-17.6"
    case headers = "awsdk-5.9.9.6-headers"
    case clusters = "ws1-app-wrapping-clusters"
    case sharedDevices = "ws1-shared-ios-shift-workers"
    case sharedDevicesOverview = "ws1-uem-shared-devices-overview"
    case sharedDeviceSettings = "ws1-uem-shared-device-settings"

    /// The Workspace ONE UEM documentation as it stood before the move to Omnissa (docs.vmware.com, services).
    private static let services = "2023 (Workspace ONE UEM services documentation, before the move to Omnissa)"

    var document: SourceDocument {
        switch self {
        case .seed:
            SourceDocument(
                rawValue, title: "SSO Explanation (AirWatch SDK for iOS, VMware AirWatch 9.2 guides)",
                publisher: "VMware",
                url:
                    "https://docs.vmware.com/en/VMware-AirWatch/9.2/vmware-airwatch-guides-92/GUID-AW92-SSO_Explanation.html",
                language: "en", documentedAsOf: "2017 (AirWatch 9.2)",
                note:
                    "the vendor page the model follows literally; sections: Requirements, Query the Current SSO Status, "
                    + "Application Access With SSO Enabled, Authentication Behavior By SSO Configuration. Kept as the "
                    + "only public source: no current Workspace ONE or Omnissa page gives the per-cell behaviour matrix "
                    + "or says that ssoStatus reads disabled before initialCheckDone")
        case .uemSDKAuth:
            SourceDocument(
                rawValue, title: "SDK authentication and SSO (Workspace ONE UEM, Mobile Content Management)",
                publisher: "VMware",
                url: "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/MCM/GUID-AWT-SDK-AUTH.html",
                language: "en", documentedAsOf: Self.services,
                note: "no Omnissa-hosted copy found: the only public source of the Sessions / Expected Behavior table")
        case .sdkSSO:
            SourceDocument(
                rawValue, title: "Single Sign-On and the VMware Workspace ONE SDK for iOS (Objective-C)",
                publisher: "Omnissa (developer.omnissa.com)",
                url: "https://developer.omnissa.com/ws1-sdk-uem-ios/docs/developer/web/GUID-AWT-SSO.html",
                language: "en",
                documentedAsOf: "2024 (Omnissa developer site; the page is undated)",
                note:
                    "the current page for what AirWatch KB 115001676508 (2017) said: a session established in one app "
                    + "is shared by the others, and past the maximum failed attempts the wipe callback runs in the "
                    + "associated apps. Its guide is marked no longer maintained; no newer page says it")
        case .kbBehaviourChanges:
            SourceDocument(
                rawValue,
                title: "SSO and authentication behavior changes for AirWatch iOS and Android apps (KB 115001664968)",
                publisher: "VMware AirWatch",
                url:
                    "https://kb.air-watch.com/hc/en-us/articles/115001664968-SSO-and-authentication-behavior-changes-for-AirWatch-iOS-and-Android-apps",
                language: "en", documentedAsOf: "2017 (SDK 5.9.3+, Agent 5.4+)",
                note: "kept as the only public source that a terminated app authenticates again despite a live SSO "
                    + "session and that a timeout during use prompts only at the next use; the current integration "
                    + "guide (ws1-sdk-integration-samples) confirms only that a recently active, unterminated app "
                    + "needs no passcode")
        case .appLevelSSO:
            SourceDocument(
                rawValue, title: "Configure app-level single sign-on (Workspace ONE UEM, Android (Legacy) platform)",
                publisher: "VMware",
                url:
                    "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/Android(Legacy)_Platform/GUID-AWT-APPLEVELSINGLESIGNON.html",
                language: "en", documentedAsOf: Self.services,
                note: "the current page for what the AirWatch 9.1 guides (SSO Session, Enable Single Sign On; 2017) "
                    + "said of the default SDK profile's SSO setting: the session lasts until the Authentication Timeout "
                    + "or a manual lock, and without an Authentication Type no SSO passcode exists. It sits in the "
                    + "Android (Legacy) guide; no iOS-scoped current page states it")
        case .integrationSamples:
            SourceDocument(
                rawValue, title: "Workspace ONE SDK integration samples (integration guide for iOS)",
                publisher: "VMware / Omnissa (GitHub euc-releases)",
                url: "https://github.com/euc-releases/workspace-ONE-SDK-integration-samples", language: "en",
                documentedAsOf: "2023 (integration guide for SDK 23.x)",
                note: "locators are file paths under IntegrationGuideForiOS/")
        case .securityPolicies:
            SourceDocument(
                rawValue, title: "Security Policies profiles for the SDK (Workspace ONE UEM, SDK and MAM)",
                publisher: "VMware",
                url:
                    "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/SDK_MAM/GUID-0A65E94A-BC00-4650-BB5E-7164DF757D42.html",
                language: "en", documentedAsOf: Self.services,
                note:
                    "the current page for the Authentication Type settings of the Workspace ONE UEM 9.6 guides (2018): "
                    + "the timeout counts from the last successful authentication; the Hub's default SDK profile and the "
                    + "app's must match")
        case .settingsMatrix:
            SourceDocument(
                rawValue, title: "SDK settings matrix (Omnissa Workspace ONE UEM, SDK and app management 2306)",
                publisher: "Omnissa", url: "https://docs.omnissa.com/SDKandAppMgmt-V2306/UEMSDKSettingsMatrix",
                language: "en", documentedAsOf: "2023 (Workspace ONE UEM 2306, Omnissa documentation)",
                note: "which default SDK settings the SDK for iOS reads and enforces (\"Supported\")")
        case .enterpriseWipe:
            SourceDocument(
                rawValue, title: "Configure Security Policies: Authentication Type (Workspace ONE UEM 9.6 guides)",
                publisher: "VMware",
                url:
                    "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/9.6/vmware-airwatch-guides-96/GUID-AW96-AuthType_Configure.html",
                language: "en", documentedAsOf: "2018 (Workspace ONE UEM 9.6)",
                note: "kept only for its sentence that reaching Maximum Number Of Failed Attempts on iOS performs an "
                    + "enterprise wipe, found in no current page; everything else it said is cited from "
                    + "ws1-uem-sdk-security-policies")
        case .swiftSDK:
            SourceDocument(
                rawValue, title: "AirWatch iOS Swift SDK 17.6 source, vendored as CocoaPods (bhargavat/AW-iOS-Pods)",
                publisher: "VMware AirWatch (public copy on GitHub)", url: "https://github.com/bhargavat/AW-iOS-Pods",
                language: "en", documentedAsOf: "2017 (SDK 17.6)",
                note:
                    "a third-party copy, kept as the only public source of the SDK's code: Omnissa distributes today's "
                    + "SDK as a binary framework (github.com/euc-releases/iOS-WorkspaceONE-SDK). Older than today's "
                    + "SDKs: a reference implementation, not proof of current behaviour; locators are files under "
                    + "Pods/AirWatchSDK/AirWatchSDK/")
        case .headers:
            SourceDocument(
                rawValue, title: "AWSDK 5.9.9.6 Objective-C headers (outsystems-plugin-PeacefulEvolution-airwatch-sdk)",
                publisher: "VMware AirWatch (public copy on GitHub)",
                url: "https://github.com/peaceful-lab/outsystems-plugin-PeacefulEvolution-airwatch-sdk", language: "en",
                documentedAsOf: "2018 (AWSDK 5.9.9.6)",
                note: "a third-party copy, kept as the only public source of what userChanged means (the SDK has wiped "
                    + "the data; not called when the same user checks out again), which today's sample code does not "
                    + "show; locators are headers under libs/ios/AWSDK.framework/Versions/A/Headers/")
        case .clusters:
            SourceDocument(
                rawValue, title: "Cluster Session Management (Workspace ONE UEM App Wrapping)", publisher: "VMware",
                url:
                    "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/App_Wrapping/GUID-AWT-CLUSTERSESSIONMANAGEMENT.html",
                language: "en", documentedAsOf: Self.services)
        case .sharedDevices:
            SourceDocument(
                rawValue, title: "Configure Shared iOS Devices for your Shift Workers (Workspace ONE UEM)",
                publisher: "VMware",
                url:
                    "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/ws1uem-shared-devices-documentation/GUID-shared_devices_iOS_shift_workers.html",
                language: "en", documentedAsOf: Self.services)
        case .sharedDevicesOverview:
            SourceDocument(
                rawValue, title: "How Do You Share Devices in UEM (Workspace ONE UEM shared devices)",
                publisher: "VMware",
                url:
                    "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/ws1uem-shared-devices-documentation/GUID-shared_devices_overview.html",
                language: "en", documentedAsOf: Self.services,
                note: "log-in (check-out) authenticates the user with directory services or Workspace ONE UEM "
                    + "credentials, in Hub on iOS (Hub 4.2 or later)")
        case .sharedDeviceSettings:
            SourceDocument(
                rawValue, title: "Shared Device settings (Workspace ONE UEM System Settings)",
                publisher: "VMware",
                url:
                    "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/System_Settings_On_Prem/GUID-AWT-DEVICESUSERS-GENERAL-SHAREDDEVICE.html",
                language: "en", documentedAsOf: Self.services,
                note: "what happens when a shared-device user logs out (for iOS: whether the passcode is cleared); the "
                    + "page offers no automatic log-out")
        }
    }
}

/// Each documented fact as a citation of its original public document, named by the fact it documents: a
/// declaration writes `sources: [AirWatchEvidence.sessionValidity, AirWatchEvidence.terminationExpires]`.
enum AirWatchEvidence {
    private static let sdk = AirWatchSource.swiftSDK
    private static let h = AirWatchSource.headers

    /// A file of the integration guide for iOS (SDK 23.x), by its path under the base integration guide.
    private static func guide(_ path: String) -> Citation {
        AirWatchSource.integrationSamples["IntegrationGuideForiOS/Guides/23BaseIntegration/" + path]
    }

    /// The per-cell SDK authentication table (Sessions / Credentials / Expected behaviour).
    static let authTable = AirWatchSource.uemSDKAuth["(table: Sessions, Expected Behavior)"]
    /// "After a session is established in one app, all the other apps can share the session"; past the maximum failed
    /// attempts the wipe callback runs in the associated apps.
    static let sharedSession = AirWatchSource.sdkSSO[
        "(after a session is established in one app, all the other apps can share the session)"]
    /// The session lasts until the Authentication Timeout or a manual lock.
    static let sessionLifetime = AirWatchSource.appLevelSSO[
        "(session active until the Authentication Timeout or a manual lock)"]
    /// SSO on without an authentication type: normal credentials, no SSO passcode.
    static let noAuthenticationType = AirWatchSource.appLevelSSO["(step 3: the SSO passcode does not exist)"]
    /// A terminated app's session expires; a timeout during use prompts at the next use.
    static let terminationExpires = AirWatchSource.kbBehaviourChanges["(Key Behavior Changes for iOS, General)"]
    /// First launch: flip to Hub, authenticate to enrol, create the app passcode.
    static let firstLaunch = guide(
        "04Task_Initialize-the-software-development-kit-runtime/10Test-runtime-Initialization/readme.md")
    /// Authentication is forced at the first open after the device is switched on and after an inactivity timeout.
    static let firstOpenAfterRestart = guide("06Task_Demonstrate-Basic-Features/readme.md")
    /// Authentication Timeout from the last successful authentication; the passcode settings.
    static let securityPolicies = AirWatchSource.securityPolicies["(Authentication Type, Passcode settings)"]
    /// The SDK for iOS reads and enforces the default profile's passcode settings.
    static let settingsMatrix = AirWatchSource.settingsMatrix["(SDK Default Payload: Passcode)"]
    /// Max failed attempts on iOS → "the system performs an enterprise wipe on the device".
    static let enterpriseWipe = AirWatchSource.enterpriseWipe["(Maximum Number Of Failed Attempts)"]
    /// A session is valid while now < authenticated + validity.
    static let sessionValidity = sdk["AppSessionInfo.swift, SessionProvider.swift"]
    /// The session is extended at every backgrounding; foregrounding re-runs setup.
    static let backgroundExtends = sdk["AWController+ObserveNotifications.swift"]
    /// A freshly launched app cannot read the cluster session until unlocked.
    static let sessionStore = sdk["SessionManager.swift, SessionStore.swift, KeyValueStoreItemQueryProvider.swift"]
    /// Timeout 0 = infinite; max failed attempts <= 0 = unlimited; payload defaults when a key is absent.
    static let payloadDefaults = sdk["PayloadTypes/AuthenticationPayload.swift"]
    /// The unlock decision: default key, session, then the passcode or username/password prompt.
    static let unlockOrder = sdk["SDKAccessControlSetupOperation.swift"]
    /// Shared or non-shared stores; changing mode clears the previous session.
    static let storeContext = sdk["ApplicationDataStore.swift"]
    /// Username/password unlock: local check offline, escrow re-key, failed-attempt counting.
    static let credentialsUnlock = sdk["ValidateUserCredentialsToUnlockOperation.swift"]
    /// Touch ID offered only when configured; a changed fingerprint set falls back to the passcode.
    static let biometric = sdk["AbstractPasscodeValidationOperation.swift, PasscodeValidationOperation.swift"]
    /// A non-compliant or expired passcode forces a change after unlock.
    static let passcodeCompliance = sdk["PasscodeComplianceVerificationOperation.swift"]
    /// Identify: the one-time managed token, then SAML, then credentials; a consumed token is skipped.
    static let identifyOrder = sdk["CoreIdentitySetupOperation.swift, TokenAuthenticationOperation.swift"]
    /// The app identity from the common identity (SSO) or cached credentials, else ask.
    static let appIdentity = sdk["ApplicationIdentitySetupOperation.swift"]
    /// Account credentials are nil for token or SAML enrolment; credential updates go through the anchor with SSO.
    static let enrolmentCredentials = h["AWController.h (account, updateUserCredentials)"]
    /// A cluster is apps of one developer account; they share the app passcode and SSO session.
    static let cluster = AirWatchSource.clusters["(Causes of Flipping, SSO Sessions and SDK-Integrated Apps)"]
    /// The shared keychain group awsdk; same developer team.
    static let keychainGroup = guide("02Task_Configure-application-properties/03Add-a-shared-keychain-group/readme.md")
    /// Hub is the broker; SDK profile configurations must match.
    static let profilesMatch = AirWatchSource.securityPolicies["(SDK Profile Configurations Must Match To Work)"]
    /// Removing an app does not clear its keychain.
    static let keychainSurvives = guide("22Appendix_Troubleshooting/readme.md")
    /// Max failed attempts: the default of 4, counting, reset on success.
    static let failedAttempts = sdk["PasscodeValidation.swift"]
    /// At the maximum: CurrentUserLogoutOperation on a shared store, else data cleanup; the SDK restarts.
    static let maxAttemptsWipe = sdk["AuthenticationFailureMessagingProtocol.swift"]
    /// The wipe of SDK data and its delegate callback.
    static let dataCleanup = sdk["DataStoreCleanupOperation.swift"]
    /// lockSession() and the console Lock SSO command.
    static let lockSession = sdk["AWController+Security.swift, CommandHandlers/CommandHandler.swift"]
    /// controllerDidFinishInitialCheck: once per launch, early for an app already secured.
    static let initialCheck = sdk["SDKSetupOperation.swift"]
    /// ssoStatus: enabled or disabled from a persisted flag that defaults to false.
    static let ssoStatus = sdk["DeviceInformationController.swift, AWController+ObjCCompatibility.swift"]
    /// userChanged: called after the SDK wiped the data for a new checked-out user.
    static let userChanged = h["AWController.h (userChanged), AWSharedDeviceConstants.h"]
    /// Detected user change: wipe the application information, reset settings, restart.
    static let userChangeDetection = sdk["UserChangeDetectionOperation.swift"]
    /// Log-in (check-out) authenticates the user with directory services or Workspace ONE UEM credentials.
    static let checkOutAuthenticates = AirWatchSource.sharedDevicesOverview[
        "(Security: authenticate end users during a login)"]
    /// Hub's multi-user mode: any employee authenticates within Hub.
    static let hubAuthenticates = AirWatchSource.sharedDevices[
        "(Check-in and Check-out with Hub: authenticate within Hub)"]
    /// With SSO the SDK delegates user authentication to Hub and can read the enrolment credentials.
    static let hubBroker = AirWatchSource.sdkSSO[
        "(delegate the handling of user authentication and SSO management to the Hub)"]
    /// The Shared Device settings: at log-out the passcode may be cleared (iOS); no automatic log-out is offered.
    static let sharedDeviceLogOut = AirWatchSource.sharedDeviceSettings[
        "(Configure what happens when users of shared devices log out)"]
    /// Hub check-in/check-out: limited data separation; Outlook and Teams are not logged out.
    static let checkInCheckOut = AirWatchSource.sharedDevices["(Check-in Checkout with Hub: Limited data separation)"]
    /// Offline access blocked: the OfflineAccessNotAllowed blocker; defaults allow offline use.
    static let offline = sdk["NetworkAccessAndOfflinePolicyEnforcer.swift, PayloadTypes/OfflineAccessPayload.swift"]
    /// Compromised protection: blocker, beacon, logout.
    static let compromised = sdk["JailbreakDetectionOperation.swift"]
    /// logoutCurrentUser: wipe plus unenrolment report.
    static let logoutCurrentUser = sdk["CurrentUserLogoutOperation (via AuthenticationFailureMessagingProtocol.swift)"]

    /// The seed page, at `locator` (a section or a quote in parentheses; empty for the page as a whole).
    static func seed(_ locator: String = "") -> Citation { AirWatchSource.seed[locator] }
}
