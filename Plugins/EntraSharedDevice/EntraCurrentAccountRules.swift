import SSOPolicyProviderKit

private let seed = EntraSource.tutorial

/// The phase of getCurrentAccount and the app's data (after the mode phase): one case per rule, in id order.
enum EntraCurrentAccountRule: Int, RuleSet {
    case currentAccountChanged
    case currentAccountNotChecked
    case onlyNilCheck
    case dataCleared
    case dataNotCleared

    static let table = RuleTable<EntraCurrentAccountRule>(after: EntraModeRule.table)

    /// Data of another user, once the app knows the account (getCurrentAccount or its own sign-in).
    static let foreignData = DecisionList<EntraCurrentAccountRule>(
        "data of another user: cleared or kept", [.dataCleared, .dataNotCleared])

    var definition: RuleDefinition<EntraPredicate> {
        switch self {
        case .currentAccountChanged:
            RuleDefinition(
                "entra.current-account.changed",
                summary:
                    "getCurrentAccount reports a change once: (current, previous) differ, then previous := current",
                sources: [Citation(seed, "(\"determine if a user has changed\")"), EntraEvidence.currentAccount],
                when: [.when(.sharedForApp), .when(.callsCurrentAccount), .when(.accountChanged)],
                examples: [
                    RuleExample(facts: ["signed_in": "alice"], fires: true),
                    RuleExample(facts: ["signed_in": "bob", "data_owner": "alice"], fires: true),
                    RuleExample(fires: false),
                    RuleExample(facts: ["signed_in": "alice", "data_owner": "alice"], fires: false),
                ])
        case .currentAccountNotChecked:
            RuleDefinition(
                "entra.current-account.not-checked",
                summary: "an app that does not call getCurrentAccount keeps using the account it remembers (R1)",
                sources: [EntraEvidence.currentAccount],
                when: [.when(.sharedForApp), .not(.callsCurrentAccount), .when(.accountChanged)],
                examples: [
                    RuleExample(
                        appKeys: ["checks_current_account": "false"], facts: ["data_owner": "alice"], fires: true),
                    RuleExample(facts: ["data_owner": "alice"], fires: false),
                    RuleExample(
                        appKeys: ["checks_current_account": "false"],
                        facts: ["data_owner": "alice", "signed_in": "alice"], fires: false),
                ])
        case .onlyNilCheck:
            RuleDefinition(
                "entra.current-account.only-nil-check",
                summary: "an app that only checks for no account misses a direct switch from one user to another (R2)",
                sources: [EntraEvidence.sampleCleanup],
                when: [.when(.foreignData), .not(.comparesAccountIDs), .when(.currentAccountPresent)],
                examples: [
                    RuleExample(
                        appKeys: ["compares_account_ids": "false"],
                        facts: ["data_owner": "bob", "signed_in": "alice"], fires: true),
                    RuleExample(facts: ["data_owner": "bob", "signed_in": "alice"], fires: false),
                    RuleExample(appKeys: ["compares_account_ids": "false"], facts: ["data_owner": "bob"], fires: false),
                ])
        case .dataCleared:
            RuleDefinition(
                "entra.data.cleared",
                summary: "an app that notices a user change clears the previous user's data itself",
                sources: [
                    Citation(seed, "(\"initiate data cleanup for previously signed-in account\")"),
                    EntraEvidence.currentAccount,
                ],
                when: [.when(.foreignData), .when(.noticesChange), .when(.clearsData)],
                examples: [
                    RuleExample(facts: ["data_owner": "bob", "signed_in": "alice"], fires: true),
                    RuleExample(facts: ["data_owner": "bob"], fires: true),
                    RuleExample(
                        appKeys: ["clears_data_on_user_change": "false"],
                        facts: ["data_owner": "bob", "signed_in": "alice"], fires: false),
                    RuleExample(facts: ["data_owner": "alice", "signed_in": "alice"], fires: false),
                ])
        case .dataNotCleared:
            RuleDefinition(
                "entra.data.not-cleared",
                summary: "an app that notices a user change but does not clear its data keeps the previous user's (R4)",
                sources: [Citation(seed, "(\"It doesn't, however, clear the data from your application\")")],
                when: [.when(.foreignData), .when(.noticesChange), .not(.clearsData)],
                examples: [
                    RuleExample(
                        appKeys: ["clears_data_on_user_change": "false"],
                        facts: ["data_owner": "bob", "signed_in": "alice"], fires: true),
                    RuleExample(facts: ["data_owner": "bob", "signed_in": "alice"], fires: false),
                ])
        }
    }
}
