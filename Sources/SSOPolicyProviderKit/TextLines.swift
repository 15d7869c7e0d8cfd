/// The lines of a text file as an editor numbers them: lines break at LF, CR LF and CR; columns count Unicode
/// scalars, as the YAML loader's positions do. Positions in diagnostics (`import`'s readers) and reading a line
/// back (the YAML trailing comments) both go through it.
public struct TextLines: Sendable {
    public let bytes: [UInt8]
    /// The byte offset where each line starts (line 1 at index 0).
    public let starts: [Int]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                starts.append(index + 1)
            } else if bytes[index] == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        self.starts = starts
    }

    /// The bytes of line `number` (from 1) without its line break, or nil past the last line.
    public func line(_ number: Int) -> ArraySlice<UInt8>? {
        guard number >= 1, number <= starts.count else { return nil }
        let start = starts[number - 1]
        var end = start
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return bytes[start..<end]
    }

    /// The line and column of the byte at `offset` (clamped to the text) in `file`.
    public func position(ofByte offset: Int, file: String) -> SourcePosition {
        let offset = min(max(offset, 0), bytes.count)
        // The last line start at or before the offset.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        for index in starts[low]..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return SourcePosition(file: file, line: low + 1, column: column)
    }
}
