#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private let systemRead = read

/// Splits a byte stream into lines in constant memory: it reads fixed-size chunks into one reused buffer and hands
/// each line to the caller as a view into that buffer, so nothing accumulates however long the stream is.
///
/// A line longer than `maxLineBytes` is not buffered: the reader reports it once and skips to the next newline.
/// A trailing `\r` is dropped (CRLF files); a last line without a newline still counts.
package struct LineReader {
    /// One line as the reader hands it over.
    package enum Line {
        /// The line's bytes (without the newline), valid only during the callback.
        case text(UnsafeBufferPointer<UInt8>)
        /// The line was longer than the limit and was skipped.
        case tooLong
    }

    package static let defaultMaxLineBytes = 64 * 1024
    package static let chunkBytes = 64 * 1024

    package let maxLineBytes: Int
    private let read: (UnsafeMutableRawBufferPointer) -> Int

    /// `read` fills the buffer and returns the byte count, 0 at the end of the stream, or a negative value on error.
    package init(
        maxLineBytes: Int = LineReader.defaultMaxLineBytes, read: @escaping (UnsafeMutableRawBufferPointer) -> Int
    ) {
        self.maxLineBytes = maxLineBytes
        self.read = read
    }

    /// Reads a file descriptor (standard input is 0).
    package init(maxLineBytes: Int = LineReader.defaultMaxLineBytes, fileDescriptor: Int32) {
        self.init(maxLineBytes: maxLineBytes) { Self.read(fileDescriptor, into: $0) }
    }

    /// One `read(2)` into `buffer`, retried when interrupted: bytes read, 0 at the end, negative on error.
    package static func read(_ fileDescriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = systemRead(fileDescriptor, buffer.baseAddress, buffer.count)
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }

    /// Calls `body` with each line number (1-based) and line; returns false if reading failed.
    @discardableResult
    package func forEachLine(_ body: (_ number: Int, _ line: Line) -> Void) -> Bool {
        let capacity = maxLineBytes + LineReader.chunkBytes
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var start = 0  // first byte of the current line
        var end = 0  // end of valid bytes
        var scanned = 0  // bytes of the current line already searched for a newline
        var number = 0
        var skipping = false  // inside an over-long line: drop bytes until the next newline
        var failed = false

        func emit(_ lineEnd: Int) {
            number += 1
            if skipping || lineEnd - start > maxLineBytes {
                body(number, .tooLong)
                skipping = false
                return
            }
            var last = lineEnd
            if last > start && buffer[last - 1] == UInt8(ascii: "\r") { last -= 1 }
            body(number, .text(UnsafeBufferPointer(start: buffer + start, count: last - start)))
        }

        while true {
            // Hand over every complete line in the buffer.
            while let newline = Self.find(buffer + start + scanned, count: end - start - scanned) {
                let lineEnd = start + scanned + newline
                emit(lineEnd)
                start = lineEnd + 1
                scanned = 0
            }
            scanned = end - start
            if scanned > maxLineBytes {
                skipping = true
            }
            if skipping {
                start = 0
                end = 0
                scanned = 0
            } else if start > 0 {
                // Move the partial line to the front; it is at most maxLineBytes long.
                memmove(buffer, buffer + start, end - start)
                end -= start
                start = 0
            }
            let count = read(UnsafeMutableRawBufferPointer(start: buffer + end, count: capacity - end))
            if count <= 0 {
                failed = count < 0
                break
            }
            end += count
        }
        if end > start || skipping { emit(end) }
        return !failed
    }

    static func find(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) -> Int? {
        guard count > 0, let found = memchr(bytes, 0x0A, count) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(bytes)
    }
}
