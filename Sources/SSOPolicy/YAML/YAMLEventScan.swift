internal import CYaml
import SSOPolicyProviderKit

/// A pass over libyaml's event stream that enforces every load bound before Yams composes a node.
///
/// Why a separate pass: Yams' composer checks each mapping for duplicate keys by hashing the key nodes, and a key
/// that is an alias (or a collection holding aliases) is hashed fully expanded, so a 283-byte file costs minutes
/// before any walk of ours could count it. Here keys must be plain scalars (no alias, no collection, no merge key),
/// and nodes (each alias counted at its expanded size) and nesting depth (aliases at their expanded height) are
/// counted as events arrive, so the work is bounded by the number of events, which the byte limit bounds.
/// Syntax errors end the scan without a verdict: Yams then reports them, after composing only what was scanned.
struct YAMLEventScan {
    let file: String
    let limits: InputLimits
    /// Translates libyaml's marks to the lines and columns an editor shows.
    let lines: YAMLLineMap

    /// Events read, the scan's unit of work (tests bound the cost of hostile input by it).
    private(set) var events = 0
    /// Nodes counted so far, each alias at its expanded size.
    private(set) var nodes = 0

    init(file: String, limits: InputLimits, lines: YAMLLineMap) {
        self.file = file
        self.limits = limits
        self.lines = lines
    }

    /// An open collection: where its count and depth started, and for mappings whether a key comes next.
    private struct Frame {
        var isMapping: Bool
        var expectsKey: Bool
        var anchor: String?
        var nodesAtStart: Int
        var depth: Int
        var deepest: Int
    }

    /// An anchored node's expanded size (nodes) and height (levels).
    private struct Anchored {
        var size: Int
        var height: Int
    }

    /// The first bound the document breaks, or `nil` when it is within bounds (or has a syntax error for Yams to
    /// report).
    mutating func firstProblem(in bytes: [UInt8]) -> Diagnostic? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        return bytes.withUnsafeBufferPointer { buffer -> Diagnostic? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var frames: [Frame] = []
            var anchors: [String: Anchored] = [:]
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                events += 1
                let at = lines.position(
                    line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1, file: file)
                let depth = frames.count + 1
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT, YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    if let last = frames.indices.last, frames[last].isMapping {
                        if frames[last].expectsKey, let problem = keyProblem(event, at: at) { return problem }
                        frames[last].expectsKey.toggle()
                    }
                    var size = 1
                    var height = 1
                    if event.type == YAML_ALIAS_EVENT {
                        // An undefined alias (or one inside its own anchor) is Yams' error to report.
                        guard let anchored = anchors[Self.text(event.data.alias.anchor)] else { return nil }
                        size = anchored.size
                        height = anchored.height
                    }
                    nodes += size
                    if nodes > limits.maxNodes {
                        return .error(
                            at: at,
                            "document too large: more than \(limits.maxNodes) nodes (aliases count once per use)")
                    }
                    let reached = depth + height - 1
                    if reached > limits.maxDepth {
                        return .error(at: at, "nesting deeper than \(limits.maxDepth) levels")
                    }
                    if let last = frames.indices.last { frames[last].deepest = max(frames[last].deepest, reached) }
                    switch event.type {
                    case YAML_SCALAR_EVENT:
                        if let anchor = event.data.scalar.anchor {
                            anchors[Self.text(anchor)] = Anchored(size: 1, height: 1)
                        }
                    case YAML_SEQUENCE_START_EVENT:
                        frames.append(
                            Frame(
                                isMapping: false, expectsKey: false,
                                anchor: event.data.sequence_start.anchor.map(Self.text), nodesAtStart: nodes - 1,
                                depth: depth, deepest: depth))
                    case YAML_MAPPING_START_EVENT:
                        frames.append(
                            Frame(
                                isMapping: true, expectsKey: true,
                                anchor: event.data.mapping_start.anchor.map(Self.text), nodesAtStart: nodes - 1,
                                depth: depth, deepest: depth))
                    default:
                        break
                    }
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let frame = frames.popLast() else { return nil }
                    if let anchor = frame.anchor {
                        anchors[anchor] = Anchored(
                            size: nodes - frame.nodesAtStart, height: frame.deepest - frame.depth + 1)
                    }
                    if let last = frames.indices.last {
                        frames[last].deepest = max(frames[last].deepest, frame.deepest)
                    }
                default:
                    break
                }
            }
        }
    }

    /// Why a node cannot be a mapping key: policies only ever need plain words as keys, and refusing the rest
    /// here is what keeps Yams from hashing an expanded key.
    private func keyProblem(_ event: yaml_event_t, at: SourcePosition) -> Diagnostic? {
        switch event.type {
        case YAML_ALIAS_EVENT:
            return .error(
                at: at,
                "an alias (*\(Self.text(event.data.alias.anchor))) cannot be a mapping key; write the key out")
        case YAML_SEQUENCE_START_EVENT:
            return .error(at: at, "mapping keys must be plain words, found a sequence")
        case YAML_MAPPING_START_EVENT:
            return .error(at: at, "mapping keys must be plain words, found a mapping")
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            if scalar.style == YAML_PLAIN_SCALAR_STYLE, scalar.length == 2, let value = scalar.value,
                value[0] == UInt8(ascii: "<"), value[1] == UInt8(ascii: "<")
            {
                return .error(at: at, "merge keys ('<<') are not supported; write the keys out")
            }
            return nil
        default:
            return nil
        }
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>) -> String {
        String(cString: pointer)
    }
}
