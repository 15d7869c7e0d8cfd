import SSOPolicyProviderKit

/// The public documents apple-shared-ipad cites (`ssopolicy sources`): Apple's Device Management schema and its
/// deployment, business and security guides, Microsoft's Intune, Graph and identity-platform pages, and two MDM
/// vendors' pages where Apple and Microsoft are silent.
enum AppleSource: String, SourceCatalogue {
    case sharedDeviceConfiguration = "apple-dm-shared-device-configuration"
    case logOutUser = "apple-dm-log-out-user"
    case deleteUser = "apple-dm-delete-user"
    case eraseDevice = "apple-dm-erase-device"
    case deviceInformation = "apple-dm-device-information"
    case restrictions = "apple-dm-restrictions"
    case sharedIPadPayloads = "apple-dm-shared-ipad-payloads"
    case overview = "apple-deployment-shared-ipad-overview"
    case signIn = "apple-mdm-shared-ipad-sign-in"
    case prepare = "apple-mdm-prepare-shared-ipad"
    case education = "apple-deployment-education-shared-ipad"
    case businessSignIn = "apple-business-sign-in-shared-ipad"
    case passcodes = "apple-business-shared-ipad-passcodes"
    case managedAppleIDs = "apple-abm-shared-ipad-managed-apple-ids"
    case federation = "apple-abm-federated-authentication"
    case security = "apple-security-shared-ipad"
    case returnToService = "apple-deployment-return-to-service"
    case purgeable = "apple-developer-optimize-shared-ipad"
    case sharedSolutions = "ms-intune-shared-device-solutions-ios"
    case intuneSharedIPad = "ms-intune-shared-ipad"
    case automatedEnrollment = "ms-intune-automated-device-enrollment-ios"
    case deviceRestrictions = "ms-intune-device-restrictions-ios"
    case frontline = "ms-intune-frontline-worker-ios"
    case remoteActions = "ms-intune-remote-actions-shared-ipad"
    case graphProfile = "ms-graph-dep-ios-enrollment-profile"
    case entraSSO = "ms-entra-sso-macos-ios"
    case jamfEndUser = "jamf-shared-ipad-end-user-experience"
    case jamfSchool = "jamf-school-shared-ipad-max-users"

    private static let appleSchema = "2024-10-21 (Apple device-management schema release iOS 18.1 / macOS 15.1)"

