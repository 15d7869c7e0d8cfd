/// Everything a provider declares about itself: what it accepts, what it knows, what it can say.
///
/// The core validates policies and scenarios against these declarations, `ssopolicy providers` prints them,
/// `ssopolicy schema` turns them into JSON Schema, and coverage reads `rules`.
public struct ProviderDescriptor: Sendable {
    public var id: String
    public var name: String
    public var summary: String
    /// The catalogue of public documents the provider's citations name (`ssopolicy sources`); every `source` of
    /// its declarations is `ID LOCATOR` pieces naming these (or the core's `SourceDocument.core`).
    public var sources: [SourceDocument]
    public var settings: [SettingDeclaration] { didSet { settingLayout = Self.layout(settings, modelOptions) } }
    public var modelOptions: [ModelOptionDeclaration] {
        didSet { settingLayout = Self.layout(settings, modelOptions) }
    }
    public var appKeys: [SettingDeclaration] { didSet { appKeyLayout = SettingLayout(appKeys) } }
    /// Where the values of a policy's `settings:` block are held: the settings, then the model options.
    public private(set) var settingLayout: SettingLayout
    /// Where the values of a policy's app are held: the per-app keys.
    public private(set) var appKeyLayout: SettingLayout
    public var facts: [FactDeclaration]
    /// Provider events beyond the four required ones.
    public var events: [EventDeclaration]
    public var stepConditions: [StepConditionDeclaration]
    public var details: [DetailDeclaration]
    public var findings: [FindingDeclaration]
    /// Worked out when first read (a process registers every provider; most commands read the rules of one).
    public var rules: [RuleDeclaration] {
        get { ruleDeclarations.wrapped }
        set { ruleDeclarations = OnceValue(value: newValue) }
    }
    private var ruleDeclarations: OnceValue<[RuleDeclaration]>
    /// Problems of the rule tables the rules come from (`RulePhases.problems`), reported by `selfCheck`; worked
    /// out when first read, like `rules`.
    public var ruleProblems: [String] {
        get { tableProblems.wrapped }
        set { tableProblems = OnceValue(value: newValue) }
    }
    private var tableProblems: OnceValue<[String]>
    /// The ordered decisions among `rules` ("the first rule that fires"), for `providers` and the guide; worked out
    /// when first read, like `rules`.
    public var decisionLists: [DecisionListDeclaration] {
        get { decisions.wrapped }
        set { decisions = OnceValue(value: newValue) }
    }
    private var decisions: OnceValue<[DecisionListDeclaration]>
    /// Combinations of facts that cannot happen (`evaluate` rejects them when given).
    public var factConstraints: [FactConstraint]
    /// Safety properties the provider adds to `ssopolicy verify`, stated over its findings.
    public var properties: [PropertyDeclaration]
    /// The core's properties that do not apply to this provider's model (`verify` reports them `n/a`).
    public var inapplicableProperties: [InapplicableProperty]
    /// What the provider means by each required event, e.g. what `sign_out` does for this vendor.
    public var requiredEventMeanings: [String: String]
    /// A minimal policy in YAML, shown by `providers` and used as a starting point by users.
    public var examplePolicy: String
    /// What holds the shared session on the device, as diagrams name it (e.g. "SDK / anchor app",
    /// "Authenticator broker").
    public var sessionAuthority: String
    /// The provider's shift-change procedure, which a scenario's `handover` step expands to; nil if it has none.
    public var handover: HandoverDeclaration?
    /// Every prompt the provider can ever show, so `check` can flag a suite expecting one it cannot produce.
    public var producedPrompts: [Prompt]
    /// How the provider reads a fleet's device groups and app profiles (spec 3.4); nil if it takes no fleet.
    public var fleet: FleetReading?

