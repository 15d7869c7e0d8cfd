import Foundation
import SSOPolicyTestSupport
import Testing

@testable import SSOPolicy

/// The second hardening pass: key bombs, non-regular files, suites that reach outside their tree, byte order marks
/// and odd line breaks, the verifier's memory bound. Costs are bounded by counted work (events, bytes), never time.
struct HardeningTests {
    /// Eight levels of nine aliases each: 9⁸ = 43 million nodes once expanded, in under 300 bytes.
    static func anchors(levels: Int) -> String {
        var text = "a: &a [x,x,x,x,x,x,x,x,x]\n"
        let names = Array("abcdefghijklmnop").map(String.init)
        for level in 1..<levels {
            let previous = names[level - 1]
            text +=
                "\(names[level]): &\(names[level]) ["
                + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
        }
        return text
    }

    /// Events the scan reads before refusing `text`, and the one error it gives.
    static func scan(_ text: String) -> (events: Int, error: String?) {
        let bytes = Array(text.utf8)
        var scan = YAMLEventScan(file: "k.yaml", limits: .documents, lines: YAMLLineMap(bytes))
        let problem = scan.firstProblem(in: bytes)
        return (scan.events, problem?.description)
    }

    /// Four levels fit in the node budget (8 302 nodes), so what stops these is the key rule itself.
    @Test(arguments: [
        // The reproducer's shape: an alias as a flow mapping's key.
        ("k: {*d : 1}\n", "k.yaml:5:5: error: an alias (*d) cannot be a mapping key; write the key out"),
        // Block mapping, explicit key, and an alias key inside a flow sequence.
        ("*d : 1\n", "k.yaml:5:1: error: an alias (*d) cannot be a mapping key; write the key out"),
        ("? *d\n: 1\n", "k.yaml:5:3: error: an alias (*d) cannot be a mapping key; write the key out"),
        ("k: [{*d : 1}]\n", "k.yaml:5:6: error: an alias (*d) cannot be a mapping key; write the key out"),
        // Collections as keys: the alias hides one level down.
        ("k: {[*d]: 1}\n", "k.yaml:5:5: error: mapping keys must be plain words, found a sequence"),
        ("[*d, *d]: 1\n", "k.yaml:5:1: error: mapping keys must be plain words, found a sequence"),
        ("? {a: *d}\n: 1\n", "k.yaml:5:3: error: mapping keys must be plain words, found a mapping"),
        // Merge keys.
        ("k: {<<: *d}\n", "k.yaml:5:5: error: merge keys ('<<') are not supported; write the keys out"),
        ("k:\n  <<: [*d, *d]\n", "k.yaml:6:3: error: merge keys ('<<') are not supported; write the keys out"),
    ])
    func keyBombsAreRefusedWithinAFewEvents(tail: String, expected: String) {
        let text = Self.anchors(levels: 4) + tail
        let (events, error) = Self.scan(text)
        #expect(error == expected)
        // 4 anchors of 11 events each, plus the stream, document and the refused key: linear in the file.
        #expect(events < 60, "read \(events) events")
        // The whole reader refuses it the same way (it never reaches Yams' duplicate-key hashing).
        #expect(Fixtures.policyErrors(text).count == 1)
    }

    /// The reproducers (8 and 9 levels, 283 and 318 bytes): the anchors alone pass the node budget.
    @Test(arguments: [(8, "k: {*h : 1}\n"), (9, "k: {*i : 1}\n"), (8, "k: {<<: *h}\n"), (9, "k: {[*i]: 1}\n")])
    func theReproducersAreRefusedByTheNodeBudgetAtTheSixthAnchor(levels: Int, tail: String) {
        let (events, error) = Self.scan(Self.anchors(levels: levels) + tail)
        #expect(error == "k.yaml:6:8: error: document too large: more than 100000 nodes (aliases count once per use)")
        #expect(events < 70, "read \(events) events")
    }

