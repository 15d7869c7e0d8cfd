/// Where a row sits: the input file (its index among the files given) and the line and column of its first byte.
package struct RowPosition: Sendable, Hashable, Comparable {
    package var file: Int32
    package var line: Int32
    package var column: Int32

    package init(file: Int32, line: Int32, column: Int32) {
        self.file = file
        self.line = line
        self.column = column
    }

    package static func < (lhs: RowPosition, rhs: RowPosition) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// What the sign-in readers hand rows to: every row in file order, readable or not (`fields.problem`).
protocol SignInSink: AnyObject {
    func take(_ fields: inout SignInFields, at position: RowPosition)
}