    public init(
        id: String, name: String, summary: String, sources: [SourceDocument], settings: [SettingDeclaration],
        modelOptions: [ModelOptionDeclaration], appKeys: [SettingDeclaration], facts: [FactDeclaration],
        events: [EventDeclaration], stepConditions: [StepConditionDeclaration], details: [DetailDeclaration],
        findings: [FindingDeclaration], rules: @autoclosure @escaping @Sendable () -> [RuleDeclaration],
        ruleProblems: @autoclosure @escaping @Sendable () -> [String] = [],
        requiredEventMeanings: [String: String] = [:],
        examplePolicy: String, properties: [PropertyDeclaration] = [], sessionAuthority: String = "identity broker",
        handover: HandoverDeclaration? = nil, producedPrompts: [Prompt] = Prompt.allCases,
        decisionLists: @autoclosure @escaping @Sendable () -> [DecisionListDeclaration] = [],
        factConstraints: [FactConstraint] = [],
        inapplicableProperties: [InapplicableProperty] = [],
        fleet: FleetReading? = nil
    ) {
        self.inapplicableProperties = inapplicableProperties
        self.id = id
        self.name = name
        self.summary = summary
        self.sources = sources
        self.settings = settings
        self.modelOptions = modelOptions
        self.appKeys = appKeys
        settingLayout = Self.layout(settings, modelOptions)
        appKeyLayout = SettingLayout(appKeys)
        self.facts = facts
        self.events = events
        self.stepConditions = stepConditions
        self.details = details
        self.findings = findings
        self.ruleDeclarations = OnceValue(rules)
        self.tableProblems = OnceValue(ruleProblems)
        self.requiredEventMeanings = requiredEventMeanings
        self.examplePolicy = examplePolicy
        self.properties = properties
        self.sessionAuthority = sessionAuthority
        self.handover = handover
        self.producedPrompts = producedPrompts
        self.decisions = OnceValue(decisionLists)
        self.factConstraints = factConstraints
        self.fleet = fleet
    }

    static func layout(_ settings: [SettingDeclaration], _ modelOptions: [ModelOptionDeclaration]) -> SettingLayout {
        SettingLayout(settings + modelOptions.map(\.setting))
    }

    /// The four required events followed by the provider's own.
    public var allEvents: [EventDeclaration] { EventDeclaration.required + events }

    public func rule(_ id: String) -> RuleID? {
        rules.firstIndex { $0.id == id }.map(RuleID.init)
    }

    public func finding(_ id: String) -> FindingID? {
        findings.firstIndex { $0.id == id }.map(FindingID.init)
    }

    public func detail(_ key: String) -> DetailID? {
        details.firstIndex { $0.key == key }.map(DetailID.init)
    }

    public func fact(_ key: String) -> FactID? {
        facts.firstIndex { $0.key == key }.map(FactID.init)
    }

    public func event(_ name: String) -> EventID? {
        if let index = EventDeclaration.required.firstIndex(where: { $0.name == name }) { return EventID(index) }
        return events.firstIndex { $0.name == name }.map { EventID(EventDeclaration.required.count + $0) }
    }

    /// The event `id` names, read in place (`allEvents` builds the list).
    public func eventDeclaration(_ id: EventID) -> EventDeclaration {
        let index = Int(id.index)
        let required = EventDeclaration.required
        return index < required.count ? required[index] : events[index - required.count]
    }

    public func stepCondition(_ key: String) -> StepConditionID? {
        stepConditions.firstIndex { $0.key == key }.map(StepConditionID.init)
    }

