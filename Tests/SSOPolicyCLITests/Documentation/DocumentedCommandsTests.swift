import Foundation
import SSOPolicyTestSupport
import Testing

/// Every command shown in the README and docs/*.md runs as written and exits as documented (see
/// `DocumentedCommand` for which blocks run and how a block opts out), and every example file shown checks clean.
struct DocumentedCommandsTests {
    @Test(arguments: DocumentationPage.paths)
    func everyCommandOfThePageRunsAsWritten(path: String) throws {
        let problems = try DocumentedCommandRunner.problems(in: DocumentationPage(path: path))
        #expect(problems.isEmpty, Comment(rawValue: problems.joined(separator: "\n")))
    }

    /// Policies, scenarios and suites shown in YAML blocks are written under their ids (so a suite finds the
    /// example policy and scenario it names) and checked together.
    @Test(arguments: DocumentationPage.paths)
    func everyExampleFileOfThePageChecks(path: String) throws {
        let page = try DocumentationPage(path: path)
        let folder = Fixtures.folder()
        var written: Set<String> = []
        for block in page.codeBlocks where block.language == "yaml" && block.notRun == nil {
            let first = block.lines.first ?? ""
            guard let colon = first.firstIndex(of: ":"),
                ["policy", "scenario", "suite", "fleet"].contains(first[..<colon])
            else { continue }
            let id =
                first[first.index(after: colon)...].split(separator: "#").first?
                .trimmingCharacters(in: .whitespaces) ?? ""
            #expect(written.insert(id).inserted, "\(path):\(block.firstLine): a second example named '\(id)'")
            Fixtures.write(block.lines.joined(separator: "\n"), to: id + ".yaml", in: folder)
        }
        guard !written.isEmpty else { return }
        let check = ssopolicy("check", folder)
        #expect(check.code == 0, "\(path): \(check.err)")
        #expect(check.out.contains("checked \(written.count) file"), "\(check.out)")
    }

    /// The README shows the two commands a newcomer starts with, and the test runs enough of the documentation to
    /// mean something.
    @Test func theQuickStartCommandsAreShownAndRun() throws {
        let readme = try DocumentationPage(path: "README.md")
        let readings = DocumentedCommand.readings(of: readme)
        let commands = readings.compactMap { reading -> DocumentedCommand? in
            if case .command(let command) = reading.reading { return command } else { return nil }
        }
        #expect(commands.contains { $0.place == .checkout && $0.arguments.isEmpty && $0.text.hasPrefix("swift run") })
        #expect(readings.contains { $0.text.hasPrefix("swift test") })
        var run = 0
        for path in DocumentationPage.paths {
            for reading in try DocumentedCommand.readings(of: DocumentationPage(path: path)) {
                if case .command = reading.reading { run += 1 }
            }
        }
        #expect(run >= 40, "only \(run) documented commands are run")
    }

    /// A block opts out only with a reason.
    @Test(arguments: DocumentationPage.paths)
    func everyBlockLeftAloneSaysWhy(path: String) throws {
        for block in try DocumentationPage(path: path).codeBlocks where block.notRun != nil {
            #expect(!(block.notRun ?? "").isEmpty, "\(path):\(block.firstLine)")
        }
    }

    // The runner itself: it must notice a broken command.

    @Test func aBrokenCommandIsReportedWithItsLine() throws {
        let page = DocumentationPage(
            path: "page.md",
            text: """
                Text.

                ```sh
                ssopolicy run --scenario shift-change warehouse-airwatch
                ssopolicy run --scenario shift-chnage warehouse-airwatch
                ssopolicy verify legacy-app-entra --depth 3
                ssopolicy verify legacy-app-entra --depth 3  # exit 1: violated
                curl -s localhost:8080/healthz
                swift build -c release
                ssopolicy serve --port 8081
                ```

                <!-- not run: a server -->
                ```sh
                ssopolicy serve
                ```

                ```text
                ssopolicy run --scenario nothing
                ```
                """)
        let problems = try DocumentedCommandRunner.problems(in: page)
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.first?.hasPrefix("page.md:5: ssopolicy run --scenario shift-chnage") == true)
        #expect(problems.first?.contains("exit status 1, documented 0") == true)
        #expect(problems.first?.contains("did you mean 'shift-change'") == true)
        #expect(
            problems.dropFirst().first?.hasPrefix("page.md:6: ssopolicy verify legacy-app-entra --depth 3\n") == true)
        #expect(problems.last?.hasPrefix("page.md:8: curl") == true)
        #expect(problems.last?.contains("not an ssopolicy command") == true)
    }

    @Test func filesFlowFromCommandToCommandInThePagesFolder() throws {
        let page = DocumentationPage(
            path: "page.md",
            text: """
                ```sh
                ssopolicy show frontline-entra > mine.yaml
                ssopolicy show shift-change > shift.yaml
                ssopolicy run --scenario shift.yaml mine.yaml \\
                  --emit-suite suites/pinned.yaml
                ssopolicy test .
                ssopolicy test suites  # exit 1: the suite names files outside the folder tested
                printf '%s\\n' '{"signed_in": "none"}' '{"signed_in": "alice"}' |
                  ssopolicy evaluate mine.yaml --app inventory --user bob --batch -
                printf '%s\\n' '{"signd_in": "none"}' | ssopolicy evaluate mine.yaml --app inventory --user bob --batch -  # exit 1
                swift run ssopolicy test Policies --filter frontline-entra-on-shift-change
                ssopolicy test Policies  # a folder of the checkout, not of this page's folder
                ```
                """)
        let problems = try DocumentedCommandRunner.problems(in: page)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasPrefix("page.md:12: ssopolicy test Policies") == true)
    }

    @Test func shellWordsAreReadAsAShellReadsThem() throws {
        let split = try ShellWord.split(#"printf '%s\n' "a \"b\"" c\ d 'e # f' # exit 1: g"#).get()
        #expect(split.words == [.text("printf"), .text(#"%s\n"#), .text(#"a "b""#), .text("c d"), .text("e # f")])
        #expect(split.comment == " exit 1: g")
        #expect(
            try ShellWord.split("ssopolicy guide --fragment x > guide.html#part").get().words.last
                == .text("guide.html#part"))
        for line in ["echo $HOME", "a; b", "a && b", "cat < x", #"echo "$x""#, "echo 'open"] {
            #expect(throws: ShellWord.Problem.self, "\(line)") { try ShellWord.split(line).get() }
        }
    }
}
