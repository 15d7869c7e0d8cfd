/// A key a provider accepts under `settings:` or on each app, with everything users need to know about it.
public struct SettingDeclaration: Sendable, Hashable {
    public var key: String
    public var kind: ValueKind
    /// The value used when the key is absent, as the user would write it; nil means the key is required.
    public var defaultValue: String?
    public var meaning: String
    /// The documents the key and its default come from.
    public var sources: [Citation]
    /// True if `matrix --all` should enumerate this setting's values (small choice or bool settings that change
    /// the decision table, e.g. AirWatch's authentication type and SSO).
    public var isMatrixDimension: Bool
    /// True if the setting states a fact of the hardware (the device model, its storage, whether it is supervised)
    /// rather than a choice made in a console: `advise` never suggests changing it.
    public var isDeviceFact: Bool
    /// Values `advise` never suggests: those that turn off what makes the device shared (Entra's shared device mode,
    /// the Workspace ONE anchor app), and an app's sign-in removed (its own login `none`): a fix that stops sharing
    /// the device, or stops knowing who uses the app, answers another question.
    public var neverAdvised: [String]
    /// The declared case this declaration was made from, if any (not part of its value).
    var origin = DeclarationOrigin.none

    public init(
        _ key: String, _ kind: ValueKind, default defaultValue: String?, meaning: String, sources: [Citation],
        matrixDimension: Bool = false, deviceFact: Bool = false, neverAdvised: [String] = []
    ) {
        self.key = key
        self.kind = kind
        self.defaultValue = defaultValue
        self.meaning = meaning
        self.sources = sources
        self.isMatrixDimension = matrixDimension
        self.isDeviceFact = deviceFact
        self.neverAdvised = neverAdvised
    }
}

/// A named reading of a point where sources disagree (spec 5.3), set under `settings.model:`.
///
/// The seed's reading is always the default; `providers` lists both readings with their sources.
public struct ModelOptionDeclaration: Sendable, Hashable {
    public struct Reading: Sendable, Hashable {
        public var value: String
        public var meaning: String
        public var sources: [Citation]

        public init(_ value: String, meaning: String, sources: [Citation]) {
            self.value = value
            self.meaning = meaning
            self.sources = sources
        }
    }

    public var key: String
    /// The conflict this option settles, e.g. `C1` in the AirWatch research note.
    public var conflict: String
    public var summary: String
    /// The first reading is the default (the seed's reading).
    public var readings: [Reading]
    /// The declared case this declaration was made from, if any (not part of its value).
    var origin = DeclarationOrigin.none

    public init(_ key: String, conflict: String, summary: String, readings: [Reading]) {
        precondition(readings.count >= 2, "a model option needs at least two readings")
        self.key = key
        self.conflict = conflict
        self.summary = summary
        self.readings = readings
    }

    public var defaultValue: String { readings[0].value }
    public var setting: SettingDeclaration {
        var setting = SettingDeclaration(
            key, .choice(readings.map(\.value)), default: defaultValue, meaning: summary,
            sources: readings.flatMap(\.sources))
        setting.origin = origin
        return setting
    }
}

/// The scope a fact describes.
public enum FactScope: String, Sendable, Hashable {
    /// One value for the device (e.g. who is signed in).
    case device
    /// One value per app (e.g. whose data an app holds); in `given:` written as `fact: {app: value}`.
    case app
}

/// The kind of value a fact takes.
public enum FactDomain: Sendable, Hashable {
    /// Words from a fixed list (booleans are `["true", "false"]`).
    case choice([String])
    /// A user of the scenario or `none`; when unknown, `evaluate` tries `none`, the acting user and another user.
    case account

    public var expectation: String {
        switch self {
        case .choice(let values): return "one of " + values.map { "'\($0)'" }.joined(separator: ", ")
        case .account: return "a user name or 'none'"
        }
    }
}

/// A fact of the world a provider's decisions depend on: usable in a scenario's `given:` and as
/// `evaluate --fact key=value` (facts left out are unknown and enumerated).
public struct FactDeclaration: Sendable, Hashable {
    public var key: String
    public var domain: FactDomain
    public var scope: FactScope
    /// The value a scenario starts with when `given:` does not say (a value of the domain, `none` for accounts).
    public var defaultValue: String
    public var meaning: String
    public var sources: [Citation]
    /// A circumstance a verdict names when a scenario's `given:` moves the fact off its default and that decides
    /// the run's worst finding (with the default the worst finding differs): e.g. "the phone's first-ever check-in".
    public var circumstance: String?
    /// The fact exists only for policies whose settings meet every requirement (empty: always): elsewhere it keeps
    /// its default, and a what-if does not enumerate it (`platform: android` for a fact of Android's launcher).
    public var appliesWhen: [PropertyDeclaration.Requirement]

    public init(
        _ key: String, _ domain: FactDomain, scope: FactScope = .device, default defaultValue: String,
        meaning: String, sources: [Citation], circumstance: String? = nil,
        appliesWhen: [PropertyDeclaration.Requirement] = []
    ) {
        self.key = key
        self.domain = domain
        self.scope = scope
        self.defaultValue = defaultValue
        self.meaning = meaning
        self.sources = sources
        self.circumstance = circumstance
        self.appliesWhen = appliesWhen
    }

