/// A policy after the core validated its generic parts and the provider's declared keys.
public struct PolicyConfiguration: Sendable, Hashable {
    public var id: String
    public var title: String?
    public var providerID: String
    public var file: String
    /// Where the `policy:` key is, for policy-level problems.
    public var position: SourcePosition
    /// Settings with defaults filled in, model options included (under their own keys).
    public var settings: SettingValues
    public var apps: [AppConfiguration]
    /// Settings written as `unknown`, in declaration order: `settings` holds their declared defaults (as if they
    /// were absent, so `isExplicit` is false), and compile, run and compare play those defaults.
    public var unknownSettings: [UnknownSetting]

    public init(
        id: String, title: String?, providerID: String, file: String, position: SourcePosition,
        settings: SettingValues, apps: [AppConfiguration], unknownSettings: [UnknownSetting] = []
    ) {
        self.id = id
        self.title = title
        self.providerID = providerID
        self.file = file
        self.position = position
        self.settings = settings
        self.apps = apps
        self.unknownSettings = unknownSettings
    }

    /// Per-app keys written as `unknown`, for the apps that have any.
    public var unknownAppKeys: [AppID: [UnknownSetting]] {
        var result: [AppID: [UnknownSetting]] = [:]
        for (index, app) in apps.enumerated() where !app.unknownKeys.isEmpty { result[AppID(index)] = app.unknownKeys }
        return result
    }

    /// True if any setting or per-app key is `unknown`.
    public var hasUnknowns: Bool { !unknownSettings.isEmpty || apps.contains { !$0.unknownKeys.isEmpty } }

    public func app(named id: String) -> AppID? {
        apps.firstIndex { $0.id == id }.map(AppID.init)
    }

    public var appIDs: [AppID] { apps.indices.map(AppID.init) }
}

/// One app of a policy with its validated per-app keys.
public struct AppConfiguration: Sendable, Hashable {
    public var id: String
    public var name: String?
    public var position: SourcePosition
    public var keys: SettingValues
    /// Per-app keys written as `unknown`, in declaration order; `keys` holds their declared defaults.
    public var unknownKeys: [UnknownSetting]

    public init(
        id: String, name: String?, position: SourcePosition, keys: SettingValues, unknownKeys: [UnknownSetting] = []
    ) {
        self.id = id
        self.name = name
        self.position = position
        self.keys = keys
        self.unknownKeys = unknownKeys
    }

    public var displayName: String { name ?? id }
}

/// A declared setting or per-app key whose value the policy gives as `unknown` (an explicit unknown, e.g. what an
/// imported export cannot say): the provider gets the key's declared default, and `check`, `run` and `compare` say
/// that the default was played.
public struct UnknownSetting: Sendable, Hashable {
    /// The value that marks a setting or app key as unknown; no provider may declare it as a choice.
    public static let word = "unknown"

    public var key: String
    /// Where `unknown` is written.
    public var position: SourcePosition

    public init(_ key: String, at position: SourcePosition) {
        self.key = key
        self.position = position
    }
}

/// A finding about the configuration itself rather than a step (e.g. `session-never-expires`): reported in the
/// run's top-level `findings` and as a `check` warning at the setting's position.
public struct PolicyFinding: Sendable, Hashable {
    public var finding: FindingID
    /// The app it is about, if any (fills `{app}` in the message).
    public var app: AppID?
    /// The setting it is about, for the warning's position.
    public var settingKey: String?

    public init(_ finding: FindingID, app: AppID? = nil, settingKey: String? = nil) {
        self.finding = finding
        self.app = app
        self.settingKey = settingKey
    }
}
