import ArgumentParser
import SSOPolicy

/// Output formats; each command accepts the ones that make sense for it.
enum OutputFormat: String, ExpressibleByArgument {
    case text, json, markdown, mermaid, html

    /// "text, json or markdown": the help of a `--format` option, from the list the command accepts.
    static func list(_ formats: [OutputFormat]) -> String {
        let names = formats.map(\.rawValue)
        guard names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    static func require(_ format: OutputFormat, in allowed: [OutputFormat], for command: String) throws {
        guard allowed.contains(format) else {
            throw ValidationError(
                "'\(command)' supports --format " + allowed.map(\.rawValue).joined(separator: ", ")
                    + ", not '\(format.rawValue)'")
        }
    }
}

/// The formats a command accepts; its `--format` help and its check both read this one list.
protocol FormatChoices {
    static var formats: [OutputFormat] { get }
}

enum TextOrJSON: FormatChoices { static let formats: [OutputFormat] = [.text, .json] }
enum TextJSONOrMarkdown: FormatChoices { static let formats: [OutputFormat] = [.text, .json, .markdown] }
enum AnyFormat: FormatChoices { static let formats: [OutputFormat] = [.text, .json, .markdown, .mermaid] }

/// Options shared by commands that print results.
struct FormatOptions<Choices: FormatChoices>: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("Output format: \(OutputFormat.list(Choices.formats)).", valueName: "format"))
    var format: OutputFormat = .text

    @Flag(
        name: .long,
        help: """
            Explain: the rules that fired with the conditions that held, and in each decision list the earlier \
            rules that did not fire with the condition that failed ('--explain all' adds every other rule).
            """)
    var explain = false

    @Flag(name: .customLong("explain-all"), help: .hidden)
    var explainAll = false

    /// Whether to trace at all, and how much of it to show.
    var explaining: Bool { explain || explainAll }
    var explainDetail: StepView.ExplainDetail { explainAll ? .all : .decisions }

    func require(for command: String) throws {
        try OutputFormat.require(format, in: Choices.formats, for: command)
    }
}
