import AirWatchSDKProvider
import SSOPolicyProviderKit
import Testing

/// One row of research §1.6 as this model answers it (prompt names from spec 4.2).
struct DecisionRow: CustomTestStringConvertible, Sendable {
    var number: Int
    var authentication: String
    var sso: Bool
    var passcode: Bool
    var live: Bool
    var silent: Bool
    var prompts: [String]
    var session: String

    var testDescription: String { "row \(number)" }
}

/// The 48 rows, with the seed's literal reading of rows 9/10 (passcode on every access with SSO off) and 25/26
/// (app credentials on every access), a username/password prompt not repeated after identify, and sessions
/// `*_reused` exactly when a live session served the attempt without a secure-phase authentication.
let decisionTable: [DecisionRow] = {
    var rows: [DecisionRow] = []
    var number = 0
    for authentication in ["passcode", "username_password", "disabled"] {
        for sso in [true, false] {
            for passcode in [true, false] {
                for live in [true, false] {
                    for silent in [true, false] {
                        number += 1
                        let common = sso || authentication == "passcode"
                        var prompts: [String] = silent ? [] : [common ? "credentials" : "app_credentials"]
                        var authenticated = true
                        switch authentication {
                        case "passcode":
                            if !passcode {
                                prompts.append("create_passcode")
                            } else if live && sso {
                                authenticated = false
                            } else {
                                prompts.append("passcode")
                            }
                        case "username_password":
                            let secure = sso ? "credentials" : "app_credentials"
                            if passcode && live && sso {
                                authenticated = false
                            } else if !prompts.contains(secure) {
                                prompts.append(secure)
                            }
                        default:
                            authenticated = !live
                        }
                        let kind = authenticated ? "new" : "reused"
                        rows.append(
                            DecisionRow(
                                number: number, authentication: authentication, sso: sso, passcode: passcode,
                                live: live,
                                silent: silent, prompts: prompts, session: (sso ? "shared_" : "app_") + kind))
                    }
                }
            }
        }
    }
    return rows
}()

private func evaluate(_ row: DecisionRow, options: [String: String] = [:]) throws -> AirWatchHarness.Step {
    var settings = ["authentication": row.authentication, "sso": row.sso ? "enabled" : "disabled"]
    settings.merge(options) { _, new in new }
    var harness = try AirWatchHarness(
        settings: settings, apps: [("app", [:])],
        facts: [
            "passcode_set": String(row.passcode), "session_live": String(row.live),
            "silent_login": row.silent ? "succeeds" : "fails",
        ])
    return try harness.open("app")
}

@Suite("research §1.6 decision table")
struct DecisionTableTests {
    @Test func tableHasFortyEightRows() {
        #expect(decisionTable.count == 48)
        // Spot checks against the research text itself, independent of the generator above.
        #expect(decisionTable[3].prompts == ["credentials", "passcode"])  // row 4
        #expect(decisionTable[7].prompts == ["credentials", "create_passcode"])  // row 8
        #expect(decisionTable[8].prompts == ["passcode"])  // row 9, seed literal
        #expect(decisionTable[19].prompts == ["credentials"])  // row 20, not asked twice
        #expect(decisionTable[24].prompts == ["app_credentials"])  // row 25, seed literal
        #expect(decisionTable[33].prompts == ["credentials"])  // row 34
        #expect(decisionTable[47].prompts == ["app_credentials"])  // row 48
        #expect(decisionTable[0].session == "shared_reused")
        #expect(decisionTable[46].session == "app_new")
    }

    @Test(arguments: decisionTable)
    func row(_ row: DecisionRow) throws {
        let step = try evaluate(row)
        #expect(step.prompts == row.prompts)
        #expect(step.session == row.session)
        #expect(step.sessionUser == "alice")
        #expect(step.findings.filter { $0.hasPrefix("previous-user") }.isEmpty)
        #expect(step.detail("sso_status") == (row.sso ? "enabled" : "disabled"))
    }

    /// C1: the per-app-session reading of rows 9/10 and 25/26 (research table).
    @Test(arguments: [
        (9, [String](), "app_reused"), (10, ["credentials"], "app_reused"), (25, [], "app_reused"),
        (26, ["app_credentials"], "app_reused"),
    ])
    func perAppSessionReading(number: Int, prompts: [String], session: String) throws {
        let row = decisionTable[number - 1]
        let step = try evaluate(
            row,
            options: ["passcode_without_sso": "per_app_session", "username_password_without_sso": "per_app_session"])
        #expect(step.prompts == prompts)
        #expect(step.session == session)
    }

    /// Under per-app sessions, the rows that are not live still prompt like the seed.
    @Test func perAppSessionKeepsOtherRows() throws {
        let options = ["passcode_without_sso": "per_app_session", "username_password_without_sso": "per_app_session"]
        for number in [11, 12, 15, 16, 27, 28, 31, 32] {
            let row = decisionTable[number - 1]
            #expect(try evaluate(row, options: options).prompts == row.prompts, "row \(number)")
        }
    }

    /// C2: with `cold_launch_requires_auth: true` a live row prompts unless the app was already running.
    @Test func coldLaunchReading() throws {
        let row = decisionTable[0]
        var cold = try AirWatchHarness(
            settings: ["authentication": "passcode", "sso": "enabled", "cold_launch_requires_auth": "true"],
            apps: [("app", [:])],
            facts: ["passcode_set": "true", "session_live": "true", "silent_login": "succeeds"])
        let coldStep = try cold.open("app")
        #expect(coldStep.prompts == ["passcode"])
        #expect(coldStep.fired.contains("airwatch.secure.cold-launch"))
        var warm = try AirWatchHarness(
            settings: ["authentication": "passcode", "sso": "enabled", "cold_launch_requires_auth": "true"],
            apps: [("app", [:])],
            facts: [
                "passcode_set": "true", "session_live": "true", "silent_login": "succeeds",
                "initial_check_done": "true",
            ])
        #expect(try warm.open("app").prompts == row.prompts)
    }

    /// C8: reusing cached enrolment credentials turns the app login of rows 42-48 into a silent login.
    @Test func cachedCredentialsReading() throws {
        for number in [42, 44, 46, 48] {
            let row = decisionTable[number - 1]
            let step = try evaluate(row, options: ["identify_without_sso": "reuse_cached_credentials"])
            #expect(step.prompts.isEmpty, "row \(number)")
            #expect(step.fired.contains("airwatch.identify.cached-credentials"))
        }
    }

    /// Token or SAML enrolment: the identify prompt is not a password, so username/password asks again (R17).
    @Test func samlDoesNotSuppressPasswordPrompt() throws {
        let row = decisionTable[23]  // row 24
        let step = try evaluate(row, options: ["common_authentication": "saml"])
        #expect(step.prompts == ["credentials", "credentials"])
        #expect(step.detail("credential_method") == "saml")
    }
}
