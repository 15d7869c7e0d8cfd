/// The answer for one step, compact enough that evaluation never allocates: prompts, session, whose session,
/// findings and details. The core renders it (names, messages, JSON) only when output is asked for.
public struct StepOutcome: Sendable, Hashable {
    public var prompts: PromptList
    public var session: SessionKind
    /// Whose identity the session carries; it can differ from the acting user.
    public var sessionUser: UserID?
    public var findings: FindingSet
    /// The other user a finding is about (the previous user whose session or data is exposed).
    public var subject: UserID?
    /// The apps the findings are about when the step is not about one app (a check-in runs every app's logout),
    /// as a bit set over app indices: `{app}` in a finding's message names them.
    public var subjectApps: UInt64 = 0
    public var details: DetailValues

    @inlinable
    public init(
        prompts: PromptList = [], session: SessionKind, sessionUser: UserID? = nil, findings: FindingSet = .init(),
        subject: UserID? = nil, details: DetailValues = .init()
    ) {
        self.prompts = prompts
        self.session = session
        self.sessionUser = sessionUser
        self.findings = findings
        self.subject = subject
        self.details = details
    }

    public static let notApplicable = StepOutcome(session: .notApplicable)

    /// Marks app number `app` as one the step's findings are about (apps beyond the 64th are not named).
    @inlinable
    public mutating func about(app: Int) {
        if app < 64 { subjectApps |= 1 << UInt64(app) }
    }
}

/// A set of findings of one provider, as a bit set over its catalogue.
public struct FindingSet: Sendable, Hashable, Sequence {
    public static let capacity = 64
    // Stored under another name so the inlinable members below can write it while `bits` stays read-only.
    @usableFromInline var storage: UInt64 = 0

    @inlinable
    public var bits: UInt64 { storage }

    @inlinable
    public init() {}

    public init(_ ids: [FindingID]) {
        for id in ids { insert(id) }
    }

    @inlinable
    public mutating func insert(_ id: FindingID) { storage |= 1 << UInt64(id.index) }
    @inlinable
    public mutating func remove(_ id: FindingID) { storage &= ~(1 << UInt64(id.index)) }
    @inlinable
    public func contains(_ id: FindingID) -> Bool { storage & (1 << UInt64(id.index)) != 0 }
    @inlinable
    public mutating func formUnion(_ other: FindingSet) { storage |= other.storage }
    @inlinable
    public var isEmpty: Bool { storage == 0 }
    @inlinable
    public var count: Int { storage.nonzeroBitCount }

    /// In catalogue order.
    public func makeIterator() -> AnyIterator<FindingID> {
        var rest = bits
        return AnyIterator {
            guard rest != 0 else { return nil }
            let index = rest.trailingZeroBitCount
            rest &= rest - 1
            return FindingID(index)
        }
    }
}

/// A step's details, one compact slot per declared detail: 0 = absent; a choice detail stores index + 1;
/// an account detail stores 1 for `none` and 2 + the user's index.
public struct DetailValues: Sendable, Hashable {
    public static let capacity = 8
    // Stored under another name so the inlinable members below can write it while `slots` stays read-only.
    @usableFromInline var storage = SIMD8<UInt16>()

    @inlinable
    public var slots: SIMD8<UInt16> { storage }

    @inlinable
    public init() {}

    @inlinable
    public mutating func set(_ detail: DetailID, choice index: Int) {
        storage[Int(detail.index)] = UInt16(index + 1)
    }

    @inlinable
    public mutating func set(_ detail: DetailID, account user: UserID?) {
        storage[Int(detail.index)] = user.map { $0.index + 2 } ?? 1
    }

    @inlinable
    public mutating func clear(_ detail: DetailID) { storage[Int(detail.index)] = 0 }

    @inlinable
    public func raw(_ detail: DetailID) -> UInt16 { storage[Int(detail.index)] }

    public func choice(_ detail: DetailID) -> Int? {
        let raw = slots[Int(detail.index)]
        return raw == 0 ? nil : Int(raw) - 1
    }

    /// nil when absent; `.some(nil)` for `none`.
    public func account(_ detail: DetailID) -> UserID?? {
        let raw = slots[Int(detail.index)]
        switch raw {
        case 0: return nil
        case 1: return .some(nil)
        default: return .some(UserID(Int(raw) - 2))
        }
    }
}
