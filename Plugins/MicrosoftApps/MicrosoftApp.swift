import SSOPolicyProviderKit

/// A platform of Microsoft's shared device mode.
package enum MicrosoftAppPlatform: Sendable, Hashable {
    case ios, android
}

/// A Microsoft app the vendor lists as supporting shared device mode, named in a policy by `catalog: ID` under
/// every provider that signs Microsoft apps in or out (entra-shared-device, and imprivata-mam's Microsoft
/// integration), so the same app gets the same behaviour whichever vendor's procedure signs it out.
///
/// Such apps "don't require any changes and just need to be installed" (the vendor's shared-device pages): each
/// meets every duty of a shared-device app, among them clearing the previous user's data when the user changes.
package enum MicrosoftApp: String, CaseIterable, Sendable, Hashable {
    case teams
    case vivaEngage = "viva-engage"
    case outlook
    case powerApps = "power-apps"
    case microsoft365 = "microsoft-365"
    case powerBI = "power-bi"
    case edge

    /// The name the vendor's list gives the app.
    package var listedName: String {
        switch self {
        case .teams: return "Microsoft Teams"
        case .vivaEngage: return "Microsoft Viva Engage (previously Yammer)"
        case .outlook: return "Outlook"
        case .powerApps: return "Microsoft Power Apps"
        case .microsoft365: return "Microsoft 365"
        case .powerBI: return "Microsoft Power BI Mobile"
        case .edge: return "Microsoft Edge"
        }
    }

    /// Marked "(in Public Preview)" in the list: "provided without a service-level agreement and isn't
    /// recommended for production workloads".
    package var isPublicPreview: Bool { self == .outlook || self == .microsoft365 }

    /// Listed as supporting shared device mode on the platform (the list as of `MicrosoftAppCatalogue.asOf` names
    /// the same seven apps for iOS and Android).
    package func supportsSharedDeviceMode(on platform: MicrosoftAppPlatform) -> Bool { true }

    /// The app clears the previous user's data when a shared-device global sign-out (from any app, or from a
    /// vendor's procedure that performs one) ends that user's account: a listed app needs no change, and clearing
    /// the previous user's data is the duty the pages give every shared-device app.
    package func clearsDataAtGlobalSignOut(on platform: MicrosoftAppPlatform) -> Bool {
        supportsSharedDeviceMode(on: platform)
    }
}

/// The catalogue's provenance and citations: which list, as of when, and where each behaviour is stated.
package enum MicrosoftAppCatalogue {
    /// The list's date: the iOS tutorial carries none; the same seven-app list with the same two preview marks is
    /// the one on Microsoft Learn's Android shared-device page dated 2024-09-03, and the iOS tutorial's 2024-06-14
    /// version still lacked Edge.
    package static let asOf = "2024-09-03"

    /// Where the list is.
    package static let listSource = Citation(
        MicrosoftAppsSources.iosTutorial,
        "(\"Microsoft applications that support shared device mode\", the list as of \(asOf): the same seven apps "
            + "and two preview marks as Microsoft Learn's Android shared-device page of that date, whose 2024-06-14 "
            + "iOS version still lacked Edge)")

    /// Where a listed app's data clearing at a global sign-out is stated: the listed apps need no change, sign-out
    /// leaves every supported app ready for the next user, and the app's duty is to clear the previous user's data.
    package static func dataClearingSources(on platform: MicrosoftAppPlatform) -> [Citation] {
        let noChange = Citation(
            MicrosoftAppsSources.android,
            "(Microsoft's supported apps \"don't require any changes and just need to be installed\")")
        switch platform {
        case .ios:
            return [
                Citation(
                    MicrosoftAppsSources.iosTutorial, "(\"Microsoft applications that support shared device mode\")"),
                Citation(
                    MicrosoftAppsSources.iosTutorial, "(\"Globally sign out a user\": the app clears its own data)"),
                noChange,
            ]
        case .android:
            return [
                noChange,
                Citation(
                    MicrosoftAppsSources.android,
                    "(sign-out: \"the device and all supported applications, making the device ready for the next "
                        + "user\")"),
                Citation(MicrosoftAppsSources.android, "(the app clears \"the previous user's data\")"),
            ]
        }
    }

    /// The catalogue's ids as an app key's choice: `none`, then each app.
    package static var ids: [String] { ["none"] + MicrosoftApp.allCases.map(\.rawValue) }

    /// The app key's meaning, the same under every provider.
    package static let keyMeaning =
        "a Microsoft app that supports shared device mode, by id (list as of \(asOf)): teams, viva-engage, "
        + "outlook (public preview), power-apps, microsoft-365 (public preview), power-bi, edge; such an app needs "
        + "no change, and clears the previous user's data at a shared-device global sign-out on iOS and Android"
}
