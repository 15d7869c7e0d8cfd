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

    /// A fleet as a user pastes it (five apps, three device groups, four vendors, a 24-hour day): a set of changes
    /// tried is one unit of the request's work and its plays are bounded by time, so the API advises every setup, as
    /// the command line does.
    @Test func aPastedFleetOfFiveAppsAndFourVendorsIsAdvised() async throws {
        let fleet = """
            fleet: store-floor
            title: Retail store floor devices shared by sales associates
            devices:
              - group: floor-iphones
                platform: ios
                os_version: "17.4"
                count: 120
              - group: stock-zebras
                platform: android
                os_version: "13"
                count: 45
              - group: till-ipads
                platform: ipados
                os_version: "17.6"
                count: 20
            apps:
              - id: pos
                name: Point of sale
                sign_in: own_login
                own_session: until_terminated
                logout: []
                clears_data_on_user_change: unknown
              - id: stock
                name: Stock lookup (Workspace ONE SDK)
                sign_in: own_login
                own_session: every_open
                workspace_one_sdk: true
              - id: schedule
                name: Shift schedule (MSAL)
                sign_in: msal_multiple_account
              - id: teams
                microsoft: teams
              - id: scanner
                name: Barcode scanner
                sign_in: none
            setups:
              - setup: entra
                provider: entra-shared-device
                settings: { shared_device_mode: true, sign_in_frequency: unknown }
              - setup: ws1
                provider: airwatch-sdk
                settings: { sso: enabled, authentication: passcode, passcode_mode: unknown }
              - setup: imprivata
                provider: imprivata-mam
                settings: { check_out_auth: unknown }
                apps:
                  pos: { logout_method: unknown }
              - setup: ipad
                provider: apple-shared-ipad
                settings: { user_session_timeout: unknown }
            effort:
              badge: 3

            """
        let scenario = """
            scenario: store-day
            title: Morning, afternoon and night associates share a device for 24 hours
            steps:
              - { at: "07:00", user: dana, open: pos }
              - { at: "07:10", user: dana, open: stock }
              - { at: "07:30", user: dana, open: schedule }
              - { at: "10:00", user: dana, open: teams }
              - { at: "11:00", user: dana, terminate: pos }
              - { at: "15:00", user: dana, sign_out: teams }
              - { at: "15:05", user: eli, open: pos }
              - { at: "15:06", user: eli, open: scanner }
              - { at: "15:10", user: eli, open: teams }
              - { at: "19:00", terminate: all }
              - { at: "23:00", user: fay, open: stock }
              - { at: "23:05", user: fay, open: pos }
              - { at: "+1d 06:55", user: fay, sign_out: pos }

            """
        let body =
            #"{"scenario": {"yaml": "# + quoted(scenario) + #"}, "policy": {"yaml": "# + quoted(fleet)
            + #"}, "max_changes": 2}"#
        let answer = try await request(.post, "/v1/advise", body: body)
        #expect(answer.status == 200, "\(answer.body)")
        let folder = Fixtures.folder()
        let fleetPath = Fixtures.write(fleet, to: "fleet.yaml", in: folder)
        let scenarioPath = Fixtures.write(scenario, to: "scenario.yaml", in: folder)
        let command = cli(["advise", fleetPath, "--scenario", scenarioPath, "--max-changes", "2", "--format", "json"])
        #expect(command.code == 0)
        #expect(answer.body == command.out)
    }
}