    @Test func anAliasExpandedAsAValueIsCountedBeforeComposing() {
        // 9⁸ nodes behind one alias: refused at the alias, after reading the file once.
        let (events, error) = Self.scan(Self.anchors(levels: 5) + "k: [*e, *e]\n")
        #expect(error == "k.yaml:6:5: error: document too large: more than 100000 nodes (aliases count once per use)")
        #expect(events < 80)
    }

    @Test func anAliasCountsAtItsExpandedHeight() {
        var text = "a: &a " + String(repeating: "[", count: 60) + String(repeating: "]", count: 60) + "\n"
        text += "b: [[[[[*a]]]]]\n"
        #expect(Self.scan(text).error == "k.yaml:2:9: error: nesting deeper than 64 levels")
    }

    @Test func plainAliasesAndScalarKeysStillRead() throws {
        let text = "x: &x {sso: enabled}\ny: *x\nz: [*x, *x]\n\"quoted <<\": 1\n'<<': 2\n"
        #expect(Self.scan(text).error == nil)
        let root = try Fixtures.engine.readDocument(bytes: Array(text.utf8), file: "k.yaml")
        #expect(root.entries?.map(\.key) == ["x", "y", "z", "quoted <<", "<<"])
    }

    // MARK: Byte order mark, line breaks, sizes

