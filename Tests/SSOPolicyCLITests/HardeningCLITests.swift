import Foundation
import SSOPolicyCLI
import SSOPolicyTestSupport
import Testing

/// What users see of the second hardening pass: control characters escaped in every output, numeric options
/// range-checked, FIFOs and leaking suites refused, and verify's memory bound.
struct HardeningCLITests {
    static func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
        }
    }

    @Test func batchLinesWithTerminalEscapesAreEscapedOnStandardError() {
        let lines = "{\"\\u001b[2J\\u001b]0;pwned\\u0007\": true}\n{\"passcode_set\": \"tru\\u0000e\"}\n"
        let result = ssopolicy(
            input: Array(lines.utf8), "evaluate", "warehouse-airwatch", "--app", "timesheet", "--user", "bob",
            "--batch", "-")
        #expect(!Self.hasRawControl(result.err), "\(result.err)")
        #expect(result.err.contains("unknown fact '\\u001B[2J\\u001B]0;pwned\\u0007'"))
        #expect(result.err.contains("found 'tru\\u0000e'"))
    }

    static let escapedTitle = """
        policy: p
        title: "T\\e]0;owned\\a\\e[31mRED\\x85"
        provider: airwatch-sdk
        settings: {sso: enabled, authentication: passcode}
        apps:
          - id: inventory
          - id: timesheet
        """

    @Test(arguments: ["text", "markdown", "mermaid", "json"])
    func aTitleWithEscapeSequencesIsEscapedInEveryFormat(format: String) throws {
        let path = Fixtures.write(Self.escapedTitle, to: "p.yaml", in: Fixtures.folder(#function + format))
        let result = ssopolicy("run", "--scenario", "shift-change", path, "--format", format)
        #expect(!Self.hasRawControl(result.out + result.err), "\(result.out)")
        if format == "json" {
            let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8))
            #expect(object is [String: Any])
        } else if format == "text" {
            #expect(result.out.contains("T\\u001B]0;owned\\u0007\\u001B[31mRED\\u0085"))
        }
    }

    @Test func aFIFOIsRefusedByCheckWithExit1() throws {
        let folder = Fixtures.folder()
        let path = folder + "/p.yaml"
        #expect(mkfifo(path, 0o600) == 0)
        let result = ssopolicy("check", path)
        #expect(result.code == 1)
        #expect(
            result.err
                == "\(path):1:1: error: is a named pipe (FIFO), expected a regular YAML file (only regular files are read)\n"
        )
        let folderResult = ssopolicy("check", folder)
        #expect(folderResult.code == 1)
        #expect(folderResult.err.contains("\(path):1:1: error: is a named pipe (FIFO)"))
    }

    @Test func aSuiteNamingACredentialsFileIsRefusedWithoutEchoingIt() throws {
        let outer = Fixtures.folder()
        let token = "ghp_S3cr3tT0k3nS3cr3tT0k3nS3cr3tT0k3n1234"
        Fixtures.write(token + "\n", to: "fake-git-credentials", in: outer)
        let tree = outer + "/tree"
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        Fixtures.write(
            "suite: leak\npolicy: ../fake-git-credentials\nscenario: ../fake-git-credentials\n"
                + "expect:\n  - step: 1\n    prompts: []\n", to: "leak.yaml", in: tree)
        for command in ["test", "check"] {
            let result = ssopolicy(command, tree)
            #expect(result.code == 1)
            #expect((result.out + result.err).contains("is outside the folder being tested"))
            #expect(!(result.out + result.err).contains("S3cr3t"))
        }
        // Allowed on purpose, the file is still quoted only as a short excerpt.
        let allowed = ssopolicy("test", tree, "--allow-outside-references")
        #expect(allowed.code == 1)
        #expect(allowed.out.contains("found 'ghp_S3cr3tT0k3nS3cr3tT0k3nS3cr3tT0k3n123…'"), "\(allowed.out)")
        #expect(!allowed.out.contains(token))
    }

    @Test(arguments: [
        ["verify", "frontline-entra", "--users", "0"], ["verify", "frontline-entra", "--users", "9"],
        ["verify", "frontline-entra", "--depth", "65"], ["verify", "frontline-entra", "--depth", "-1"],
        ["verify", "frontline-entra", "--max-states", "0"], ["verify", "frontline-entra", "--max-states", "1e300"],
        ["verify", "frontline-entra", "--max-memory", "0"], ["verify", "frontline-entra", "--max-memory", "inf"],
        ["verify", "frontline-entra", "--max-memory", "99999999999999999999"],
        ["bench", "--seconds", "inf"], ["bench", "--seconds", "nan"], ["bench", "--seconds", "1e300"],
        ["bench", "--seconds", "-1"], ["bench", "--batch", "0"], ["bench", "--batch", "1e300"],
    ])
    func numericOptionsOutOfRangeAreUsageErrors(arguments: [String]) {
        let result = CommandLineTool.run(arguments, context: Self.context)
        #expect(result == 64)
    }

    static let context = CLIContext(
        registry: TestCommandTests.registry, write: { _ in }, writeError: { _ in })

    @Test func verifyStopsAtTheMemoryBoundWithALabelledPartialAnswer() throws {
        let result = ssopolicy(
            "verify", "warehouse-airwatch", "--users", "1", "--depth", "64", "--exhaustive", "--max-memory", "1")
        #expect(result.code == 3)
        #expect(result.out.contains("(partial answer: memory limit of 1 MiB reached)"), "\(result.out)")
        let json = ssopolicy(
            "verify", "warehouse-airwatch", "--users", "1", "--depth", "64", "--exhaustive", "--max-memory", "1",
            "--format", "json")
        #expect(json.out.contains("\"stopped_by\": \"max-memory\""), "\(json.out)")
    }

    @Test func theExplorersAccountedMemoryStaysWithinTheBound() throws {
        let engine = SSOPolicyEngine(registry: TestCommandTests.registry)
        let policy = try engine.loadPolicy(path: repository + "/Policies/airwatch/warehouse-airwatch.yaml")
        let options = VerificationOptions(users: 1, depth: 64, exhaustive: true, maxMemoryBytes: 1 << 20)
        let report = try Verifier(engine: engine).verify(policy, options: options)
        #expect(report.memoryLimited && report.truncated && !report.closed)
        // The reported estimate (fingerprints and the widest frontier) stays within the accounting's margin.
        #expect(report.explorerBytes < (1 << 20) * 11 / 10)
        // The same run under --max-states alone is bounded by states, and says which bound stopped it.
        let byStates = try Verifier(engine: engine).verify(
            policy, options: VerificationOptions(users: 1, depth: 64, maxStates: 1000, exhaustive: true))
        #expect(byStates.truncated && !byStates.memoryLimited && byStates.states == 1000)
    }
}
