import SSOPolicyProviderKit

/// The airwatch-sdk rules, one enum per decision phase, each in its phase's file with its definitions and decision
/// lists (`AirWatchRules+Identify.swift`, `+Session`, `+Secure`, `+Exposure`, `+Lifecycle`, `+Wipe`, `+Hub`,
/// `+Termination`, `+CheckedOut`). A rule's `RuleID` is its position among all the phases, chained in this order, so
/// the ids suites, docs and coverage name never move: append new phases at the end.
enum AirWatchRules {
    static let phases = RulePhases(
        AirWatchIdentifyRule.table, AirWatchSessionRule.table, AirWatchSecureRule.table, AirWatchExposureRule.table,
        AirWatchLifecycleRule.table, AirWatchWipeRule.table, AirWatchHubRule.table, AirWatchTerminationRule.table,
        AirWatchCheckedOutRule.table)

    /// Every phase's definitions, in id order (tests read the predicates they state).
    static var definitions: [RuleDefinition<AirWatchPredicate>] {
        AirWatchIdentifyRule.table.definitions + AirWatchSessionRule.table.definitions
            + AirWatchSecureRule.table.definitions + AirWatchExposureRule.table.definitions
            + AirWatchLifecycleRule.table.definitions + AirWatchWipeRule.table.definitions
            + AirWatchHubRule.table.definitions + AirWatchTerminationRule.table.definitions
            + AirWatchCheckedOutRule.table.definitions
    }

    /// Identify, no step condition given: how silent login could find the user, in the SDK's order. Its rules sit in
    /// two phases (Hub's checked-out user came later): the identify handler tries them as this one list.
    static let silentRoutes = TwoPhaseDecisionList<AirWatchIdentifyRule, AirWatchCheckedOutRule>(
        "identify: silent login routes",
        [.first(.identifyCommonIdentity), .second(.identifyCheckedOutUser)]
            + AirWatchIdentifyRule.laterSilentRoutes.rules.map { .first($0) })

    /// Every ordered decision, as `providers` lists them.
    static let decisionLists = [
        silentRoutes.declaration, AirWatchIdentifyRule.identifyPrompt.declaration,
        AirWatchSessionRule.sessionScope.declaration,
        AirWatchSecureRule.securePasscode.declaration, AirWatchSecureRule.securePassword.declaration,
        AirWatchExposureRule.exposure.declaration, AirWatchExposureRule.withoutSDKOpen.declaration,
        AirWatchLifecycleRule.ssoStatus.declaration,
    ]
}

// MARK: Settings and facts the examples share.

enum AirWatchExamples {
    static let passcodeSSO = ["authentication": "passcode", "sso": "enabled"]
    static let passcodeOnly = ["authentication": "passcode"]
    static let passwordSSO = ["authentication": "username_password", "sso": "enabled"]
    static let passwordOnly = ["authentication": "username_password"]
    static let passcodeLive = ["passcode_set": "true", "session_live": "true"]
    static let registeredToBob = ["silent_login": "succeeds", "session_live": "true", "session_user": "bob"]
    static let silentFails = ["silent_login": "fails"]
    static let withoutSDK = ["sdk_initialized": "false"]

    static func merged(_ a: [String: String], _ b: [String: String]) -> [String: String] {
        a.merging(b) { _, new in new }
    }
}
