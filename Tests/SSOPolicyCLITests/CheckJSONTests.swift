import Foundation
import SSOPolicyTestSupport
import Testing

struct CheckJSONTests {
    @Test func checkJSONReportsPositionedDiagnosticsAndCounts() {
        let folder = Fixtures.folder()
        let path = Fixtures.write("policy: x\nprovider: airwatch-sdkk\napps:\n  - id: a\n", to: "bad.yaml", in: folder)
        let result = ssopolicy("check", path, "--format", "json")
        #expect(result.code == 1)
        #expect(result.err.isEmpty)
        #expect(result.out.hasPrefix("{\n  \"files_checked\": 1,\n"))
        #expect(result.out.contains("\"errors\": 1,"))
        #expect(result.out.contains("\"file\": \"\(path)\",\n      \"line\": 2,\n      \"column\": 11,"))
        #expect(result.out.contains("\"severity\": \"error\""))
        #expect(result.out.contains("did you mean 'airwatch-sdk'?"))
    }

    @Test func checkTextOutputIsUnchanged() {
        let result = ssopolicy("check", repository + "/Policies/airwatch/sso-requirements-missing.yaml")
        #expect(result.code == 0)
        #expect(result.out == "checked 1 file (1 policy, 0 scenarios, 0 suites): 0 errors, 7 warnings\n")
        #expect(
            result.err.contains("sso-requirements-missing.yaml:4:1: warning: medium: compromised protection is off"))
    }

    @Test func checkJSONQuietKeepsOnlyErrorsButCountsWarnings() {
        let result = ssopolicy(
            "check", repository + "/Policies/airwatch/sso-requirements-missing.yaml", "--format", "json", "--quiet")
        #expect(result.code == 0)
        #expect(result.out.contains("\"warnings\": 7,"))
        #expect(result.out.contains("\"diagnostics\": []"))
    }
}
