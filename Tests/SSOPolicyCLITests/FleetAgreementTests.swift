import Foundation
import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// Apps behave alike where the vendors' mechanisms are alike (docs/fleets.md): every app profile is played under
/// every provider, after each kind of sign-out (the app's own, the end of its process, a device restart), and the
/// next worker's session and data verdict must be the same under every provider that runs the app by the same
/// mechanism.
struct FleetAgreementTests {
    /// How a derived policy runs an app: its own login (no broker, no SDK), or the vendor's shared session.
    static func mechanism(_ policy: CompiledPolicy, app: String) -> String {
        let keys = policy.configuration.apps.first { $0.id == app }!.keys
        switch policy.descriptor.id {
        case "entra-shared-device": return keys.word("msal") == "none" ? "own-login" : "msal-shared"
        case "airwatch-sdk": return keys.bool("sdk_initialized") ? "sdk" : "own-login"
        default:
            let login = keys.word("login")
            return login == "app_credentials" || login == "none" ? "own-login" : "msal-shared"
        }
    }

    /// The profiles: every sign-in with an app of its own, every own session, with and without a logout callback,
    /// clearing data or not.
    static func profiles() -> [(id: String, yaml: String)] {
        var profiles: [(String, String)] = []
        for signIn in ["own_login", "none"] {
            for session in signIn == "none" ? [nil] : ["every_open", "until_terminated", "until_sign_out"] {
                for logout in ["[]", "[universal_link_callback]"] {
                    for clears in ["true", "false"] {
                        let id = [signIn, session ?? "-", logout == "[]" ? "nolink" : "link", clears].joined(
                            separator: "."
                        ).replacingOccurrences(of: "_", with: "")
                        profiles.append(
                            (
                                id,
                                "  - { id: \(id), sign_in: \(signIn), "
                                    + (session.map { "own_session: \($0), " } ?? "")
                                    + "logout: \(logout), clears_data_on_user_change: \(clears) }"
                            ))
                    }
                }
            }
        }
        return profiles
    }

    /// The next worker's verdict: whose session (their own, another's, or nobody's), whether they met the app's
    /// own login, and whether the previous worker's data showed.
    static func verdict(_ view: StepView) -> String {
        let foreign =
            view.findings.contains { $0.id == "previous-user-session-active" }
            || (view.sessionUser != nil && view.sessionUser != "bob")
        let data = view.findings.contains { $0.id == "previous-user-data-visible" }
        let login = view.prompts.contains("app_credentials")
        return
            "\(foreign ? "foreign session" : "own session")\(login ? ", own login" : "")\(data ? ", data visible" : "")"
    }

    @Test func theSameProfileAfterTheSameSignOutGetsTheSameVerdictUnderEveryVendor() throws {
        let engine = SSOPolicyEngine(registry: registry)
        let profiles = Self.profiles()
        let fleetText = """
            fleet: agreement
            devices:
              - { group: phones, platform: ios, os_version: "17.5" }
            apps:
            \(profiles.map(\.yaml).joined(separator: "\n"))
            setups:
              - { setup: entra, provider: entra-shared-device }
              - { setup: airwatch, provider: airwatch-sdk, settings: { authentication: passcode, sso: enabled } }
              - { setup: imprivata, provider: imprivata-mam }

            """
        let fleet = try engine.loadFleet(
            try engine.readDocument(bytes: Array(fleetText.utf8), file: "agreement.yaml"), file: "agreement.yaml")
        #expect(fleet.policies.count == 3)
        var compared = 0
        for kind in ["sign_out", "terminate", "restart"] {
            for profile in profiles {
                let event =
                    switch kind {
                    case "sign_out": "user: alice, sign_out: \(profile.id)"
                    case "terminate": "terminate: \(profile.id)"
                    default: "terminate: all"
                    }
                let scenarioText = """
                    scenario: \(kind.replacingOccurrences(of: "_", with: "-"))
                    given: { checked_out_user: alice, status: checked_out, custodian: alice }
                    steps:
                      - { at: "08:00", user: alice, open: \(profile.id) }
                      - { at: "11:00", \(event) }
                      - { at: "12:00", user: bob, open: \(profile.id) }

                    """
                let scenario = try engine.loadScenario(yaml: scenarioText, file: "s.yaml")
                let comparison = try FleetComparison.run(scenario, fleet: fleet).comparison
                var byMechanism: [String: [(String, String)]] = [:]
                for result in comparison.results {
                    let verdict = Self.verdict(result.views[2])
                    byMechanism[Self.mechanism(result.policy, app: profile.id), default: []].append(
                        (result.policy.descriptor.id, verdict))
                }
                for (mechanism, verdicts) in byMechanism where verdicts.count > 1 {
                    compared += 1
                    #expect(
                        Set(verdicts.map(\.1)).count == 1,
                        "\(profile.id) after \(kind), \(mechanism): \(verdicts.map { "\($0.0): \($0.1)" })")
                }
            }
        }
        // Every own-login profile under the three vendors, after each kind of sign-out.
        #expect(compared == profiles.count * 3)
    }
}
