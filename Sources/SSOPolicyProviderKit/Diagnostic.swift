/// One problem found in an input file, always with the position it refers to.
///
/// Diagnostics are values, not thrown strings: loaders and providers collect every problem of a file so the user
/// sees all of them at once, the way a compiler reports.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Comparable {
        case error, warning, note

        private var rank: Int {
            switch self {
            case .error: return 0
            case .warning: return 1
            case .note: return 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    public var severity: Severity
    public var position: SourcePosition
    public var message: String
    /// A stable id for warnings that come from a finding (e.g. `session-never-expires`), shown as `[id]`.
    public var id: String?

    public init(_ severity: Severity, at position: SourcePosition, _ message: String, id: String? = nil) {
        self.severity = severity
        self.position = position
        self.message = message
        self.id = id
    }

    public static func error(at position: SourcePosition, _ message: String) -> Diagnostic {
        Diagnostic(.error, at: position, message)
    }

    /// `file:line:col: error: message [id]`
    public var description: String {
        var text = "\(position): \(severity.rawValue): \(message)"
        if let id { text += " [\(id)]" }
        return text
    }
}

/// An ordered collection of diagnostics, the way every loader and validator reports.
public struct Diagnostics: Sendable, Hashable {
    public private(set) var all: [Diagnostic] = []
    /// How many of `all` are errors.
    public private(set) var errorCount = 0
    /// Whether warnings are kept: a caller that only asks whether something compiles (`advise`, for every set of
    /// changes it tries) drops them, and their messages are then never worded.
    let keepsWarnings: Bool

    public init() { keepsWarnings = true }

    /// Diagnostics that keep errors only (`keepingWarnings: false`), or both.
    package init(keepingWarnings: Bool) { keepsWarnings = keepingWarnings }

    public mutating func append(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { errorCount += 1 } else if !keepsWarnings { return }
        all.append(diagnostic)
    }

    public mutating func error(_ message: String, at position: SourcePosition) {
        append(.error(at: position, message))
    }

    public mutating func warning(
        _ message: @autoclosure () -> String, at position: @autoclosure () -> SourcePosition, id: String? = nil
    ) {
        guard keepsWarnings else { return }
        append(Diagnostic(.warning, at: position(), message(), id: id))
    }

    public mutating func append(contentsOf other: Diagnostics) { for diagnostic in other.all { append(diagnostic) } }

    public var hasErrors: Bool { errorCount > 0 }
    public var errors: [Diagnostic] { all.filter { $0.severity == .error } }
    public var isEmpty: Bool { all.isEmpty }

    /// Sorted by position, then severity, without exact repeats: the order users read.
    public var sorted: [Diagnostic] {
        var seen = Set<Diagnostic>()
        return all.sorted { ($0.position, $0.severity, $0.message) < ($1.position, $1.severity, $1.message) }
            .filter { seen.insert($0).inserted }
    }
}

/// Thrown when a file has errors; carries every diagnostic found, not just the first.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
