import AirWatchSDKProvider
import SSOPolicyProviderKit
import Testing

/// `resetState` (the allocation-free start of each attempt in tight loops) gives exactly `initialState`, whatever
/// state it starts from.
struct ResetStateTests {
    static let factSets: [[String: String]] = [
        [:],
        ["passcode_set": "true", "session_live": "true", "silent_login": "succeeds", "session_user": "bob"],
        ["passcode_set": "true", "session_live": "false", "initial_check_done": "true", "checked_out_user": "carol"],
        ["silent_login": "succeeds", "session_live": "true"],
    ]

    @Test(arguments: [["authentication": "passcode"], ["authentication": "username_password", "sso": "disabled"]])
    func resetEqualsInitialStateAfterAnyHistory(settings: [String: String]) throws {
        for from in Self.factSets {
            for to in Self.factSets {
                var played = try AirWatchHarness(settings: settings, facts: from)
                try played.open("inventory", "alice")
                try played.step("sign_out", "inventory", user: "alice")
                try played.open("timesheet", "bob")
                try played.step("terminate", "all")
                var users = played.users
                let facts = try FactBuilder.make(
                    AirWatchHarness.descriptor, appCount: 2, device: to, users: &users)
                var state = played.state
                played.provider.resetState(&state, policy: played.policy, facts: facts)
                #expect(state == played.provider.initialState(played.policy, facts: facts), "\(from) → \(to)")
            }
        }
    }
}
