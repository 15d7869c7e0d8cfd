import SSOPolicyProviderKit

/// The public documents airwatch-sdk cites (`ssopolicy sources`), and each documented fact the model rests on as a
/// citation of its original document: a vendor page, a KB article, or a file of a public SDK repository.
enum AirWatchSources {
    static let seed = "airwatch-9.2-sso-ios"
    static let uemSDKAuth = "ws1-uem-sdk-auth"
    static let sdkSSO = "ws1-sdk-ios-sso"
    static let kbBehaviourChanges = "airwatch-kb-115001664968"
    static let appLevelSSO = "ws1-uem-app-level-sso"
    static let integrationSamples = "ws1-sdk-integration-samples"
    static let securityPolicies = "ws1-uem-sdk-security-policies"
    static let settingsMatrix = "ws1-uem-sdk-settings-matrix"
    static let enterpriseWipe = "airwatch-9.6-security-policies"
    static let swiftSDK = "airwatch-ios-sdk-17.6"
    static let headers = "awsdk-5.9.9.6-headers"
    static let clusters = "ws1-app-wrapping-clusters"
    static let sharedDevices = "ws1-shared-ios-shift-workers"
    static let sharedDevicesOverview = "ws1-uem-shared-devices-overview"
    static let sharedDeviceSettings = "ws1-uem-shared-device-settings"

    /// The Workspace ONE UEM documentation as it stood before the move to Omnissa (docs.vmware.com, services).
    private static let services = "2023 (Workspace ONE UEM services documentation, before the move to Omnissa)"

