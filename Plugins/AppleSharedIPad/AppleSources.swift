import SSOPolicyProviderKit

/// The public documents apple-shared-ipad cites (`ssopolicy sources`): Apple's Device Management schema and its
/// deployment, business and security guides, Microsoft's Intune, Graph and identity-platform pages, and two MDM
/// vendors' pages where Apple and Microsoft are silent.
enum AppleSources {
    static let sharedDeviceConfiguration = "apple-dm-shared-device-configuration"
    static let logOutUser = "apple-dm-log-out-user"
    static let deleteUser = "apple-dm-delete-user"
    static let eraseDevice = "apple-dm-erase-device"
    static let deviceInformation = "apple-dm-device-information"
    static let restrictions = "apple-dm-restrictions"
    static let sharedIPadPayloads = "apple-dm-shared-ipad-payloads"
    static let overview = "apple-deployment-shared-ipad-overview"
    static let signIn = "apple-mdm-shared-ipad-sign-in"
    static let prepare = "apple-mdm-prepare-shared-ipad"
    static let education = "apple-deployment-education-shared-ipad"
    static let businessSignIn = "apple-business-sign-in-shared-ipad"
    static let passcodes = "apple-business-shared-ipad-passcodes"
    static let managedAppleIDs = "apple-abm-shared-ipad-managed-apple-ids"
    static let federation = "apple-abm-federated-authentication"
    static let security = "apple-security-shared-ipad"
    static let returnToService = "apple-deployment-return-to-service"
    static let purgeable = "apple-developer-optimize-shared-ipad"
    static let sharedSolutions = "ms-intune-shared-device-solutions-ios"
    static let intuneSharedIPad = "ms-intune-shared-ipad"
    static let automatedEnrollment = "ms-intune-automated-device-enrollment-ios"
    static let deviceRestrictions = "ms-intune-device-restrictions-ios"
    static let frontline = "ms-intune-frontline-worker-ios"
    static let remoteActions = "ms-intune-remote-actions-shared-ipad"
    static let graphProfile = "ms-graph-dep-ios-enrollment-profile"
    static let entraSSO = "ms-entra-sso-macos-ios"
    static let jamfEndUser = "jamf-shared-ipad-end-user-experience"
    static let jamfSchool = "jamf-school-shared-ipad-max-users"

    private static let appleSchema = "2024-10-21 (Apple device-management schema release iOS 18.1 / macOS 15.1)"

