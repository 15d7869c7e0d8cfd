import SSOPolicyProviderKit

/// The public documents airwatch-sdk cites (`ssopolicy sources`), and each documented fact the model rests on as a
/// citation of its original document: a vendor page, a KB article, or a file of a public SDK repository.
enum AirWatchSources {
    static let seed = "airwatch-9.2-sso-ios"
    static let uemSDKAuth = "ws1-uem-sdk-auth"
    static let kbSSOPasscode = "airwatch-kb-115001676508"
    static let kbBehaviourChanges = "airwatch-kb-115001664968"
    static let ssoSession = "airwatch-9.1-sso-session"
    static let ssoConfigure = "airwatch-9.1-sso-configure"
    static let integrationSamples = "ws1-sdk-integration-samples"
    static let securityPolicies = "airwatch-9.6-security-policies"
    static let swiftSDK = "airwatch-ios-sdk-17.6"
    static let headers = "awsdk-5.9.9.6-headers"
    static let clusters = "ws1-app-wrapping-clusters"
    static let sharedDevices = "ws1-shared-ios-shift-workers"

    static let documents: [SourceDocument] = [
        SourceDocument(
            seed, title: "SSO Explanation (AirWatch SDK for iOS, VMware AirWatch 9.2 guides)", publisher: "VMware",
            url:
                "https://docs.vmware.com/en/VMware-AirWatch/9.2/vmware-airwatch-guides-92/GUID-AW92-SSO_Explanation.html",
            language: "en", documentedAsOf: "2017 (AirWatch 9.2)",
            note: "the vendor page the model follows literally; sections: Requirements, Query the Current SSO Status, "
                + "Application Access With SSO Enabled, Authentication Behavior By SSO Configuration"),
        SourceDocument(
            uemSDKAuth, title: "SDK authentication and SSO (Workspace ONE UEM, Mobile Content Management)",
            publisher: "VMware",
            url: "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/MCM/GUID-AWT-SDK-AUTH.html",
            language: "en",
            documentedAsOf: "2023 (Workspace ONE UEM services documentation, before the move to Omnissa)"),
        SourceDocument(
            kbSSOPasscode,
            title: "How to use single sign-on (SSO) and passcode with the AirWatch iOS SDK (KB 115001676508)",
            publisher: "VMware AirWatch",
            url:
                "https://kb.air-watch.com/hc/en-us/articles/115001676508-How-to-use-single-sign-on-SSO-and-passcode-with-the-AirWatch-iOS-SDK",
            language: "en", documentedAsOf: "2017 (AirWatch knowledge base)"),
        SourceDocument(
            kbBehaviourChanges,
            title: "SSO and authentication behavior changes for AirWatch iOS and Android apps (KB 115001664968)",
            publisher: "VMware AirWatch",
            url:
                "https://kb.air-watch.com/hc/en-us/articles/115001664968-SSO-and-authentication-behavior-changes-for-AirWatch-iOS-and-Android-apps",
            language: "en", documentedAsOf: "2017 (SDK 5.9.3+, Agent 5.4+)"),
        SourceDocument(
            ssoSession, title: "SSO Session (VMware AirWatch 9.1 guides)", publisher: "VMware",
            url:
                "https://docs.vmware.com/en/VMware-AirWatch/9.1/vmware-airwatch-guides-91/GUID-AW91-SSO_Session_Desc.html",
            language: "en", documentedAsOf: "2017 (AirWatch 9.1)"),
        SourceDocument(
            ssoConfigure, title: "Enable Single Sign On (VMware AirWatch 9.1 guides)", publisher: "VMware",
            url:
                "https://docs.vmware.com/en/VMware-AirWatch/9.1/vmware-airwatch-guides-91/GUID-AW91-SSO_Configure.html",
            language: "en", documentedAsOf: "2017 (AirWatch 9.1)"),
        SourceDocument(
            integrationSamples, title: "Workspace ONE SDK integration samples (integration guide for iOS)",
            publisher: "VMware / Omnissa (GitHub euc-releases)",
            url: "https://github.com/euc-releases/workspace-ONE-SDK-integration-samples", language: "en",
            documentedAsOf: "2023 (integration guide for SDK 23.x)",
            note: "locators are file paths under IntegrationGuideForiOS/"),
        SourceDocument(
            securityPolicies, title: "Configure Security Policies: Authentication Type (Workspace ONE UEM 9.6 guides)",
            publisher: "VMware",
            url:
                "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/9.6/vmware-airwatch-guides-96/GUID-AW96-AuthType_Configure.html",
            language: "en", documentedAsOf: "2018 (Workspace ONE UEM 9.6)"),
        SourceDocument(
            swiftSDK, title: "AirWatch iOS Swift SDK 17.6 source, vendored as CocoaPods (bhargavat/AW-iOS-Pods)",
            publisher: "VMware AirWatch (public copy on GitHub)", url: "https://github.com/bhargavat/AW-iOS-Pods",
            language: "en", documentedAsOf: "2017 (SDK 17.6)",
            note: "older than today's SDKs: a reference implementation, not proof of current behaviour; locators are "
                + "files under Pods/AirWatchSDK/AirWatchSDK/"),
        SourceDocument(
            headers, title: "AWSDK 5.9.9.6 Objective-C headers (outsystems-plugin-PeacefulEvolution-airwatch-sdk)",
            publisher: "VMware AirWatch (public copy on GitHub)",
            url: "https://github.com/peaceful-lab/outsystems-plugin-PeacefulEvolution-airwatch-sdk", language: "en",
            documentedAsOf: "2018 (AWSDK 5.9.9.6)",
            note: "locators are headers under libs/ios/AWSDK.framework/Versions/A/Headers/"),
        SourceDocument(
            clusters, title: "Cluster Session Management (Workspace ONE UEM App Wrapping)", publisher: "VMware",
            url:
                "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/App_Wrapping/GUID-AWT-CLUSTERSESSIONMANAGEMENT.html",
            language: "en",
            documentedAsOf: "2023 (Workspace ONE UEM services documentation, before the move to Omnissa)"),
        SourceDocument(
            sharedDevices, title: "Configure Shared iOS Devices for your Shift Workers (Workspace ONE UEM)",
            publisher: "VMware",
            url:
                "https://docs.vmware.com/en/VMware-Workspace-ONE-UEM/services/ws1uem-shared-devices-documentation/GUID-shared_devices_iOS_shift_workers.html",
            language: "en",
            documentedAsOf: "2023 (Workspace ONE UEM services documentation, before the move to Omnissa)"),
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
    /// "Once a session is established in one app, all the other apps can share the same session"; wipe at max attempts.
    static let sharedSessionKB = Citation(AirWatchSources.kbSSOPasscode, "(Authentication Type and SSO)")
    /// The session lasts until the Authentication Timeout or a manual lock.
    static let sessionLifetime = Citation(
        AirWatchSources.ssoSession, "(session active until the Authentication Timeout or a manual lock)")
    /// SSO on without an authentication type: normal credentials, no SSO passcode.
    static let noAuthenticationType = Citation(
        AirWatchSources.ssoConfigure, "(step 3: the SSO passcode does not exist)")
    /// A terminated app's session expires; a timeout during use prompts at the next use.
    static let terminationExpires = Citation(
        AirWatchSources.kbBehaviourChanges, "(Key Behavior Changes for iOS, General)")
    /// First launch: flip to Hub, authenticate to enrol, create the app passcode.
    static let firstLaunch = guide(
        "04Task_Initialize-the-software-development-kit-runtime/10Test-runtime-Initialization/readme.md")
    /// Authentication is forced at the first open after the device is switched on and after an inactivity timeout.
    static let firstOpenAfterRestart = guide("06Task_Demonstrate-Basic-Features/readme.md")
    /// Authentication Timeout from the last successful authentication; max failed attempts → enterprise wipe.
    static let securityPolicies = Citation(AirWatchSources.securityPolicies, "(Passcode settings)")
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
    static let profilesMatch = Citation(AirWatchSources.securityPolicies, "(SDK Profile Configurations Must Match)")
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
