/// Traces in JSON, each distinct entry serialized once per depth it appears at (`JSONFragment`).
///
/// A compact one (`TraceJSON(compact: true)`) serializes entries for compact output, where depths do not matter; it
/// may be kept across answers (`evaluate --batch` keeps one for all its lines, whose traces repeat the same few
/// entries), and forgets its entries when it holds `maxEntries`.
struct TraceJSON {
    /// The pretty indent of an entry of an outcome's trace (`outcomes[i].trace[j]`) and of an answer's path's trace
    /// (`answers[i].paths[k].trace[j]`): two spaces per level.
    static let outcomeEntryIndent = 8
    static let pathEntryIndent = 12
    static let maxEntries = 4096

    /// True: entries are serialized for compact output (`JSONValue.write(to:pretty: false)`).
    let compact: Bool
    private var written: [Int: [StepView.TraceView: JSONValue]] = [:]
    private var count = 0

    init(compact: Bool = false) { self.compact = compact }

    mutating func json(_ trace: [StepView.TraceView], indent: Int) -> JSONValue {
        let key = compact ? -1 : indent
        return .array(
            trace.map { entry in
                if let known = written[key]?[entry] { return known }
                let json = JSONValue.fragment(JSONFragment(RunJSON.trace(entry), indent: compact ? nil : indent))
                if count >= Self.maxEntries {
                    written.removeAll(keepingCapacity: true)
                    count = 0
                }
                written[key, default: [:]][entry] = json
                count += 1
                return json
            })
    }
}
