import Foundation
import SSOPolicyProviderKit
import Yams

/// Reads one YAML file into a bounded, positioned `ConfigNode` tree.
///
/// Order of checks, cheapest first: size, UTF-8 (a leading byte order mark is dropped), tabs in indentation, then
/// `YAMLEventScan` over libyaml's events (plain keys only; depth and node count with alias expansion), and only then
/// Yams `compose` (on a thread with a large stack) and our own walk that builds the tree.
package struct YAMLDocumentReader: Sendable {
    package var limits: InputLimits

    package init(limits: InputLimits = .documents) { self.limits = limits }

    /// The document's root node, or the diagnostics that stop it from being read.
    package func read(_ bytes: [UInt8], file: String) -> Result<ConfigNode, DiagnosticsError> {
        let origin = SourcePosition(file: file, line: 1, column: 1)
        if bytes.count > limits.maxBytes {
            return .failure(DiagnosticsError([.error(at: origin, Self.tooLarge(bytes.count, limit: limits.maxBytes))]))
        }
        // A UTF-8 byte order mark (editors on Windows write one) is not content; column 1 stays column 1.
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let bytes = bytes.starts(with: bom) ? Array(bytes.dropFirst(3)) : bytes
        if let problem = Self.firstInvalidUTF8(bytes, file: file) {
            return .failure(DiagnosticsError([problem]))
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let tabs = Self.tabsInIndentation(text, file: file)
        if !tabs.isEmpty { return .failure(DiagnosticsError(tabs)) }
        let lines = YAMLLineMap(bytes)
        var scan = YAMLEventScan(file: file, limits: limits, lines: lines)
        if let problem = scan.firstProblem(in: bytes) { return .failure(DiagnosticsError([problem])) }
        let limits = self.limits
        return LargeStack.run {
            Self.compose(text, file: file, limits: limits, lines: lines)
        }
    }

    /// The size message: a reader stops one byte past the limit, so a larger count is only a lower bound.
    package static func tooLarge(_ count: Int, limit: Int) -> String {
        let mebibytes = limit % (1 << 20) == 0 ? " (\(limit >> 20) MiB)" : ""
        let size = count > limit + 1 ? "\(count) bytes" : "over \(limit) bytes"
        return "file is \(size); the limit is \(limit) bytes\(mebibytes), so it was not read"
    }

    private static func compose(_ text: String, file: String, limits: InputLimits, lines: YAMLLineMap) -> Result<
        ConfigNode, DiagnosticsError
    > {
        let origin = SourcePosition(file: file, line: 1, column: 1)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            return .failure(DiagnosticsError([diagnostic(for: error, text: text, file: file, lines: lines)]))
        } catch {
            return .failure(DiagnosticsError([.error(at: origin, "cannot read YAML: \(error)")]))
        }
        guard let root else {
            return .failure(DiagnosticsError([.error(at: origin, "file is empty: expected a YAML mapping")]))
        }
        var walker = BoundedWalker(file: file, limits: limits, lines: lines)
        let node = walker.convert(root, depth: 1)
        if let problem = walker.problem { return .failure(DiagnosticsError([problem])) }
        if !walker.duplicates.isEmpty { return .failure(DiagnosticsError(walker.duplicates)) }
        return .success(node)
    }

    /// Turns a Yams error into one positioned diagnostic with a message users can act on.
    static func diagnostic(for error: YamlError, text: String, file: String, lines: YAMLLineMap) -> Diagnostic {
        func position(_ mark: Mark) -> SourcePosition {
            lines.position(line: mark.line, column: mark.column, file: file)
        }
        func describe(_ stage: String, _ problem: String, _ context: YamlError.Context?) -> String {
            if problem.contains("Maximum nesting level") {
                return "nesting deeper than 1000 levels (the YAML parser's limit)"
            }
            var message = "invalid YAML: \(problem)"
            if let context, !context.text.isEmpty {
                let at = position(context.mark)
                message += " (\(context.text) at \(at.line):\(at.column))"
            }
            return message
        }
        switch error {
        case .scanner(let context, let problem, let mark, _):
            return .error(at: position(mark), describe("scanner", problem, context))
        case .parser(let context, let problem, let mark, _):
            return .error(at: position(mark), describe("parser", problem, context))
        case .composer(let context, let problem, let mark, _):
            return .error(at: position(mark), describe("composer", problem, context))
        case .reader(let problem, let offset, _, _):
            let at =
                offset.map { Self.position(ofScalarOffset: $0, in: text, file: file) }
                ?? SourcePosition(file: file, line: 1, column: 1)
            return .error(at: at, "invalid YAML input: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.first ?? "?"
            let first = position(context.mark)
            let second = Self.secondOccurrence(of: key, after: first, in: text, file: file) ?? first
            return .error(
                at: second,
                "duplicate key '\(key)'" + (second == first ? "" : " (first defined at \(first.line):\(first.column))"))
        default:
            return .error(at: SourcePosition(file: file, line: 1, column: 1), "invalid YAML: \(error)")
        }
    }

    /// Where a duplicated key is written again: the next line, at the same column, that starts with `key:`.
    static func secondOccurrence(of key: String, after mark: SourcePosition, in text: String, file: String)
        -> SourcePosition?
    {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard mark.line >= 1, mark.line <= lines.count else { return nil }
        for index in mark.line..<lines.count {
            let scalars = Array(lines[index].unicodeScalars)
            let column = mark.column - 1
            guard column < scalars.count else { continue }
            let rest = String(String.UnicodeScalarView(scalars[column...]))
            for candidate in [key, "\"\(key)\"", "'\(key)'"] where rest.hasPrefix(candidate + ":") {
                let before = scalars[..<column]
                if before.allSatisfy({ $0 == " " || $0 == "-" }) {
                    return SourcePosition(file: file, line: index + 1, column: mark.column)
                }
            }
            // A flow mapping on the same line as the first key.
            if index == mark.line - 1, let range = rest.dropFirst(key.count).range(of: " \(key):") {
                let offset = rest.distance(from: rest.startIndex, to: range.lowerBound) + 1
                return SourcePosition(file: file, line: index + 1, column: mark.column + offset)
            }
        }
        return nil
    }

    static func position(ofScalarOffset offset: Int, in text: String, file: String) -> SourcePosition {
        var line = 1
        var column = 1
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index >= offset { break }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return SourcePosition(file: file, line: line, column: column)
    }

    /// The position of the first byte that is not valid UTF-8.
    static func firstInvalidUTF8(_ bytes: [UInt8], file: String) -> Diagnostic? {
        var line = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var length = 0
            if byte < 0x80 {
                length = 1
            } else if byte & 0xE0 == 0xC0, byte >= 0xC2 {
                length = 2
            } else if byte & 0xF0 == 0xE0 {
                length = 3
            } else if byte & 0xF8 == 0xF0, byte <= 0xF4 {
                length = 4
            }
            var valid = length > 0 && index + length <= bytes.count
            if valid, length > 1 {
                for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { valid = false }
                if valid, length == 3 {
                    let second = bytes[index + 1]
                    if byte == 0xE0 && second < 0xA0 || byte == 0xED && second > 0x9F { valid = false }
                }
                if valid, length == 4 {
                    let second = bytes[index + 1]
                    if byte == 0xF0 && second < 0x90 || byte == 0xF4 && second > 0x8F { valid = false }
                }
            }
            if !valid {
                let hex = String(byte, radix: 16, uppercase: true)
                return .error(
                    at: SourcePosition(file: file, line: line, column: column),
                    "invalid UTF-8 byte 0x\(hex.count == 1 ? "0" + hex : hex); files must be UTF-8 text")
            }
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
        return nil
    }

    /// Every tab used for indentation (YAML indents with spaces only; libyaml's own message is unhelpful).
    static func tabsInIndentation(_ text: String, file: String) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var line = 1
        var column = 1
        var inIndentation = true
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                line += 1
                column = 1
                inIndentation = true
                continue
            }
            if inIndentation {
                if scalar == "\t" {
                    problems.append(
                        .error(
                            at: SourcePosition(file: file, line: line, column: column),
                            "tab character in indentation; YAML indents with spaces"))
                    inIndentation = false
                } else if scalar != " " && scalar != "-" {
                    inIndentation = false
                }
            }
            column += 1
        }
        return problems
    }
}

