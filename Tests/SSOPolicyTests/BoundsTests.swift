import Foundation
import SSOPolicy
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// Hostile input becomes a positioned error, never a crash, a hang or an unbounded allocation.
struct BoundsTests {
    static let aliasBomb = """
        a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
        b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
        c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
        d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
        e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
        f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
        g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
        h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
        i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
        policy: bomb
        """

    @Test func aliasBombIsRefusedByTheNodeBudget() {
        #expect(Self.aliasBomb.utf8.count < 800)
        let errors = Fixtures.policyErrors(Self.aliasBomb)
        #expect(errors.count == 1)
        #expect(errors[0].contains("document too large: more than 100000 nodes"))
    }

    @Test func oversizedFileIsRefusedBeforeParsing() {
        let folder = Fixtures.folder()
        let path = Fixtures.write(String(repeating: "# padding\n", count: 1_100_000), to: "big.yaml", in: folder)
        #expect(throws: DiagnosticsError.self) { try Fixtures.engine.readDocument(path: path) }
        do { _ = try Fixtures.engine.readDocument(path: path) } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "\(path):1:1: error: file is 11000000 bytes; the limit is 1048576 bytes (1 MiB), so it was not read"
                ])
        }
    }

    @Test func nestingBeyondOurLimitIsRefusedWithAPosition() {
        let deep = "policy: " + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "\n"
        let errors = Fixtures.policyErrors(deep)
        #expect(errors == ["p.yaml:1:72: error: nesting deeper than 64 levels"])
    }

    @Test func tenThousandDeepNestingIsRefusedByTheParser() {
        let deep = "policy: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n"
        let errors = Fixtures.policyErrors(deep)
        #expect(errors == ["p.yaml:1:10: error: nesting deeper than 1000 levels (the YAML parser's limit)"])
    }

    @Test func hugelyDeepNestingDoesNotOverflowTheStack() {
        let deep = String(repeating: "[", count: 500_000) + String(repeating: "]", count: 500_000)
        let errors = Fixtures.policyErrors(deep)
        #expect(errors.count == 1)
    }

    @Test func invalidUTF8IsReportedAtItsByte() {
        var bytes = Array("policy: a\nprovider: b".utf8)
        bytes.insert(0xFF, at: 14)
        #expect(throws: DiagnosticsError.self) { try Fixtures.engine.readDocument(bytes: bytes, file: "u.yaml") }
        do { _ = try Fixtures.engine.readDocument(bytes: bytes, file: "u.yaml") } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "u.yaml:2:5: error: invalid UTF-8 byte 0xFF; files must be UTF-8 text"
                ])
        }
    }

    @Test func tooManyStepsAreRefused() {
        let engine = SSOPolicyEngine(registry: Fixtures.registry, limits: InputLimits(maxSteps: 100))
        let steps = (0..<101).map { _ in "  - { user: alice, open: till }" }.joined(separator: "\n")
        let errors = Fixtures.scenarioErrors("scenario: s\nsteps:\n" + steps + "\n", engine: engine)
        #expect(errors == ["s.yaml:103:5: error: steps: 101 steps; the limit is 100"])
    }

    @Test func emptyAndNonMappingFilesAreErrors() {
        #expect(Fixtures.policyErrors("") == ["p.yaml:1:1: error: file is empty: expected a YAML mapping"])
        #expect(
            Fixtures.policyErrors("- a\n- b\n") == [
                "p.yaml:1:1: error: policy file: expected a mapping, found a sequence"
            ])
    }
}
