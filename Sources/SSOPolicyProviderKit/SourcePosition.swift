/// A place in a source file: 1-based line and column, columns counted in Unicode scalars as libyaml does.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:col`, the prefix compilers, swift-format and editors all understand; just `file` for line 0, the
    /// position of what is not in a file (`<command-line>`, `<request>`).
    public var description: String { line == 0 ? file : "\(file):\(line):\(column)" }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