    var document: SourceDocument {
        switch self {
        case .sharedDeviceConfiguration:
            SourceDocument(
                rawValue,
                title: "Device Management: Settings command, SharedDeviceConfiguration (and the deprecated "
                    + "MaximumResidentUsers and PasscodeLockGracePeriod items)", publisher: "Apple",
                url:
                    "https://developer.apple.com/documentation/devicemanagement/settingscommand/command-data.dictionary/"
                    + "settings-data.dictionary/shareddeviceconfiguration-data.dictionary", language: "en",
                documentedAsOf: Self.appleSchema,
                note:
                    "machine-readable: https://github.com/apple/device-management/blob/release/mdm/commands/settings.yaml"
            )
        case .logOutUser:
            SourceDocument(
                rawValue, title: "Device Management: Log Out User command (LogOutUser)", publisher: "Apple",
                url: "https://github.com/apple/device-management/blob/release/mdm/commands/user.logout.yaml",
                language: "en", documentedAsOf: Self.appleSchema + ", iOS 9.3+")
        case .deleteUser:
            SourceDocument(
                rawValue, title: "Device Management: Delete User command (DeleteUser, ForceDeletion, DeleteAllUsers)",
                publisher: "Apple",
                url: "https://github.com/apple/device-management/blob/release/mdm/commands/user.delete.yaml",
                language: "en", documentedAsOf: Self.appleSchema + ", iOS 9.3+ (DeleteAllUsers iOS 14+)")
        case .eraseDevice:
            SourceDocument(
                rawValue, title: "Device Management: Erase Device command, ReturnToService", publisher: "Apple",
                url: "https://developer.apple.com/documentation/devicemanagement/erase-device-command", language: "en",
                documentedAsOf: Self.appleSchema + ", ReturnToService iOS/iPadOS 17.0+")
        case .deviceInformation:
            SourceDocument(
                rawValue,
                title:
                    "Device Management: Device Information queries (IsMultiUser, ResidentUsers, MaximumResidentUsers, "
                    + "UserSessionTimeout, TemporarySessionOnly, OnlineAuthenticationGracePeriod)", publisher: "Apple",
                url: "https://github.com/apple/device-management/blob/release/mdm/commands/information.device.yaml",
                language: "en", documentedAsOf: Self.appleSchema)
        case .restrictions:
            SourceDocument(
                rawValue, title: "Device Management: Restrictions payload, allowSharedDeviceTemporarySession",
                publisher: "Apple", url: "https://developer.apple.com/documentation/devicemanagement/restrictions",
                language: "en", documentedAsOf: Self.appleSchema + ", iOS 13.4+ supervised")
        case .sharedIPadPayloads:
            SourceDocument(
                rawValue,
                title:
                    "Device Management: Shared iPad entries of the profiles and commands (Extensible SSO user channel "
                    + "only, Passcode payload forbidden, RestartDevice allowed)", publisher: "Apple",
                url: "https://github.com/apple/device-management/tree/release/mdm", language: "en",
                documentedAsOf: Self.appleSchema)
        case .overview:
            SourceDocument(
                rawValue, title: "Apple Platform Deployment: Shared iPad overview", publisher: "Apple",
                url: "https://support.apple.com/guide/deployment/shared-ipad-overview-dep9a34c2ba2/web", language: "en",
                documentedAsOf: "2024 (edition using \"Managed Apple Accounts\", mentions iPadOS 17.4)")
        case .signIn:
            SourceDocument(
                rawValue, title: "Apple Platform Deployment (MDM settings): Signing in to Shared iPad",
                publisher: "Apple",
                url: "https://support.apple.com/guide/mdm/shared-ipad-sign-in-mdm6c592d817/web", language: "en",
                documentedAsOf: "2023 (edition using \"Managed Apple ID\", 2021-2023), iPadOS 13.4+")
        case .prepare:
            SourceDocument(
                rawValue, title: "Apple Platform Deployment (MDM settings): Prepare Shared iPad", publisher: "Apple",
                url: "https://support.apple.com/guide/mdm/mdm71124b400/web", language: "en",
                documentedAsOf: "2023 (edition using \"Managed Apple ID\", 2021-2023), iPadOS 13.4+")
        case .education:
            SourceDocument(
                rawValue, title: "Apple Platform Deployment (Education): Shared iPad, user space considerations",
                publisher: "Apple", url: "https://support.apple.com/guide/deployment-education/iora714f0cdx/web",
                language: "en", documentedAsOf: "2023 (undated page, iPadOS 13.4+)")
        case .businessSignIn:
            SourceDocument(
                rawValue, title: "Apple Business User Guide: Sign in to Shared iPad", publisher: "Apple",
                url: "https://support.apple.com/guide/business/axmcb8792453/web", language: "en",
                documentedAsOf: "2025 (current edition, undated)",
                note:
                    "the earlier Apple Business Manager edition: https://support.apple.com/guide/apple-business-manager/"
                    + "axmcb8792453/web")
        case .passcodes:
            SourceDocument(
                rawValue, title: "Apple Business User Guide: Create and reset Shared iPad passcodes",
                publisher: "Apple",
                url: "https://support.apple.com/guide/business/axm124535e27/web", language: "en",
                documentedAsOf: "2025 (current edition, undated)")
        case .managedAppleIDs:
            SourceDocument(
                rawValue, title: "Apple Business Manager User Guide: Use Shared iPad with Managed Apple IDs",
                publisher: "Apple", url: "https://support.apple.com/guide/apple-business-manager/axm3a8bb0ab8/web",
                language: "en", documentedAsOf: "2023 (Managed Apple ID edition, undated)")
        case .federation:
            SourceDocument(
                rawValue, title: "Apple Business Manager User Guide: Intro to federated authentication",
                publisher: "Apple", url: "https://support.apple.com/guide/apple-business-manager/axmb19317543/web",
                language: "en", documentedAsOf: "2024 (editions for Azure AD, iPadOS 13.1+, and Entra ID, iPadOS 15.5+)"
            )
        case .security:
            SourceDocument(
                rawValue, title: "Apple Platform Security: Shared iPad security in iPadOS", publisher: "Apple",
                url: "https://support.apple.com/guide/security/secd99f373ef/web", language: "en",
                documentedAsOf: "2023 (Managed Apple ID edition, iPadOS 13.4+)")
        case .returnToService:
            SourceDocument(
                rawValue, title: "Apple Platform Deployment: Use Return to Service for Apple devices",
                publisher: "Apple", url: "https://support.apple.com/guide/deployment/dep17cb455a0/web", language: "en",
                documentedAsOf: "2025 (current edition, undated)",
                note: "with https://developer.apple.com/documentation/devicemanagement/"
                    + "returning-a-managed-device-to-service")
        case .purgeable:
            SourceDocument(
                rawValue, title: "Apple Developer: Optimize apps for Shared iPad, NSSupportsPurgeableLocalStorage",
                publisher: "Apple",
                url: "https://developer.apple.com/documentation/bundleresources/information-property-list/"
                    + "nssupportspurgeablelocalstorage", language: "en", documentedAsOf: "2025 (current, undated)")
        case .sharedSolutions:
            SourceDocument(
                rawValue, title: "Intune: Overview of shared device solutions for iOS/iPadOS",
                publisher: "Microsoft",
                url: "https://learn.microsoft.com/intune/intune-service/enrollment/device-enrollment-shared-ios",
                language: "en", documentedAsOf: "2024-09-16 (ms.date)")
        case .intuneSharedIPad:
            SourceDocument(
                rawValue, title: "Intune: Set up Shared iPad (Shared iPad devices)", publisher: "Microsoft",
                url: "https://learn.microsoft.com/intune/intune-service/enrollment/device-enrollment-shared-ipad",
                language: "en", documentedAsOf: "2024-01-23 (ms.date)")
        case .automatedEnrollment:
            SourceDocument(
                rawValue, title: "Intune: Set up automated device enrollment for iOS/iPadOS (Shared iPad)",
                publisher: "Microsoft",
                url: "https://learn.microsoft.com/intune/device-enrollment/apple/setup-automated-ios",
                language: "en", documentedAsOf: "2026-04-15 (ms.date)")
        case .deviceRestrictions:
            SourceDocument(
                rawValue, title: "Intune: iOS and iPadOS device settings to allow or restrict features (Shared iPad)",
                publisher: "Microsoft",
                url: "https://learn.microsoft.com/intune/intune-service/configuration/device-restrictions-ios",
                language: "en", documentedAsOf: "2025-01-21 (ms.date)")
        case .frontline:
            SourceDocument(
                rawValue, title: "Intune: Frontline worker for iOS/iPadOS devices", publisher: "Microsoft",
                url:
                    "https://learn.microsoft.com/intune/solutions/frontline-worker/frontline-worker-overview-ios-ipados",
                language: "en", documentedAsOf: "2024-03-28 (ms.date)")
        case .remoteActions:
            SourceDocument(
                rawValue, title: "Intune: Remote device actions Logout current user and Remove user",
                publisher: "Microsoft",
                url: "https://learn.microsoft.com/intune/intune-service/remote-actions/device-logout-user",
                language: "en", documentedAsOf: "2025-10-27 (ms.date)",
                note: "and https://learn.microsoft.com/intune/intune-service/remote-actions/device-remove-user")
        case .graphProfile:
            SourceDocument(
                rawValue, title: "Microsoft Graph (beta): depIOSEnrollmentProfile resource type",
                publisher: "Microsoft",
                url: "https://learn.microsoft.com/graph/api/resources/intune-enrollment-depiosenrollmentprofile"
                    + "?view=graph-rest-beta", language: "en", documentedAsOf: "2024-08-01 (ms.date)")
        case .entraSSO:
            SourceDocument(
                rawValue, title: "Microsoft identity platform: Configure SSO on macOS and iOS", publisher: "Microsoft",
                url: "https://learn.microsoft.com/entra/identity-platform/single-sign-on-macos-ios", language: "en",
                documentedAsOf: "2023-05-03 (ms.date)")
        case .jamfEndUser:
            SourceDocument(
                rawValue, title: "Jamf Pro Documentation 11.16.0: Shared iPad End User Experience", publisher: "Jamf",
                url: "https://learn.jamf.com/r/en-US/jamf-pro-documentation-11.16.0/Shared_iPad_End_User_Experience_",
                language: "en", documentedAsOf: "2025 (Jamf Pro 11.16.0)",
                note: "third-party MDM documentation, used where Apple and Microsoft are silent")
        case .jamfSchool:
            SourceDocument(
                rawValue, title: "Jamf School: Shared iPad Max users and storage usage", publisher: "Jamf",
                url: "https://support.jamfschool.com/hc/en-us/articles/115003590974", language: "en",
                documentedAsOf: "2024 (undated support article)",
                note: "third-party MDM documentation, used where Apple and Microsoft are silent")
        }
    }
}

