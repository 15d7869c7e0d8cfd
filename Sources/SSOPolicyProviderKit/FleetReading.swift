/// How a provider reads a fleet (spec 3.4): the devices and apps are described once, vendor-neutrally, and each
/// provider maps a device group and an app profile to its own settings and per-app keys. The core knows only these
/// neutral words; every vendor key is named by the provider's reading.
///
/// ```swift
/// FleetReading(
///     platforms: [.ios, .android], groupSettings: ["platform"], consoleAppKeys: ["cluster"],
///     settings: { group in [FleetValue("platform", group.platform.modelled.rawValue, from: .platform)] },
///     app: { profile, group in [FleetValue("sso", profile.signIn == .none ? "disabled" : "inherit", from: .signIn)] })
/// ```
public struct FleetReading: Sendable {
    /// The platforms the provider models; a device group of another platform is reported as unsupported.
    public var platforms: [DevicePlatform]
    /// Settings the device group decides (a setup may not write them).
    public var groupSettings: [String]
    /// Per-app keys the architect chooses in the vendor's console: a setup's `apps:` may set them; every other
    /// per-app key comes from the app's profile.
    public var consoleAppKeys: [String]
    /// The catalogue apps a profile's `microsoft:` may name that this provider reads.
    public var catalogue: [String]
    /// The settings a device group gives.
    public var settings: @Sendable (DeviceGroup) -> [FleetValue]
    /// The per-app keys an app profile gives on a device group, before the setup's console choices.
    public var app: @Sendable (AppProfile, DeviceGroup) -> [FleetValue]
    /// What a setup needs for one app on one device group, given the app's profile and the per-app keys the setup
    /// plays (console choices included): an app built with an SDK or with MSAL in shared mode, a logout entry
    /// point. A `.appBuild` need is one no configuration meets: the app must change.
    public var appNeeds: @Sendable (AppProfile, DeviceGroup, [FleetValue]) -> [FleetNeed]
    /// What a setup needs on a device group whatever its apps (docks, a profile, an integration).
    public var deviceNeeds: @Sendable (DeviceGroup) -> [FleetNeed]
    /// What to write instead when an app profile uses one of this provider's own per-app keys (`msal` → "write how
    /// the app signs in: sign_in: msal_single_account"): the fleet loader's message names the neutral key. A
    /// provider per-app key without a hint gets the loader's general one.
    public var profileKeyHints: [String: String] = [:]
    /// What a prompt costs the worker by a figure this provider's documents give (a badge check-out's seconds):
    /// the core's defaults are assumptions, and a provider-declared figure replaces one (docs/fleets.md).
    public var promptCosts: [PromptCost] = []
    /// Whether a value of a console per-app key fits the app as its other keys describe it. A value that says which
    /// app it is (Imprivata's `logout_method: epic_rover`, Epic Rover's own logout) or that needs another kind of app
    /// (`msal_shared_device` for an app without Microsoft's sign-in) is no console choice for this app, and `advise`
    /// never suggests it; nor a value the device lacks, as the policy's `settings` describe it (an iOS logout method
    /// on Android). Every value fits unless the provider says otherwise.
    public var consoleValueFits:
        @Sendable (_ key: String, _ value: String, _ app: AppConfiguration, _ settings: SettingValues) -> Bool = {
            _, _, _, _ in true
        }

    public init(
        platforms: [DevicePlatform], groupSettings: [String] = [], consoleAppKeys: [String] = [],
        catalogue: [String] = [], settings: @escaping @Sendable (DeviceGroup) -> [FleetValue],
        app: @escaping @Sendable (AppProfile, DeviceGroup) -> [FleetValue],
        appNeeds: @escaping @Sendable (AppProfile, DeviceGroup, [FleetValue]) -> [FleetNeed] = { _, _, _ in [] },
        deviceNeeds: @escaping @Sendable (DeviceGroup) -> [FleetNeed] = { _ in [] }
    ) {
        self.platforms = platforms
        self.groupSettings = groupSettings
        self.consoleAppKeys = consoleAppKeys
        self.catalogue = catalogue
        self.settings = settings
        self.app = app
        self.appNeeds = appNeeds
        self.deviceNeeds = deviceNeeds
    }
}

/// What one prompt costs the worker who answers it, by a figure a provider's documents give.
public struct PromptCost: Sendable, Hashable {
    public var prompt: Prompt
    public var seconds: Int
    /// The figure in words ("the ideal check-out takes 5-8 s from the badge tap to the device in hand").
    public var basis: String
    /// Where the figure is, in the provider's source catalogue.
    public var sources: [Citation]

