/// Plain-text tables for an 80-column terminal: columns padded to their widest cell, the last column free.
public struct TextTable: Sendable {
    public var header: [String]
    public var rows: [[String]]

    public init(header: [String], rows: [[String]] = []) {
        self.header = header
        self.rows = rows
    }

    public func render(indent: String = "") -> String {
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

/// Wraps text at a width, indenting continuation lines.
public func wrap(_ text: String, width: Int = 80, indent: String = "", hanging: String = "") -> String {
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