    /// Checks that the declaration is internally consistent; the generic provider tests run it.
    public func selfCheck() -> [String] {
        var problems = ruleProblems
        func unique(_ names: [String], _ what: String) {
            var seen = Set<String>()
            for name in names where !seen.insert(name).inserted { problems.append("duplicate \(what) '\(name)'") }
        }
        unique(settings.map(\.key) + modelOptions.map(\.key), "setting")
        for (layout, declarations) in [
            (settingLayout, settings + modelOptions.map(\.setting)), (appKeyLayout, appKeys),
        ] {
            let unplaced = layout.unplaced(declarations)
            if !unplaced.isEmpty {
                problems.append(
                    "'\(unplaced.joined(separator: "', '"))' are read by key: take each declared enum's "
                        + "`declarations` whole, in case order")
            }
        }
        unique(appKeys.map(\.key), "app key")
        unique(facts.map(\.key), "fact")
        unique(allEvents.map(\.name), "event")
        unique(stepConditions.map(\.key), "step condition")
        unique(details.map(\.key), "detail")
        unique(findings.map(\.id), "finding")
        unique(rules.map(\.id), "rule")
        unique(properties.map(\.id), "property")
        for property in properties {
            for id in property.violatedBy where finding(id) == nil {
                problems.append("property '\(property.id)' names unknown finding '\(id)'")
            }
            for requirement in property.appliesWhen where !settings.contains(where: { $0.key == requirement.setting }) {
                problems.append("property '\(property.id)' applies on unknown setting '\(requirement.setting)'")
            }
            if !property.appliesWhen.isEmpty && property.notApplicableBecause.isEmpty {
                problems.append("property '\(property.id)' applies only sometimes but says not why otherwise")
            }
        }
        for fact in facts {
            for requirement in fact.appliesWhen where !settings.contains(where: { $0.key == requirement.setting }) {
                problems.append("fact '\(fact.key)' applies on unknown setting '\(requirement.setting)'")
            }
        }
        if findings.count > FindingSet.capacity {
            problems.append("more than \(FindingSet.capacity) findings")
        }
        if details.count > DetailValues.capacity { problems.append("more than \(DetailValues.capacity) details") }
        for rule in rules where !rule.id.hasPrefix(id.split(separator: "-").first.map(String.init) ?? id) {
            problems.append("rule '\(rule.id)' does not start with the provider's name")
        }
        for rule in rules where rule.summary.isEmpty || rule.sources.isEmpty {
            problems.append("rule '\(rule.id)' lacks a summary or a source")
        }
        for rule in rules where rule.conditions.isEmpty {
            problems.append("rule '\(rule.id)' has no condition: say what decides it")
        }
        for rule in rules where rule.conditions.count > Int(UInt8.max) {
            problems.append("rule '\(rule.id)' has more than \(UInt8.max) conditions")
        }
        for rule in rules where !rule.examples.contains(where: \.fires) || !rule.examples.contains(where: { !$0.fires })
        {
            problems.append("rule '\(rule.id)' needs an example where it fires and one where it does not")
        }
        for rule in rules {
            for finding in rule.effect.findings where Int(finding.index) >= findings.count {
                problems.append("rule '\(rule.id)' raises finding #\(finding.index), which is not declared")
            }
            for prompt in rule.effect.prompts where !producedPrompts.contains(prompt) {
                problems.append("rule '\(rule.id)' shows '\(prompt.name)', which is not among the prompts it can show")
            }
        }
        for list in decisionLists {
            for name in list.rules where rule(name) == nil {
                problems.append("decision list '\(list.name)' names unknown rule '\(name)'")
            }
        }
        for declaration in settings + appKeys {
            if case .choice(let words) = declaration.kind, words.contains(UnknownSetting.word) {
                problems.append(
                    "'\(declaration.key)' declares the value '\(UnknownSetting.word)', which marks an unknown value")
            }
        }
        if let handover { problems += handover.problems(in: self) }
        if let fleet {
            let keys = Set(settings.map(\.key))
            for key in fleet.groupSettings where !keys.contains(key) {
                problems.append("fleet reading: group setting '\(key)' is not a declared setting")
            }
            let appKeyNames = Set(appKeys.map(\.key))
            for key in fleet.consoleAppKeys where !appKeyNames.contains(key) {
                problems.append("fleet reading: console app key '\(key)' is not a declared app key")
            }
        }
        problems += vocabularyProblems()
        return problems + citationProblems()
    }
}

/// A finding's index in its provider's catalogue.
public struct FindingID: Hashable, Sendable {
    public var index: UInt8
    @inlinable
    public init(_ index: Int) { self.index = UInt8(index) }
}

/// A detail's index in its provider's declarations.
public struct DetailID: Hashable, Sendable {
    public var index: UInt8
    @inlinable
    public init(_ index: Int) { self.index = UInt8(index) }
}

/// A fact's index in its provider's declarations.
public struct FactID: Hashable, Sendable {
    public var index: UInt8
    @inlinable
    public init(_ index: Int) { self.index = UInt8(index) }
}

/// An event's index in `ProviderDescriptor.allEvents` (0–3 are the required events).
public struct EventID: Hashable, Sendable {
    public var index: UInt8
    @inlinable
    public init(_ index: Int) { self.index = UInt8(index) }

    // Computed and inlinable, so a provider's `switch` over events compares constants instead of calling the
    // accessors of globals in this module.
    /// How many required events come before a provider's own (`EventDeclaration.required`).
    @inlinable public static var requiredCount: Int { 4 }

    @inlinable public static var open: EventID { EventID(0) }
    @inlinable public static var signOut: EventID { EventID(1) }
    @inlinable public static var terminate: EventID { EventID(2) }
    @inlinable public static var querySSOStatus: EventID { EventID(3) }
}

/// A step condition's index in its provider's declarations.
public struct StepConditionID: Hashable, Sendable {
    public var index: UInt8
    @inlinable
    public init(_ index: Int) { self.index = UInt8(index) }
}
