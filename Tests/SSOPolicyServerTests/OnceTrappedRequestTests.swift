import Foundation
import Hummingbird
import HummingbirdTesting
import SSOPolicyQueries
import Testing

@testable import SSOPolicyServer

/// Issue 39, reproducers 02 and 10: requests that once ended the whole server (an arithmetic-overflow trap on a
/// compute thread: an Entra sign-in frequency or automatic sign-out whose fact is unknown, and Imprivata questions
/// giving four to six facts) are answered, and the same server answers `/healthz` after each.
struct OnceTrappedRequestTests {
    static let imprivataKnownFlags =
        "fact:logout_dialogs_accepted=true&fact:lending_period_passed=true&fact:device_locked=false"
        + "&fact:rebooted=false&fact:autofill_second_factor_done=true"

    /// Each request in turn on one application, with `/healthz` asked after each: status and body per request.
    static func askInTurn(_ requests: [(method: HTTPRequest.Method, uri: String, body: String?)]) async throws
        -> [(status: Int, body: String)]
    {
        let context = QueryContext(registry: registry, write: { _ in }, writeError: { _ in })
        let app = Application(router: PolicyServer.router(.underTest, context: context))
        return try await app.test(.router) { client in
            var answers: [(status: Int, body: String)] = []
            for request in requests {
                var headers: HTTPFields = [:]
                if request.method == .post { headers[.contentType] = "application/json" }
                let answer = try await client.execute(
                    uri: request.uri, method: request.method, headers: headers,
                    body: request.body.map { ByteBuffer(string: $0) }
                ) { response in (Int(response.status.code), String(buffer: response.body)) }
                answers.append(answer)
                let health = try await client.execute(uri: "/healthz", method: .get) { $0.status.code }
                #expect(health == 200, "/healthz after \(request.uri)")
            }
            return answers
        }
    }

    @Test func anEvaluateThatSetsAnEntraSignInFrequencyIsAnswered() async throws {
        let answers = try await Self.askInTurn([
            (
                .post, "/v1/evaluate",
                #"{"policy": "frontline-entra", "app": "inventory", "user": "bob", "settings": {"sign_in_frequency": "1h"}}"#
            ),
            (
                .post, "/v1/evaluate",
                #"{"policy": "android-frontline-entra", "app": "inventory", "user": "bob", "settings": {"mhs_auto_sign_out": "true"}}"#
            ),
        ])
        #expect(answers.map(\.status) == [200, 200])
        // The unknown clock is a fact the answer splits on, not a number it computes with.
        #expect(answers[0].body.contains("\"sign_in_frequency_passed\""))
        #expect(answers[1].body.contains("\"inactivity_passed\""))
    }

    @Test func thePlaygroundLinkThatSetsASignInFrequencyIsAnswered() async throws {
        let answers = try await Self.askInTurn([
            (
                .get,
                "/?policies=frontline-entra,frontline-airwatch&scenario=shift-change&whatif=frontline-entra&app=inventory"
                    + "&user=bob&setting:sign_in_frequency=1h&ask=1", nil
            )
        ])
        #expect(answers[0].status == 200)
        #expect(answers[0].body.contains("sign_in_frequency_passed"))
    }

    @Test func imprivataQuestionsGivingSomeFactsAreAnswered() async throws {
        let flags = Dictionary(
            uniqueKeysWithValues: Self.imprivataKnownFlags.split(separator: "&").map { pair in
                let parts = pair.dropFirst("fact:".count).split(separator: "=")
                return (String(parts[0]), String(parts[1]))
            })
        let flagsJSON = flags.keys.sorted().map { "\"\($0)\": \"\(flags[$0]!)\"" }.joined(separator: ", ")
        let answers = try await Self.askInTurn([
            (
                .post, "/v1/evaluate",
                #"{"policy": "hospital-imprivata", "app": "rover", "user": "alice", "facts": {"session_owner": "dave", "#
                    + #""data_owner": "carol", "entra_account": "carol", "passcode_owner": "bob"}}"#
            ),
            (
                .post, "/v1/evaluate",
                #"{"policy": "hospital-imprivata", "app": "rover", "user": "alice", "facts": {"# + flagsJSON + "}}"
            ),
            (
                .get,
                "/?policies=hospital-imprivata,weak-logout-imprivata&scenario=nursing-shift-change"
                    + "&whatif=hospital-imprivata&app=rover&user=alice&" + Self.imprivataKnownFlags + "&ask=1", nil
            ),
        ])
        #expect(answers.map(\.status) == [200, 200, 200])
        #expect(answers[0].body.contains("\"outcomes\""))
        #expect(answers[1].body.contains("\"outcomes\""))
    }
}