    static let documents: [SourceDocument] = [
        SourceDocument(
            sharedDeviceConfiguration,
            title: "Device Management: Settings command, SharedDeviceConfiguration (and the deprecated "
                + "MaximumResidentUsers and PasscodeLockGracePeriod items)", publisher: "Apple",
            url: "https://developer.apple.com/documentation/devicemanagement/settingscommand/command-data.dictionary/"
                + "settings-data.dictionary/shareddeviceconfiguration-data.dictionary", language: "en",
            documentedAsOf: appleSchema,
            note: "machine-readable: https://github.com/apple/device-management/blob/release/mdm/commands/settings.yaml"
        ),
        SourceDocument(
            logOutUser, title: "Device Management: Log Out User command (LogOutUser)", publisher: "Apple",
            url: "https://github.com/apple/device-management/blob/release/mdm/commands/user.logout.yaml",
            language: "en", documentedAsOf: appleSchema + ", iOS 9.3+"),
        SourceDocument(
            deleteUser, title: "Device Management: Delete User command (DeleteUser, ForceDeletion, DeleteAllUsers)",
            publisher: "Apple",
            url: "https://github.com/apple/device-management/blob/release/mdm/commands/user.delete.yaml",
            language: "en", documentedAsOf: appleSchema + ", iOS 9.3+ (DeleteAllUsers iOS 14+)"),
        SourceDocument(
            eraseDevice, title: "Device Management: Erase Device command, ReturnToService", publisher: "Apple",
            url: "https://developer.apple.com/documentation/devicemanagement/erase-device-command", language: "en",
            documentedAsOf: appleSchema + ", ReturnToService iOS/iPadOS 17.0+"),
        SourceDocument(
            deviceInformation,
            title: "Device Management: Device Information queries (IsMultiUser, ResidentUsers, MaximumResidentUsers, "
                + "UserSessionTimeout, TemporarySessionOnly, OnlineAuthenticationGracePeriod)", publisher: "Apple",
            url: "https://github.com/apple/device-management/blob/release/mdm/commands/information.device.yaml",
            language: "en", documentedAsOf: appleSchema),
        SourceDocument(
            restrictions, title: "Device Management: Restrictions payload, allowSharedDeviceTemporarySession",
            publisher: "Apple", url: "https://developer.apple.com/documentation/devicemanagement/restrictions",
            language: "en", documentedAsOf: appleSchema + ", iOS 13.4+ supervised"),
        SourceDocument(
            sharedIPadPayloads,
            title: "Device Management: Shared iPad entries of the profiles and commands (Extensible SSO user channel "
                + "only, Passcode payload forbidden, RestartDevice allowed)", publisher: "Apple",
            url: "https://github.com/apple/device-management/tree/release/mdm", language: "en",
            documentedAsOf: appleSchema),
        SourceDocument(
            overview, title: "Apple Platform Deployment: Shared iPad overview", publisher: "Apple",
            url: "https://support.apple.com/guide/deployment/shared-ipad-overview-dep9a34c2ba2/web", language: "en",
            documentedAsOf: "2024 (edition using \"Managed Apple Accounts\", mentions iPadOS 17.4)"),
        SourceDocument(
            signIn, title: "Apple Platform Deployment (MDM settings): Signing in to Shared iPad", publisher: "Apple",
            url: "https://support.apple.com/guide/mdm/shared-ipad-sign-in-mdm6c592d817/web", language: "en",
            documentedAsOf: "2023 (edition using \"Managed Apple ID\", 2021-2023), iPadOS 13.4+"),
        SourceDocument(
            prepare, title: "Apple Platform Deployment (MDM settings): Prepare Shared iPad", publisher: "Apple",
            url: "https://support.apple.com/guide/mdm/mdm71124b400/web", language: "en",
            documentedAsOf: "2023 (edition using \"Managed Apple ID\", 2021-2023), iPadOS 13.4+"),
        SourceDocument(
            education, title: "Apple Platform Deployment (Education): Shared iPad, user space considerations",
            publisher: "Apple", url: "https://support.apple.com/guide/deployment-education/iora714f0cdx/web",
            language: "en", documentedAsOf: "2023 (undated page, iPadOS 13.4+)"),
        SourceDocument(
            businessSignIn, title: "Apple Business User Guide: Sign in to Shared iPad", publisher: "Apple",
            url: "https://support.apple.com/guide/business/axmcb8792453/web", language: "en",
            documentedAsOf: "2025 (current edition, undated)",
            note: "the earlier Apple Business Manager edition: https://support.apple.com/guide/apple-business-manager/"
                + "axmcb8792453/web"),
        SourceDocument(
            passcodes, title: "Apple Business User Guide: Create and reset Shared iPad passcodes", publisher: "Apple",
            url: "https://support.apple.com/guide/business/axm124535e27/web", language: "en",
            documentedAsOf: "2025 (current edition, undated)"),
        SourceDocument(
            managedAppleIDs, title: "Apple Business Manager User Guide: Use Shared iPad with Managed Apple IDs",
            publisher: "Apple", url: "https://support.apple.com/guide/apple-business-manager/axm3a8bb0ab8/web",
            language: "en", documentedAsOf: "2023 (Managed Apple ID edition, undated)"),
        SourceDocument(
            federation, title: "Apple Business Manager User Guide: Intro to federated authentication",
            publisher: "Apple", url: "https://support.apple.com/guide/apple-business-manager/axmb19317543/web",
            language: "en", documentedAsOf: "2024 (editions for Azure AD, iPadOS 13.1+, and Entra ID, iPadOS 15.5+)"),
        SourceDocument(
            security, title: "Apple Platform Security: Shared iPad security in iPadOS", publisher: "Apple",
            url: "https://support.apple.com/guide/security/secd99f373ef/web", language: "en",
            documentedAsOf: "2023 (Managed Apple ID edition, iPadOS 13.4+)"),
        SourceDocument(
            returnToService, title: "Apple Platform Deployment: Use Return to Service for Apple devices",
            publisher: "Apple", url: "https://support.apple.com/guide/deployment/dep17cb455a0/web", language: "en",
            documentedAsOf: "2025 (current edition, undated)",
            note: "with https://developer.apple.com/documentation/devicemanagement/"
                + "returning-a-managed-device-to-service"),
        SourceDocument(
            purgeable, title: "Apple Developer: Optimize apps for Shared iPad, NSSupportsPurgeableLocalStorage",
            publisher: "Apple",
            url: "https://developer.apple.com/documentation/bundleresources/information-property-list/"
                + "nssupportspurgeablelocalstorage", language: "en", documentedAsOf: "2025 (current, undated)"),
        SourceDocument(
            sharedSolutions, title: "Intune: Overview of shared device solutions for iOS/iPadOS",
            publisher: "Microsoft",
            url: "https://learn.microsoft.com/intune/intune-service/enrollment/device-enrollment-shared-ios",
            language: "en", documentedAsOf: "2024-09-16 (ms.date)"),
        SourceDocument(
            intuneSharedIPad, title: "Intune: Set up Shared iPad (Shared iPad devices)", publisher: "Microsoft",
            url: "https://learn.microsoft.com/intune/intune-service/enrollment/device-enrollment-shared-ipad",
            language: "en", documentedAsOf: "2024-01-23 (ms.date)"),
        SourceDocument(
            automatedEnrollment, title: "Intune: Set up automated device enrollment for iOS/iPadOS (Shared iPad)",
            publisher: "Microsoft",
            url: "https://learn.microsoft.com/intune/device-enrollment/apple/setup-automated-ios",
            language: "en", documentedAsOf: "2026-04-15 (ms.date)"),
        SourceDocument(
            deviceRestrictions,
            title: "Intune: iOS and iPadOS device settings to allow or restrict features (Shared iPad)",
            publisher: "Microsoft",
            url: "https://learn.microsoft.com/intune/intune-service/configuration/device-restrictions-ios",
            language: "en", documentedAsOf: "2025-01-21 (ms.date)"),
        SourceDocument(
            frontline, title: "Intune: Frontline worker for iOS/iPadOS devices", publisher: "Microsoft",
            url: "https://learn.microsoft.com/intune/solutions/frontline-worker/frontline-worker-overview-ios-ipados",
            language: "en", documentedAsOf: "2024-03-28 (ms.date)"),
        SourceDocument(
            remoteActions, title: "Intune: Remote device actions Logout current user and Remove user",
            publisher: "Microsoft",
            url: "https://learn.microsoft.com/intune/intune-service/remote-actions/device-logout-user",
            language: "en", documentedAsOf: "2025-10-27 (ms.date)",
            note: "and https://learn.microsoft.com/intune/intune-service/remote-actions/device-remove-user"),
        SourceDocument(
            graphProfile, title: "Microsoft Graph (beta): depIOSEnrollmentProfile resource type",
            publisher: "Microsoft",
            url: "https://learn.microsoft.com/graph/api/resources/intune-enrollment-depiosenrollmentprofile"
                + "?view=graph-rest-beta", language: "en", documentedAsOf: "2024-08-01 (ms.date)"),
        SourceDocument(
            entraSSO, title: "Microsoft identity platform: Configure SSO on macOS and iOS", publisher: "Microsoft",
            url: "https://learn.microsoft.com/entra/identity-platform/single-sign-on-macos-ios", language: "en",
            documentedAsOf: "2023-05-03 (ms.date)"),
        SourceDocument(
            jamfEndUser, title: "Jamf Pro Documentation 11.16.0: Shared iPad End User Experience", publisher: "Jamf",
            url: "https://learn.jamf.com/r/en-US/jamf-pro-documentation-11.16.0/Shared_iPad_End_User_Experience_",
            language: "en", documentedAsOf: "2025 (Jamf Pro 11.16.0)",
            note: "third-party MDM documentation, used where Apple and Microsoft are silent"),
        SourceDocument(
            jamfSchool, title: "Jamf School: Shared iPad Max users and storage usage", publisher: "Jamf",
            url: "https://support.jamfschool.com/hc/en-us/articles/115003590974", language: "en",
            documentedAsOf: "2024 (undated support article)",
            note: "third-party MDM documentation, used where Apple and Microsoft are silent"),
    ]

