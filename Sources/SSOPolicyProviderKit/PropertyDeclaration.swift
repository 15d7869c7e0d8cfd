/// A safety property a provider adds to `ssopolicy verify`, stated over its own findings so the core can check it
/// without knowing the vendor: the property is broken by any step whose outcome carries one of `violatedBy`.
///
/// The core's own properties (no foreign session, no previous user's data, complete global sign-out) hold for
/// every provider; a provider adds the ones only its model can see (e.g. a browser session that outlives a
/// sign-out).
public struct PropertyDeclaration: Sendable, Hashable {
    /// Stable id, used by `verify --property` and in reports; must not collide with the core's ids.
    public var id: String
    /// What holds when the property holds, as one sentence.
    public var meaning: String
    /// Finding ids of this provider; a step carrying any of them breaks the property.
    public var violatedBy: [String]
    public var sources: [Citation]

    public init(_ id: String, meaning: String, violatedBy: [String], sources: [Citation]) {
        self.id = id
        self.meaning = meaning
        self.violatedBy = violatedBy
        self.sources = sources
    }
}
