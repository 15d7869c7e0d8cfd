import MicrosoftApps
import SSOPolicyProviderKit

/// The public documents imprivata-mam cites (`ssopolicy sources`): Imprivata's Mobile Access Management (formerly
/// GroundControl) pages and the platform pages behind the OS semantics the model relies on.
enum ImprivataSource: String, SourceCatalogue {
    case checkInActions = "mam-check-in-device-actions"
    case checkInActions60 = "groundcontrol-6.0-check-in-device-actions"
    case ulc = "mam-ulc-logout"
    case ulcValidator = "mam-ulc-validator"
    case eam = "mam-eam-integration"
    case userExperience = "mam-implementation-user-experience"
    case checkOutIOS = "mam-basic-check-out-ios"
    case checkOutAndroid = "mam-basic-check-out-android"
    case onFailure = "mam-on-failure"
    case checkInRecommendations = "mam-check-in-recommendations"
    case clearingPasscodes = "mam-clearing-passcodes"
    case deadBatteries = "mam-passcode-devices-dead-batteries"
    case launchpadSettings = "mam-launchpad-passcode-management"
    case overdue = "mam-overdue-devices"
    case emergencyPIN = "mam-emergency-unlock-pin"
    case autofillFAQ = "mam-autofill-faq"
    case autofillConfigure = "mam-autofill-configure"
    case workspaceOne = "mam-check-out-workspace-one"
    case microsoftIOS = "mam-microsoft-apps-ios"
    case microsoftAndroid = "mam-microsoft-apps-android"
    case epic = "mam-epic-apps"
    case roverLogout = "mam-enhanced-rover-logout"
    case webex = "mam-webex"
    case faceRecognition = "mam-face-recognition"
    case badgeEnrolment = "mam-badge-enrolment"
    case androidClearData = "android-clear-application-user-data"
    case applePasscodes = "apple-managing-passcodes"
    case mdaLogout = "mda-app-logout-actions"

    private static let current = "2025 (Mobile Access Management online help; the page is undated)"
    private static let groundControl = "2021 (GroundControl documentation; the page is undated)"

