import Foundation
import SSOPolicyTestSupport
import Testing

/// `list`, `show` and `--fail-on`: what a first session and a CI gate rely on.
struct LibraryCommandTests {
    @Test func listNamesEveryBundledFileOfEachKindWithItsTitle() throws {
        let result = ssopolicy("list", "--suites")
        #expect(result.code == 0, "\(result.err)")
        let policies = try FileManager.default.subpathsOfDirectory(atPath: repository + "/Policies")
            .filter { $0.hasSuffix(".yaml") }
        for path in policies {
            let name = String(path.split(separator: "/").last!.dropLast(5))
            #expect(result.out.contains(name), "list omits \(name)")
        }
        #expect(result.out.contains("Scenarios ("))
        #expect(result.out.contains("Suites ("))
        #expect(result.out.contains("  forgotten-sign-out     Alice forgets to sign out;"))
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

/// `run --emit-suite` pins today's answers in a suite that `test` then passes, and that fails when they change.
struct EmitSuiteTests {
    @Test func anEmittedSuitePassesAndPinsEveryStep() throws {
        let folder = Fixtures.folder()
        try FileManager.default.createDirectory(atPath: folder + "/suites", withIntermediateDirectories: true)
        let policy = folder + "/frontline.yaml"
        try FileManager.default.copyItem(atPath: repository + "/Policies/entra/frontline-entra.yaml", toPath: policy)
        let scenario = folder + "/forgotten.yaml"
        try FileManager.default.copyItem(
            atPath: repository + "/Policies/scenarios/forgotten-sign-out.yaml", toPath: scenario)
        let suite = folder + "/suites/pinned.yaml"
        let run = ssopolicy("run", "--scenario", scenario, policy, "--emit-suite", suite)
        #expect(run.code == 0, "\(run.err)")
        let text = try String(contentsOfFile: suite, encoding: .utf8)
        #expect(text.contains("policy: ../frontline.yaml\nscenario: ../forgotten.yaml\n"))
        #expect(text.contains("  - step: 3\n"))
        #expect(text.contains("previous-user-session-active"))
        let tested = ssopolicy("test", folder)
        #expect(tested.code == 0, "\(tested.out)\(tested.err)")
        #expect(tested.out.contains("passed, 0 failed"))

        // A changed answer fails the pinned suite.
        let changed = try #require(text.range(of: "session_user: alice"))
        try text.replacingCharacters(in: changed, with: "session_user: bob")
            .write(toFile: suite, atomically: true, encoding: .utf8)
        #expect(ssopolicy("test", folder).code == 1)
    }

    /// The suite's folder is made when missing, as `verify --counterexample-dir` makes its folder.
    @Test func theSuitesFolderIsMadeWhenMissing() throws {
        let folder = Fixtures.folder()
        let policy = folder + "/frontline.yaml"
        try FileManager.default.copyItem(atPath: repository + "/Policies/entra/frontline-entra.yaml", toPath: policy)
        let scenario = folder + "/shift.yaml"
        try FileManager.default.copyItem(atPath: repository + "/Policies/scenarios/shift-change.yaml", toPath: scenario)
        let run = ssopolicy("run", "--scenario", scenario, policy, "--emit-suite", folder + "/suites/new/pinned.yaml")
        #expect(run.code == 0, "\(run.err)")
        #expect(ssopolicy("test", folder).code == 0)
    }

    /// A bundled name cannot be a suite's reference (a suite names files by path): a clear error, and no file.
    @Test func aBundledFileIsRefusedWithTheCommandThatCopiesIt() throws {
        let folder = Fixtures.folder()
        let policy = folder + "/frontline.yaml"
        try FileManager.default.copyItem(atPath: repository + "/Policies/entra/frontline-entra.yaml", toPath: policy)
        let suite = folder + "/suites/pinned.yaml"
        let run = ssopolicy("run", "--scenario", "shift-change", policy, "--emit-suite", suite)
        #expect(run.code == 1)
        #expect(run.out.isEmpty)
        #expect(
            run.err
                == "<command-line>: error: --emit-suite: the scenario 'shift-change' is a bundled file, and a suite "
                + "names its files by path; copy it first (ssopolicy show shift-change > shift-change.yaml) and name "
                + "the copy\n")
        #expect(!FileManager.default.fileExists(atPath: suite))
        let both = ssopolicy(
            "run", "--scenario", "scenarios/shift-change.yaml", "warehouse-airwatch", "--emit-suite", suite)
        #expect(both.code == 1)
        #expect(both.err.contains("the scenario 'scenarios/shift-change.yaml' is a bundled file"))
        #expect(both.err.contains("(ssopolicy show scenarios/shift-change.yaml > shift-change.yaml)"))
        #expect(both.err.contains("the policy 'warehouse-airwatch' is a bundled file"))
    }
}
