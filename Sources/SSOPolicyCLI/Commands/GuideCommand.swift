import ArgumentParser
import Foundation
import SSOPolicy

/// Generates an onboarding guide from the model: with no policy, the bundled library's (`Policies/GUIDE.md`, which
/// CI regenerates and compares, so it cannot drift); with policies, the guide for the author's own fleet. Markdown
/// for forges, or one self-contained HTML file with a what-if explorer for wikis and attachments.
struct GuideCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "guide",
        abstract:
            "Generate an onboarding guide (Markdown or self-contained HTML) for the bundled library or your policies.",
        discussion: """
            With no POLICY, the guide of the bundled library. With policies (files or bundled names), the guide of \
            your fleet: a comparison per scenario with the verdict lines, the findings and what they mean, each \
            provider's handover, sequence diagrams, decision tables, verify results, the glossary and the sources. \
            Scenarios: each --scenario, or else every bundled scenario the policies can play together. A fleet file \
            stands for every policy it derives, and its guide leads with the decision on each scenario (as \
            'ssopolicy decide' gives it).

            --format html writes one file with no external scripts, fonts or images: sequence diagrams as inline \
            SVG, and a what-if explorer (app, user, facts known or unknown) whose answers are computed now and \
            equal 'ssopolicy evaluate'. --fragment comparison-N writes only that comparison as an HTML fragment to \
            paste into a wiki page (no script; see docs/guides.md, "Embedding a comparison").

            Examples:
              ssopolicy guide --output Policies/GUIDE.md
              ssopolicy guide my-entra.yaml my-airwatch.yaml --scenario my-shift.yaml --output guide.md
              ssopolicy guide my-entra.yaml my-airwatch.yaml --format html --output guide.html
              ssopolicy guide my-entra.yaml my-airwatch.yaml --format html --fragment comparison-1
            """)

    @Argument(help: "Policies (files or bundled names); none: the bundled library's guide.")
    var policies: [String] = []

    @Option(
        name: .customLong("scenario"),
        help: "A scenario to compare on (repeatable; default: every bundled one the policies can play).")
    var scenarios: [String] = []

    static let formats: [OutputFormat] = [.markdown, .html]

    @Option(name: .long, help: ArgumentHelp("Output format: \(OutputFormat.list(Self.formats)).", valueName: "format"))
    var format: OutputFormat = .markdown

    @Option(name: .long, help: "With --format html: only this comparison (comparison-1, comparison-2, ...), to embed.")
    var fragment: String?

    @Option(name: .long, help: "Write the guide to this file instead of standard output.")
    var output: String?

    /// The command line that regenerates this guide, as the guide prints it.
    var command: String {
        var words = ["ssopolicy", "guide"] + policies
        for scenario in scenarios { words += ["--scenario", scenario] }
        if format != .markdown { words += ["--format", format.rawValue] }
        return ShellCommand.line(words)
    }

    func run(in context: CLIContext) throws -> Int32 {
        try OutputFormat.require(format, in: Self.formats, for: "guide")
        if fragment != nil, format != .html { throw ValidationError("--fragment needs --format html") }
        if policies.isEmpty, !scenarios.isEmpty {
            throw ValidationError("--scenario needs the policies to compare: ssopolicy guide POLICY... --scenario S")
        }
        let resolver = FileResolver(context: context)
        let html = format == .html
        let content: GuideContent
        do {
            content =
                policies.isEmpty
                ? try GuideContent.bundled(context: context, resolver: resolver, explorer: html && fragment == nil)
                : try GuideContent.fleet(
                    policies: policies, scenarios: scenarios, command: command, context: context, resolver: resolver,
                    explorer: html && fragment == nil)
        } catch let error as EvaluateError {
            context.writeError("error: \(error.description)\n")
            return 1
        }
        for note in content.notes { context.writeError(note + "\n") }
        if !policies.isEmpty, scenarios.isEmpty, content.comparisons.isEmpty {
            context.writeError(
                "warning: no bundled scenario can be played by these policies; pass one with --scenario FILE\n")
        }
        let out: String
        if let fragment {
            guard let number = GuideHTMLDocument.comparisonNumber(fragment),
                content.comparisons.indices.contains(number - 1)
            else {
                throw ValidationError(
                    "--fragment '\(fragment)': expected comparison-1 to comparison-\(content.comparisons.count)")
            }
            out = GuideHTMLDocument.fragment(content.comparisons[number - 1], number: number)
        } else {
            out = html ? GuideHTMLDocument.render(content) : GuideMarkdownDocument.render(content)
        }
        if let output {
            do { try OutputFile(output).write(out) } catch {
                context.writeError(error.description + "\n")
                return 1
            }
            context.write("wrote \(output)\n")
        } else {
            context.write(out)
        }
        return 0
    }
}
