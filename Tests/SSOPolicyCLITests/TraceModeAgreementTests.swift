import Foundation
import SSOPolicy
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// Every bundled policy answers the same with the trace off (the fast path: fixed predicates as bits, rules as
/// masks) as with it on (the interpreter that names the deciding condition).
@Suite struct TraceModeAgreementTests {
    static let policies: [String] = {
        let root = repository + "/Policies"
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return folders.sorted().flatMap { folder -> [String] in
            guard folder != "scenarios" && folder != "suites" && folder != "fleets" else { return [] }
            let files = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
            return files.filter { $0.hasSuffix(".yaml") }.sorted().map { root + "/" + folder + "/" + $0 }
        }
    }()

    @Test func everyBundledPolicyIsFound() {
        #expect(Self.policies.count >= 15)
    }

    @Test(arguments: policies) func theTraceDoesNotChangeTheAnswer(_ path: String) throws {
        let policy = try engine.loadPolicy(path: path)
        let report = TraceModeAgreement.check(policy)
        #expect(report.mismatches == [])
        #expect(report.compared > 100)
    }
}
