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

    /// What the step leaves, in plain words.
    public var meaning: String {
        switch self {
        case .sharedNew: return "the user signed in, and every app that shares sessions can now use that sign-in"
        case .sharedReused:
            return "the app opened inside a sign-in that already existed and that several apps share; whose it is "
                + "is the session user"
        case .appNew: return "the user signed in to this app alone"
        case .appReused: return "the app opened inside its own earlier sign-in; whose it is is the session user"
        case .denied: return "the app did not open: access was refused or blocked"
        case .none: return "no sign-in is left after this step (a step that does not open an app)"
        case .notApplicable:
            return "not applicable: this policy has no such app, so the step does not happen under it"
        }
    }

    public init?(name: String) {
        guard let kind = SessionKind.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }
}
