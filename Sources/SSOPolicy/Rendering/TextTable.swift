/// Plain-text tables for an 80-column terminal: columns padded to their widest cell, the last column free.
package struct TextTable: Sendable {
    package var header: [String]
    package var rows: [[String]]

    package init(header: [String], rows: [[String]] = []) {
        self.header = header
        self.rows = rows
    }

    package func render(indent: String = "") -> String {
        let all = [header] + rows
        let columns = header.count
        var widths = [Int](repeating: 0, count: columns)
        for row in all {
            for (index, cell) in row.enumerated() where index < columns - 1 {
                widths[index] = max(widths[index], cell.count)
            }
        }
        var out = ""
        for row in all {
            var line = indent
            for (index, cell) in row.enumerated() {
                if index < columns - 1 {
                    line += cell + String(repeating: " ", count: widths[index] - cell.count + 2)
                } else {
                    line += cell
                }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }
}

extension TextTable {
    /// The table in parts no wider than `width`: the first column (the row key) starts every part, the other
    /// columns follow in order as many as fit, and each part after the first says which columns it holds. A table
    /// that fits is rendered as `render()` renders it.
    package func render(maxWidth width: Int) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in
            all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        let total = widths.reduce(0) { $0 + $1 + 2 } - 2
        guard total > width, header.count > 2 else { return render() }
        var parts: [[Int]] = []
        var current: [Int] = []
        var used = widths[0]
        for column in 1..<header.count {
            let needed = widths[column] + 2
            if !current.isEmpty, used + needed > width {
                parts.append(current)
                current = []
                used = widths[0]
            }
            current.append(column)
            used += needed
        }
        if !current.isEmpty { parts.append(current) }
        return parts.enumerated().map { index, columns in
            let keep = [0] + columns
            let part = TextTable(
                header: keep.map { header[$0] },
                rows: rows.map { row in keep.map { row.indices.contains($0) ? row[$0] : "" } })
            let label = "(part \(index + 1) of \(parts.count): \(columns.map { header[$0] }.joined(separator: ", ")))\n"
            return label + part.render()
        }.joined(separator: "\n")
    }
}

/// Wraps text at a width, indenting continuation lines.
package func wrap(_ text: String, width: Int = 80, indent: String = "", hanging: String = "") -> String {
    var lines: [String] = []
    var line = indent
    var lineHasWord = false
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
        if lineHasWord, line.count + 1 + word.count > width {
            lines.append(line)
            line = hanging
            lineHasWord = false
        }
        line += (lineHasWord ? " " : "") + word
        lineHasWord = true
    }
    lines.append(line)
    return lines.joined(separator: "\n")
}
