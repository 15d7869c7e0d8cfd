import SSOPolicyProviderKit

/// Maps libyaml's line and column to the ones an editor shows.
///
/// libyaml (YAML 1.1) also breaks lines at NEL (U+0085), LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029);
/// editors and our other checks break only at line feeds and carriage returns, so without this map every such
/// character shifts the reported positions of everything after it.
struct YAMLLineMap: Sendable {
    /// For each libyaml line from 1 (index 0): the editor's line and the columns before libyaml's column 1.
    private let starts: [(line: Int, columnOffset: Int)]

    init(_ bytes: [UInt8]) {
        // Fast path: NEL is C2 85, LS and PS are E2 80 A8/A9 in UTF-8.
        var hasOddBreak = false
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == 0xC2 && bytes[index + 1] == 0x85
                || bytes[index] == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
            {
                hasOddBreak = true
                break
            }
            index += 1
        }
        guard hasOddBreak else {
            starts = []
            return
        }
        var starts: [(line: Int, columnOffset: Int)] = [(1, 0)]
        var line = 1
        var column = 1
        var previousWasCR = false
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\n":
                if !previousWasCR {
                    line += 1
                    column = 1
                    starts.append((line, 0))
                }
                previousWasCR = false
                continue
            case "\r":
                line += 1
                column = 1
                starts.append((line, 0))
                previousWasCR = true
                continue
            case "\u{85}", "\u{2028}", "\u{2029}":
                column += 1
                starts.append((line, column - 1))
            default:
                column += 1
            }
            previousWasCR = false
        }
        self.starts = starts
    }

    /// The editor's position of libyaml's 1-based `line` and `column`.
    func position(line: Int, column: Int, file: String) -> SourcePosition {
        guard line >= 1, line <= starts.count else { return SourcePosition(file: file, line: line, column: column) }
        let start = starts[line - 1]
        return SourcePosition(file: file, line: start.line, column: start.columnOffset + column)
    }
}