    var document: SourceDocument {
        switch self {
        case .checkInActions:
            SourceDocument(
                rawValue, title: "Check In Device Actions (Mobile Access Management)", publisher: "Imprivata",
                url: "https://imprivatadocs.com/mam/content/topics/checkout/7626.html", language: "en",
                documentedAsOf: Self.current,
                note: "the logout methods per OS (Admin > App Logout); older copies at www.groundctl.com/docs/7626")
        case .checkInActions60:
            SourceDocument(
                rawValue, title: "Check In Device Actions (GroundControl 6.0)", publisher: "Imprivata",
                url: "https://uat.groundctl.com/docs/7626", language: "en", documentedAsOf: "2021 (GroundControl 6.0)",
                note: "the older copy with the list of apps supporting logout and the Android lock action")
        case .ulc:
            SourceDocument(
                rawValue, title: "iOS App Logout via Universal Link Callback", publisher: "Imprivata",
                url: "https://www.groundctl.com/kb/8130", language: "en", documentedAsOf: Self.groundControl,
                note: "only the first part of the developer specification was read")
        case .ulcValidator:
            SourceDocument(
                rawValue, title: "iOS Universal Link Callback Validator", publisher: "Imprivata",
                url: "https://apps.groundctl.com/ulc-tester/index.html", language: "en",
                documentedAsOf: Self.groundControl)
        case .eam:
            SourceDocument(
                rawValue, title: "Integrate Imprivata Enterprise Access Management", publisher: "Imprivata",
                url: "https://docs.imprivata.com/mam/content/topics/checkout/7427.html", language: "en",
                documentedAsOf: Self.current)
        case .userExperience:
            SourceDocument(
                rawValue,
                title: "Implementation — User Experience; Implementation, Maintenance, and Best Practices",
                publisher: "Imprivata", url: "https://www.groundctl.com/docs/8934", language: "en",
                documentedAsOf: Self.groundControl, note: "two versions at one URL; the check-in part was not read")
        case .checkOutIOS:
            SourceDocument(
                rawValue, title: "Basic Check Out Workflow – iOS", publisher: "Imprivata",
                url: "https://imprivatadocs.com/mam/content/topics/checkout/5290.html", language: "en",
                documentedAsOf: Self.current)
        case .checkOutAndroid:
            SourceDocument(
                rawValue, title: "Basic Check Out Workflow – Android", publisher: "Imprivata",
                url: "https://www.groundctl.com/docs/9655", language: "en", documentedAsOf: Self.groundControl)
        case .onFailure:
            SourceDocument(
                rawValue, title: "On Failure (workflows)", publisher: "Imprivata",
                url: "https://imprivatadocs.com/mam/content/topics/workflows/4972.html", language: "en",
                documentedAsOf: Self.current)
        case .checkInRecommendations:
            SourceDocument(
                rawValue, title: "Recommendations for Check In", publisher: "Imprivata",
                url: "https://www.groundctl.com/docs/9045", language: "en", documentedAsOf: Self.groundControl)
        case .clearingPasscodes:
            SourceDocument(
                rawValue, title: "Clearing Passcodes", publisher: "Imprivata",
                url: "https://imprivatadocs.com/mam/content/topics/kb/kb5226.html", language: "en",
                documentedAsOf: Self.current)
        case .deadBatteries:
            SourceDocument(
                rawValue, title: "Passcode Enabled Devices and Dead Batteries (kb 12015)",
                publisher: "Imprivata", url: "https://groundctl.com/kb/12015", language: "en",
                documentedAsOf: Self.groundControl,
                note: "a restarted iOS device talks to no network or host until its passcode is entered")
        case .launchpadSettings:
            SourceDocument(
                rawValue, title: "Launchpads admin settings (Device Passcode Management)",
                publisher: "Imprivata", url: "https://dev1.groundctl.com/docs/2929", language: "en",
                documentedAsOf: Self.groundControl)
        case .overdue:
            SourceDocument(
                rawValue, title: "Overdue Devices", publisher: "Imprivata",
                url: "https://imprivatadocs.com/mam/content/topics/checkout/7021.html", language: "en",
                documentedAsOf: Self.current,
                note: "an older copy (www.groundctl.com/docs/7021) recommends a 36-hour lending period")
        case .emergencyPIN:
            SourceDocument(
                rawValue, title: "Configure an Emergency Unlock PIN", publisher: "Imprivata",
                url: "https://docs.imprivata.com/mam/content/topics/checkout/11274.html", language: "en",
                documentedAsOf: Self.current)
        case .autofillFAQ:
            SourceDocument(
                rawValue, title: "Enterprise Password AutoFill FAQ", publisher: "Imprivata",
                url: "https://imprivatadocs.com/mam/content/topics/kb/kb8326.html", language: "en",
                documentedAsOf: Self.current)
        case .autofillConfigure:
            SourceDocument(
                rawValue, title: "Configure Enterprise Password AutoFill on iOS Devices",
                publisher: "Imprivata",
                url: "https://imprivatadocs.com/mam/content/topics/checkout/8462.html", language: "en",
                documentedAsOf: Self.current,
                note: "older copies (uat.groundctl.com/docs/8462) ask the second factor only at the first AutoFill use")
        case .workspaceOne:
            SourceDocument(
                rawValue, title: "Check Out with Workspace ONE", publisher: "Imprivata",
                url: "https://www.imprivatadocs.com/mam/content/topics/checkout/5442.html", language: "en",
                documentedAsOf: Self.current)
        case .microsoftIOS:
            SourceDocument(
                rawValue, title: "Authenticate to Microsoft Apps on iOS Devices", publisher: "Imprivata",
                url: "https://imprivatadocs.com/mam/content/topics/kb/kb9187.html", language: "en",
                documentedAsOf: Self.current)
        case .microsoftAndroid:
            SourceDocument(
                rawValue, title: "Authenticate to Microsoft Apps on Android Devices", publisher: "Imprivata",
                url: "https://nyp.groundctl.com/docs/9949", language: "en", documentedAsOf: Self.groundControl)
        case .epic:
            SourceDocument(
                rawValue, title: "Epic Apps and Mobile Access Management", publisher: "Imprivata",
                url: "https://docs.imprivata.com/mam/content/topics/checkout/9222.html", language: "en",
                documentedAsOf: Self.current)
        case .roverLogout:
            SourceDocument(
                rawValue, title: "Configure (Enhanced) Epic Rover Logout", publisher: "Imprivata",
                url: "https://www.groundctl.com/docs/10541", language: "en", documentedAsOf: Self.groundControl)
        case .webex:
            SourceDocument(
                rawValue, title: "Cisco Webex and Mobile Access Management", publisher: "Imprivata",
                url: "https://docs.imprivata.com/mam/content/topics/kb/kb9141.html", language: "en",
                documentedAsOf: Self.current)
        case .faceRecognition:
            SourceDocument(
                rawValue, title: "Face Recognition as an Authentication Method", publisher: "Imprivata",
                url: "https://imprivatadocs.com/mam/content/topics/checkout/12312.html", language: "en",
                documentedAsOf: Self.current)
        case .badgeEnrolment:
            SourceDocument(
                rawValue, title: "Enroll Badges in Imprivata EAM on Device Checkout", publisher: "Imprivata",
                url: "https://groundctl.com/docs/10206", language: "en", documentedAsOf: Self.groundControl)
        case .androidClearData:
            SourceDocument(
                rawValue, title: "ActivityManager.ClearApplicationUserData (Android API reference, mirrored)",
                publisher: "Google (mirrored by Microsoft Learn)",
                url:
                    "https://learn.microsoft.com/th-th/dotnet/api/android.app.activitymanager.clearapplicationuserdata?view=net-android-35.0",
                language: "en", documentedAsOf: "2024 (.NET for Android API 35 reference)")
        case .applePasscodes:
            SourceDocument(
                rawValue, title: "Managing Passcodes (Apple Device Management, mirrored)", publisher: "Apple",
                url: "https://apple-docs.everest.mt/docs/devicemanagement/managing-passcodes/", language: "en",
                documentedAsOf: "2024 (Apple Device Management documentation)")
        case .mdaLogout:
            SourceDocument(
                rawValue, title: "Configure App Logout Actions (Imprivata Mobile Device Access)",
                publisher: "Imprivata",
                url: "https://imprivatadocs.com/mda/content/topics/mda_appconfigbasedlogout.html", language: "en",
                documentedAsOf: Self.current,
                note: "a related product (MDA), cited only for what Android logout actions do to Epic Rover")
        }
    }

