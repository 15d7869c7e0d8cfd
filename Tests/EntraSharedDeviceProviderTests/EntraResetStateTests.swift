import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

@testable import EntraSharedDeviceProvider

/// `resetState` (the allocation-free start of each attempt in tight loops) gives exactly `initialState`, whatever
/// state it starts from.
@Suite struct EntraResetStateTests {
    static let factSets: [[String: String]] = [
        [:], ["signed_in": "alice"], ["signed_in": "bob", "data_owner": "alice"], ["data_owner": "carol"],
        ["safari_session": "bob"],
    ]

    @Test func resetEqualsInitialStateAfterAnyHistory() throws {
        for from in Self.factSets {
            for to in Self.factSets {
                var played = try EntraHarness(settings: ["shared_device_mode": "true"], facts: from)
                try played.open("inventory", "alice")
                try played.signOut("inventory", "alice")
                try played.open("timesheet", "bob")
                try played.step("open_browser", "safari", user: "carol")
                var users = played.users
                let facts = try FactBuilder.make(played.descriptor, appCount: 2, device: to, users: &users)
                var state = played.state
                played.provider.resetState(&state, policy: played.policy, facts: facts)
                #expect(state == played.provider.initialState(played.policy, facts: facts), "\(from) → \(to)")
            }
        }
    }
}
