import SSOPolicyProviderKit

extension AirWatchRule {
    /// Rules of Hub check-out and check-in, and the user change an app detects.
    var hubDefinition: RuleDefinition<AirWatchPredicate> {
        switch self {
        case .checkOutNewUser:
            return RuleDefinition(
                "airwatch.check-out.new-user",
                summary: "Hub checks out a new user; each SDK app detects it at its next access",
                source:
                    "\(AirWatchEvidence.userChanged); \(AirWatchEvidence.userChangeDetection); \(AirWatchEvidence.checkInCheckOut)",
                when: [.when(.checkOutChangesUser)],
                examples: [
                    RuleExample(event: "check_out", fires: true),
                    RuleExample(facts: ["checked_out_user": "alice"], event: "check_out", fires: false),
                ])
        case .checkOutClearPasscode:
            return RuleDefinition(
                "airwatch.check-out.clear-passcode",
                summary: "the shared-device setting clears the passcode at check-out",
                source: "\(AirWatchEvidence.checkInCheckOut)",
                when: [.when(.clearPasscodeOnCheckOut), .when(.anyPasscodeExists)],
                examples: [
                    RuleExample(
                        settings: ["clear_passcode_on_check_out": "true"], facts: ["passcode_set": "true"],
                        event: "check_out", fires: true),
                    RuleExample(facts: ["passcode_set": "true"], event: "check_out", fires: false),
                ])
        case .checkInDevice:
            return RuleDefinition(
                "airwatch.check-in.device",
                summary: "the user checks the device in at Hub: nobody is checked out until the next check-out",
                source: "\(AirWatchEvidence.userChanged); \(AirWatchEvidence.checkInCheckOut)",
                when: [.when(.checkingIn)],
                examples: [RuleExample(event: "check_in", fires: true), RuleExample(event: "check_out", fires: false)])
        case .checkInClearPasscode:
            return RuleDefinition(
                "airwatch.check-in.clear-passcode",
                summary: "the Shared Device setting clears the SDK passcode and session at check-in",
                source: "\(AirWatchEvidence.payloadDefaults); \(AirWatchEvidence.checkInCheckOut)",
                when: [.when(.clearPasscodeOnCheckOut), .when(.anyPasscodeOrSession)],
                examples: [
                    RuleExample(
                        settings: ["clear_passcode_on_check_out": "true"], facts: ["passcode_set": "true"],
                        event: "check_in", fires: true),
                    RuleExample(facts: ["passcode_set": "true"], event: "check_in", fires: false),
                ])
        case .checkInDataKept:
            return RuleDefinition(
                "airwatch.check-in.app-data-kept",
                summary:
                    "check-in leaves app data and SDK registrations until another user checks out (limited separation)",
                source: "\(AirWatchEvidence.userChanged); \(AirWatchEvidence.checkInCheckOut)",
                when: [.not(.clearsDataOnUserChange), .when(.holdsUserData)],
                examples: [
                    RuleExample(facts: Self.registeredToBob, event: "check_in", fires: true),
                    RuleExample(
                        appKeys: ["clears_data_on_user_change": "true"], facts: Self.registeredToBob, event: "check_in",
                        fires: false),
                ])
        case .userChangeWipe:
            return RuleDefinition(
                "airwatch.user-change.wipe",
                summary: "the app finds a new checked-out user: the SDK wipes its SDK data and registration",
                source: "\(AirWatchEvidence.userChanged); \(AirWatchEvidence.userChangeDetection)",
                when: [.when(.hubCheckedOutUser), .when(.registeredToAnotherUser)],
                examples: [
                    RuleExample(facts: Self.merged(Self.registeredToBob, ["checked_out_user": "alice"]), fires: true),
                    RuleExample(facts: Self.registeredToBob, fires: false),
                ])
        case .userChangeAppDataKept:
            return RuleDefinition(
                "airwatch.user-change.app-data-kept",
                summary: "on a user change the app's own data remains unless the app clears it",
                source: "\(AirWatchEvidence.checkInCheckOut)",
                when: [.when(.userChangeWiped), .not(.clearsDataOnUserChange)],
                examples: [
                    RuleExample(facts: Self.merged(Self.registeredToBob, ["checked_out_user": "alice"]), fires: true),
                    RuleExample(
                        appKeys: ["clears_data_on_user_change": "true"],
                        facts: Self.merged(Self.registeredToBob, ["checked_out_user": "alice"]), fires: false),
                ])
        default: preconditionFailure("\(self) is not a hub rule")
        }
    }
}