    /// Every document `ssopolicy sources` lists: the catalogue's, then the Microsoft apps' (shared with entra).
    static let allDocuments = documents + MicrosoftAppsSources.documents
}

/// Each fact the model rests on as citations of its original public documents (the research note's numbering in
/// brackets, so a reviewer can find the fact). Inferred readings say so in the declaration that cites them.
enum ImprivataEvidence {
    private typealias S = ImprivataSource

    /// [M6] Check-out in 5–8 s; 2 beeps unknown badge, 3 no device, 4 the user already holds one.
    static let beeps = [S.userExperience["(CHECK OUT: audible alerts)"]]
    /// [M7] Check Out Device unlocks Locker, shows the user, status Checked Out, [Device User] = the user.
    static let checkOutAction = [S.checkOutIOS["(Check Out Device action)"], Citation(S.checkOutAndroid)]
    /// [M8] Check-out sign-in methods from EAM user policies: badge, badge + second factor, password, face.
    static let checkOutMethods = [S.eam["(authentication methods)"], Citation(S.faceRecognition)]
    /// [M9] An unenrolled badge: credentials to enrol it, then an Imprivata PIN if required.
    static let badgeEnrolment = [S.badgeEnrolment["(enrolment at check-out)"]]
    /// [M13] Four-digit device passcodes recommended.
    static let passcodeDigits = [S.userExperience["(Best Practices: Device Passcodes)"]]
    /// [M14] The passcode profile comes with the Check Out workflow; Rover users set their own PIN, removed at return.
    static let passcodeAtCheckOut = [
        S.clearingPasscodes["(install the passcode profile at Check Out)"], Citation(S.epic),
    ]
    /// [M15, M16] Enterprise Password AutoFill: the user's EAM-stored credentials, Locker as AutoFill provider.
    static let autofill = [Citation(S.autofillFAQ), S.autofillConfigure["(requirements)"]]
    /// [M17] AutoFill asks a second factor right after check-out (newer page); older copies: at first use.
    static let autofillSecondFactor = [S.autofillConfigure["(second factor)"]]
    /// [M19] Check-in removes the AutoFill credentials.
    static let autofillPurge = [S.autofillFAQ["(credentials removed at check-in)"]]
    /// [M20] Workspace ONE user assignment at check-out; the Check In workflow must assign the staging user back.
    static let mdmAssignment = [Citation(S.workspaceOne)]
    /// [M22] Check In Device: Locker locks, status Checked In, [Device User] cleared.
    static let checkInAction = [S.checkOutIOS["(Check In Device)"], S.userExperience["(CHECK IN)"]]
    /// [M23] Minimum iOS check-in: Clear Passcode, Check In Device, retry 3 times on failure.
    static let checkInMinimum = [Citation(S.checkInRecommendations)]
    /// [M24, M25] Logout actions before locking, one per app, by OS and method.
    static let logoutMethods = [S.checkInActions["(Supported Logout Methods)"]]
    /// [M26] Universal Link Callback: the app runs its own logout, no dialog.
    static let ulcLogout = [Citation(S.ulc), S.checkInActions["(Logout URI)"]]
    /// [M27, M54] The validator force-quits first; the cold-start race; how a callback fails.
    static let ulcFailures = [Citation(S.ulcValidator)]
    /// [M28, M29] Custom-scheme callbacks show permission dialogs on first use (Webex, Voalte One).
    static let interappDialogs = [
        S.ulc["(Universal Links vs custom schemes)"], Citation(S.webex), Citation(S.checkInActions60),
    ]
    /// [M29] Epic Rover partially supported; hide it at check-in to suppress notifications.
    static let supportedApps = [S.checkInActions60["(apps supporting logout)"]]
    /// [M32] Android Clear data removes all private data, permissions and notifications.
    static let clearData = [Citation(S.androidClearData)]
    /// [M33, inferred] Force stop and clear cache leave the app's stored tokens (Android semantics).
    static let processOnly = [
        S.checkInActions["(Force stop app, Clear app cache)"], Citation(S.androidClearData),
    ]
    /// [M34, inferred] iOS force quit ends the process only; the validator still expects ULC to log out.
    static let forceQuit = [
        S.checkInActions["(Force quit app)"], S.ulcValidator["(force quit before the callback)"],
    ]
    /// [M36, M37] A passcode-locked device cannot pair; the MDM must clear it; limits after a reboot.
    static let clearPasscode = [Citation(S.clearingPasscodes)]
    /// A restarted iPhone talks to no network or MDM until its passcode is entered; after that it can be cleared.
    static let restartUntilUnlocked = [
        S.deadBatteries["(Why can't the device communicate to the MDM after turning back on?)"]
    ]
    /// [M38] Pairing retried for 5 minutes, then an optional force recovery that erases the device.
    static let forceRecovery = [S.launchpadSettings["(Device Passcode Management)"]]
    /// [M39] ClearPasscode leaves the device without a passcode (Data Protection off) until a new one is set.
    static let passcodeCleared = [Citation(S.applePasscodes)]
    /// [M43] Overdue after the lending period: email, optional Lost Mode; Lost Mode ends at any Launchpad.
    static let overdue = [Citation(S.overdue)]
    /// [M44] The emergency unlock PIN opens Locker with no identity ("Unlocked by PIN").
    static let emergencyPIN = [Citation(S.emergencyPIN)]
    /// [M46, M47] Microsoft integration on iOS: SDM-aware apps, a device in SDM, the blue sign-in button.
    static let microsoftIOS = [S.microsoftIOS["(Requirements, Expected Behavior)"]]
    /// [M48] Android: automatic sign-out at the Launchpad; only Intune dedicated devices with Managed Home Screen.
    static let microsoftAndroid = [S.microsoftAndroid["(Expected Behavior, Limitations)"]]
    /// [M51, M52] Rover: AutoFill, PIN per user, always logged out locally at check-in; data cleared at return.
    static let rover = [Citation(S.epic), Citation(S.roverLogout)]
    /// [M55] A failed workflow retried up to 10 times (3 recommended).
    static let retries = [Citation(S.onFailure)]
    /// [M58] Rover needs clear cache + force stop on Android (MDA), which supports the Rover exception.
    static let roverAndroid = [Citation(S.mdaLogout)]
}
