import Foundation
import SSOPolicy
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

@testable import AirWatchSDKProvider

/// `evaluate` and `run` agree: every state a bounded exploration reaches, described as facts, evaluates to the
/// outcome the scenario's next access gets (the core's generic check, with airwatch-sdk's reading of its state).
@Suite("airwatch-sdk evaluate/run agreement")
struct EvaluateRunAgreementTests {
    static let engine = SSOPolicyEngine(registry: ProviderRegistry([AnyPolicyProvider(AirWatchSDKProvider())]))
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Policies/airwatch")

    static let bundled: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    /// Policies beyond the bundled ones: SSO off, username/password, an app without the SDK, the research options.
    static let extra: [String] = [
        """
        policy: passcode-no-sso
        provider: airwatch-sdk
        settings: { authentication: passcode, authentication_timeout: 15m, max_failed_attempts: 3 }
        apps: [{ id: inventory }, { id: timesheet }]
        """,
        """
        policy: password-sso-cold
        provider: airwatch-sdk
        settings:
          authentication: username_password
          sso: enabled
          clear_passcode_on_check_out: true
          model: { cold_launch_requires_auth: true, silent_login_token: managed_app_config }
        apps: [{ id: inventory }, { id: timesheet }]
        """,
        """
        policy: with-non-sdk-app
        provider: airwatch-sdk
        settings: { authentication: passcode, sso: enabled, authentication_timeout: 15m }
        apps: [{ id: inventory }, { id: mail, sdk_initialized: false }]
        """,
    ]

    /// The facts that describe `state` for an access to `app` at `clock`, or nil when they cannot.
    static func describe(
        _ state: AirWatchState, app index: Int, clock: Int, users: [String], policy: AirWatchPolicy
    ) -> [String: String]? {
        func name(_ user: UserID?) -> String? {
            guard let user else { return nil }
            return user == AirWatchState.actingUser ? "none" : users[Int(user.index)]
        }
        let app = policy.apps[index]
        let entry = state.apps[index]
        var facts: [String: String] = [:]
        if let checkedOut = state.checkedOutUser.stored {
            // The facts say "checked out since the app last looked": the app must not have seen it yet, or agree.
            if entry.seenCheckOut == state.checkOutGeneration.stored && entry.registered.stored
                && entry.registeredUser.stored != checkedOut
            {
                return nil
            }
            facts["checked_out_user"] = name(checkedOut)
        } else if entry.seenCheckOut != state.checkOutGeneration.stored {
            return nil
        } else {
            facts["checked_out_user"] = "none"
        }
        if entry.running.stored && !entry.unlockedInProcess.stored { return nil }
        facts["initial_check_done"] = entry.running.stored ? "true" : "false"
        guard app.usesSDK else {
            facts["passcode_set"] = "false"
            facts["silent_login"] = "first_launch"
            facts["session_live"] = entry.ownSessionUser.stored == nil ? "false" : "true"
            facts["session_user"] = name(entry.ownSessionUser.stored) ?? "none"
            return facts
        }
        let store = state.stores[app.store]
        guard store.failedAttempts == 0, policy.settings.maxPasscodeAge == 0 || !store.passcodeSet.stored else {
            return nil
        }
        let live =
            store.hasSession.stored
            && (state.clockStarted
                ? (try? state.sessionLive(app.store, at: clock, timeout: policy.settings.timeout)) == true
                : store.stamp.stored == AirWatchState.givenLive)
        // One user carries the registration, the common identity and the session (the facts have one session_user).
        var owners = Set<UserID>()
        if entry.registered.stored, let user = entry.registeredUser.stored { owners.insert(user) }
        if let user = store.identity.stored { owners.insert(user) }
        if store.hasSession.stored, let user = store.sessionUser.stored { owners.insert(user) }
        guard owners.count <= 1 else { return nil }
        facts["session_user"] = name(owners.first) ?? "none"
        facts["passcode_set"] = store.passcodeSet.stored ? "true" : "false"
        facts["session_live"] = live ? "true" : "false"
        if entry.registered.stored || (app.effectiveSSO && store.identity.stored != nil) {
            facts["silent_login"] = "succeeds"
        } else if entry.silentRoute.stored {
            return nil
        } else {
            facts["silent_login"] = entry.tokenConsumed.stored ? "fails" : "first_launch"
        }
        return facts
    }

    static func policies() throws -> [CompiledPolicy] {
        var texts = try bundled.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
        texts += extra
        return try texts.map { try engine.loadPolicy(yaml: $0, file: "p.yaml") }
    }

    static let policyNumbers = Array(0..<(bundled.count + extra.count))

    @Test(arguments: policyNumbers)
    func evaluateAgreesWithRunOnEveryReachedState(policyNumber: Int) throws {
        let compiled = try Self.policies()[policyNumber]
        var diagnostics = Diagnostics()
        let policy = try #require(AirWatchSDKProvider().compile(compiled.configuration, diagnostics: &diagnostics))
        let report = EvaluateRunAgreement.check(compiled, engine: Self.engine, as: AirWatchState.self, depth: 4) {
            state, app, clock, users in
            Self.describe(state, app: app, clock: clock, users: users, policy: policy)
        }
        #expect(report.mismatches == [], "\(compiled.configuration.id)")
        // The check must not pass by describing nothing.
        #expect(report.described * 2 > report.states, "\(compiled.configuration.id): \(report)")
        #expect(report.compared > 100, "\(compiled.configuration.id): \(report)")
    }

    /// The example: nina's session, omar checked out. Timesheet never registered, so before the fix it kept
    /// the cluster's common identity (nina) through the user change while evaluate, on the same facts, wiped it.
    @Test func checkedOutOmarOverNinasSession() throws {
        let compiled = try Self.engine.loadPolicy(
            yaml: """
                policy: p
                provider: airwatch-sdk
                settings: { authentication: passcode, sso: enabled, authentication_timeout: 15m }
                apps: [{ id: inventory }, { id: timesheet }]
                """, file: "p.yaml")
        let answer = try Self.engine.evaluate(
            EvaluateRequest(
                app: "timesheet", user: "omar",
                facts: [
                    ("checked_out_user", "omar"), ("session_user", "nina"), ("passcode_set", "true"),
                    ("session_live", "true"), ("silent_login", "succeeds"), ("initial_check_done", "true"),
                ]), policy: compiled)
        #expect(answer.outcomes.count == 1)
        let view = try #require(answer.outcomes.first?.view)
        var h = try AirWatchHarness(settings: [
            "authentication": "passcode", "sso": "enabled", "authentication_timeout": "15m",
        ])
        try h.open("inventory", "nina", at: "08:00")
        try h.step("check_out", "hub", user: "omar", at: "08:02")
        let step = try h.open("timesheet", "omar", at: "08:03")
        #expect(view.prompts == step.prompts)
        #expect(view.session == step.session)
        #expect(view.sessionUser == step.sessionUser)
        #expect(step.sessionUser == "omar")
    }
}
