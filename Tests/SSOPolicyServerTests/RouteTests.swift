import Foundation
import SSOPolicyCLI
import SSOPolicyServer
import SSOPolicyTestSupport
import Testing

/// Each verb over HTTP answers byte for byte what the command line's `--format json` prints for the same input.
struct SameAnswerAsTheCommandLineTests {
    func expectSame(_ arguments: [String], _ path: String, _ body: String) async throws {
        let expected = cli(arguments + ["--format", "json"])
        #expect(expected.code == 0)
        // A generous budget: these tests compare answers, and a loaded test machine must not turn them into 503s.
        let answer = try await request(.post, path, body: body, options: ServeOptions(timeBudgetSeconds: 120))
        #expect(answer.status == 200, "\(answer.body)")
        #expect(answer.body == expected.out)
        #expect(!answer.body.isEmpty)
    }

    @Test func compare() async throws {
        try await expectSame(
            ["compare", "--scenario", "shift-change", "warehouse-airwatch", "frontline-entra", "--diff"], "/v1/compare",
            #"{"scenario": "shift-change", "policies": ["warehouse-airwatch", "frontline-entra"], "diff": true}"#)
    }

    @Test func run() async throws {
        try await expectSame(
            ["run", "--scenario", "forgotten-sign-out", "frontline-entra", "--explain"], "/v1/run",
            #"{"scenario": "forgotten-sign-out", "policy": "frontline-entra", "explain": true}"#)
    }

    @Test func evaluateWithUnknownFacts() async throws {
        try await expectSame(
            ["evaluate", "warehouse-airwatch", "--app", "timesheet", "--user", "bob", "--fact", "passcode_set=true"],
            "/v1/evaluate",
            #"{"policy": "warehouse-airwatch", "app": "timesheet", "user": "bob", "facts": {"passcode_set": "true"}}"#)
    }

    @Test func matrix() async throws {
        try await expectSame(
            ["matrix", "warehouse-airwatch", "--all"], "/v1/matrix", #"{"policy": "warehouse-airwatch", "all": true}"#)
    }

    @Test func providers() async throws {
        let expected = cli(["providers", "--format", "json"])
        let answer = try await request(.get, "/v1/providers")
        #expect(answer.status == 200)
        #expect(answer.body == expected.out)
        let one = try await request(.get, "/v1/providers/entra-shared-device")
        #expect(one.body == cli(["providers", "entra-shared-device", "--format", "json"]).out)
    }

    /// Inline YAML with a `file` label gives the same positions as the command line on that file.
    @Test func checkInlineYAML() async throws {
        let folder = Fixtures.folder()
        let yaml = "policy: x\nprovider: airwatch-sdkk\napps:\n  - id: a\n"
        let path = Fixtures.write(yaml, to: "bad.yaml", in: folder)
        let expected = cli(["check", path, "--format", "json"])
        #expect(expected.code == 1)
        let answer = try await request(
            .post, "/v1/check", body: #"{"documents": [{"yaml": \#(quoted(yaml)), "file": \#(quoted(path))}]}"#)
        #expect(answer.status == 200)
        #expect(answer.body == expected.out)
        #expect(answer.body.contains("did you mean 'airwatch-sdk'?"))
    }

    @Test func runInlineYAMLAgainstTheSameFileOnDisk() async throws {
        let policy =
            "policy: mine\nprovider: entra-shared-device\nsettings:\n  shared_device_mode: true\napps:\n  - id: inventory\n"
        let scenario = "scenario: s\nsteps:\n  - { user: alice, open: inventory }\n  - { user: bob, open: inventory }\n"
        let folder = Fixtures.folder()
        let policyPath = Fixtures.write(policy, to: "policy.yaml", in: folder)
        let scenarioPath = Fixtures.write(scenario, to: "scenario.yaml", in: folder)
        let expected = cli(["run", "--scenario", scenarioPath, policyPath, "--format", "json"])
        #expect(expected.code == 0, "\(expected.out)")
        let answer = try await request(
            .post, "/v1/run",
            body: #"{"scenario": {"yaml": \#(quoted(scenario))}, "policy": {"yaml": \#(quoted(policy))}}"#)
        #expect(answer.status == 200, "\(answer.body)")
        #expect(answer.body == expected.out)
    }
}

struct ErrorAndLimitTests {
    @Test func inlineYAMLErrorsCarryThePseudoFileName() async throws {
        let answer = try await request(
            .post, "/v1/evaluate",
            body:
                #"{"policy": {"yaml": "policy: x\nprovider: airwatch-sdkk\napps:\n  - id: a\n"}, "app": "a", "user": "bob"}"#
        )
        #expect(answer.status == 422)
        #expect(answer.body.contains("\"file\": \"policy.yaml\",\n      \"line\": 2,\n      \"column\": 11,"))
        #expect(answer.body.contains("did you mean 'airwatch-sdk'?"))
    }

    @Test func compareNamesEachInlinePolicy() async throws {
        let answer = try await request(
            .post, "/v1/compare",
            body: #"{"scenario": "shift-change", "policies": ["frontline-entra", {"yaml": "policy: [\n"}]}"#)
        #expect(answer.status == 422)
        #expect(answer.body.contains("\"file\": \"policy-2.yaml\""))
    }

    @Test(arguments: [
        "../Policies/entra/frontline-entra.yaml", "/etc/passwd", "Policies/scenarios/shift-change.yaml", "~root",
        "shift-change.yaml",
    ])
    func pathLikeNamesAreRefused(_ name: String) async throws {
        let answer = try await request(
            .post, "/v1/run", body: #"{"scenario": \#(quoted(name)), "policy": "frontline-entra"}"#)
        #expect(answer.status == 422)
        #expect(answer.body.contains("not a bundled name: the API reads no files"))
        let check = try await request(.post, "/v1/check", body: #"{"documents": [\#(quoted(name))]}"#)
        #expect(check.status == 422)
        #expect(!check.body.contains("root:"))
    }

    @Test func unknownBundledNameSuggestsOne() async throws {
        let answer = try await request(
            .post, "/v1/run", body: #"{"scenario": "shift-chnage", "policy": "frontline-entra"}"#)
        #expect(answer.status == 422)
        #expect(answer.body.contains("did you mean 'shift-change'?"))
    }

    @Test func suitesAreRefusedBecauseTheyNameFiles() async throws {
        let suite = "suite: s\npolicy: /etc/passwd\nscenario: x.yaml\nexpect:\n  - step: 1\n"
        let answer = try await request(.post, "/v1/check", body: #"{"documents": [{"yaml": \#(quoted(suite))}]}"#)
        #expect(answer.status == 200)
        #expect(answer.body.contains("\"errors\": 1,"))
        #expect(answer.body.contains("\"file\": \"document-1.yaml\""))
        #expect(answer.body.contains("a test suite names files on disk"))
    }

    @Test func bodiesOverTheLoaderLimitAreRefused() async throws {
        let body =
            #"{"documents": [{"yaml": ""# + String(repeating: "a", count: LoadLimits.standard.maxBytes) + #""}]}"#
        let answer = try await request(.post, "/v1/check", body: body)
        #expect(answer.status == 413)
        #expect(answer.body.contains("\"error\": \"request body over 1048576 bytes\""))
    }

    @Test func malformedBodiesAre400WithTheField() async throws {
        let missing = try await request(.post, "/v1/run", body: #"{"policy": "frontline-entra"}"#)
        #expect(missing.status == 400)
        #expect(missing.body.contains("missing field 'scenario'"))
        let broken = try await request(.post, "/v1/run", body: "{")
        #expect(broken.status == 400)
        let one = try await request(
            .post, "/v1/compare", body: #"{"scenario": "shift-change", "policies": ["frontline-entra"]}"#)
        #expect(one.status == 400)
    }

    @Test func unknownAppAndFactAreStructuredDiagnostics() async throws {
        let answer = try await request(
            .post, "/v1/evaluate",
            body: #"{"policy": "frontline-entra", "app": "payroll", "user": "bob", "facts": {"signed_inn": "bob"}}"#)
        #expect(answer.status == 422)
        #expect(answer.body.contains("\"error\": \"the request has errors\""))
        #expect(
            answer.body.contains(
                "\"file\": \"<request>\",\n      \"line\": 0,\n      \"column\": 0,\n      \"severity\": \"error\",\n"
                    + "      \"message\": \"app: policy 'frontline-entra' has no app 'payroll'"))
        #expect(answer.body.contains("\"message\": \"facts.signed_inn: unknown fact 'signed_inn'"))
        #expect(answer.body.contains("did you mean 'signed_in'?"))
    }

}

struct CatalogAndDocumentTests {
    @Test func healthz() async throws {
        let answer = try await request(.get, "/healthz")
        #expect(answer.status == 200)
        #expect(answer.body == "ok\n")
    }

    @Test func bundledPoliciesAndScenariosAreListedAndFetched() async throws {
        let policies = try await request(.get, "/v1/policies")
        #expect(policies.body.contains("\"name\": \"warehouse-airwatch\""))
        #expect(policies.body.contains("\"provider\": \"airwatch-sdk\""))
        #expect(!policies.body.contains("shift-change"))
        let scenarios = try await request(.get, "/v1/scenarios")
        #expect(scenarios.body.contains("\"name\": \"shift-change\""))
        let one = try await request(.get, "/v1/scenarios/shift-change")
        #expect(one.status == 200)
        #expect(one.body.contains("\"yaml\": \"scenario: shift-change"))
        let wrongKind = try await request(.get, "/v1/policies/shift-change")
        #expect(wrongKind.status == 404)
        let unknown = try await request(.get, "/v1/providers/entra")
        #expect(unknown.status == 404)
        #expect(unknown.body.contains("did you mean"))
    }

    @Test func theServedOpenAPIDocumentIsTheCheckedInOne() async throws {
        let served = try await request(.get, "/v1/openapi.json")
        #expect(served.status == 200)
        let checkedIn = try String(contentsOfFile: repository + "/docs/openapi.json", encoding: .utf8)
        #expect(
            served.body == checkedIn,
            "docs/openapi.json is stale: curl -s localhost:8080/v1/openapi.json > docs/openapi.json")
    }

    @Test func everyRouteIsDocumented() throws {
        let context = CLIContext(registry: registry, write: { _ in }, writeError: { _ in })
        let router = PolicyServer.router(ServeOptions(), context: context.queryContext)
        let registered = Set(router.routes.map { "\($0.method.rawValue) \($0.path.description)" })
        let document = try JSONSerialization.jsonObject(with: Data(PolicyServer.openAPIDocument.utf8)) as? [String: Any]
        let paths = document?["paths"] as? [String: [String: Any]] ?? [:]
        let documented = Set(paths.flatMap { path, methods in methods.keys.map { "\($0.uppercased()) \(path)" } })
        #expect(registered == documented)
        #expect(registered.count >= 15)
    }
}

struct PlaygroundTests {
    @Test func thePageCarriesTheComparisonAnswerForItsQuery() async throws {
        let page = try await request(.get, "/?policies=warehouse-airwatch,frontline-entra&scenario=lunch-break")
        #expect(page.status == 200)
        #expect(page.body.hasPrefix("<!doctype html>"))
        #expect(page.body.contains("\"scenario\": \"lunch-break\""))
        #expect(!page.body.contains("<script src"))
        // Nothing is loaded from the internet (the answer itself may cite public documents by URL).
        for reference in ["src=\"http", "href=\"http", "url(http", "import \"http"] {
            #expect(!page.body.contains(reference))
        }
    }

    @Test func pastedYAMLErrorsShowTheirPositions() async throws {
        let page = try await request(.get, "/embed?policies=frontline-entra&policy_yaml=policy%3A%20%5B")
        #expect(page.status == 200)
        #expect(page.body.contains("\"file\": \"policy.yaml\""))
    }

    @Test func scriptTextCannotCloseTheDataElement() async throws {
        let page = try await request(.get, "/?scenario_yaml=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E")
        #expect(!page.body.contains("</script><script>alert"))
    }
}

struct PlaygroundQueryTests {
    @Test func formFieldsDecodeLikeABrowserSendsThem() async throws {
        let yaml = "scenario: mine\nsteps:\n  - { user: alice, open: inventory }\n"
        let encoded = yaml.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            .replacingOccurrences(of: "%20", with: "+")
        let page = try await request(
            .get, "/embed?policies=frontline-entra&policies=warehouse-airwatch&scenario_yaml=" + encoded)
        #expect(page.status == 200)
        #expect(page.body.contains("\"scenario\": \"mine\""))
        #expect(page.body.contains("\"policies\":[\"frontline-entra\",\"warehouse-airwatch\"]"))
    }
}

struct PlaygroundMatrixTests {
    @Test func theMatrixViewCarriesTheMatrixAnswer() async throws {
        let query = "policies=warehouse-airwatch,frontline-entra&view=matrix&matrix=frontline-entra&app=inventory"
        let page = try await request(.get, "/?" + query)
        let expected = cli(["matrix", "frontline-entra", "--app", "inventory", "--format", "json"])
        #expect(page.status == 200)
        #expect(page.body.contains("\"matrix\": " + expected.out.replacingOccurrences(of: "<", with: "\\u003c")))
        let compareOnly = try await request(.get, "/?policies=frontline-entra")
        #expect(!compareOnly.body.contains("\"matrix\": {"))
    }
}
