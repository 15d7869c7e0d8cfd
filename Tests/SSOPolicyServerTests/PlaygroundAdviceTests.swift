import Foundation
import HTTPTypes
import SSOPolicyCLI
import SSOPolicyServer
import SSOPolicyTestSupport
import Testing

/// The playground's advice view (docs/serve.md, docs/advise.md "Where you read it"): each compared policy's
/// "How to make it safe", as `POST /v1/advise` answers it, bundled or pasted, within the endpoint's bounds.
struct PlaygroundAdviceTests {
    @Test func theAdviceViewShowsEachPolicysTopSuggestions() async throws {
        let page = try await request(
            .get, "/?policies=misconfigured-entra,frontline-entra&scenario=shift-change-handover&view=advice")
        #expect(page.status == 200, "\(page.body)")
        #expect(page.body.contains("<a href=\"/?policies=misconfigured-entra,frontline-entra&amp;scenario="))
        #expect(page.body.contains("view=advice\" aria-current=\"page\">How to make it safe</a>"))
        #expect(
            page.body.contains(
                "<section id=\"advice-1\" class=\"advice\">\n<h4>misconfigured-entra on shift-change-handover</h4>\n"
                    + "<p>Before: 1 critical, 3 high, 0 medium, 0 low; effort alice 1m20s, bob 40s.</p>\n"
                    + "<p class=\"verdict\"><strong>1 minimal suggestion within 2 changes: configuration-only first, "
                    + "then by the sign-in seconds they add, then by size.</strong></p>\n"), "\(page.body)")
        #expect(
            page.body.contains(
                "<tr><th scope=\"row\">1</th><td><code>sso_extension: enabled</code></td><td>"
                    + "not-covered-by-global-signout (step 3), previous-user-session-active (step 4), "
                    + "previous-user-data-visible (step 4), shared-mode-not-active (the policy itself)</td>"
                    + "<td>0 critical, 0 high, 1 medium, 0 low</td>"
                    + "<td>alice 1m20s → 40s, bob 40s (saves 40s)</td>"))
        #expect(page.body.contains("<pre class=\"yaml\">settings:\n  sso_extension: enabled</pre>"))
        #expect(
            page.body.contains(
                "The same answer: <code>ssopolicy advise misconfigured-entra --scenario shift-change-handover "
                    + "--max-changes 2</code>"))
        #expect(
            page.body.contains(
                "<p class=\"safe\"><strong>Already safe: no finding at high or worse; nothing to change.</strong>"))
        // The bound is the endpoint's: its goal and its most changes, each a field of the view.
        #expect(page.body.contains("<option value=\"2\" selected>2</option>"))
        #expect(page.body.contains("<option value=\"high\" selected>high</option>"))
        let json = try await request(
            .post, "/v1/advise",
            body: #"{"scenario": "shift-change-handover", "policy": "misconfigured-entra", "max_changes": 2}"#)
        #expect(json.status == 200)
        #expect(json.body.contains(#""setting": "sso_extension""#))
    }

    @Test func outOfBoundsIsSaidInThePageAndPastedMarkupStaysText() async throws {
        let bound = try await request(
            .get, "/?policies=misconfigured-entra&scenario=shift-change-handover&view=advice&max_changes=9")
        #expect(bound.status == 200)
        #expect(bound.body.contains("<strong>max_changes: expected 1 to 3, found 9</strong>"))
        let yaml = cli(["show", "misconfigured-entra"]).out.components(separatedBy: "\n").map {
            $0.hasPrefix("title: ") ? "title: \"\u{0600}<script>x</script>\"" : $0
        }.joined(separator: "\n")
        #expect(yaml.contains("<script>x"))
        let form =
            "view=advice&scenario=shift-change-handover&goal=medium&policy_yaml="
            + (yaml.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let pasted = try await request(
            .post, "/", body: form, headers: [.contentType: "application/x-www-form-urlencoded"])
        #expect(pasted.status == 200, "\(pasted.body)")
        #expect(!pasted.body.contains("<script>x"))
        #expect(pasted.body.contains("<h4>misconfigured-entra on shift-change-handover</h4>"))
        #expect(
            pasted.body.contains(
                "The same answer: <code>ssopolicy advise policy.yaml --scenario shift-change-handover --goal medium "
                    + "--max-changes 2</code>"))
    }
}
