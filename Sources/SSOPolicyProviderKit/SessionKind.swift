/// What session results from a step (spec 4.2).
public enum SessionKind: UInt8, CaseIterable, Sendable, Hashable {
    /// A new session that every participating app will use.
    case sharedNew
    /// A live shared session served the attempt.
    case sharedReused
    /// A new app-local session, not shared.
    case appNew
    /// A live app-local session served the attempt.
    case appReused
    /// No access.
    case denied
    /// No session remains after a non-access event.
    case none
    /// The step does not apply to this policy (e.g. it names an app the policy does not have).
    case notApplicable

    public var name: String {
        switch self {
        case .sharedNew: return "shared_new"
        case .sharedReused: return "shared_reused"
        case .appNew: return "app_new"
        case .appReused: return "app_reused"
        case .denied: return "denied"
        case .none: return "none"
        case .notApplicable: return "not_applicable"
        }
    }

    public var meaning: String {
        switch self {
        case .sharedNew: return "a new session every participating app will use"
        case .sharedReused: return "a live shared session served the attempt"
        case .appNew: return "a new app-local session, not shared"
        case .appReused: return "a live app-local session served the attempt"
        case .denied: return "no access"
        case .none: return "no session after a non-access event"
        case .notApplicable: return "the step does not apply to this policy"
        }
    }

    public init?(name: String) {
        guard let kind = SessionKind.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }
}
