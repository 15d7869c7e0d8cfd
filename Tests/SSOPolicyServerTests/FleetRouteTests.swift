import Foundation
import HTTPTypes
import SSOPolicyCLI
import SSOPolicyServer
import SSOPolicyTestSupport
import Testing

/// Fleets over HTTP (docs/http-api.md): `/v1/decide` and `/v1/compare` with a fleet answer byte for byte what the
/// command line's `--format json` prints; the bundled fleets are listed; the playground decides on a fleet.
struct FleetRouteTests {
    func expectSame(_ arguments: [String], _ path: String, _ body: String) async throws {
        let expected = cli(arguments + ["--format", "json"])
        #expect(expected.code == 0)
        let answer = try await request(.post, path, body: body, options: ServeOptions(timeBudgetSeconds: 120))
        #expect(answer.status == 200, "\(answer.body)")
        #expect(answer.body == expected.out)
    }

    @Test func decideAndCompareTakeAFleet() async throws {
        try await expectSame(
            ["decide", "ward-fleet", "--scenario", "ward-handover", "--effort", "badge=3"], "/v1/decide",
            #"{"scenario": "ward-handover", "fleet": "ward-fleet", "effort": {"badge": 3}}"#)
        try await expectSame(
            ["compare", "--scenario", "ward-handover", "ward-fleet", "--diff"], "/v1/compare",
            #"{"scenario": "ward-handover", "fleet": "ward-fleet", "diff": true}"#)
        let both = try await request(
            .post, "/v1/compare", body: #"{"scenario": "ward-handover", "fleet": "ward-fleet", "policies": ["x"]}"#)
        #expect(both.status == 400)
        let effort = try await request(
            .post, "/v1/decide", body: #"{"scenario": "ward-handover", "fleet": "ward-fleet", "effort": {"bdge": 3}}"#)
        #expect(effort.status == 400)
        #expect(effort.body.contains("did you mean 'badge'?"))
        let inline = try await request(
            .post, "/v1/decide",
            body: #"{"scenario": "ward-handover", "fleet": {"yaml": "fleet: x\ndevices: []\n"}}"#)
        #expect(inline.status == 422)
        #expect(inline.body.contains("\"file\": \"fleet.yaml\""))
    }

    @Test func theBundledFleetsAreListedAndThePlaygroundDecidesOnOne() async throws {
        let list = try await request(.get, "/v1/fleets")
        #expect(list.status == 200)
        #expect(list.body.contains("\"name\": \"ward-fleet\""))
        let one = try await request(.get, "/v1/fleets/ward-fleet")
        #expect(one.status == 200)
        #expect(one.body.contains("\"yaml\": \"fleet: ward-fleet"))
        let page = try await request(
            .get, "/?fleet=ward-fleet&scenario=ward-handover", options: ServeOptions(timeBudgetSeconds: 120))
        #expect(page.status == 200)
        #expect(page.body.contains("<section id=\"decision\" class=\"decision\">\n<h3>Decision: "))
        #expect(page.body.contains("<option value=\"ward-fleet\" selected>ward-fleet"))
        #expect(page.body.contains("entra-ward-iphones"))
    }

    /// A pasted fleet whose setups play on none of its device groups (Workspace ONE and Shared iPad on Android
    /// handhelds) compares no policy: every view of the playground and the what-if answer it, saying why, instead of
    /// one request indexing the first of no policies and taking the server down; the API says so too.
    @Test(arguments: ["compare", "timeline", "matrix", "advice"])
    func aPastedFleetThatPlaysNowhereIsAnsweredByEveryView(_ view: String) async throws {
        let fleet = AndroidOnlyStore.fleet
        let scenario = AndroidOnlyStore.scenario
        func encoded(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        }
        let form =
            "view=\(view)&ask=1&app=pos&matrix=ws1-tc21&fleet_yaml=\(encoded(fleet))&scenario_yaml=\(encoded(scenario))"
        let page = try await request(
            .post, "/", body: form, headers: [.contentType: "application/x-www-form-urlencoded"],
            options: ServeOptions(timeBudgetSeconds: 120))
        #expect(page.status == 200, "\(page.body)")
        #expect(page.body.contains("No policy to ask about: no setup of the fleet plays on any of its device groups."))
        #expect(page.body.contains("plays on no device group of the fleet"))
        let body =
            #"{"scenario": {"yaml": "# + quoted(scenario) + #"}, "policy": {"yaml": "# + quoted(fleet) + #"}}"#
        let advice = try await request(.post, "/v1/advise", body: body)
        #expect(advice.status == 200, "\(advice.body)")
        #expect(advice.body.contains(#""plays_nowhere": ["#))
    }
}
