import Foundation
import HTTPTypes
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

    @Test func evaluateWithSettingsChangedAndUnknown() async throws {
        try await expectSame(
            [
                "evaluate", "frontline-entra", "--app", "inventory", "--user", "bob", "--setting", "sso_extension=?",
                "--setting", "inventory.msal=multiple_account",
            ],
            "/v1/evaluate",
            #"{"policy": "frontline-entra", "app": "inventory", "user": "bob", "#
                + #""settings": {"sso_extension": "?", "inventory.msal": "multiple_account"}}"#)
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

    /// YAML sent as a string where a name or `{"yaml": ...}` goes is refused with the way to send it, and is not
    /// echoed back as the diagnostic's file.
    @Test func yamlSentAsANameIsNotEchoedAsAFileName() async throws {
        let yaml = "scenario: mine\nsteps:\n  - { at: \"08:00\", user: alice, open: inventory }\n"
        let answer = try await request(
            .post, "/v1/run", body: #"{"scenario": \#(quoted(yaml)), "policy": "frontline-entra"}"#)
        #expect(answer.status == 422)
        #expect(
            answer.body.contains("\"file\": \"<a text of \(yaml.utf8.count) bytes, not a name>\""), "\(answer.body)")
        #expect(answer.body.contains("or send the YAML inline as {\\\"yaml\\\": \\\"...\\\"}"), "\(answer.body)")
        #expect(!answer.body.contains("scenario: mine"))
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
            #"{"documents": [{"yaml": ""# + String(repeating: "a", count: InputLimits.documents.maxBytes) + #""}]}"#
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

/// A form body as the playground's own form sends it.
func form(_ fields: [(String, String)]) -> String {
    fields.map { key, value in
        func encode(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!.replacingOccurrences(
                of: "%20", with: "+")
        }
        return encode(key) + "=" + encode(value)
    }.joined(separator: "&")
}

/// A playground request with a budget generous enough for a machine busy with the rest of the test suite (pages
/// compute on low-priority threads); the budget itself is tested in WorkLimiterTests.
func playgroundRequest(
    _ method: HTTPRequest.Method, _ uri: String, body: String? = nil, headers: HTTPFields = [:]
) async throws -> (status: Int, body: String) {
    try await request(method, uri, body: body, headers: headers, options: ServeOptions(timeBudgetSeconds: 120))
}

let formType: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

struct PlaygroundTests {
    @Test func theComparisonIsRenderedOnTheServerAndNeedsNoScript() async throws {
        let page = try await playgroundRequest(
            .get, "/?policies=warehouse-airwatch,frontline-entra&scenario=lunch-break")
        #expect(page.status == 200)
        #expect(page.body.hasPrefix("<!doctype html>"))
        #expect(!page.body.contains("<script"))
        #expect(page.body.contains("<caption>Scenario lunch-break: Alice works, leaves for a 45-minute lunch"))
        #expect(page.body.contains("<th scope=\"col\">warehouse-airwatch</th><th scope=\"col\">frontline-entra</th>"))
        #expect(page.body.contains("<th scope=\"row\">verdict</th>"))
        // Nothing is loaded from the internet (the answer itself may cite public documents by URL).
        for reference in ["src=\"http", "href=\"http", "url(http", "import \"http"] {
            #expect(!page.body.contains(reference))
        }
        // The form posts, so pasted YAML never lands in a URL; the view is a link for bundled content.
        #expect(page.body.contains("<form method=\"post\" action=\"/\""))
        #expect(
            page.body.contains(
                "<a href=\"/?policies=warehouse-airwatch,frontline-entra&amp;scenario=lunch-break&amp;view=compare\">"
                    + "Link to this view</a>"))
    }

    @Test func aWhatIfQuestionIsAnsweredAsEvaluateAnswersIt() async throws {
        let query =
            "/?policies=warehouse-airwatch,frontline-entra&scenario=shift-change&whatif=frontline-entra&app=inventory"
            + "&user=bob&fact:signed_in=alice&fact:data_owner=&ask=1"
        let page = try await playgroundRequest(.get, query)
        #expect(page.status == 200)
        let expected = cli([
            "evaluate", "frontline-entra", "--app", "inventory", "--user", "bob", "--fact", "signed_in=alice",
        ])
        // evaluate's text: "N outcomes", then each outcome's `when` line.
        let count = try #require(expected.out.split(separator: "\n").first?.split(separator: ":").last)
        #expect(page.body.contains("bob opens inventory under frontline-entra:\(count)</strong>"))
        for line in expected.out.split(separator: "\n") where line.hasPrefix("when ") {
            #expect(page.body.contains("<div class=\"when\">\(line)</div>"), "missing \(line)")
        }
        #expect(
            page.body.contains("critical:</strong> bob is working in alice&#39;s session")
                || page.body.contains("critical:</strong> bob is working in alice's session"))
        #expect(
            page.body.contains("ssopolicy evaluate frontline-entra --app inventory --user bob --fact signed_in=alice"))
        // The question stays in the link; unknown facts are left out.
        #expect(page.body.contains("fact:signed_in=alice&amp;ask=1\">Link to this view</a>"))
        // A fact of the chosen policy known with a wrong value is the evaluate error, shown in place.
        let wrong = try await playgroundRequest(
            .get, "/?policies=frontline-entra&whatif=frontline-entra&app=inventory&user=none&ask=1")
        #expect(wrong.body.contains("cannot be a user name"))
    }

    @Test func twoPastedPoliciesAreComparedFromAPostBody() async throws {
        let entra = cli(["show", "frontline-entra"]).out.replacingOccurrences(
            of: "policy: frontline-entra", with: "policy: my-entra")
        let airwatch = cli(["show", "warehouse-airwatch"]).out.replacingOccurrences(
            of: "policy: warehouse-airwatch", with: "policy: my-airwatch")
        let body = form([
            ("policy_yaml", entra), ("policy_yaml", airwatch), ("policy_yaml", ""), ("scenario", "forgotten-sign-out"),
            ("view", "compare"),
        ])
        let page = try await playgroundRequest(.post, "/", body: body, headers: formType)
        #expect(page.status == 200)
        #expect(page.body.contains("<th scope=\"col\">my-entra</th><th scope=\"col\">my-airwatch</th>"))
        // The pasted text comes back in its textareas, escaped; no link holds it.
        #expect(page.body.contains("policy: my-entra"))
        #expect(!page.body.contains("Link to this view"))
        #expect(page.body.contains("never put in a link"))
    }

    @Test func pastedYAMLErrorsShowTheirPositions() async throws {
        let body = form([("policies", "frontline-entra"), ("policy_yaml", "policy: [")])
        let page = try await playgroundRequest(.post, "/", body: body, headers: formType)
        #expect(page.status == 200)
        #expect(page.body.contains("<code>policy.yaml:2:1: error: invalid YAML"))
    }

    @Test func pastedYAMLInAURLIsIgnoredAndSaidSo() async throws {
        let page = try await playgroundRequest(.get, "/?policies=frontline-entra&policy_yaml=policy%3A%20%5B")
        #expect(page.status == 200)
        #expect(
            page.body.contains("Pasted YAML is accepted only in the form&#39;s POST body")
                || page.body.contains("Pasted YAML is accepted only in the form's POST body"))
        #expect(!page.body.contains("policy.yaml:1:"))
    }

    @Test func thePlaygroundFormIsTheOnlyBodyTypeAccepted() async throws {
        for type in ["application/json", "text/plain", "multipart/form-data; boundary=x"] {
            let page = try await playgroundRequest(
                .post, "/", body: "policies=frontline-entra", headers: [.contentType: type])
            #expect(page.status == 415, "\(type)")
        }
    }

    @Test func scriptTextCannotBreakOutOfTheTextarea() async throws {
        let body = form([("scenario_yaml", "</textarea><script>alert(1)</script>")])
        let page = try await playgroundRequest(.post, "/", body: body, headers: formType)
        #expect(!page.body.contains("<script>alert"))
        #expect(page.body.contains("&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
    }
}

