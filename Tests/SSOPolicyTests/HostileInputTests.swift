import Foundation
import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// Hostile files through every loader (policy, scenario, suite): each is refused with a positioned error by a bound,
/// never by running out of time or memory. Complements `BoundsTests`.
struct HostileInputTests {
    static func errors(_ bytes: [UInt8], engine: SSOPolicyEngine = Fixtures.engine) -> [String] {
        do {
            let root = try engine.readDocument(bytes: bytes, file: "h.yaml")
            switch try engine.kind(of: root) {
            case .policy: _ = try engine.loadPolicy(root, file: "h.yaml")
            case .scenario: _ = try engine.loadScenario(root, file: "h.yaml")
            case .suite: _ = try engine.loadSuite(root, file: "h.yaml")
            case .fleet: _ = try engine.loadFleet(root, file: "h.yaml")
            }
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func aMillionStepScenarioIsRefusedBeforeParsing() {
        var text = "scenario: huge\nsteps:\n"
        text.reserveCapacity(30_000_000)
        for _ in 0..<1_000_000 { text += "  - { user: alice, open: till }\n" }
        let errors = Self.errors(Array(text.utf8))
        #expect(errors.count == 1)
        #expect(
            errors.first?.hasPrefix("h.yaml:1:1: error: file is \(text.utf8.count) bytes; the limit is 1048576") == true
        )
    }

    @Test func stepsBeyondTheStandardLimitAreRefusedWithThePositionOfTheFirstExtraStep() {
        var text = "scenario: long\nsteps:\n"
        for _ in 0..<10_001 { text += "  - { user: a, open: till }\n" }
        #expect(text.utf8.count < 1 << 20)
        #expect(Self.errors(Array(text.utf8)) == ["h.yaml:10003:5: error: steps: 10001 steps; the limit is 10000"])
    }

    @Test func aTenMegabyteLineIsRefusedBeforeParsing() {
        let bytes = Array("policy: ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 10 << 20)
        #expect(Self.errors(bytes).first?.contains("the limit is 1048576 bytes") == true)
    }

    @Test(arguments: ["scenario: bomb\nsteps: *i\n", "suite: bomb\npolicy: p.yaml\nscenario: s.yaml\nexpect: *i\n"])
    func aliasBombsAreRefusedInScenariosAndSuitesToo(tail: String) {
        let bomb = BoundsTests.aliasBomb.replacingOccurrences(of: "policy: bomb", with: "") + tail
        let errors = Self.errors(Array(bomb.utf8))
        #expect(errors.count == 1)
        #expect(errors.first?.contains("document too large: more than 100000 nodes") == true)
    }

    @Test func deepNestingInAScenarioIsRefused() {
        let deep = "scenario: deep\nsteps: " + String(repeating: "[", count: 10_000) + "\n"
        let errors = Self.errors(Array(deep.utf8))
        #expect(errors.count == 1)
        #expect(errors.first?.contains("nesting deeper than") == true)
    }

    @Test func invalidUTF8InAScenarioIsReportedAtItsByte() {
        var bytes = Array("scenario: s\nsteps:\n  - { user: al, open: till }\n".utf8)
        bytes.insert(0xC0, at: 29)
        #expect(Self.errors(bytes) == ["h.yaml:3:11: error: invalid UTF-8 byte 0xC0; files must be UTF-8 text"])
    }
}