    static func cite(_ source: String, _ locator: String) -> [Citation] { [Citation(source, locator)] }
}

/// Citations grouped by the behaviour they support, so rules and declarations name them once.
enum AppleEvidence {
    private typealias S = AppleSources
    static let sharedDevice = S.cite(S.sharedDeviceConfiguration, "SharedDeviceConfiguration")
    static let residentUsers =
        S.cite(S.sharedDeviceConfiguration, "ResidentUsers and MaximumResidentUsers")
        + S.cite(S.education, "User space considerations") + S.cite(S.jamfSchool, "which user is removed")
        + S.cite(S.deviceInformation, "ResidentUsers and MaximumResidentUsers (always 32 from iOS 13.4)")
    static let userTimeout =
        S.cite(S.sharedDeviceConfiguration, "UserSessionTimeout (iPadOS 14.5+)")
        + S.cite(S.automatedEnrollment, "Maximum seconds of inactivity until user session logs out")
    static let temporaryTimeout = S.cite(S.sharedDeviceConfiguration, "TemporarySessionTimeout (iPadOS 14.5+)")
    static let temporaryOnly =
        S.cite(S.sharedDeviceConfiguration, "TemporarySessionOnly (iPadOS 14.5+)")
        + S.cite(S.automatedEnrollment, "Require Shared iPad temporary session only")
    static let guestAllowed =
        S.cite(S.restrictions, "allowSharedDeviceTemporarySession")
        + S.cite(S.deviceRestrictions, "Block Shared iPad temporary sessions")
        + S.cite(S.sharedSolutions, "temporary sessions allowed by default")
    static let guestNoPasscode =
        S.cite(S.signIn, "Shared iPad Temporary Session: any user can unlock without a password")
        + S.cite(S.sharedDeviceConfiguration, "PasscodeLockGracePeriod: no passcode for a temporary session")
    static let guestDeleted =
        S.cite(S.security, "temporary session APFS volume deleted at sign-out")
        + S.cite(S.signIn, "all their data is deleted when the user signs out")
    static let grace =
        S.cite(S.sharedDeviceConfiguration, "PasscodePolicy.PasscodeLockGracePeriod")
        + S.cite(S.automatedEnrollment, "Maximum seconds after screen lock before password is required")
    static let autoLock =
        S.cite(S.sharedDeviceConfiguration, "PasscodePolicy.AutoLockTime (minimum 120 s)")
        + S.cite(S.signIn, "locks itself automatically after 2 minutes of inactivity")
        + S.cite(S.managedAppleIDs, "settings a Shared iPad user can't use: Auto-Lock, Touch ID and Passcode")
    static let onlineAuth = S.cite(S.sharedDeviceConfiguration, "OnlineAuthenticationGracePeriod (iPadOS 16.0+)")
    static let firstSignIn =
        S.cite(S.businessSignIn, "create a Shared iPad passcode if not done yet")
        + S.cite(S.passcodes, "Create Shared iPad passcodes")
        + S.cite(S.security, "redirected to the identity provider's sign-in portal")
    static let laterSignIn =
        S.cite(S.businessSignIn, "next sign-in with the user name and Shared iPad passcode")
        + S.cite(S.intuneSharedIPad, "Managed Apple ID and the alphanumeric passcode")
    static let appleSignIn = S.cite(S.businessSignIn, "Apple-authenticated accounts (Apple Business Manager edition)")
    static let isolation =
        S.cite(S.security, "one APFS volume per user protected by the user's credential")
        + S.cite(S.intuneSharedIPad, "user partitions store apps, data and preferences separately")
    static let partitionKept =
        S.cite(S.prepare, "Content caching: data still on the same iPad")
        + S.cite(S.intuneSharedIPad, "the next time the user accesses a Shared iPad")
    static let signOut =
        S.cite(S.jamfEndUser, "tap the Sign Out button on the Lock Screen")
        + S.cite(S.security, "the user's volume stays cached on the device")
    static let logOut =
        S.cite(S.logOutUser, "force the current user to logout")
        + S.cite(S.remoteActions, "Logout current user")
    static let delete =
        S.cite(S.deleteUser, "ForceDeletion and DeleteAllUsers") + S.cite(S.remoteActions, "Remove user")
    static let erase =
        S.cite(S.eraseDevice, "erases even a locked device without warning the user")
        + S.cite(S.eraseDevice, "ReturnToService with Shared iPad (iOS 17+)")
        + S.cite(S.returnToService, "the device proceeds ready to be used")
    static let restart = S.cite(S.sharedIPadPayloads, "RestartDevice allowed on Shared iPad")
    static let msalSSO = S.cite(S.entraSSO, "Silent SSO between apps of the same Apple developer")
    static let ssoPlugin =
        S.cite(S.sharedIPadPayloads, "Extensible SSO payload on the user channel only")
        + S.cite(S.intuneSharedIPad, "Single sign on app extension")
    static let noSDM =
        S.cite(S.frontline, "Entra shared device mode isn't supported with Shared iPad")
        + S.cite(S.graphProfile, "userlessSharedAadModeEnabled")
    static let conditionalAccess =
        S.cite(S.sharedSolutions, "Unsupported scenarios: device-based Conditional Access grants")
        + S.cite(S.intuneSharedIPad, "Known limitations")
        + S.cite(S.frontline, "Conditional Access isn't supported for Shared iPad")
    static let appLimits = S.cite(S.intuneSharedIPad, "Add apps and Known limitations")
    static let requirements =
        S.cite(S.intuneSharedIPad, "Configure Shared iPad (iPadOS 13.4, supervised iPads only)")
        + S.cite(S.overview, "supervised iPad with at least 32 GB") + S.cite(S.sharedSolutions, "iPadOS 13.4 or later")
    static let recommended = S.cite(S.sharedSolutions, "Recommended iOS/iPadOS shared device strategy")
    static let dataRoaming =
        S.cite(S.purgeable, "NSSupportsPurgeableLocalStorage") + S.cite(S.prepare, "data held locally and in iCloud")
    static let awaitConfiguration =
        S.cite(S.sharedDeviceConfiguration, "AwaitUserConfiguration (iPadOS 17.0+)")
        + S.cite(S.sharedIPadPayloads, "UserConfigured command on the user channel")
    static let biometrics = S.cite(S.managedAppleIDs, "Touch ID & Passcode: the whole section is removed")
    static let passcodeReset =
        S.cite(
            S.passcodes,
            "Reset a Shared iPad passcode: authenticate again with the federated password, then the temporary passcode")
    static let offboarding =
        S.cite(S.sharedDeviceConfiguration, "OnlineAuthenticationGracePeriod: the passcode is verified locally")
        + S.cite(S.federation, "a user removed from Microsoft Entra ID can be removed from Apple Business Manager")
    static let enrollment =
        S.cite(S.automatedEnrollment, "Shared iPad profile settings")
        + S.cite(S.graphProfile, "sharedIPadMaximumUserCount and session properties")
}
