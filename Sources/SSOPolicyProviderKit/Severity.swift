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

    /// How bad, in plain words.
    public var meaning: String {
        switch self {
        case .critical: return "a worker gets another worker's session or data with nothing standing in the way"
        case .high:
            return "another worker's session or data can be reached, or a safeguard the setup relies on is missing"
        case .medium:
            return "a weakness that exposes a worker in common situations (a forgotten step, a known passcode)"
        case .low: return "a gap worth knowing that does not by itself expose another worker"
        case .info: return "how the vendor behaves here; no risk by itself"
        }
    }

    public init?(name: String) {
        guard let severity = Severity.allCases.first(where: { $0.name == name }) else { return nil }
        self = severity
    }

    /// Most severe sorts first.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }
}
