import SSOPolicyProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The format of a sign-in file, found from its first bytes.
package enum SignInFormat: String, Sendable {
    /// One JSON value per line (rows or collection pages).
    case jsonLines = "json-lines"
    /// Pretty-printed or concatenated JSON: an array of rows or collection pages.
    case jsonDocument = "json"
    case csv
}

/// Opens a sign-in file, finds its format and hands its rows to a sink in constant memory.
struct SignInFileReader {
    var maxRowBytes: Int

    /// What reading one file gave.
    struct Outcome {
        var format: SignInFormat?
        /// Problems that stopped the file (unreadable, broken structure, not a sign-in CSV), positioned.
        var problems: [(line: Int, column: Int, message: String)] = []
    }

    /// Reads `read` (a file's or standard input's bytes) as file number `index`, named `name` (for the
    /// interactivity a portal download's name implies: `…NonInteractiveSignIns…`).
    func read<Sink: SignInSink>(
        name: String, index: Int32, sink: Sink, read: @escaping (UnsafeMutableRawBufferPointer) -> Int
    ) -> Outcome {
        var outcome = Outcome()
        let window = ByteWindow(maxRecordBytes: maxRowBytes, read: read)
        // Peek: enough to see the first value whole when it is a row.
        while window.end < min(window.capacity, 256 * 1024), window.refill(keeping: 0) == .more {}
        if window.failed {
            outcome.problems.append((1, 1, "cannot read the file: \(String(cString: strerror(errno)))"))
            return outcome
        }
        let p = UnsafePointer(window.base)
        var first = 0
        if window.end >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { first = 3 }
        first = JSONBytes.skipSpace(p, first, window.end)
        guard first < window.end else { return outcome }
        let implied = Self.implied(byName: name)
        let parser = JSONRowParser(maxRowBytes: maxRowBytes)
        switch p[first] {
        case 0x7B, 0x5B:
            var lines = false
            if case .end(let e) = JSONBytes.valueEnd(p, first, window.end), memchr(p + first, 0x0A, e - first) == nil {
                lines = true
            }
            let reader = JSONSignInReader(
                window: window, parser: parser, sink: sink, file: index, implied: implied, maxRowBytes: maxRowBytes)
            if lines {
                outcome.format = .jsonLines
                reader.readLines()
            } else {
                outcome.format = .jsonDocument
                reader.readDocument()
            }
            outcome.problems += reader.problems.map { ($0.position.line, $0.position.column, $0.message) }
        default:
            outcome.format = .csv
            let reader = CSVSignInReader(
                records: CSVRecords(window: window, maxRecordBytes: maxRowBytes), parser: parser, sink: sink,
                file: index,
                implied: implied, maxRowBytes: maxRowBytes)
            reader.read()
            if let problem = reader.headerProblem { outcome.problems.append((1, 1, problem)) }
            outcome.problems += reader.quoteProblems
            if reader.unreportedQuotes > 0 {
                outcome.problems.append(
                    (0, 0, "\(reader.unreportedQuotes) more quotes read as literals in this file, not listed"))
            }
        }
        if window.failed {
            outcome.problems.append(
                (window.line, window.column, "reading stopped: \(String(cString: strerror(errno)))"))
        }
        return outcome
    }

    /// A portal download's file name says which tab it came from.
    static func implied(byName name: String) -> Interactivity {
        let base = name.split(separator: "/").last.map(String.init)?.lowercased() ?? ""
        if base.contains("noninteractive") || base.contains("non-interactive") || base.contains("non_interactive") {
            return .nonInteractive
        }
        if base.contains("interactive") { return .interactive }
        return .unknown
    }
}