    static let documents: [SourceDocument] = [
        SourceDocument(
            seed, title: "SSO Explanation (AirWatch SDK for iOS, VMware AirWatch 9.2 guides)", publisher: "VMware",
            url:
                "https://docs.vmware.com/en/VMware-AirWatch/9.2/vmware-airwatch-guides-92/GUID-AW92-SSO_Explanation.html",
            language: "en", documentedAsOf: "2017 (AirWatch 9.2)",
            note: "the vendor page the model follows literally; sections: Requirements, Query the Current SSO Status, "
                + "Application Access With SSO Enabled, Authentication Behavior By SSO Configuration. Kept as the "
                + "only public source: no current Workspace ONE or Omnissa page gives the per-cell behaviour matrix "
                + "or says that ssoStatus reads disabled before initialCheckDone"),
        SourceDocument(
            uemSDKAuth, title: "SDK authentication and SSO (Workspace ONE UEM, Mobile Content Management)",
            publisher: "VMware",
            url: "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/MCM/GUID-AWT-SDK-AUTH.html",
            language: "en", documentedAsOf: services,
            note: "no Omnissa-hosted copy found: the only public source of the Sessions / Expected Behavior table"),
        SourceDocument(
            sdkSSO, title: "Single Sign-On and the VMware Workspace ONE SDK for iOS (Objective-C)",
            publisher: "Omnissa (developer.omnissa.com)",
            url: "https://developer.omnissa.com/ws1-sdk-uem-ios/docs/developer/web/GUID-AWT-SSO.html", language: "en",
            documentedAsOf: "2024 (Omnissa developer site; the page is undated)",
            note: "the current page for what AirWatch KB 115001676508 (2017) said: a session established in one app "
                + "is shared by the others, and past the maximum failed attempts the wipe callback runs in the "
                + "associated apps. Its guide is marked no longer maintained; no newer page says it"),
        SourceDocument(
            kbBehaviourChanges,
            title: "SSO and authentication behavior changes for AirWatch iOS and Android apps (KB 115001664968)",
            publisher: "VMware AirWatch",
            url:
                "https://kb.air-watch.com/hc/en-us/articles/115001664968-SSO-and-authentication-behavior-changes-for-AirWatch-iOS-and-Android-apps",
            language: "en", documentedAsOf: "2017 (SDK 5.9.3+, Agent 5.4+)",
            note: "kept as the only public source that a terminated app authenticates again despite a live SSO "
                + "session and that a timeout during use prompts only at the next use; the current integration "
                + "guide (ws1-sdk-integration-samples) confirms only that a recently active, unterminated app "
                + "needs no passcode"),
        SourceDocument(
            appLevelSSO, title: "Configure app-level single sign-on (Workspace ONE UEM, Android (Legacy) platform)",
            publisher: "VMware",
            url:
                "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/Android(Legacy)_Platform/GUID-AWT-APPLEVELSINGLESIGNON.html",
            language: "en", documentedAsOf: services,
            note: "the current page for what the AirWatch 9.1 guides (SSO Session, Enable Single Sign On; 2017) "
                + "said of the default SDK profile's SSO setting: the session lasts until the Authentication Timeout "
                + "or a manual lock, and without an Authentication Type no SSO passcode exists. It sits in the "
                + "Android (Legacy) guide; no iOS-scoped current page states it"),
        SourceDocument(
            integrationSamples, title: "Workspace ONE SDK integration samples (integration guide for iOS)",
            publisher: "VMware / Omnissa (GitHub euc-releases)",
            url: "https://github.com/euc-releases/workspace-ONE-SDK-integration-samples", language: "en",
            documentedAsOf: "2023 (integration guide for SDK 23.x)",
            note: "locators are file paths under IntegrationGuideForiOS/"),
        SourceDocument(
            securityPolicies, title: "Security Policies profiles for the SDK (Workspace ONE UEM, SDK and MAM)",
            publisher: "VMware",
            url:
                "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/SDK_MAM/GUID-0A65E94A-BC00-4650-BB5E-7164DF757D42.html",
            language: "en", documentedAsOf: services,
            note: "the current page for the Authentication Type settings of the Workspace ONE UEM 9.6 guides (2018): "
                + "the timeout counts from the last successful authentication; the Hub's default SDK profile and the "
                + "app's must match"),
        SourceDocument(
            settingsMatrix, title: "SDK settings matrix (Omnissa Workspace ONE UEM, SDK and app management 2306)",
            publisher: "Omnissa", url: "https://docs.omnissa.com/SDKandAppMgmt-V2306/UEMSDKSettingsMatrix",
            language: "en", documentedAsOf: "2023 (Workspace ONE UEM 2306, Omnissa documentation)",
            note: "which default SDK settings the SDK for iOS reads and enforces (\"Supported\")"),
        SourceDocument(
            enterpriseWipe, title: "Configure Security Policies: Authentication Type (Workspace ONE UEM 9.6 guides)",
            publisher: "VMware",
            url:
                "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/9.6/vmware-airwatch-guides-96/GUID-AW96-AuthType_Configure.html",
            language: "en", documentedAsOf: "2018 (Workspace ONE UEM 9.6)",
            note: "kept only for its sentence that reaching Maximum Number Of Failed Attempts on iOS performs an "
                + "enterprise wipe, found in no current page; everything else it said is cited from "
                + "ws1-uem-sdk-security-policies"),
        SourceDocument(
            swiftSDK, title: "AirWatch iOS Swift SDK 17.6 source, vendored as CocoaPods (bhargavat/AW-iOS-Pods)",
            publisher: "VMware AirWatch (public copy on GitHub)", url: "https://github.com/bhargavat/AW-iOS-Pods",
            language: "en", documentedAsOf: "2017 (SDK 17.6)",
            note: "a third-party copy, kept as the only public source of the SDK's code: Omnissa distributes today's "
                + "SDK as a binary framework (github.com/euc-releases/iOS-WorkspaceONE-SDK). Older than today's "
                + "SDKs: a reference implementation, not proof of current behaviour; locators are files under "
                + "Pods/AirWatchSDK/AirWatchSDK/"),
        SourceDocument(
            headers, title: "AWSDK 5.9.9.6 Objective-C headers (outsystems-plugin-PeacefulEvolution-airwatch-sdk)",
            publisher: "VMware AirWatch (public copy on GitHub)",
            url: "https://github.com/peaceful-lab/outsystems-plugin-PeacefulEvolution-airwatch-sdk", language: "en",
            documentedAsOf: "2018 (AWSDK 5.9.9.6)",
            note: "a third-party copy, kept as the only public source of what userChanged means (the SDK has wiped "
                + "the data; not called when the same user checks out again), which today's sample code does not "
                + "show; locators are headers under libs/ios/AWSDK.framework/Versions/A/Headers/"),
        SourceDocument(
            clusters, title: "Cluster Session Management (Workspace ONE UEM App Wrapping)", publisher: "VMware",
            url:
                "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/App_Wrapping/GUID-AWT-CLUSTERSESSIONMANAGEMENT.html",
            language: "en", documentedAsOf: services),
        SourceDocument(
            sharedDevices, title: "Configure Shared iOS Devices for your Shift Workers (Workspace ONE UEM)",
            publisher: "VMware",
            url:
                "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/ws1uem-shared-devices-documentation/GUID-shared_devices_iOS_shift_workers.html",
            language: "en", documentedAsOf: services),
        SourceDocument(
            sharedDevicesOverview, title: "How Do You Share Devices in UEM (Workspace ONE UEM shared devices)",
            publisher: "VMware",
            url:
                "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/ws1uem-shared-devices-documentation/GUID-shared_devices_overview.html",
            language: "en", documentedAsOf: services,
            note: "log-in (check-out) authenticates the user with directory services or Workspace ONE UEM "
                + "credentials, in Hub on iOS (Hub 4.2 or later)"),
        SourceDocument(
            sharedDeviceSettings, title: "Shared Device settings (Workspace ONE UEM System Settings)",
            publisher: "VMware",
            url:
                "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/System_Settings_On_Prem/GUID-AWT-DEVICESUSERS-GENERAL-SHAREDDEVICE.html",
            language: "en", documentedAsOf: services,
            note: "what happens when a shared-device user logs out (for iOS: whether the passcode is cleared); the "
                + "page offers no automatic log-out"),
    ]
}

