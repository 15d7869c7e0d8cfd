import SSOPolicyProviderKit

private typealias Evidence = AirWatchEvidence
private typealias Examples = AirWatchExamples

/// The Hub phase: check-in, check-out and the user change apps detect at their next access.
enum AirWatchHubRule: Int, RuleSet {
    case checkOutNewUser
    case checkOutClearPasscode
    case checkInDevice
    case checkInClearPasscode
    case checkInDataKept
    case userChangeWipe
    case userChangeAppDataKept

    static let table = RuleTable<Self>(after: AirWatchWipeRule.table)

    var definition: RuleDefinition<AirWatchPredicate> {
        switch self {
        case .checkOutNewUser:
            RuleDefinition(
                "airwatch.check-out.new-user",
                summary:
                    "Hub checks out a new user, who authenticates in Hub with their credentials; each SDK app detects the "
                    + "change at its next access",
                sources: [
                    Evidence.checkOutAuthenticates, Evidence.hubAuthenticates, Evidence.userChanged,
                    Evidence.userChangeDetection, Evidence.checkInCheckOut,
                ],
                when: [.when(.checkOutChangesUser)],
                effect: .prompts(.credentials),
                examples: [
                    RuleExample(event: "check_out", fires: true),
                    RuleExample(facts: ["checked_out_user": "alice"], event: "check_out", fires: false),
                ])
        case .checkOutClearPasscode:
            RuleDefinition(
                "airwatch.check-out.clear-passcode",
                summary: "the shared-device setting clears the passcode at check-out",
                sources: [Evidence.checkInCheckOut],
                when: [.when(.clearPasscodeOnCheckOut), .when(.anyPasscodeExists)],
                examples: [
                    RuleExample(
                        settings: ["clear_passcode_on_check_out": "true"], facts: ["passcode_set": "true"],
                        event: "check_out", fires: true),
                    RuleExample(facts: ["passcode_set": "true"], event: "check_out", fires: false),
                ])
        case .checkInDevice:
            RuleDefinition(
                "airwatch.check-in.device",
                summary: "the user checks the device in at Hub: nobody is checked out until the next check-out",
                sources: [Evidence.userChanged, Evidence.checkInCheckOut],
                when: [.when(.checkingIn)],
                examples: [RuleExample(event: "check_in", fires: true), RuleExample(event: "check_out", fires: false)])
        case .checkInClearPasscode:
            RuleDefinition(
                "airwatch.check-in.clear-passcode",
                summary: "the Shared Device setting clears the SDK passcode and session at check-in",
                sources: [Evidence.payloadDefaults, Evidence.checkInCheckOut],
                when: [.when(.clearPasscodeOnCheckOut), .when(.anyPasscodeOrSession)],
                examples: [
                    RuleExample(
                        settings: ["clear_passcode_on_check_out": "true"], facts: ["passcode_set": "true"],
                        event: "check_in", fires: true),
                    RuleExample(facts: ["passcode_set": "true"], event: "check_in", fires: false),
                ])
        case .checkInDataKept:
            RuleDefinition(
                "airwatch.check-in.app-data-kept",
                summary:
                    "check-in leaves app data and SDK registrations until another user checks out (limited separation)",
                sources: [Evidence.userChanged, Evidence.checkInCheckOut],
                when: [.not(.clearsDataOnUserChange), .when(.holdsUserData)],
                effect: .raises(AirWatchFinding.checkInDataRemains.id),
                examples: [
                    RuleExample(facts: Examples.registeredToBob, event: "check_in", fires: true),
                    RuleExample(
                        appKeys: ["clears_data_on_user_change": "true"], facts: Examples.registeredToBob,
                        event: "check_in",
                        fires: false),
                ])
        case .userChangeWipe:
            RuleDefinition(
                "airwatch.user-change.wipe",
                summary: "the app finds a new checked-out user: the SDK wipes its SDK data and registration",
                sources: [Evidence.userChanged, Evidence.userChangeDetection],
                when: [.when(.hubCheckedOutUser), .when(.registeredToAnotherUser)],
                effect: .raises(AirWatchFinding.userChangeWipe.id),
                examples: [
                    RuleExample(
                        facts: Examples.merged(Examples.registeredToBob, ["checked_out_user": "alice"]), fires: true),
                    RuleExample(facts: Examples.registeredToBob, fires: false),
                ])
        case .userChangeAppDataKept:
            RuleDefinition(
                "airwatch.user-change.app-data-kept",
                summary: "on a user change the app's own data remains unless the app clears it",
                sources: [Evidence.checkInCheckOut],
                when: [.when(.userChangeWiped), .not(.clearsDataOnUserChange)],
                examples: [
                    RuleExample(
                        facts: Examples.merged(Examples.registeredToBob, ["checked_out_user": "alice"]), fires: true),
                    RuleExample(
                        appKeys: ["clears_data_on_user_change": "true"],
                        facts: Examples.merged(Examples.registeredToBob, ["checked_out_user": "alice"]), fires: false),
                ])
        }
    }
}
