import SSOPolicyProviderKit

/// The handover: locking, unlocking, signing out, and a person who picks up someone else's session.
enum AppleHandoverRules {
    private typealias E = AppleEvidence
    typealias R = RuleDefinition<ApplePredicate>
    private static let bobUnlocked = ["screen": "unlocked", "signed_in": "bob"]
    private static let bobLocked = ["screen": "locked", "signed_in": "bob"]
    private static let someoneElse: [RuleCheck<ApplePredicate>] = [.when(.inSession), .not(.ownsSession)]

    static let ownUnlock = R(
        "apple.lock.passcode", summary: "past the grace period the user's own locked session asks its passcode",
        sources: E.grace + E.biometrics,
        when: [.when(.inSession), .when(.ownsSession), .when(.locked), .not(.withinGrace), .not(.biometricUnlock)],
        effect: .prompts(.devicePasscode),
        examples: [
            RuleExample(facts: ["screen": "locked", "signed_in": "alice"], fires: true),
            RuleExample(facts: ["screen": "unlocked", "signed_in": "alice"], fires: false),
        ])

    static let guestServed = R(
        "apple.guest.served", summary: "a Guest session, locked or not, opens for the next person: it has no passcode",
        sources: E.guestNoPasscode, when: someoneElse + [.when(.guestSession)],
        effect: .raises(AppleFinding.previousSession.id, AppleFinding.previousData.id, AppleFinding.guestNoPasscode.id),
        examples: [
            RuleExample(facts: bobLocked.merging(["session_type": "guest"]) { $1 }, fires: true),
            RuleExample(facts: bobUnlocked, fires: false),
        ])

    static let unlockedServed = R(
        "apple.session.unlocked-handover", summary: "an unlocked user session serves whoever picks the iPad up",
        sources: E.isolation + E.autoLock, when: someoneElse + [.not(.guestSession), .not(.locked)],
        effect: .raises(AppleFinding.previousSession.id, AppleFinding.previousData.id),
        examples: [
            RuleExample(facts: bobUnlocked, fires: true),
            RuleExample(facts: bobLocked, fires: false),
        ])

    static let graceServed = R(
        "apple.lock.grace-handover",
        summary: "within the passcode grace period a locked session unlocks for anyone, without the passcode",
        sources: E.grace, when: someoneElse + [.not(.guestSession), .when(.locked), .when(.withinGrace)],
        effect: .raises(AppleFinding.previousSession.id, AppleFinding.previousData.id, AppleFinding.graceHandover.id),
        examples: [
            RuleExample(
                settings: ["passcode_lock_grace_period": "1m"],
                facts: bobLocked.merging(["locked_for": "within_grace"]) { $1 }, fires: true),
            RuleExample(settings: ["passcode_lock_grace_period": "1m"], facts: bobLocked, fires: false),
        ])

    static let lockScreenSignOut = R(
        "apple.lock.sign-out-by-next",
        summary: "the next worker taps Sign Out on the previous user's Lock Screen, then signs in",
        sources: E.signOut,
        when: someoneElse + [.not(.guestSession), .when(.locked), .not(.withinGrace), .when(.anyoneSignsOut)],
        effect: .raises(AppleFinding.notSignedOut.id),
        examples: [
            RuleExample(facts: bobLocked, fires: true),
            RuleExample(settings: ["lock_screen_sign_out": "owner_only"], facts: bobLocked, fires: false),
        ])

    static let waitForOwner = R(
        "apple.lock.owner-only",
        summary: "when only the owner may sign out, the next worker waits for the timeout or an MDM log-out",
        sources: E.signOut + E.userTimeout,
        when: someoneElse + [.not(.guestSession), .when(.locked), .not(.withinGrace), .not(.anyoneSignsOut)],
        effect: .session(.denied),
        examples: [
            RuleExample(settings: ["lock_screen_sign_out": "owner_only"], facts: bobLocked, fires: true),
            RuleExample(facts: bobLocked, fires: false),
        ])

    static let lock = R(
        "apple.lock.device", summary: "locking keeps the session open behind its Lock Screen", sources: E.grace,
        when: [.when(.inSession)], effect: .session(.sharedReused),
        examples: [
            RuleExample(
                facts: ["screen": "unlocked", "signed_in": "alice"], event: "device_lock", target: "device", fires: true
            ),
            RuleExample(event: "device_lock", target: "device", fires: false),
        ])

    static let signOut = R(
        "apple.sign-out.device",
        summary: "signing out of the iPad returns it to the login window; the partition stays cached",
        sources: E.signOut + E.partitionKept, when: [.when(.inSession), .when(.ownsSession)], effect: .session(.none),
        examples: [
            RuleExample(
                facts: ["screen": "unlocked", "signed_in": "alice"], event: "device_sign_out", target: "device",
                fires: true),
            RuleExample(facts: bobUnlocked, event: "device_sign_out", target: "device", fires: false),
        ])

    static let signOutOther = R(
        "apple.sign-out.by-next", summary: "another person signs the previous user out at the Lock Screen",
        sources: E.signOut, when: someoneElse + [.when(.anyoneSignsOut)],
        effect: RuleEffect(session: SessionKind.none, findings: [AppleFinding.notSignedOut.id]),
        examples: [
            RuleExample(facts: bobLocked, event: "device_sign_out", target: "device", fires: true),
            RuleExample(
                settings: ["lock_screen_sign_out": "owner_only"], facts: bobLocked, event: "device_sign_out",
                target: "device", fires: false),
        ])

    static let tokensCleared = R(
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