    public init(_ prompt: Prompt, seconds: Int, basis: String, sources: [Citation]) {
        self.prompt = prompt
        self.seconds = seconds
        self.basis = basis
        self.sources = sources
    }
}

/// A provider key with the value a device group or an app profile gives it, and the fleet key it comes from (whose
/// position a problem with the value is reported at).
public struct FleetValue: Sendable, Hashable {
    public var key: String
    public var value: String
    public var from: FleetKey

    public init(_ key: String, _ value: String, from: FleetKey) {
        self.key = key
        self.value = value
        self.from = from
    }
}

/// Something a setup needs that its console settings do not give.
public struct FleetNeed: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Hardware, an app or a profile on the devices (docks, a broker, an MDM profile).
        case device
        /// An integration or a console choice to make.
        case console
        /// The app's maker must change the app: no configuration meets it.
        case appBuild = "app_build"
    }

    public var kind: Kind
    public var text: String

    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }
}

/// The neutral keys of a fleet's device groups and app profiles.
public enum FleetKey: String, CaseIterable, Sendable, Hashable {
    case platform
    case osVersion = "os_version"
    case signIn = "sign_in"
    case ownSession = "own_session"
    case workspaceOneSDK = "workspace_one_sdk"
    case logout
    case clearsDataOnUserChange = "clears_data_on_user_change"
    case microsoft
}

/// A device platform of a fleet.
public enum DevicePlatform: String, CaseIterable, Sendable, Hashable {
    case ios, android, ipados

    /// iPadOS runs the iOS frameworks every vendor documents for iPhone; providers model it as iOS.
    public var modelled: DevicePlatform { self == .ipados ? .ios : self }
}

/// A group of alike devices.
public struct DeviceGroup: Sendable, Hashable {
    public var id: String
    public var platform: DevicePlatform
    /// As written (`"17.5"`), or nil when the fleet leaves it out.
    public var osVersion: String?
    public var count: Int?

    public init(id: String, platform: DevicePlatform, osVersion: String? = nil, count: Int? = nil) {
        self.id = id
        self.platform = platform
        self.osVersion = osVersion
        self.count = count
    }
}

/// How an app signs its user in, by how it is built.
public enum AppSignIn: String, CaseIterable, Sendable, Hashable {
    /// Its own login screen, not shared with other apps.
    case ownLogin = "own_login"
    /// MSAL in single-account mode through the broker (what a shared device needs).
    case msalSingleAccount = "msal_single_account"
    /// MSAL in multiple-account mode.
    case msalMultipleAccount = "msal_multiple_account"
    /// No sign-in: the app opens into its content.
    case none
}

/// How long an app's own login lasts.
public enum OwnSession: String, CaseIterable, Sendable, Hashable {
    case everyOpen = "every_open"
    case untilTerminated = "until_terminated"
    case untilSignOut = "until_sign_out"
}

/// An external logout entry point an app offers, which a custody system can call at a check-in.
public enum ExternalLogout: String, CaseIterable, Sendable, Hashable {
    case universalLinkCallback = "universal_link_callback"
    case xCallbackURL = "x_callback_url"
    case interappCallback = "interapp_callback"
}

/// An app described once by how it is built, whatever the vendor.
public struct AppProfile: Sendable, Hashable {
    public var id: String
    public var name: String?
    public var signIn: AppSignIn
    public var ownSession: OwnSession
    public var workspaceOneSDK: Bool
    public var logout: [ExternalLogout]
    public var clearsDataOnUserChange: Bool
    /// A Microsoft catalogue app by id (`teams`): its build facts come from the catalogue.
    public var microsoft: String?

    public init(
        id: String, name: String? = nil, signIn: AppSignIn = .ownLogin, ownSession: OwnSession = .untilSignOut,
        workspaceOneSDK: Bool = false, logout: [ExternalLogout] = [], clearsDataOnUserChange: Bool = false,
        microsoft: String? = nil
    ) {
        self.id = id
        self.name = name
        self.signIn = signIn
        self.ownSession = ownSession
        self.workspaceOneSDK = workspaceOneSDK
        self.logout = logout
        self.clearsDataOnUserChange = clearsDataOnUserChange
        self.microsoft = microsoft
    }

    /// Built on MSAL (single- or multiple-account), a catalogue app included.
    public var usesMSAL: Bool { microsoft != nil || signIn == .msalSingleAccount || signIn == .msalMultipleAccount }
}

extension Array where Element == FleetValue {
    /// The value given to `key` (the last one written wins, as a console choice wins over the profile's reading).
    public func value(_ key: String) -> String? { last { $0.key == key }?.value }
}
