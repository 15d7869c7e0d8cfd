/// How bad a finding is (spec 4.2), most severe first.
public enum Severity: UInt8, CaseIterable, Sendable, Hashable, Comparable {
    case critical, high, medium, low, info

    public var name: String {
        switch self {
        case .critical: return "critical"
        case .high: return "high"
        case .medium: return "medium"
        case .low: return "low"
        case .info: return "info"
        }
    }

    public init?(name: String) {
        guard let severity = Severity.allCases.first(where: { $0.name == name }) else { return nil }
        self = severity
    }

    /// Most severe sorts first.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }
}