/// Citations grouped by the behaviour they support, so rules and declarations name them once.
enum AppleEvidence {
    private typealias S = AppleSource
    static let sharedDevice = [S.sharedDeviceConfiguration["SharedDeviceConfiguration"]]
    static let residentUsers =
        [
            S.sharedDeviceConfiguration["ResidentUsers and MaximumResidentUsers"],
            S.education["User space considerations"], S.jamfSchool["which user is removed"],
            S.deviceInformation["ResidentUsers and MaximumResidentUsers (always 32 from iOS 13.4)"],
        ]
    static let userTimeout =
        [
            S.sharedDeviceConfiguration["UserSessionTimeout (iPadOS 14.5+)"],
            S.automatedEnrollment["Maximum seconds of inactivity until user session logs out"],
        ]
    static let temporaryTimeout = [S.sharedDeviceConfiguration["TemporarySessionTimeout (iPadOS 14.5+)"]]
    static let temporaryOnly =
        [
            S.sharedDeviceConfiguration["TemporarySessionOnly (iPadOS 14.5+)"],
            S.automatedEnrollment["Require Shared iPad temporary session only"],
        ]
    static let guestAllowed =
        [
            S.restrictions["allowSharedDeviceTemporarySession"],
            S.deviceRestrictions["Block Shared iPad temporary sessions"],
            S.sharedSolutions["temporary sessions allowed by default"],
        ]
    static let guestNoPasscode =
        [
            S.signIn["Shared iPad Temporary Session: any user can unlock without a password"],
            S.sharedDeviceConfiguration["PasscodeLockGracePeriod: no passcode for a temporary session"],
        ]
    static let guestDeleted =
        [
            S.security["temporary session APFS volume deleted at sign-out"],
            S.signIn["all their data is deleted when the user signs out"],
        ]
    static let grace =
        [
            S.sharedDeviceConfiguration["PasscodePolicy.PasscodeLockGracePeriod"],
            S.automatedEnrollment["Maximum seconds after screen lock before password is required"],
        ]
    static let autoLock =
        [
            S.sharedDeviceConfiguration["PasscodePolicy.AutoLockTime (minimum 120 s)"],
            S.signIn["locks itself automatically after 2 minutes of inactivity"],
            S.managedAppleIDs["settings a Shared iPad user can't use: Auto-Lock, Touch ID and Passcode"],
        ]
    static let onlineAuth = [S.sharedDeviceConfiguration["OnlineAuthenticationGracePeriod (iPadOS 16.0+)"]]
    static let firstSignIn =
        [
            S.businessSignIn["create a Shared iPad passcode if not done yet"],
            S.passcodes["Create Shared iPad passcodes"],
            S.security["redirected to the identity provider's sign-in portal"],
        ]
    static let laterSignIn =
        [
            S.businessSignIn["next sign-in with the user name and Shared iPad passcode"],
            S.intuneSharedIPad["Managed Apple ID and the alphanumeric passcode"],
        ]
    static let appleSignIn = [S.businessSignIn["Apple-authenticated accounts (Apple Business Manager edition)"]]
    static let isolation =
        [
            S.security["one APFS volume per user protected by the user's credential"],
            S.intuneSharedIPad["user partitions store apps, data and preferences separately"],
        ]
    static let partitionKept =
        [
            S.prepare["Content caching: data still on the same iPad"],
            S.intuneSharedIPad["the next time the user accesses a Shared iPad"],
        ]
    static let signOut =
        [
            S.jamfEndUser["tap the Sign Out button on the Lock Screen"],
            S.security["the user's volume stays cached on the device"],
        ]
    static let logOut =
        [
            S.logOutUser["force the current user to logout"],
            S.remoteActions["Logout current user"],
        ]
    static let delete =
        [S.deleteUser["ForceDeletion and DeleteAllUsers"], S.remoteActions["Remove user"]]
    static let erase =
        [
            S.eraseDevice["erases even a locked device without warning the user"],
            S.eraseDevice["ReturnToService with Shared iPad (iOS 17+)"],
            S.returnToService["the device proceeds ready to be used"],
        ]
    static let restart = [S.sharedIPadPayloads["RestartDevice allowed on Shared iPad"]]
    static let msalSSO = [S.entraSSO["Silent SSO between apps of the same Apple developer"]]
    static let ssoPlugin =
        [
            S.sharedIPadPayloads["Extensible SSO payload on the user channel only"],
            S.intuneSharedIPad["Single sign on app extension"],
        ]
    static let noSDM =
        [
            S.frontline["Entra shared device mode isn't supported with Shared iPad"],
            S.graphProfile["userlessSharedAadModeEnabled"],
        ]
    static let conditionalAccess =
        [
            S.sharedSolutions["Unsupported scenarios: device-based Conditional Access grants"],
            S.intuneSharedIPad["Known limitations"],
            S.frontline["Conditional Access isn't supported for Shared iPad"],
        ]
    static let appLimits = [S.intuneSharedIPad["Add apps and Known limitations"]]
    static let requirements =
        [
            S.intuneSharedIPad["Configure Shared iPad (iPadOS 13.4, supervised iPads only)"],
            S.overview["supervised iPad with at least 32 GB"], S.sharedSolutions["iPadOS 13.4 or later"],
        ]
    static let recommended = [S.sharedSolutions["Recommended iOS/iPadOS shared device strategy"]]
    static let dataRoaming =
        [S.purgeable["NSSupportsPurgeableLocalStorage"], S.prepare["data held locally and in iCloud"]]
    static let awaitConfiguration =
        [
            S.sharedDeviceConfiguration["AwaitUserConfiguration (iPadOS 17.0+)"],
            S.sharedIPadPayloads["UserConfigured command on the user channel"],
        ]
    static let biometrics = [S.managedAppleIDs["Touch ID & Passcode: the whole section is removed"]]
    static let passcodeReset =
        [
            S.passcodes[
                "Reset a Shared iPad passcode: authenticate again with the federated password, then the temporary passcode"
            ]
        ]
    static let offboarding =
        [
            S.sharedDeviceConfiguration["OnlineAuthenticationGracePeriod: the passcode is verified locally"],
            S.federation["a user removed from Microsoft Entra ID can be removed from Apple Business Manager"],
        ]
    static let enrollment =
        [
            S.automatedEnrollment["Shared iPad profile settings"],
            S.graphProfile["sharedIPadMaximumUserCount and session properties"],
        ]
}
