import ArgumentParser

/// Output formats; each command accepts the ones that make sense for it.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, markdown, mermaid
}

/// Options shared by commands that print results.
struct FormatOptions: ParsableArguments {
    @Option(name: .long, help: "Output format: text, json, markdown or mermaid (where the command supports it).")
    var format: OutputFormat = .text

    @Flag(
        name: .long, help: "Add the trace: rules that fired and, for rules that did not, the first failing condition.")
    var explain = false

    func require(_ allowed: [OutputFormat], for command: String) throws {
        guard allowed.contains(format) else {
            throw ValidationError(
                "'\(command)' supports --format " + allowed.map(\.rawValue).joined(separator: ", ")
                    + ", not '\(format.rawValue)'")
        }
    }
}
