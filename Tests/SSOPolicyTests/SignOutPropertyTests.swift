import SSOPolicyTestSupport
import Testing

@testable import SSOPolicy

/// Issue 40, points 6 and 7: a property about a sign-out is broken only by a sequence with a sign-out, and a worker
/// reopening their own app is no leak. Checked on the checker itself, through a provider the core has never heard
/// of.
struct SignOutPropertyTests {
    static let descriptor = BadgeProvider().descriptor
    static let alice = UserID(0)
    static let bob = UserID(1)

    static func open(_ user: UserID) -> ProviderEvent {
        ProviderEvent(event: .open, target: .app(AppID(0)), user: user, time: 8 * 3600)
    }

    static func served(_ user: UserID, finding: String? = nil, subject: UserID? = nil) -> StepOutcome {
        var outcome = StepOutcome(session: .appReused, sessionUser: user, subject: subject)
        if let finding, let id = descriptor.finding(finding) { outcome.findings.insert(id) }
        return outcome
    }

    /// The monitor after alice signed out (and before anyone used the device again).
    static func afterAliceSignedOut(_ checker: PropertyChecker) -> PathMonitor {
        var monitor = PathMonitor()
        checker.advance(&monitor, open(alice))
        checker.advance(
            &monitor, ProviderEvent(event: .signOut, target: .app(AppID(0)), user: alice, time: 8 * 3600 + 60))
        return monitor
    }

    @Test func theSignedOutWorkerReopeningHerOwnAppIsNoLeak() throws {
        let property = try #require(VerificationProperty.core.first { $0.id == "global-sign-out-complete" })
        #expect(property.afterSignOut)
        let checker = PropertyChecker(properties: [property], descriptor: Self.descriptor, tracksHandover: false)
        let monitor = Self.afterAliceSignedOut(checker)
        // Alice reopens an app that still holds her own session, with no prompt: her own, not a leak.
        #expect(checker.violations(Self.open(Self.alice), Self.served(Self.alice), before: monitor) == 0)
        // Bob is served Alice's session after she signed out: the sign-out left it behind.
        #expect(checker.violations(Self.open(Self.bob), Self.served(Self.alice), before: monitor) == 1)
    }

    @Test func aSignOutPropertyIsBrokenOnlyAfterASignOutOfTheExposedUser() {
        let property = VerificationProperty(
            id: "browser-follows-sign-out", meaning: "", origin: "badge-kiosk",
            check: .findings(["previous-user-session-active"]), afterSignOut: true)
        let checker = PropertyChecker(properties: [property], descriptor: Self.descriptor, tracksHandover: false)
        let step = Self.served(Self.alice, finding: "previous-user-session-active", subject: Self.alice)
        // Alice opened the app, Bob opens it after her: nobody signed out, so this is not the sign-out's doing.
        var noSignOut = PathMonitor()
        checker.advance(&noSignOut, Self.open(Self.alice))
        #expect(checker.violations(Self.open(Self.bob), step, before: noSignOut) == 0)
        // After Alice signed out, the same step shows what her sign-out left behind.
        #expect(checker.violations(Self.open(Self.bob), step, before: Self.afterAliceSignedOut(checker)) == 1)
        // The sign-out step itself reporting the finding breaks it.
        let signOut = ProviderEvent(event: .signOut, target: .app(AppID(0)), user: Self.alice, time: 9 * 3600)
        #expect(checker.violations(signOut, step, before: noSignOut) == 1)
    }
}