    public static func bool(
        _ key: String, scope: FactScope = .device, default defaultValue: Bool, meaning: String, sources: [Citation],
        circumstance: String? = nil, appliesWhen: [PropertyDeclaration.Requirement] = []
    ) -> FactDeclaration {
        FactDeclaration(
            key, .choice(["true", "false"]), scope: scope, default: defaultValue ? "true" : "false",
            meaning: meaning, sources: sources, circumstance: circumstance, appliesWhen: appliesWhen)
    }

    /// Whether the fact exists for a policy configured so (a requirement on a setting written `unknown` is met:
    /// some of its values may need the fact).
    public func applies(to configuration: PolicyConfiguration) -> Bool {
        appliesWhen.allSatisfy { requirement in
            configuration.unknownSettings.contains { $0.key == requirement.setting }
                || configuration.settings[requirement.setting].map { requirement.values.contains($0.description) }
                    ?? true
        }
    }
}

/// What an event's value names.
public enum EventTarget: Sendable, Hashable {
    /// An app of the policy (`open: inventory`).
    case app
    /// An app, or `all` for every app (`terminate: all` is a device restart).
    case appOrAll
    /// One of fixed words (e.g. `check_out: hub`).
    case choice([String])
}

/// An event a scenario step can carry. The core defines the four required ones; providers add their own.
public struct EventDeclaration: Sendable, Hashable {
    public var name: String
    public var target: EventTarget
    public var requiresUser: Bool
    /// True if the event is an access attempt (it can produce prompts).
    public var isAccessAttempt: Bool
    public var meaning: String
    public var sources: [Citation]

    public init(
        _ name: String, target: EventTarget, requiresUser: Bool, accessAttempt: Bool, meaning: String,
        sources: [Citation]
    ) {
        self.name = name
        self.target = target
        self.requiresUser = requiresUser
        self.isAccessAttempt = accessAttempt
        self.meaning = meaning
        self.sources = sources
    }

    private static let formats = [Citation(SourceDocument.formatsID, "§Scenarios")]

    /// The events every provider handles (spec 3.2).
    public static let required: [EventDeclaration] = [
        EventDeclaration(
            "open", target: .app, requiresUser: true, accessAttempt: true,
            meaning: "an access attempt: the app is launched or brought to the foreground",
            sources: formats),
        EventDeclaration(
            "sign_out", target: .app, requiresUser: true, accessAttempt: false,
            meaning: "the user signs out from the app", sources: formats),
        EventDeclaration(
            "terminate", target: .appOrAll, requiresUser: false, accessAttempt: false,
            meaning: "the app process ends; 'all' for a device restart", sources: formats),
        EventDeclaration(
            "query_sso_status", target: .app, requiresUser: false, accessAttempt: false,
            meaning: "the app reads its SSO / device-mode status", sources: formats),
    ]
}

/// A provider-specific condition a step may carry (e.g. `silent_login: fails` on an AirWatch `open`).
public struct StepConditionDeclaration: Sendable, Hashable {
    public var key: String
    public var kind: ValueKind
    /// The events it may accompany.
    public var events: [String]
    public var meaning: String
    public var sources: [Citation]

    public init(_ key: String, _ kind: ValueKind, events: [String], meaning: String, sources: [Citation]) {
        self.key = key
        self.kind = kind
        self.events = events
        self.meaning = meaning
        self.sources = sources
    }
}

/// A kind of risk a provider can report, with the message template shown to users.
///
/// Message templates may use `{user}`, `{app}`, `{session_user}`, `{previous_user}` (the user whose session or
/// data is at stake), filled in when the step is rendered so the evaluation path never builds strings.
public struct FindingDeclaration: Sendable, Hashable {
    public var id: String
    public var severity: Severity
    public var message: String
    public var meaning: String
    public var sources: [Citation]
    /// What the core recognises this finding as (its properties and verdicts select findings by concern).
    public var concern: CoreConcern?
    /// The finding states a fact of the configuration rather than something that happened at the step (AirWatch's
    /// `sso-requirement-missing`: an app that never initialises the SDK). A run shows it once per app, at the first
    /// step where it matters, and its totals count it once, however often the app is opened.
    public var configurationFact: Bool

    public init(
        _ id: String, _ severity: Severity, concern: CoreConcern? = nil, configurationFact: Bool = false,
        message: String, meaning: String, sources: [Citation]
    ) {
        self.id = id
        self.severity = severity
        self.concern = concern
        self.configurationFact = configurationFact
        self.message = message
        self.meaning = meaning
        self.sources = sources
    }
}

/// What a step's `details` may carry (e.g. `sso_status`, `device_mode`), so values stay compact until rendered.
public struct DetailDeclaration: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case choice([String])
        /// A user or `none`.
        case account
    }

    public var key: String
    public var kind: Kind
    public var meaning: String

    public init(_ key: String, _ kind: Kind, meaning: String) {
        self.key = key
        self.kind = kind
        self.meaning = meaning
    }
}
