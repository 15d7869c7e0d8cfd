import Dispatch
import Foundation
import Hummingbird
import HummingbirdTesting
import SSOPolicyCLI
import SSOPolicyTestSupport
import Testing

@testable import SSOPolicyServer

/// `POST /v1/evaluate` keeps each question's answer as a template by the acting user's name: the same question for
/// another user is answered from it, byte for byte what the command line prints for that user.
struct EvaluateForAnotherUserTests {
    static let users = ["bob", "carol", "Zed.9_x", "a", String(repeating: "w", count: 64)]

    func body(_ policy: String, _ app: String, _ user: String, facts: [String: String] = [:]) -> String {
        let facts = facts.sorted { $0.key < $1.key }.map { "\(quoted($0.key)): \(quoted($0.value))" }
        return
            #"{"policy": "\#(policy)", "app": "\#(app)", "user": \#(quoted(user)), "facts": {\#(facts.joined(separator: ", "))}}"#
    }

    func commandLine(_ policy: String, _ app: String, _ user: String, facts: [String: String] = [:]) -> String {
        let facts = facts.sorted { $0.key < $1.key }.flatMap { ["--fact", "\($0.key)=\($0.value)"] }
        let expected = cli(["evaluate", policy, "--app", app, "--user=\(user)", "--format", "json"] + facts)
        #expect(expected.code == 0)
        return expected.out
    }

    func question(_ body: String) throws -> EvaluateQuestion {
        let decoded = try PolicyAPI.decode(EvaluateRequestBody.self, from: Data(body.utf8))
        return EvaluateQuestion.of(decoded, accountFacts: EvaluateQuestion.accountFacts(in: registry)).question
    }

