import AirWatchSDKProvider
import AppleSharedIPadProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicyCLI
import SSOPolicyTestSupport
import Testing

/// The vocabulary in plain words is generated, and docs/glossary.md carries the current version.
struct GlossaryTests {
    @Test func theGlossaryPageIsCurrent() throws {
        let readme = try String(contentsOfFile: repository + "/docs/glossary.md", encoding: .utf8)
        let begin = try #require(readme.range(of: Glossary.readmeBegin + "\n\n"))
        let end = try #require(readme.range(of: Glossary.readmeEnd))
        let section = String(readme[begin.upperBound..<end.lowerBound])
        #expect(
            section == Glossary.markdown(), "run: ssopolicy glossary --format markdown, paste into docs/glossary.md")
    }

    @Test func everyDeclaredWordHasAPlainMeaning() {
        let terms = Set(Glossary.entries.map(\.term))
        for prompt in Prompt.allCases { #expect(terms.contains(prompt.name)) }
        for session in SessionKind.allCases { #expect(terms.contains(session.name)) }
        for severity in Severity.allCases { #expect(terms.contains(severity.name)) }
        #expect(terms.contains("-"))
        #expect(terms.contains("n/a"))
        for entry in Glossary.entries {
            #expect(!entry.meaning.isEmpty)
            #expect(
                !entry.meaning.contains("MSAL") && !entry.meaning.contains("Entra"), "\(entry.term): no vendor words")
        }
    }

    @Test func glossaryReachesProvidersSchemaAndGuide() throws {
        let meaning = Prompt.passcode.meaning
        #expect(ssopolicy("glossary").out.contains("passcode"))
        #expect(ssopolicy("providers").out.contains("vocabulary:"))
        #expect(ssopolicy("providers", "--format", "markdown").out.contains(Glossary.markdown()))
        #expect(ssopolicy("schema", "suite").out.contains(meaning))
        let guide = try String(contentsOfFile: repository + "/Policies/GUIDE.md", encoding: .utf8)
        #expect(guide.contains(Glossary.markdown()))
    }

    /// Each command's `--format` help names exactly the formats it accepts, and it accepts exactly those.
    @Test func formatHelpListsExactlyTheAcceptedFormats() {
        let all = ["text", "json", "markdown", "mermaid"]
        let accepted: [(String, [String], [String])] = [
            ("run", ["text", "json", "markdown", "mermaid"], ["--scenario", "shift-change", "warehouse-airwatch"]),
            (
                "compare", ["text", "json", "markdown"],
                ["--scenario", "shift-change", "warehouse-airwatch", "frontline-entra"]
            ),
            ("evaluate", ["text", "json"], ["warehouse-airwatch", "--app", "timesheet", "--user", "bob"]),
            ("overview", ["text", "json", "markdown"], []),
            ("test", ["text", "json"], ["Policies/suites/warehouse-airwatch-on-shift-change.yaml"]),
            ("check", ["text", "json"], ["Policies/scenarios/shift-change.yaml"]),
            ("matrix", ["text", "json", "markdown"], ["warehouse-airwatch"]),
            ("providers", ["text", "json", "markdown"], []),
            ("verify", ["text", "json", "markdown"], ["frontline-entra", "--depth", "2"]),
            ("sources", ["text", "json", "markdown"], []),
            ("glossary", ["text", "json", "markdown"], []),
        ]
        for (command, formats, arguments) in accepted {
            let help = ssopolicy(command, "--help").out.replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: "  ", with: " ")
            let words =
                formats.count == 1 ? formats[0] : formats.dropLast().joined(separator: ", ") + " or " + formats.last!
            #expect(help.contains("Output format: \(words)."), "\(command): \(help)")
            let paths = arguments.map { $0.hasPrefix("Policies/") ? repository + "/" + $0 : $0 }
            for format in all where !formats.contains(format) {
                #expect(
                    ssopolicy([command] + paths + ["--format", format]).code == 64, "\(command) --format \(format)")
            }
            #expect(ssopolicy([command] + paths + ["--format", formats.last!]).code != 64, "\(command)")
        }
    }
}

/// `ssopolicy` with an argument array.
func ssopolicy(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
    let capture = Capture()
    let context = CLIContext(
        registry: ProviderRegistry([
            AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
            AnyPolicyProvider(ImprivataMAMProvider()),
            AnyPolicyProvider(AppleSharedIPadProvider()),
        ]),
        write: { capture.out($0) }, writeError: { capture.err($0) })
    return (CommandLineTool.run(arguments, context: context), capture.output, capture.errors)
}
