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

    /// A state reset after a what-if attempt (every fact unknown) waits for no fact once the facts are known:
    /// equality reads values only, so this is checked on the fields themselves.
    @Test func resetAfterAWhatIfLeavesNothingPending() throws {
        let harness = try EntraHarness()
        var users = harness.users
        var unknown = try FactBuilder.make(harness.descriptor, appCount: 2, device: [:], users: &users)
        for fact in EntraFact.allCases {
            unknown.set(fact.rawValue, nil, .unknown)
            for app in 0..<2 { unknown.set(fact.rawValue, AppID(app), .unknown) }
        }
        var state = harness.provider.initialState(harness.policy, facts: unknown)
        #expect(state.deviceAccount.isPending && state.apps[1].dataOwner.isPending)
        let known = try FactBuilder.make(
            harness.descriptor, appCount: 2, device: ["signed_in": "bob"], perApp: [1: ["data_owner": "alice"]],
            users: &users)
        harness.provider.resetState(&state, policy: harness.policy, facts: known)
        #expect(state == harness.provider.initialState(harness.policy, facts: known))
        #expect(!state.deviceAccount.isPending && !state.safari.isPending)
        for app in state.apps {
            #expect(!app.principal.isPending && !app.tokens.isPending && !app.dataOwner.isPending)
        }
    }
}
