import SSOPolicyProviderKit

/// Turns a byte offset in a text file into the `file:line:col` an editor shows (lines as `TextLines` counts them,
/// columns in characters).
///
/// Graph returns its JSON on one line, and the importer asks the position of every profile (a policy's origin, a
/// note for each profile skipped): counting a column from its line's start each time made 10 000 profiles cost
/// 10 000 scans of megabytes. So the characters from a line's start are counted once for every 4 KiB block, and a
/// column is counted from the last block start at or after its line's start: a position costs a binary search and
/// at most 4 KiB, whatever the line's length.
struct SourceLocator: Sendable {
    let file: String
    private let lines: TextLines
    /// For each block of `blockSize` bytes: the characters between the start of the line holding the block's
    /// first byte and that byte.
    private let blockColumns: [Int]
    static let blockSize = 4096

    init(file: String, bytes: [UInt8]) {
        self.file = file
        lines = TextLines(bytes)
        var columns: [Int] = []
        columns.reserveCapacity(bytes.count / Self.blockSize + 1)
        var count = 0
        for (index, byte) in bytes.enumerated() {
            if index % Self.blockSize == 0 { columns.append(count) }
            if byte == 0x0A || byte == 0x0D {
                count = 0
            } else if byte & 0xC0 != 0x80 {
                count += 1
            }
        }
        blockColumns = columns
    }

    func position(ofByte offset: Int) -> SourcePosition {
        let bytes = lines.bytes
        let starts = lines.starts
        let offset = min(max(offset, 0), bytes.count)
        // The last line start at or before the offset.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var from = starts[low]
        var column = 1
        if !blockColumns.isEmpty {
            let block = min(offset / Self.blockSize, blockColumns.count - 1)
            let blockStart = block * Self.blockSize
            if blockStart > from {
                from = blockStart
                column += blockColumns[block]
            }
        }
        for index in from..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return SourcePosition(file: file, line: low + 1, column: column)
    }
}