/// Converts Yams nodes to `ConfigNode`s, counting every node visited (aliases again each time) and the depth.
struct BoundedWalker {
    let file: String
    let limits: InputLimits
    let lines: YAMLLineMap
    var visited = 0
    var problem: Diagnostic?
    var duplicates: [Diagnostic] = []

    init(file: String, limits: InputLimits, lines: YAMLLineMap) {
        self.file = file
        self.limits = limits
        self.lines = lines
    }

    func position(_ mark: Mark?) -> SourcePosition {
        lines.position(line: mark?.line ?? 1, column: mark?.column ?? 1, file: file)
    }

    mutating func convert(_ node: Node, depth: Int) -> ConfigNode {
        let empty = ConfigNode(.scalar("", quoted: false), at: position(node.mark))
        if problem != nil { return empty }
        visited += 1
        if visited > limits.maxNodes {
            problem = .error(
                at: position(node.mark),
                "document too large: more than \(limits.maxNodes) nodes (aliases count once per use)")
            return empty
        }
        if depth > limits.maxDepth {
            problem = .error(at: position(node.mark), "nesting deeper than \(limits.maxDepth) levels")
            return empty
        }
        switch node {
        case .scalar(let scalar):
            return ConfigNode(.scalar(scalar.string, quoted: scalar.style != .plain), at: position(scalar.mark))
        case .alias(let alias):
            return ConfigNode(.scalar("*" + alias.anchor.rawValue, quoted: false), at: position(alias.mark))
        case .sequence(let sequence):
            var items: [ConfigNode] = []
            for item in sequence {
                items.append(convert(item, depth: depth + 1))
                if problem != nil { break }
            }
            return ConfigNode(.sequence(items), at: position(sequence.mark))
        case .mapping(let mapping):
            var entries: [ConfigEntry] = []
            var seen: [String: SourcePosition] = [:]
            for (key, value) in mapping {
                let keyNode = convert(key, depth: depth + 1)
                let valueNode = convert(value, depth: depth + 1)
                if problem != nil { break }
                guard let keyText = keyNode.scalar else {
                    problem = .error(
                        at: keyNode.position, "mapping keys must be plain words, found \(keyNode.kindDescription)")
                    break
                }
                if let first = seen[keyText] {
                    duplicates.append(
                        .error(
                            at: keyNode.position,
                            "duplicate key '\(keyText)' (first defined at \(first.line):\(first.column))"))
                    continue
                }
                seen[keyText] = keyNode.position
                entries.append(ConfigEntry(key: keyText, keyPosition: keyNode.position, value: valueNode))
            }
            return ConfigNode(.mapping(entries), at: position(mapping.mark))
        }
    }
}

/// Runs work on a thread with a large stack: libyaml's composer in Yams recurses once per nesting level.
enum LargeStack {
    private final class Box<T>: @unchecked Sendable {
        var value: T?
    }

    static func run<T>(_ body: @escaping @Sendable () -> T) -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = 1 << 29
        thread.start()
        done.wait()
        return box.value!
    }
}
