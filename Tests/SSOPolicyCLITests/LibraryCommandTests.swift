import Foundation
import Testing

/// `list`, `show` and `--fail-on`: what a first session and a CI gate rely on.
struct LibraryCommandTests {
    @Test func listNamesEveryBundledFileOfEachKindWithItsTitle() throws {
        let result = ssopolicy("list")
        #expect(result.code == 0, "\(result.err)")
        let policies = try FileManager.default.subpathsOfDirectory(atPath: repository + "/Policies")
            .filter { $0.hasSuffix(".yaml") }
        for path in policies {
            let name = String(path.split(separator: "/").last!.dropLast(5))
            #expect(result.out.contains(name), "list omits \(name)")
        }
        #expect(result.out.contains("Scenarios ("))
        #expect(result.out.contains("Suites ("))
        #expect(result.out.contains("Alice forgets to sign out; Bob picks the device up at noon"))
        #expect(result.out.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func listOfOneKindAsJSON() throws {
        let result = ssopolicy("list", "policies", "--format", "json")
        #expect(result.code == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: [[String: Any]]])
        #expect(Array(object.keys) == ["policies"])
        let entra = try #require(object["policies"]?.first { $0["name"] as? String == "frontline-entra" })
        #expect(entra["provider"] as? String == "entra-shared-device")
        #expect(entra["path"] as? String == "Policies/entra/frontline-entra.yaml")
    }

    @Test func showPrintsTheBundledFileVerbatim() throws {
        let result = ssopolicy("show", "shift-change")
        #expect(result.code == 0)
        let onDisk = try String(contentsOfFile: repository + "/Policies/scenarios/shift-change.yaml", encoding: .utf8)
        #expect(result.out == onDisk)
    }

    @Test func showOfAnUnknownNameSuggestsTheClosest() {
        let result = ssopolicy("show", "shift-chnage")
        #expect(result.code == 1)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("shift-chnage:1:1: error: no bundled policy, scenario or suite of that name"))
        #expect(result.err.contains("did you mean 'shift-change'?"))
    }

    @Test func failOnGatesRunAndCompareBySeverity() {
        // Bob opens an app while alice is still signed in: alice's session (critical) under frontline-entra; on a
        // proper shift change frontline-entra raises only a medium configuration finding.
        let forgotten = ssopolicy("run", "--scenario", "forgotten-sign-out", "frontline-entra", "--fail-on", "critical")
        #expect(forgotten.code == 1)
        #expect(forgotten.err.contains("error: --fail-on critical: findings at critical or worse: frontline-entra: "))
        #expect(!forgotten.out.isEmpty, "the answer is still printed")
        #expect(ssopolicy("run", "--scenario", "forgotten-sign-out", "frontline-entra").code == 0)
        #expect(ssopolicy("run", "--scenario", "shift-change", "frontline-entra", "--fail-on", "high").code == 0)
        let medium = ssopolicy("run", "--scenario", "shift-change", "frontline-entra", "--fail-on", "medium")
        #expect(medium.code == 1)
        #expect(medium.err.contains("frontline-entra: 1 medium"))
        let compare = ssopolicy(
            "compare", "--scenario", "forgotten-sign-out", "frontline-entra", "misconfigured-entra",
            "--fail-on", "critical")
        #expect(compare.code == 1)
        #expect(compare.err.contains("frontline-entra: "))
        #expect(ssopolicy("compare", "--scenario", "shift-change", "a", "b", "--fail-on", "severe").code == 64)
    }
}
