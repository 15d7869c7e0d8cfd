import ArgumentParser
import Foundation
import SSOPolicy

extension EvaluateCommand {
    /// `evaluate --batch`: streams lines through a `BatchRun`; exit 1 if any line (or reading) failed.
    func runBatch(_ path: String, policy: CompiledPolicy, in context: CLIContext) throws -> Int32 {
        guard facts.isEmpty else {
            throw ValidationError("--fact cannot be combined with --batch; put facts in the lines")
        }
        let evaluator = BatchEvaluator(
            policy: policy, app: app, user: user, event: event,
            conditions: try Self.pairs(conditions, "--condition"), traceMode: output.explaining ? .explain : .fired)
        if path == "-" {
            var run = BatchRun(evaluator: evaluator, file: "<stdin>")
            let summary = run.run(
                LineReader(read: context.readInput), write: context.write, writeError: context.writeError)
            return summary.errors == 0 ? 0 : 1
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            context.writeError("\(path):1:1: error: \(isDirectory.boolValue ? "is a folder" : "no such file")\n")
            return 1
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            context.writeError("\(path):1:1: error: cannot open the file\n")
            return 1
        }
        defer { close(descriptor) }
        var run = BatchRun(evaluator: evaluator, file: path)
        let summary = run.run(
            LineReader(fileDescriptor: descriptor), write: context.write, writeError: context.writeError)
        return summary.errors == 0 ? 0 : 1
    }
}
