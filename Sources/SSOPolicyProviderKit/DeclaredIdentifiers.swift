/// Identifiers derived from declarations: a provider lists its facts, events, details, step conditions and findings
/// as enums whose case order is the declaration order, so an id is a case's position and can never point at the
/// wrong entry when a list is reordered (`ProviderDescriptor.selfCheck` verifies that raw values are positions).
///
/// ```swift
/// enum BadgeFact: Int, DeclaredFact {
///     case live, sessionUser
///     var declaration: FactDeclaration {
///         switch self {
///         case .live: .bool("session_live", default: false, meaning: "...", sources: [...])
///         case .sessionUser: FactDeclaration("session_user", .account, default: "none", meaning: "...", sources: [...])
///         }
///     }
/// }
/// // descriptor: facts: BadgeFact.declarations; state: facts.bool(BadgeFact.live)
/// ```
public protocol DeclaredIdentifiers: RawRepresentable, CaseIterable, Sendable where RawValue == Int {
    associatedtype Declaration
    var declaration: Declaration { get }
}

extension DeclaredIdentifiers {
    /// Every case's declaration, in case order: the array a descriptor holds.
    public static var declarations: [Declaration] { allCases.map { $0.declaration } }

    /// Cases whose raw value is not their position (the self-check reports them).
    public static var positionProblems: [String] {
        allCases.enumerated().compactMap { position, item in
            item.rawValue == position
                ? nil : "\(Self.self).\(item) has raw value \(item.rawValue), expected its position \(position)"
        }
    }
}

/// A provider's facts (`given:`, `evaluate --fact`), in declaration order.
public protocol DeclaredFact: DeclaredIdentifiers where Declaration == FactDeclaration {}

extension DeclaredFact {
    @inlinable public var id: FactID { FactID(rawValue) }
}

/// A provider's own events, in declaration order after the four required ones.
public protocol DeclaredEvent: DeclaredIdentifiers where Declaration == EventDeclaration {}

extension DeclaredEvent {
    @inlinable public var id: EventID { EventID(EventID.requiredCount + rawValue) }
}

/// A provider's step details, in declaration order.
public protocol DeclaredDetail: DeclaredIdentifiers where Declaration == DetailDeclaration {}

extension DeclaredDetail {
    @inlinable public var id: DetailID { DetailID(rawValue) }
}

/// A provider's step conditions, in declaration order.
public protocol DeclaredStepCondition: DeclaredIdentifiers where Declaration == StepConditionDeclaration {}

extension DeclaredStepCondition {
    @inlinable public var id: StepConditionID { StepConditionID(rawValue) }
}

/// A provider's findings, in catalogue order.
public protocol DeclaredFinding: DeclaredIdentifiers where Declaration == FindingDeclaration {}

extension DeclaredFinding {
    @inlinable public var id: FindingID { FindingID(rawValue) }
}
