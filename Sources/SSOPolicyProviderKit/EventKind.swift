/// An event as a provider's `apply` switches over it: the four required events, then the provider's own, so the
/// `switch` is exhaustive without `default:` and a new event of the provider is a compile error where it is not
/// handled.
///
/// ```swift
/// switch EventKind<BadgeEvent>(event.event) {
/// case .open, .own(.tap): ...
/// case .signOut: ...
/// case .terminate, .querySSOStatus, nil: ...
/// }
/// ```
public enum EventKind<Own: DeclaredEvent>: Sendable {
    case open
    case signOut
    case terminate
    case querySSOStatus
    case own(Own)

    /// The event `id` names; nil for an id the provider does not declare (the core never passes one).
    @inlinable
    public init?(_ id: EventID) {
        switch Int(id.index) {
        case 0: self = .open
        case 1: self = .signOut
        case 2: self = .terminate
        case 3: self = .querySSOStatus
        case let index:
            guard let own = Own(rawValue: index - EventID.requiredCount) else { return nil }
            self = .own(own)
        }
    }
}