    func post(_ client: some TestClientProtocol, _ body: String) async throws -> (status: Int, body: String) {
        try await client.execute(
            uri: "/v1/evaluate", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: body)
        ) { ($0.status.code, String(buffer: $0.body)) }
    }

    /// Per vendor, nothing known, another user's name known, and the acting user's own name known: one template per
    /// question once it is asked again, and every user's answer is the command line's.
    @Test func everyUserGetsTheCommandLinesBytesFromOneTemplatePerQuestion() async throws {
        let (api, router) = limitedAPI(.underTest)
        // hospital-imprivata's answer with nothing known (about 1 MB since a restarted device's unlock decides too)
        // is past the cache's bound on one answer; microsoft-sdm-imprivata's stays under it.
        let cases: [(policy: String, app: String, fact: String)] = [
            ("microsoft-sdm-imprivata", "inventory", "custodian"), ("warehouse-airwatch", "timesheet", "session_user"),
            ("frontline-entra", "inventory", "signed_in"),
        ]
        try await Application(router: router).test(.router) { client in
            for (policy, app, fact) in cases {
                for user in Self.users {
                    for facts in [[:], [fact: "alice"], [fact: user]] {
                        let answer = try await post(client, body(policy, app, user, facts: facts))
                        #expect(answer.status == 200, "\(answer.body)")
                        #expect(
                            answer.body == commandLine(policy, app, user, facts: facts), "\(policy) \(user) \(facts)")
                    }
                }
            }
        }
        // The first user's answers were computed, the second user's made the templates, the others filled them.
        #expect(api.answers.count == cases.count * 3)
        #expect(api.templates.count == cases.count * 3)
        for (policy, app, fact) in cases {
            for facts in [[:], [fact: "alice"], [fact: "someone"]] {
                let question = try question(body(policy, app, "someone", facts: facts))
                guard case .template = api.templates.answer(for: question) else {
                    Issue.record("no template: \(policy) \(facts)")
                    continue
                }
            }
        }
    }

    /// A fleet's pair (`"setup"`, `"group"`) is its own question: each pair's answer, asked by several users so that
    /// its template is made and filled, is the command line's for that pair; the matrix takes the pair too, and a
    /// fleet without one, or a pair of a policy file, is a 422 that says what to name.
    @Test func eachPairOfAFleetIsItsOwnQuestion() async throws {
        let (_, router) = limitedAPI(.underTest)
        try await Application(router: router).test(.router) { client in
            for user in ["bob", "carol", "dan"] {
                for setup in ["entra", "imprivata"] {
                    let body =
                        #"{"policy": "ward-fleet", "setup": "\#(setup)", "group": "ward-iphones", "app": "ehr", "user": "\#(user)"}"#
                    let answer = try await post(client, body)
                    let expected = cli([
                        "evaluate", "ward-fleet", "--setup", setup, "--group", "ward-iphones", "--app", "ehr",
                        "--user", user, "--format", "json",
                    ])
                    #expect(answer.status == 200 && expected.code == 0, "\(answer.body)")
                    #expect(answer.body == expected.out, "\(setup) \(user)")
                }
            }
            let matrix = try await client.execute(
                uri: "/v1/matrix", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(
                    string: #"{"policy": "ward-fleet", "setup": "entra", "group": "ward-iphones", "app": "teams"}"#)
            ) { ($0.status.code, String(buffer: $0.body)) }
            let expected = cli([
                "matrix", "ward-fleet", "--setup", "entra", "--group", "ward-iphones", "--app", "teams", "--format",
                "json",
            ])
            #expect(matrix.0 == 200 && matrix.1 == expected.out)
            let noPair = try await post(client, #"{"policy": "ward-fleet", "app": "ehr", "user": "bob"}"#)
            #expect(noPair.status == 422 && noPair.body.contains("name both 'setup' (entra, imprivata, airwatch)"))
            let notFleet = try await post(
                client, #"{"policy": "frontline-entra", "setup": "entra", "app": "inventory", "user": "bob"}"#)
            #expect(notFleet.status == 422 && notFleet.body.contains("this is not a fleet"), "\(notFleet.body)")
        }
    }

    /// The users that account facts name are people of the question too: the same question asked with other names
    /// is answered from one template, and who equals whom is part of the question.
    @Test func usersThatFactsNameAreAnsweredFromTheSameTemplate() async throws {
        let (api, router) = limitedAPI(.underTest)
        let custody = [("bob", "alice"), ("carol", "dave"), ("erin", "frank"), ("Zed.9_x", "-a")]
        let browsing = [("bob", "alice", "alice"), ("carol", "dave", "dave"), ("erin", "frank", "frank")]
        let apart = [("bob", "alice", "dave"), ("carol", "dave", "erin"), ("erin", "frank", "bob")]
        try await Application(router: router).test(.router) { client in
            for (user, custodian) in custody {
                let facts = ["custodian": custodian]
                let answer = try await post(client, body("hospital-imprivata", "inventory", user, facts: facts))
                #expect(answer.body == commandLine("hospital-imprivata", "inventory", user, facts: facts))
            }
            for (user, signedIn, safari) in browsing + apart {
                let facts = ["signed_in": signedIn, "safari_session": safari]
                let answer = try await post(client, body("frontline-entra", "inventory", user, facts: facts))
                #expect(answer.body == commandLine("frontline-entra", "inventory", user, facts: facts), "\(facts)")
            }
        }
        #expect(api.templates.count == 3)
        #expect(api.answers.count == 3)
        let sameSession = try question(
            body("frontline-entra", "inventory", "x", facts: ["signed_in": "y", "safari_session": "y"]))
        #expect(sameSession.peopleCount == 2)
        guard case .template = api.templates.answer(for: sameSession) else {
            Issue.record("no template for one other user in two facts")
            return
        }
    }

    @Test func theFactsThatNameUsersAreTheProvidersAccountFacts() {
        let accounts = EvaluateQuestion.accountFacts(in: registry)
        for key in ["custodian", "session_user", "signed_in", "safari_session", "data_owner", "checked_out_user"] {
            #expect(accounts.contains(key), "\(key)")
        }
        for key in ["passcode_set", "status", "silent_login", "rebooted"] { #expect(!accounts.contains(key), "\(key)") }
    }

    /// A value that is the acting user's name means the acting user: `custodian: bob` asked by bob is another
    /// question than asked by carol (each asked once so far).
    @Test func aValueThatNamesTheActingUserIsPartOfTheQuestion() async throws {
        let (api, router) = limitedAPI(.underTest)
        try await Application(router: router).test(.router) { client in
            for user in ["bob", "carol"] {
                let answer = try await post(
                    client, body("hospital-imprivata", "inventory", user, facts: ["custodian": "bob"]))
                #expect(
                    answer.body == commandLine("hospital-imprivata", "inventory", user, facts: ["custodian": "bob"]))
            }
        }
        #expect(api.templates.count == 2)
        #expect(api.templates.hits == 0)
    }

    /// A choice that happens to be the user's name (`passcode_set: true` asked by `true`) cannot take a stand-in's
    /// name: asked again, no template is made, and the answer is computed for the user who asked.
    @Test func aChoiceThatIsTheUsersNameIsAnsweredWithoutATemplate() async throws {
        let (api, router) = limitedAPI(.underTest)
        let facts = ["passcode_set": "true"]
        let asked = body("warehouse-airwatch", "timesheet", "true", facts: facts)
        try await Application(router: router).test(.router) { client in
            // The same question twice, in bodies that differ in a space (so the answer cache does not answer it).
            for body in [asked, asked.replacingOccurrences(of: ", ", with: ",")] {
                let answer = try await post(client, body)
                #expect(answer.status == 200)
                #expect(answer.body == commandLine("warehouse-airwatch", "timesheet", "true", facts: facts))
            }
        }
        guard case .noTemplate = api.templates.answer(for: try question(asked)) else {
            Issue.record("expected no template")
            return
        }
        #expect(api.answers.count == 2)
    }

    /// Names the engine refuses are refused as before, and nothing is kept for them.
    @Test func aNameThatCannotBeAUserIsRefused() async throws {
        let (api, router) = limitedAPI(.underTest)
        try await Application(router: router).test(.router) { client in
            for user in ["none", "another-user", "two words", ""] {
                let answer = try await post(client, body("frontline-entra", "inventory", user))
                #expect(answer.status == 422, "\(user): \(answer.body)")
                #expect(answer.body.contains("cannot be a user name"), "\(answer.body)")
            }
        }
        #expect(api.templates.count == 0 && api.answers.count == 0)
    }

    /// The stand-ins' renders spend budgets of their own: a question that takes exactly the request's units is
    /// answered, for its first user and the next.
    @Test func theTemplatesRendersDoNotSpendTheRequestsUnits() async throws {
        func answers(_ units: Int) -> Bool {
            cli(["evaluate", "hospital-imprivata", "--app", "inventory", "--user", "bob", "--max-work", "\(units)"])
                .code == 0
        }
        var (low, high) = (1, 1_000_000)
        #expect(answers(high))
        while high - low > 1 {
            let middle = (low + high) / 2
            if answers(middle) { high = middle } else { low = middle }
        }
        for (units, status) in [(high, 200), (low, 422)] {
            var options = ServeOptions(timeBudgetSeconds: 120)
            options.maxWorkUnits = units
            let (_, router) = limitedAPI(options)
            try await Application(router: router).test(.router) { client in
                for user in ["bob", "carol"] {
                    let answer = try await post(client, body("hospital-imprivata", "inventory", user))
                    #expect(answer.status == status, "\(units) units: \(answer.body.prefix(200))")
                }
            }
        }
    }

    /// A template is looked up before the limiter, as the answer cache is, for a small body only: with every slot
    /// held, a known question for a new user is answered, and a body over the bound waits for a slot.
    @Test func aSmallBodysQuestionIsLookedUpBeforeTheLimiter() async throws {
        let (api, router) = limitedAPI(ServeOptions(maxConcurrent: 1, maxWaiting: 0, timeBudgetSeconds: 120))
        try await Application(router: router).test(.router) { client in
            for user in ["bob", "carol"] {
                #expect(try await post(client, body("frontline-entra", "inventory", user)).status == 200)
            }
            let release = DispatchSemaphore(value: 0)
            let holders = await holdAllSlots(api.limiter, until: release)
            let small = try await post(client, body("frontline-entra", "inventory", "dave"))
            #expect(small.status == 200)
            #expect(small.body == commandLine("frontline-entra", "inventory", "dave"))
            let padded =
                body("frontline-entra", "inventory", "eve").dropLast() + ", \"pad\": \""
                + String(repeating: " ", count: PolicyAPI.maxEvaluateBodyLookedUpOnArrival) + "\"}"
            let large = try await post(client, String(padded))
            #expect(large.status == 503, "\(large.body.prefix(200))")
            release.signal()
            for holder in holders { _ = try await holder.value }
        }
    }
}
