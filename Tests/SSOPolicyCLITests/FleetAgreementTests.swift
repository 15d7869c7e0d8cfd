import Foundation
import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// Apps behave alike where the vendors' mechanisms are alike (docs/fleets.md): every app profile is played under
/// every provider, after each kind of sign-out (the app's own, the end of its process, a device restart), and the
/// next worker's session and data verdict must be the same under every provider that runs the app by the same
/// mechanism.
struct FleetAgreementTests {
    /// How a derived policy runs an app: its own login (no broker, no SDK), MSAL single-account through the broker
    /// (the vendor's shared session), MSAL multiple-account (Entra only), or the Workspace ONE SDK.
    static func mechanism(_ policy: CompiledPolicy, app: String) -> String {
        let keys = policy.configuration.apps.first { $0.id == app }!.keys
        switch policy.descriptor.id {
        case "entra-shared-device":
            if !["", "none"].contains(keys.word("catalog")) { return "msal-shared" }
            switch keys.word("msal") {
            case "single_account": return "msal-shared"
            case "multiple_account": return "msal-multiple"
            default: return "own-login"
            }
        case "airwatch-sdk": return keys.bool("sdk_initialized") ? "sdk" : "own-login"
        default:
            if !["", "none"].contains(keys.word("catalog")) { return "msal-shared" }
            let login = keys.word("login")
            return ["app_credentials", "msal", "none"].contains(login) ? "own-login" : "msal-shared"
        }
    }

    /// The profiles: every value of every profile key (`sign_in`, `own_session`, `workspace_one_sdk`, `logout`,
    /// `clears_data_on_user_change`, `microsoft`), each with the key values it plays.
    static func profiles() -> [(id: String, yaml: String, values: [String])] {
        var profiles: [(String, String, [String])] = []
        func add(_ id: String, _ fields: [(String, String)]) {
            let yaml = "  - { id: \(id), " + fields.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + " }"
            profiles.append((id, yaml, fields.map { "\($0.0)=\($0.1)" }))
        }
        for signIn in ["own_login", "none"] {
            for session in signIn == "none" ? [nil] : ["every_open", "until_terminated", "until_sign_out"] {
                for logout in ["[]", "[universal_link_callback]"] {
                    for clears in ["true", "false"] {
                        let id = [signIn, session ?? "-", logout == "[]" ? "nolink" : "link", clears].joined(
                            separator: "."
                        ).replacingOccurrences(of: "_", with: "")
                        var fields = [("sign_in", signIn)]
                        if let session { fields.append(("own_session", session)) }
                        fields += [("logout", logout), ("clears_data_on_user_change", clears)]
                        add(id, fields)
                    }
                }
            }
        }
        for signIn in ["msal_single_account", "msal_multiple_account"] {
            for clears in ["true", "false"] {
                add(
                    "\(signIn.replacingOccurrences(of: "_", with: "")).\(clears)",
                    [("sign_in", signIn), ("workspace_one_sdk", "false"), ("clears_data_on_user_change", clears)])
            }
        }
        for clears in ["true", "false"] {
            add(
                "sdk.\(clears)",
                [
                    ("sign_in", "own_login"), ("own_session", "until_sign_out"), ("workspace_one_sdk", "true"),
                    ("clears_data_on_user_change", clears),
                ])
        }
        add("teams", [("microsoft", "teams")])
        return profiles
    }

    /// Every value of every profile key, as `profiles()` spells them.
    static let everyKeyValue: Set<String> = [
        "sign_in=own_login", "sign_in=none", "sign_in=msal_single_account", "sign_in=msal_multiple_account",
        "own_session=every_open", "own_session=until_terminated", "own_session=until_sign_out",
        "workspace_one_sdk=true", "workspace_one_sdk=false", "logout=[]", "logout=[universal_link_callback]",
        "clears_data_on_user_change=true", "clears_data_on_user_change=false", "microsoft=teams",
    ]

    /// The next worker's verdict: whose session (their own, another's, or nobody's), whether they met the app's
    /// own login, and whether the previous worker's data showed.
    static func verdict(_ view: StepView, ownLogin: Bool = true) -> String {
        let foreign =
            view.findings.contains { $0.id == "previous-user-session-active" }
            || (view.sessionUser != nil && view.sessionUser != "bob")
        let data = view.findings.contains { $0.id == "previous-user-data-visible" }
        // The app's own login, by what it asks: its own form, or the Microsoft sign-in of an app on MSAL.
        let login = ownLogin ? view.prompts.first { $0 == "app_credentials" || $0 == "interactive_sign_in" } : nil
        return "\(foreign ? "foreign session" : "own session")\(login.map { ", own login (\($0))" } ?? "")"
            + (data ? ", data visible" : "")
    }

    @Test func theSameProfileAfterTheSameSignOutGetsTheSameVerdictUnderEveryVendor() throws {
        let engine = SSOPolicyEngine(registry: registry)
        let profiles = Self.profiles()
        #expect(Set(profiles.flatMap(\.values)) == Self.everyKeyValue)
        let fleetText = """
            fleet: agreement
            devices:
              - { group: phones, platform: ios, os_version: "17.5" }
              - { group: handhelds, platform: android, os_version: "13" }
            apps:
            \(profiles.map(\.yaml).joined(separator: "\n"))
            setups:
              - { setup: entra, provider: entra-shared-device }
              - { setup: airwatch, provider: airwatch-sdk, settings: { authentication: passcode, sso: enabled } }
              - setup: imprivata
                provider: imprivata-mam
                settings: { entra_shared_device_mode: true, microsoft_sdm_integration: true }

            """
        let fleet = try engine.loadFleet(
            try engine.readDocument(bytes: Array(fleetText.utf8), file: "agreement.yaml"), file: "agreement.yaml")
        // AirWatch does not play on the Android group: five pairs.
        #expect(fleet.policies.count == 5)
        var compared = 0
        var covered: Set<String> = []
        var mechanisms: Set<String> = []
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
                    let group = try #require(fleet.origin(of: result.policy)).group.group.id
                    // Through the broker the sign-in is the vendor's (its prompt differs by design): session and data.
                    let verdict = Self.verdict(
                        result.views[2], ownLogin: Self.mechanism(result.policy, app: profile.id) == "own-login")
                    byMechanism[group + "/" + Self.mechanism(result.policy, app: profile.id), default: []].append(
                        (result.policy.descriptor.id, verdict))
                }
                for (mechanism, verdicts) in byMechanism where verdicts.count > 1 {
                    compared += 1
                    covered.formUnion(profile.values)
                    mechanisms.insert(String(mechanism.split(separator: "/")[1]))
                    #expect(
                        Set(verdicts.map(\.1)).count == 1,
                        "\(profile.id) after \(kind), \(mechanism): \(verdicts.map { "\($0.0): \($0.1)" })")
                }
            }
        }
        // Every value of every profile key was played under two or more vendors by the same mechanism, and both
        // mechanisms two vendors share (an app's own login, MSAL through the broker) were compared.
        #expect(covered == Self.everyKeyValue)
        #expect(mechanisms == ["own-login", "msal-shared"])
        #expect(compared > profiles.count * 3)
    }
}
