import SSOPolicyProviderKit

private typealias E = AppleEvidence

private let bobUnlocked = ["screen": "unlocked", "signed_in": "bob"]
private let bobLocked = ["screen": "locked", "signed_in": "bob"]
private let someoneElse: [RuleCheck<ApplePredicate>] = [.when(.inSession), .not(.ownsSession)]

/// Locking the iPad and signing out of it (the worker's own sign-out, or the next person's at the Lock Screen).
enum AppleSignOutRule: Int, RuleSet {
    case lock
    case signOut
    case signOutOther
    case tokensCleared

    static let table = RuleTable<AppleSignOutRule>(after: AppleAppRule.table)

    var definition: RuleDefinition<ApplePredicate> {
        switch self {
        case .lock:
            RuleDefinition(
                "apple.lock.device", summary: "locking keeps the session open behind its Lock Screen", sources: E.grace,
                when: [.when(.inSession)], effect: .session(.sharedReused),
                examples: [
                    RuleExample(
                        facts: ["screen": "unlocked", "signed_in": "alice"], event: "device_lock", target: "device",
                        fires: true
                    ),
                    RuleExample(event: "device_lock", target: "device", fires: false),
                ])
        case .signOut:
            RuleDefinition(
                "apple.sign-out.device",
                summary: "signing out of the iPad returns it to the login window; the partition stays cached",
                sources: E.signOut + E.partitionKept, when: [.when(.inSession), .when(.ownsSession)],
                effect: .session(.none),
                examples: [
                    RuleExample(
                        facts: ["screen": "unlocked", "signed_in": "alice"], event: "device_sign_out", target: "device",
                        fires: true),
                    RuleExample(facts: bobUnlocked, event: "device_sign_out", target: "device", fires: false),
                ])
        case .signOutOther:
            RuleDefinition(
                "apple.sign-out.by-next", summary: "another person signs the previous user out at the Lock Screen",
                sources: E.signOut, when: someoneElse + [.when(.anyoneSignsOut)],
                effect: RuleEffect(session: SessionKind.none, findings: [AppleFinding.notSignedOut.id]),
                examples: [
                    RuleExample(facts: bobLocked, event: "device_sign_out", target: "device", fires: true),
                    RuleExample(
                        settings: ["lock_screen_sign_out": "owner_only"], facts: bobLocked, event: "device_sign_out",
                        target: "device", fires: false),
                ])
        case .tokensCleared:
            RuleDefinition(
                "apple.sign-out.tokens-cleared",
                summary: "the iPad sign-out clears the partition's Microsoft sign-in (model option)",
                sources: E.msalSSO, when: [.when(.tokensCleared)], effect: .none,
                examples: [
                    RuleExample(
                        settings: ["m365_tokens_after_sign_out": "cleared"],
                        facts: ["screen": "unlocked", "signed_in": "alice"],
                        event: "device_sign_out", target: "device", fires: true),
                    RuleExample(
                        facts: ["screen": "unlocked", "signed_in": "alice"], event: "device_sign_out", target: "device",
                        fires: false),
                ])
        }
    }
}
