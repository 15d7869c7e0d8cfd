/// Evaluates batch lines (`evaluate --batch`): each line is a JSON object of facts, each answer the compact
/// `evaluate --format json` object for that line, without the merged `answers`.
///
/// A line may override the command's `app`, `user` and `event` with string values of those keys; every other key
/// is a fact of the policy's provider. Fact values are JSON strings or booleans (`true` is the text `true`); `null`
/// leaves the fact unknown, like leaving it out. Answers are memoized by the line's canonical request (sorted facts
/// plus app, user and event), so repeated fact tuples cost a lookup; the memo is bounded in entries and bytes and
/// simply starts over when full, so memory stays constant for any number of lines.
package struct BatchEvaluator {
    package let policy: CompiledPolicy
    package var app: String
    package var user: String
    package var event: String
    package var conditions: [(key: String, value: String)]
    package var traceMode: RuleTrace.Mode
    package var parser = FlatJSONObjectParser()

    package static let maxMemoEntries = 16_384
    package static let maxMemoBytes = 32 * 1024 * 1024
    private var memo: [String: [UInt8]] = [:]
    private var memoBytes = 0
    /// The traces' entries, serialized once for every line (the lines' traces repeat a few entries).
    private var traces = TraceJSON(compact: true)
    /// How many lines were answered from the memo (for tests and `bench`).
    package private(set) var memoHits = 0

    package init(
        policy: CompiledPolicy, app: String, user: String, event: String = "open",
        conditions: [(key: String, value: String)] = [], traceMode: RuleTrace.Mode = .fired
    ) {
        self.policy = policy
        self.app = app
        self.user = user
        self.event = event
        self.conditions = conditions
        self.traceMode = traceMode
    }

    /// Entries in the memo right now (bounded by `maxMemoEntries`).
    package var memoCount: Int { memo.count }

    /// The answer for one line (without a newline), or why the line is bad.
    package mutating func evaluate(line: String) -> Result<String, BatchLineError> {
        var text = line
        var bytes: [UInt8] = []
        return text.withUTF8 { answer(line: $0, into: &bytes) }.map { String(decoding: bytes, as: UTF8.self) }
    }

    /// Appends the answer for one line (without a newline) to `out` as UTF-8, or says why the line is bad (and
    /// appends nothing).
    package mutating func answer(line: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Result<
        Void, BatchLineError
    > {
        let pairs: [(key: String, value: FlatJSONScalar)]
        switch parser.parse(line) {
        case .success(let parsed): pairs = parsed
        case .failure(let error): return .failure(BatchLineError(message: error.description))
        }
        var app = self.app
        var user = self.user
        var event = self.event
        var facts: [(key: String, value: String)] = []
        facts.reserveCapacity(pairs.count)
        for (index, pair) in pairs.enumerated() {
            for earlier in pairs[..<index] where earlier.key == pair.key {
                return .failure(BatchLineError(message: "key '\(pair.key)' given twice"))
            }
            switch pair.key {
            case "app", "user", "event":
                guard case .string(let text) = pair.value else {
                    return .failure(BatchLineError(message: "'\(pair.key)' must be a string"))
                }
                if pair.key == "app" { app = text } else if pair.key == "user" { user = text } else { event = text }
            default:
                guard let text = pair.value.text else {
                    // null: unknown, but the key must still be one of the provider's facts.
                    if policy.descriptor.fact(pair.key) == nil { return .failure(unknownFact(pair.key)) }
                    continue
                }
                facts.append((pair.key, text))
            }
        }
        facts.sort { $0.key < $1.key }
        var key = app + "\u{0}" + user + "\u{0}" + event
        for fact in facts { key += "\u{0}" + fact.key + "=" + fact.value }
        if let answer = memo[key] {
            memoHits += 1
            out.append(contentsOf: answer)
            return .success(())
        }
        var request = EvaluateRequest(app: app, user: user, facts: facts, event: event, conditions: conditions)
        request.origin = .batchLine
        var answer: [UInt8] = []
        do {
            var evaluator = AttemptEvaluator(traceMode: traceMode)
            evaluator.mergesAnswers = false
            let result = try evaluator.evaluate(request, policy: policy)
            result.json(answers: false, traces: &traces).write(to: &answer, pretty: false)
        } catch let error as EvaluateError {
            return .failure(BatchLineError(message: error.message))
        } catch {
            return .failure(BatchLineError(message: "\(error)"))
        }
        if memo.count >= Self.maxMemoEntries || memoBytes + answer.count + key.utf8.count > Self.maxMemoBytes {
            memo.removeAll(keepingCapacity: true)
            memoBytes = 0
        }
        out.append(contentsOf: answer)
        memo[key] = answer
        memoBytes += answer.count + key.utf8.count
        return .success(())
    }

    func unknownFact(_ key: String) -> BatchLineError {
        let descriptor = policy.descriptor
        return BatchLineError(
            message: "unknown fact '\(key)' for provider '\(descriptor.id)'"
                + Suggestion.didYouMean(key, in: descriptor.facts.map(\.key) + ["app", "user", "event"])
                + "; facts: " + descriptor.facts.map(\.key).joined(separator: ", "))
    }
}

/// Why one batch line has no answer; printed as `FILE:LINE: error: message`.
package struct BatchLineError: Error, Sendable, Hashable {
    package var message: String
}

/// Streams a batch through a `BatchEvaluator`: lines in from a `LineReader`, answers out in large buffered writes,
/// errors out one per bad line, nothing kept from one line to the next (beyond the bounded memo).
package struct BatchRun {
    package struct Summary: Sendable, Hashable {
        package var lines = 0
        package var answered = 0
        package var errors = 0
        package var readFailed = false
    }

    /// Output is handed to `write` in pieces of about this size.
    package static let outputBufferBytes = 64 * 1024

    package var evaluator: BatchEvaluator
    /// The name errors carry: the file path, or `<stdin>`.
    package var file: String

    package init(evaluator: BatchEvaluator, file: String) {
        self.evaluator = evaluator
        self.file = file
    }

    /// Blank lines are skipped; every other line gives one answer line on `write` or one error on `writeError`.
    package mutating func run(
        _ reader: LineReader, write: (String) -> Void, writeError: (String) -> Void
    ) -> Summary {
        var summary = Summary()
        var output: [UInt8] = []
        output.reserveCapacity(Self.outputBufferBytes + 4096)
        let file = self.file
        let maxLine = reader.maxLineBytes
        let ok = reader.forEachLine { number, line in
            summary.lines += 1
            switch line {
            case .tooLong:
                summary.errors += 1
                writeError("\(file):\(number): error: line longer than \(maxLine) bytes\n")
            case .text(let bytes):
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    summary.lines -= 1
                    return
                }
                switch evaluator.answer(line: bytes, into: &output) {
                case .success:
                    summary.answered += 1
                    output.append(UInt8(ascii: "\n"))
                    if output.count >= Self.outputBufferBytes {
                        write(String(decoding: output, as: UTF8.self))
                        output.removeAll(keepingCapacity: true)
                    }
                case .failure(let error):
                    summary.errors += 1
                    writeError("\(file):\(number): error: \(error.message)\n")
                }
            }
        }
        if !output.isEmpty { write(String(decoding: output, as: UTF8.self)) }
        if !ok {
            summary.readFailed = true
            summary.errors += 1
            writeError("\(file): error: reading failed\n")
        }
        return summary
    }
}
