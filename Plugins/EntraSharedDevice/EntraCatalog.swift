import SSOPolicyProviderKit

/// A Microsoft app the vendor lists as supporting shared device mode, named in a policy by `catalog: ID`.
///
/// Such apps "don't require any changes and just need to be installed" (the vendor's shared-device pages), so an
/// entry fills in a broker-enabled single-account MSAL app that meets every duty of a shared-device app; keys the
/// policy writes itself still win (for example to model an app caveat the list does not mention).
public enum EntraCatalogApp: String, CaseIterable, Sendable, Hashable {
    case teams
    case vivaEngage = "viva-engage"
    case outlook
    case powerApps = "power-apps"
    case microsoft365 = "microsoft-365"
    case powerBI = "power-bi"
    case edge

    /// The name the vendor's list gives the app.
    public var listedName: String {
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
    public var isPublicPreview: Bool { self == .outlook || self == .microsoft365 }
}

/// The catalogue's provenance: which list, as of when. Vendors move apps in and out of preview between versions.
enum EntraCatalog {
    /// The list's date: the seed page carries none; the same seven-app list with the same two preview marks is the
    /// one in entra-docs `msal-android-shared-devices.md` dated 2024-09-03, and the iOS tutorial's 2024-06-14
    /// version still lacked Edge.
    static let asOf = "2024-09-03"
    static let source = Citation(
        EntraSources.tutorial,
        "(\"Microsoft applications that support shared device mode\", the list as of \(asOf): the same seven apps "
            + "and two preview marks as Microsoft Learn's Android shared-device page of that date, whose 2024-06-14 "
            + "iOS version still lacked Edge)")

    static var ids: [String] { ["none"] + EntraCatalogApp.allCases.map(\.rawValue) }
}
