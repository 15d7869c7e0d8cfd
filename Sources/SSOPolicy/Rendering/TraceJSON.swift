/// Traces in JSON, each distinct entry serialized once per depth it appears at (`JSONFragment`).
struct TraceJSON {
    /// The pretty indent of an entry of an outcome's trace (`outcomes[i].trace[j]`) and of an answer's path's trace
    /// (`answers[i].paths[k].trace[j]`): two spaces per level.
    static let outcomeEntryIndent = 8
    static let pathEntryIndent = 12

    private var written: [Int: [StepView.TraceView: JSONValue]] = [:]

    mutating func json(_ trace: [StepView.TraceView], indent: Int) -> JSONValue {
        .array(
            trace.map { entry in
                if let known = written[indent]?[entry] { return known }
                let json = JSONValue.fragment(JSONFragment(RunJSON.trace(entry), indent: indent))
                written[indent, default: [:]][entry] = json
                return json
            })
    }
}
