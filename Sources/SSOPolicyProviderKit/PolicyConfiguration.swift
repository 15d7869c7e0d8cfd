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

    public init(
        id: String, title: String?, providerID: String, file: String, position: SourcePosition,
        settings: SettingValues, apps: [AppConfiguration]
    ) {
        self.id = id
        self.title = title
        self.providerID = providerID
        self.file = file
        self.position = position
        self.settings = settings
        self.apps = apps
    }

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

    public init(id: String, name: String?, position: SourcePosition, keys: SettingValues) {
        self.id = id
        self.name = name
        self.position = position
        self.keys = keys
    }

    public var displayName: String { name ?? id }
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