/// Each documented fact as a citation of its original public document, named by the fact it documents: a
/// declaration writes `sources: [AirWatchEvidence.sessionValidity, AirWatchEvidence.terminationExpires]`.
enum AirWatchEvidence {
    private static let sdk = AirWatchSources.swiftSDK
    private static let h = AirWatchSources.headers

    /// A file of the integration guide for iOS (SDK 23.x), by its path under the base integration guide.
    private static func guide(_ path: String) -> Citation {
        Citation(AirWatchSources.integrationSamples, "IntegrationGuideForiOS/Guides/23BaseIntegration/" + path)
    }

    /// The per-cell SDK authentication table (Sessions / Credentials / Expected behaviour).
    static let authTable = Citation(AirWatchSources.uemSDKAuth, "(table: Sessions, Expected Behavior)")
    /// "After a session is established in one app, all the other apps can share the session"; past the maximum failed
    /// attempts the wipe callback runs in the associated apps.
    static let sharedSession = Citation(
        AirWatchSources.sdkSSO, "(after a session is established in one app, all the other apps can share the session)")
    /// The session lasts until the Authentication Timeout or a manual lock.
    static let sessionLifetime = Citation(
        AirWatchSources.appLevelSSO, "(session active until the Authentication Timeout or a manual lock)")
    /// SSO on without an authentication type: normal credentials, no SSO passcode.
    static let noAuthenticationType = Citation(
        AirWatchSources.appLevelSSO, "(step 3: the SSO passcode does not exist)")
    /// A terminated app's session expires; a timeout during use prompts at the next use.
    static let terminationExpires = Citation(
        AirWatchSources.kbBehaviourChanges, "(Key Behavior Changes for iOS, General)")
    /// First launch: flip to Hub, authenticate to enrol, create the app passcode.
    static let firstLaunch = guide(
        "04Task_Initialize-the-software-development-kit-runtime/10Test-runtime-Initialization/readme.md")
    /// Authentication is forced at the first open after the device is switched on and after an inactivity timeout.
    static let firstOpenAfterRestart = guide("06Task_Demonstrate-Basic-Features/readme.md")
    /// Authentication Timeout from the last successful authentication; the passcode settings.
    static let securityPolicies = Citation(AirWatchSources.securityPolicies, "(Authentication Type, Passcode settings)")
    /// The SDK for iOS reads and enforces the default profile's passcode settings.
    static let settingsMatrix = Citation(AirWatchSources.settingsMatrix, "(SDK Default Payload: Passcode)")
    /// Max failed attempts on iOS → "the system performs an enterprise wipe on the device".
    static let enterpriseWipe = Citation(AirWatchSources.enterpriseWipe, "(Maximum Number Of Failed Attempts)")
    /// A session is valid while now < authenticated + validity.
    static let sessionValidity = Citation(sdk, "AppSessionInfo.swift, SessionProvider.swift")
    /// The session is extended at every backgrounding; foregrounding re-runs setup.
    static let backgroundExtends = Citation(sdk, "AWController+ObserveNotifications.swift")
    /// A freshly launched app cannot read the cluster session until unlocked.
    static let sessionStore = Citation(
        sdk, "SessionManager.swift, SessionStore.swift, KeyValueStoreItemQueryProvider.swift")
    /// Timeout 0 = infinite; max failed attempts <= 0 = unlimited; payload defaults when a key is absent.
    static let payloadDefaults = Citation(sdk, "PayloadTypes/AuthenticationPayload.swift")
    /// The unlock decision: default key, session, then the passcode or username/password prompt.
    static let unlockOrder = Citation(sdk, "SDKAccessControlSetupOperation.swift")
    /// Shared or non-shared stores; changing mode clears the previous session.
    static let storeContext = Citation(sdk, "ApplicationDataStore.swift")
    /// Username/password unlock: local check offline, escrow re-key, failed-attempt counting.
    static let credentialsUnlock = Citation(sdk, "ValidateUserCredentialsToUnlockOperation.swift")
    /// Touch ID offered only when configured; a changed fingerprint set falls back to the passcode.
    static let biometric = Citation(
        sdk, "AbstractPasscodeValidationOperation.swift, PasscodeValidationOperation.swift")
    /// A non-compliant or expired passcode forces a change after unlock.
    static let passcodeCompliance = Citation(sdk, "PasscodeComplianceVerificationOperation.swift")
    /// Identify: the one-time managed token, then SAML, then credentials; a consumed token is skipped.
    static let identifyOrder = Citation(sdk, "CoreIdentitySetupOperation.swift, TokenAuthenticationOperation.swift")
    /// The app identity from the common identity (SSO) or cached credentials, else ask.
    static let appIdentity = Citation(sdk, "ApplicationIdentitySetupOperation.swift")
    /// Account credentials are nil for token or SAML enrolment; credential updates go through the anchor with SSO.
    static let enrolmentCredentials = Citation(h, "AWController.h (account, updateUserCredentials)")
    /// A cluster is apps of one developer account; they share the app passcode and SSO session.
    static let cluster = Citation(
        AirWatchSources.clusters, "(Causes of Flipping, SSO Sessions and SDK-Integrated Apps)")
    /// The shared keychain group awsdk; same developer team.
    static let keychainGroup = guide("02Task_Configure-application-properties/03Add-a-shared-keychain-group/readme.md")
    /// Hub is the broker; SDK profile configurations must match.
    static let profilesMatch = Citation(
        AirWatchSources.securityPolicies, "(SDK Profile Configurations Must Match To Work)")
    /// Removing an app does not clear its keychain.
    static let keychainSurvives = guide("22Appendix_Troubleshooting/readme.md")
    /// Max failed attempts: the default of 4, counting, reset on success.
    static let failedAttempts = Citation(sdk, "PasscodeValidation.swift")
    /// At the maximum: CurrentUserLogoutOperation on a shared store, else data cleanup; the SDK restarts.
    static let maxAttemptsWipe = Citation(sdk, "AuthenticationFailureMessagingProtocol.swift")
    /// The wipe of SDK data and its delegate callback.
    static let dataCleanup = Citation(sdk, "DataStoreCleanupOperation.swift")
    /// lockSession() and the console Lock SSO command.
    static let lockSession = Citation(sdk, "AWController+Security.swift, CommandHandlers/CommandHandler.swift")
    /// controllerDidFinishInitialCheck: once per launch, early for an app already secured.
    static let initialCheck = Citation(sdk, "SDKSetupOperation.swift")
    /// ssoStatus: enabled or disabled from a persisted flag that defaults to false.
    static let ssoStatus = Citation(sdk, "DeviceInformationController.swift, AWController+ObjCCompatibility.swift")
    /// userChanged: called after the SDK wiped the data for a new checked-out user.
    static let userChanged = Citation(h, "AWController.h (userChanged), AWSharedDeviceConstants.h")
    /// Detected user change: wipe the application information, reset settings, restart.
    static let userChangeDetection = Citation(sdk, "UserChangeDetectionOperation.swift")
    /// Log-in (check-out) authenticates the user with directory services or Workspace ONE UEM credentials.
    static let checkOutAuthenticates = Citation(
        AirWatchSources.sharedDevicesOverview, "(Security: authenticate end users during a login)")
    /// Hub's multi-user mode: any employee authenticates within Hub.
    static let hubAuthenticates = Citation(
        AirWatchSources.sharedDevices, "(Check-in and Check-out with Hub: authenticate within Hub)")
    /// With SSO the SDK delegates user authentication to Hub and can read the enrolment credentials.
    static let hubBroker = Citation(
        AirWatchSources.sdkSSO, "(delegate the handling of user authentication and SSO management to the Hub)")
    /// The Shared Device settings: at log-out the passcode may be cleared (iOS); no automatic log-out is offered.
    static let sharedDeviceLogOut = Citation(
        AirWatchSources.sharedDeviceSettings, "(Configure what happens when users of shared devices log out)")
    /// Hub check-in/check-out: limited data separation; Outlook and Teams are not logged out.
    static let checkInCheckOut = Citation(
        AirWatchSources.sharedDevices, "(Check-in Checkout with Hub: Limited data separation)")
    /// Offline access blocked: the OfflineAccessNotAllowed blocker; defaults allow offline use.
    static let offline = Citation(
        sdk, "NetworkAccessAndOfflinePolicyEnforcer.swift, PayloadTypes/OfflineAccessPayload.swift")
    /// Compromised protection: blocker, beacon, logout.
    static let compromised = Citation(sdk, "JailbreakDetectionOperation.swift")
    /// logoutCurrentUser: wipe plus unenrolment report.
    static let logoutCurrentUser = Citation(
        sdk, "CurrentUserLogoutOperation (via AuthenticationFailureMessagingProtocol.swift)")

    /// The seed page, at `locator` (a section or a quote in parentheses; empty for the page as a whole).
    static func seed(_ locator: String = "") -> Citation { Citation(AirWatchSources.seed, locator) }
}
