import SSOPolicy
import Testing

/// Lines come out the same whatever the chunk boundaries; over-long lines are skipped, never buffered.
struct LineReaderTests {
    /// A reader over `bytes` that hands out at most `chunk` bytes per read.
    static func reader(_ bytes: [UInt8], chunk: Int, maxLineBytes: Int = 64) -> LineReader {
        var offset = 0
        return LineReader(maxLineBytes: maxLineBytes) { buffer in
            let size = min(chunk, buffer.count, bytes.count - offset)
            guard size > 0 else { return 0 }
            for index in 0..<size { buffer[index] = bytes[offset + index] }
            offset += size
            return size
        }
    }

    static func lines(_ text: String, chunk: Int, maxLineBytes: Int = 64) -> [String] {
        var lines: [String] = []
        reader(Array(text.utf8), chunk: chunk, maxLineBytes: maxLineBytes).forEachLine { number, line in
            switch line {
            case .text(let bytes): lines.append("\(number):" + String(decoding: bytes, as: UTF8.self))
            case .tooLong: lines.append("\(number):<too long>")
            }
        }
        return lines
    }

    @Test(arguments: [1, 2, 3, 7, 64, 100_000])
    func linesAreTheSameForAnyChunkSize(chunk: Int) {
        let long = String(repeating: "x", count: 200)
        let text = "a\r\nbb\n\n" + long + "\nccc\n" + long + "\nlast"
        #expect(
            Self.lines(text, chunk: chunk) == ["1:a", "2:bb", "3:", "4:<too long>", "5:ccc", "6:<too long>", "7:last"])
    }

    @Test func aLineOfExactlyTheLimitIsKept() {
        let line = String(repeating: "y", count: 64)
        #expect(Self.lines(line + "\n" + line + "y\n", chunk: 5) == ["1:" + line, "2:<too long>"])
        #expect(Self.lines(line + "yy", chunk: 1) == ["1:<too long>"])
    }

    @Test func aReadErrorIsReported() {
        var calls = 0
        let reader = LineReader { buffer in
            calls += 1
            if calls == 1 {
                buffer[0] = UInt8(ascii: "a")
                buffer[1] = 0x0A
                return 2
            }
            return -1
        }
        var seen = 0
        #expect(reader.forEachLine { _, _ in seen += 1 } == false)
        #expect(seen == 1)
    }
}
