import SSOPolicyProviderKit

private typealias Evidence = AirWatchEvidence
private typealias Examples = AirWatchExamples

/// A silent route of the identify phase added after the others: Hub's checked-out user. A phase of its own so that
/// the ids of the rules before it stay where they are; the identify handler tries it between the identify phase's
/// (`AirWatchRules.silentRoutes`).
enum AirWatchCheckedOutRule: Int, RuleSet {
    case identifyCheckedOutUser

    static let table = RuleTable<Self>(after: AirWatchTerminationRule.table)

    var definition: RuleDefinition<AirWatchPredicate> {
        switch self {
        case .identifyCheckedOutUser:
            RuleDefinition(
                "airwatch.identify.checked-out-user",
                summary:
                    "with SSO, silent login takes the identity of the user Hub checked out: that worker authenticated in Hub "
                    + "at check-out",
                sources: [
                    Evidence.checkOutAuthenticates, Evidence.hubAuthenticates, Evidence.hubBroker, Evidence.appIdentity,
                ],
                when: [.not(.registered), .when(.ssoEffective), .when(.hubCheckedOutUser)],
                examples: [
                    RuleExample(settings: Examples.passcodeSSO, facts: ["checked_out_user": "alice"], fires: true),
                    RuleExample(settings: Examples.passcodeOnly, facts: ["checked_out_user": "alice"], fires: false),
                    RuleExample(settings: Examples.passcodeSSO, fires: false),
                ])
        }
    }
}
