import SSOPolicyProviderKit

/// A value found for a setting or app key: the text the policy writes, or nil for an explicit `unknown`.
struct MappedValue: Sendable {
    var value: String?
    var provenance: Provenance

    static func known(_ value: String, _ provenance: Provenance) -> MappedValue {
        MappedValue(value: value, provenance: provenance)
    }

    static func unknown(_ provenance: Provenance) -> MappedValue { MappedValue(value: nil, provenance: provenance) }
}

/// An app named by an export (a bundle id or package name), with what the export says about it.
struct DraftApp: Sendable {
    var bundleID: String
    var provenance: Provenance
    /// Per-app keys the export does say something about; every other declared key is written `unknown`.
    var keys: [String: MappedValue] = [:]
    /// Why the app is listed (e.g. "in AppAllowList"), for the remark on its unknown keys.
    var listedIn: String
}

/// What one profile of an export says about an `entra-shared-device` policy, before the declarations fill in the
/// rest as explicit unknowns (`EntraPolicyComposer`).
struct EntraDraft: Sendable {
    enum Platform: String, Sendable {
        case ios, android
    }

    /// The profile's own name (Graph `displayName`, profile `PayloadDisplayName`), for the policy's id and title.
    var name: String
    /// One line saying what was read, for the policy file's header.
    var source: String
    /// The profile itself: provenance for what it does not say.
    var origin: Provenance
    /// Where the profile starts in its file, for messages.
    var position: SourcePosition
    var platform: Platform
    var platformProvenance: Provenance
    /// Settings the export says something about (platform excluded).
    var settings: [String: MappedValue] = [:]
    var apps: [DraftApp] = []
    /// What the export configures that the model has no setting for yet, each with where it is.
    var unmodelled: [String] = []
    /// Secret fields present in the export and left out (names only).
    var omitted: [String] = []
    /// Further lines for the header (a signature not verified, a choice between two properties).
    var remarks: [String] = []
}

/// The Microsoft Enterprise SSO plug-in's identifiers and the keys its documentation defines.
enum MicrosoftPlugin {
    /// "Extension ID: com.microsoft.azureauthenticator.ssoextension" (Microsoft Enterprise SSO plug-in for Apple
    /// devices, learn.microsoft.com/entra/identity-platform/apple-sso-plugin).
    static let extensionID = "com.microsoft.azureauthenticator.ssoextension"
    /// The URL every tenant needs; the others are sovereign clouds and aliases.
    static let loginURL = "https://login.microsoftonline.com"
    /// `entra-shared-device` settings and app keys that apply only to iOS (the provider ignores them on Android).
    static let iosOnlySettings: Set<String> = ["sso_extension", "safari_sso"]
    static let androidOnlySettings: Set<String> = [
        "mhs_auto_sign_out", "mhs_inactive_sign_out_delay", "mhs_sign_in", "mhs_sign_in_type", "mhs_session_pin",
        "mhs_pin_to_resume", "mhs_session_pin_max_attempts", "mhs_system_navigation", "mhs_auto_sign_out_notice",
        "mhs_auto_sign_out_permissions",
    ]
    static let iosOnlyAppKeys: Set<String> = ["signout_from_browser"]
}
