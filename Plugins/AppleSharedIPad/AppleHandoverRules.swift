import SSOPolicyProviderKit

private typealias E = AppleEvidence

private let bobUnlocked = ["screen": "unlocked", "signed_in": "bob"]
private let bobLocked = ["screen": "locked", "signed_in": "bob"]
private let someoneElse: [RuleCheck<ApplePredicate>] = [.when(.inSession), .not(.ownsSession)]

/// A session already open when a person picks the iPad up: their own behind its Lock Screen, or someone else's.
enum AppleHandoverRule: Int, RuleSet {
    case ownUnlock
    case guestServed
    case unlockedServed
    case graceServed
    case lockScreenSignOut
    case waitForOwner

    static let table = RuleTable<AppleHandoverRule>(after: AppleLoginRule.table)

    /// Someone else's session is open when a person picks the iPad up.
    static let inTheWay = DecisionList<AppleHandoverRule>(
        "another person's session in the way",
        [.guestServed, .unlockedServed, .graceServed, .lockScreenSignOut, .waitForOwner])

    var definition: RuleDefinition<ApplePredicate> {
        switch self {
        case .ownUnlock:
            RuleDefinition(
                "apple.lock.passcode", summary: "past the grace period the user's own locked session asks its passcode",
                sources: E.grace + E.biometrics,
                when: [
                    .when(.inSession), .when(.ownsSession), .when(.locked), .not(.withinGrace), .not(.biometricUnlock),
                ],
                effect: .prompts(.devicePasscode),
                examples: [
                    RuleExample(facts: ["screen": "locked", "signed_in": "alice"], fires: true),
                    RuleExample(facts: ["screen": "unlocked", "signed_in": "alice"], fires: false),
                ])
        case .guestServed:
            RuleDefinition(
                "apple.guest.served",
                summary: "a Guest session, locked or not, opens for the next person: it has no passcode",
                sources: E.guestNoPasscode, when: someoneElse + [.when(.guestSession)],
                effect: .raises(
                    AppleFinding.previousSession.id, AppleFinding.previousData.id, AppleFinding.guestNoPasscode.id),
                examples: [
                    RuleExample(facts: bobLocked.merging(["session_type": "guest"]) { $1 }, fires: true),
                    RuleExample(facts: bobUnlocked, fires: false),
                ])
        case .unlockedServed:
            RuleDefinition(
                "apple.session.unlocked-handover", summary: "an unlocked user session serves whoever picks the iPad up",
                sources: E.isolation + E.autoLock, when: someoneElse + [.not(.guestSession), .not(.locked)],
                effect: .raises(AppleFinding.previousSession.id, AppleFinding.previousData.id),
                examples: [
                    RuleExample(facts: bobUnlocked, fires: true),
                    RuleExample(facts: bobLocked, fires: false),
                ])
        case .graceServed:
            RuleDefinition(
                "apple.lock.grace-handover",
                summary: "within the passcode grace period a locked session unlocks for anyone, without the passcode",
                sources: E.grace, when: someoneElse + [.not(.guestSession), .when(.locked), .when(.withinGrace)],
                effect: .raises(
                    AppleFinding.previousSession.id, AppleFinding.previousData.id, AppleFinding.graceHandover.id),
                examples: [
                    RuleExample(
                        settings: ["passcode_lock_grace_period": "1m"],
                        facts: bobLocked.merging(["locked_for": "within_grace"]) { $1 }, fires: true),
                    RuleExample(settings: ["passcode_lock_grace_period": "1m"], facts: bobLocked, fires: false),
                ])
        case .lockScreenSignOut:
            RuleDefinition(
                "apple.lock.sign-out-by-next",
                summary: "the next worker taps Sign Out on the previous user's Lock Screen, then signs in",
                sources: E.signOut,
                when: someoneElse + [.not(.guestSession), .when(.locked), .not(.withinGrace), .when(.anyoneSignsOut)],
                effect: .raises(AppleFinding.notSignedOut.id),
                examples: [
                    RuleExample(facts: bobLocked, fires: true),
                    RuleExample(settings: ["lock_screen_sign_out": "owner_only"], facts: bobLocked, fires: false),
                ])
        case .waitForOwner:
            RuleDefinition(
                "apple.lock.owner-only",
                summary: "when only the owner may sign out, the next worker waits for the timeout or an MDM log-out",
                sources: E.signOut + E.userTimeout,
                when: someoneElse + [.not(.guestSession), .when(.locked), .not(.withinGrace), .not(.anyoneSignsOut)],
                effect: .session(.denied),
                examples: [
                    RuleExample(settings: ["lock_screen_sign_out": "owner_only"], facts: bobLocked, fires: true),
                    RuleExample(facts: bobLocked, fires: false),
                ])
        }
    }
}