    @Test func aUTF8ByteOrderMarkIsAccepted() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("policy: p\nprovider: badge\n".utf8)
        let root = try Fixtures.engine.readDocument(bytes: bytes, file: "b.yaml")
        #expect(root.entries?.map(\.key) == ["policy", "provider"])
        #expect(root.entries?.first?.keyPosition == SourcePosition(file: "b.yaml", line: 1, column: 1))
    }

    @Test(arguments: ["\u{85}", "\u{2028}", "\u{2029}"])
    func nelAndUnicodeSeparatorsDoNotShiftLineNumbers(separator: String) {
        // The separator sits in a quoted title on line 2; the duplicate key is on line 4 as an editor counts.
        let text = "policy: p\ntitle: \"a\(separator)b\"\nprovider: badge\nprovider: badge\n"
        #expect(Fixtures.policyErrors(text) == ["p.yaml:4:1: error: duplicate key 'provider' (first defined at 3:1)"])
        let scanned = Self.scan("a: 1\nt: \"x\(separator)y\"\nb: *nope\nc: {*b: 1}\n")
        #expect(scanned.error == nil)  // an undefined alias is Yams' to report
        let positioned = Self.scan("b: &b 1\nt: \"x\(separator)y\"\nc: {*b: 1}\n")
        #expect(positioned.error == "k.yaml:3:5: error: an alias (*b) cannot be a mapping key; write the key out")
    }

    @Test func anOversizedFileIsReportedWithItsRealSize() {
        let folder = Fixtures.folder()
        let path = Fixtures.write(String(repeating: "# padding\n", count: 1_048_576), to: "ten.yaml", in: folder)
        #expect(throws: DiagnosticsError.self) { try Fixtures.engine.readDocument(path: path) }
        do { _ = try Fixtures.engine.readDocument(path: path) } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "\(path):1:1: error: file is 10485760 bytes; the limit is 1048576 bytes (1 MiB), so it was not read"
                ])
        }
        // Bytes in memory one past the limit may have been cut short by a reader: "over".
        let message = YAMLDocumentReader.tooLarge((1 << 20) + 1, limit: 1 << 20)
        #expect(message == "file is over 1048576 bytes; the limit is 1048576 bytes (1 MiB), so it was not read")
    }

    // MARK: Non-regular files

    static func fifo(_ name: String, in folder: String) -> String {
        let path = folder + "/" + name
        #expect(mkfifo(path, 0o600) == 0)
        return path
    }

    @Test func aFIFOIsRefusedWithoutBlocking() {
        let path = Self.fifo("p.yaml", in: Fixtures.folder())
        do {
            _ = try Fixtures.engine.readDocument(path: path)
            Issue.record("a FIFO was read")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "\(path):1:1: error: is a named pipe (FIFO), expected a regular YAML file (only regular files are read)"
                ])
        }
    }

    @Test func aFIFOInAFolderWalkIsAPositionedError() {
        let folder = Fixtures.folder()
        Fixtures.write("policy: p\nprovider: badge\n", to: "a.yaml", in: folder)
        let fifo = Self.fifo("b.yaml", in: folder)
        let report = Fixtures.engine.check(paths: [folder])
        #expect(report.filesChecked == 2)
        #expect(report.diagnostics.map(\.description).contains { $0.hasPrefix("\(fifo):1:1: error: is a named pipe") })
    }

    @Test func aSuiteNamingAFIFOFailsInsteadOfHanging() {
        let folder = Fixtures.folder()
        _ = Self.fifo("p.fifo", in: folder)
        Fixtures.write(
            "suite: s\npolicy: p.fifo\nscenario: p.fifo\nexpect:\n  - step: 1\n    prompts: []\n", to: "s.yaml",
            in: folder)
        let report = SuiteRunner(engine: Fixtures.engine).run(paths: [folder])
        let text = (report.problems + report.suites.flatMap(\.problems)).map(\.description).joined(separator: "\n")
        #expect(text.contains("is a named pipe (FIFO)"), "\(text)")
    }

    // MARK: Suite references

    @Test func aSuiteCannotNameAFileOutsideTheTreeBeingTested() {
        let outer = Fixtures.folder()
        let secret = "ghp_" + String(repeating: "S3cr3t", count: 6)
        Fixtures.write("\(secret)\n", to: "fake-git-credentials", in: outer)
        let tree = outer + "/tree"
        try? FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        Fixtures.write(
            "suite: leak\npolicy: ../fake-git-credentials\nscenario: ../fake-git-credentials\n"
                + "expect:\n  - step: 1\n    prompts: []\n",
            to: "leak.yaml", in: tree)
        let report = SuiteRunner(engine: Fixtures.engine).run(paths: [tree])
        let text = (report.problems + report.suites.flatMap(\.problems)).map(\.description).joined(separator: "\n")
        #expect(report.suites.isEmpty)
        #expect(
            text.hasPrefix(
                "\(tree)/leak.yaml:2:9: error: policy '\(outer)/fake-git-credentials' is outside the folder being tested"
            ))
        #expect(!text.contains(secret))
        let checked = Fixtures.engine.check(paths: [tree]).diagnostics.map(\.description).joined(separator: "\n")
        #expect(checked.contains("is outside the folder being tested"))
        #expect(!checked.contains(secret))
    }

    @Test func aSymbolicLinkInsideTheTreeCannotLeadOutOfIt() throws {
        let outer = Fixtures.folder()
        Fixtures.write("policy: p\nprovider: badge\n", to: "outside.yaml", in: outer)
        let tree = outer + "/tree"
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: tree + "/inside.yaml", withDestinationPath: outer + "/outside.yaml")
        Fixtures.write(
            "suite: s\npolicy: inside.yaml\nscenario: inside.yaml\nexpect:\n  - step: 1\n    prompts: []\n",
            to: "s.yaml", in: tree)
        let report = SuiteRunner(engine: Fixtures.engine).run(paths: [tree])
        #expect(report.problems.map(\.description).contains { $0.contains("is outside the folder being tested") })
        let allowed = SuiteRunner(engine: Fixtures.engine, references: SuiteReferenceScope(allowsOutside: true))
            .run(paths: [tree])
        #expect(!allowed.problems.map(\.description).contains { $0.contains("outside the folder") })
    }

    @Test func aFileThatIsNotYAMLIsQuotedOnlyAsAShortSanitisedExcerpt() {
        let secret = "token=" + String(repeating: "A1b2C3d4", count: 8) + "\u{1B}[31m"
        let errors = Fixtures.policyErrors("\(secret): {\n")
        let text = errors.joined(separator: "\n")
        #expect(!text.contains(String(secret.prefix(40))), "\(text)")
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B })
    }
}