struct PlaygroundQueryTests {
    @Test func formFieldsDecodeLikeABrowserSendsThem() async throws {
        let yaml = "scenario: mine\ntitle: My shift\nsteps:\n  - { user: alice, open: inventory }\n"
        let body = form([("policies", "frontline-entra"), ("policies", "warehouse-airwatch"), ("scenario_yaml", yaml)])
        let page = try await playgroundRequest(.post, "/", body: body, headers: formType)
        #expect(page.status == 200)
        #expect(page.body.contains("<caption>Scenario mine: My shift</caption>"))
        #expect(page.body.contains("<th scope=\"col\">frontline-entra</th><th scope=\"col\">warehouse-airwatch</th>"))
    }
}

struct PlaygroundMatrixTests {
    @Test func theDecisionTableViewIsEvaluatesDistinctAnswers() async throws {
        let query =
            "policies=warehouse-airwatch,frontline-entra&view=matrix&matrix=frontline-entra&matrix_app=inventory"
        let page = try await playgroundRequest(.get, "/?" + query)
        let expected = cli(["evaluate", "frontline-entra", "--app", "inventory", "--user", "alice", "--format", "json"])
        let answers = try #require(
            (try JSONSerialization.jsonObject(with: Data(expected.out.utf8)) as? [String: Any])?["answers"] as? [Any])
        #expect(page.status == 200)
        #expect(
            page.body.contains(
                "<caption>Decision table of frontline-entra for app inventory, user alice: "
                    + "\(answers.count) distinct answers over 108 combinations of what is unknown</caption>"))
        #expect(page.body.contains("<tr><th scope=\"row\">\(answers.count)</th>"))
        #expect(!page.body.contains("<tr><th scope=\"row\">\(answers.count + 1)</th>"))
        let compareOnly = try await playgroundRequest(.get, "/?policies=frontline-entra")
        #expect(!compareOnly.body.contains("<div class=\"table-wrap\" id=\"matrix\">"))
    }

    @Test func aWhatIfMayChangeASettingOrLeaveItUnknown() async throws {
        let query =
            "/?policies=frontline-entra&whatif=frontline-entra&app=inventory&user=bob&fact:signed_in=none"
            + "&setting:sso_extension=%3F&setting:shared_device_mode=&ask=1"
        let page = try await playgroundRequest(.get, query)
        #expect(page.status == 200)
        let expected = cli([
            "evaluate", "frontline-entra", "--app", "inventory", "--user", "bob", "--fact", "signed_in=none",
            "--setting", "sso_extension=?",
        ])
        for line in expected.out.split(separator: "\n") where line.hasPrefix("when ") {
            #expect(page.body.contains("<div class=\"when\">\(line)</div>"), "missing \(line)")
        }
        #expect(expected.out.contains("when sso_extension="))
        #expect(
            page.body.contains("--fact signed_in=none --setting &#39;sso_extension=?&#39;</code>")
                || page.body.contains("--fact signed_in=none --setting 'sso_extension=?'</code>"))
        // The choice stays selected, and in the link; a setting left as the policy says is not.
        #expect(page.body.contains("<option value=\"?\" selected>unknown</option>"))
        #expect(page.body.contains("setting:sso_extension=%3F&amp;ask=1\">Link to this view</a>"))
    }
}

struct MatrixBoundTests {
    @Test func aMatrixPastTheRowLimitIsRefusedWithItsCountBeforeAnyWork() async throws {
        let answer = try await request(.post, "/v1/matrix", body: #"{"policy": "hospital-imprivata"}"#)
        #expect(answer.status == 422)
        #expect(
            answer.body.contains("has 233280 rows (one per combination of the facts), more than the limit of 10000"))
        #expect(answer.body.contains("POST /v1/evaluate gives its distinct answers"))
    }
}
