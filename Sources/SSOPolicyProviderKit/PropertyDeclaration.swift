/// A safety property a provider adds to `ssopolicy verify`, stated over its own findings so the core can check it
/// without knowing the vendor: the property is broken by any step whose outcome carries one of `violatedBy`.
///
/// The core's own properties (no foreign session, no previous user's data, complete global sign-out) hold for
/// every provider that does not declare them inapplicable (`ProviderDescriptor.inapplicableProperties`); a provider
/// adds the ones only its model can see (e.g. a browser session that outlives a sign-out).
public struct PropertyDeclaration: Sendable, Hashable {
    /// A policy setting and the values under which the property applies (`platform: ios`).
    public struct Requirement: Sendable, Hashable {
        public var setting: String
        public var values: [String]

        public init(_ setting: String, _ values: [String]) {
            self.setting = setting
            self.values = values
        }
    }

    /// Stable id, used by `verify --property` and in reports; must not collide with the core's ids.
    public var id: String
    /// What holds when the property holds, as one sentence.
    public var meaning: String
    /// Finding ids of this provider; a step carrying any of them breaks the property.
    public var violatedBy: [String]
    public var sources: [Citation]
    /// The property speaks of what a sign-out leaves behind: a step breaks it only when it is a sign-out, or when
    /// the user whose session or data the step exposes signed out earlier on the path (and has not used the device
    /// since). A sequence without a sign-out never breaks it.
    public var afterSignOut: Bool
    /// The property applies only to policies whose settings meet every requirement (empty: always); otherwise
    /// `verify` reports it `n/a` with `notApplicableBecause`.
    public var appliesWhen: [Requirement]
    public var notApplicableBecause: String

    public init(
        _ id: String, meaning: String, violatedBy: [String], sources: [Citation], afterSignOut: Bool = false,
        appliesWhen: [Requirement] = [], notApplicableBecause: String = ""
    ) {
        self.id = id
        self.meaning = meaning
        self.violatedBy = violatedBy
        self.sources = sources
        self.afterSignOut = afterSignOut
        self.appliesWhen = appliesWhen
        self.notApplicableBecause = notApplicableBecause
    }
}

/// A core property (`no-foreign-session`, `no-previous-user-data`, `global-sign-out-complete`) that does not apply
/// to a provider's model, with the reason `verify` gives for its `n/a`: e.g. a vendor with no global sign-out.
public struct InapplicableProperty: Sendable, Hashable {
    public var id: String
    public var because: String
    public var sources: [Citation]

    public init(_ id: String, because: String, sources: [Citation]) {
        self.id = id
        self.because = because
        self.sources = sources
    }
}

extension PropertyDeclaration {
    /// A property broken by any of the provider's findings `violatedBy`, named by case.
    public init<Finding: DeclaredFinding>(
        _ id: String, meaning: String, violatedBy: [Finding], sources: [Citation], afterSignOut: Bool = false,
        appliesWhen: [Requirement] = [], notApplicableBecause: String = ""
    ) {
        self.init(
            id, meaning: meaning, violatedBy: violatedBy.map(\.declaration.id), sources: sources,
            afterSignOut: afterSignOut, appliesWhen: appliesWhen, notApplicableBecause: notApplicableBecause)
    }
}
