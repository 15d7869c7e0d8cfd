import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// `evaluate --setting`: a value answers as if the policy said so; `?` splits the answer over the setting's values and
/// names it in `when`, as an unknown fact is.
@Suite struct SettingWhatIfTests {
    static let yaml = """
        policy: kiosk
        provider: badge-kiosk
        apps:
          - id: till
          - id: scanner
        """

    static func evaluate(
        _ settings: [(key: String, value: String)], facts: [(key: String, value: String)] = []
    ) throws -> EvaluateResult {
        let policy = try Fixtures.engine.loadPolicy(yaml: yaml, file: "p.yaml")
        return try AttemptEvaluator().evaluate(
            EvaluateRequest(app: "till", user: "bob", facts: facts, settings: settings), policy: policy)
    }

    static func answers(_ result: EvaluateResult) -> [String] {
        result.outcomes.map { outcome in
            outcome.when.map(\.text).joined(separator: " or ") + " -> " + outcome.view.prompts.joined(separator: ",")
                + " " + outcome.view.session
        }
    }

    @Test func anOverrideAnswersAsIfThePolicySaidSo() throws {
        let pin = try Self.evaluate(
            [("after_timeout", "pin")], facts: [("session_live", "false"), ("session_user", "alice")])
        #expect(Self.answers(pin) == ["always -> passcode shared_new"])
        let badge = try Self.evaluate([], facts: [("session_live", "false"), ("session_user", "alice")])
        #expect(Self.answers(badge) == ["always -> credentials shared_new"])
    }

    @Test func anUnknownSettingIsNamedInWhen() throws {
        let result = try Self.evaluate(
            [("after_timeout", "?")], facts: [("session_live", "false"), ("session_user", "alice")])
        #expect(
            Self.answers(result) == [
                "after_timeout=badge -> credentials shared_new", "after_timeout=pin -> passcode shared_new",
            ])
        #expect(result.combinations == 2)
    }

    @Test func aModelOptionAndAnAppKeyCanBeUnknownToo() throws {
        let result = try Self.evaluate([("till.kiosk", "?")], facts: [("session_live", "true")])
        // In the kiosk the tap reuses the live session, whoever's it is (two answers: bob's own, or another
        // user's); outside it the app asks its own login.
        #expect(
            Self.answers(result) == [
                "till.kiosk=true and session_user!=another-user ->  shared_reused",
                "till.kiosk=true and session_user=another-user ->  shared_reused",
                "till.kiosk=false -> app_credentials app_new",
            ])
        let scope = try Self.evaluate([("tap_scope", "?")], facts: [("session_live", "false")])
        #expect(scope.outcomes.count == 1, "a tap that is not live asks a tap under either scope")
    }

    @Test func unknownSettingsSplitOnlyWhereTheyDecide() throws {
        // Outside the kiosk the app asks its own login whatever the tap: after_timeout never matters there.
        let result = try Self.evaluate([("till.kiosk", "false"), ("after_timeout", "?")])
        #expect(Self.answers(result) == ["always -> app_credentials app_new"])
    }

    @Test func badSettingsAreErrorsWithTheArgumentAndASuggestion() {
        func errors(_ settings: [(key: String, value: String)]) -> [String] {
            do {
                _ = try Self.evaluate(settings)
                return []
            } catch let error as EvaluateError {
                return error.diagnostics.map(\.description)
            } catch {
                return ["\(error)"]
            }
        }
        #expect(
            errors([("after_timout", "?")]) == [
                "<command-line>: error: --setting after_timout: unknown setting 'after_timout' for provider "
                    + "'badge-kiosk'; did you mean 'after_timeout'? (a setting, a model option, or APP.KEY for one "
                    + "app's key)"
            ])
        #expect(
            errors([("timeout", "?")]) == [
                "<command-line>: error: --setting timeout: setting 'timeout' cannot be unknown: it takes a "
                    + "duration such as '30s', '15m', '2h' or '0', too many values to split over; give a value to answer for"
            ])
        #expect(
            errors([("after_timeout", "pn")]) == [
                "<command-line>: error: --setting after_timeout: setting 'after_timeout': expected one of 'badge', "
                    + "'pin' or '?', found 'pn'; did you mean 'pin'?"
            ])
        #expect(errors([("after_timeout", "?"), ("after_timeout", "pin")]).count == 1)
        #expect(errors([("nowhere.kiosk", "?")]).first?.contains("unknown setting 'nowhere.kiosk'") == true)
    }
}

/// A policy file's own `unknown` values are what-ifs too: `evaluate` splits over the settings and the evaluated app's
/// keys, and plays the rest at their defaults, naming them.
@Suite struct FileUnknownWhatIfTests {
    static let yaml = """
        policy: kiosk
        provider: badge-kiosk
        settings:
          after_timeout: unknown
        apps:
          - id: till
            kiosk: unknown
          - id: scanner
            kiosk: unknown
        """

    static func evaluate(_ settings: [(key: String, value: String)] = []) throws -> EvaluateResult {
        let policy = try Fixtures.engine.loadPolicy(yaml: yaml, file: "p.yaml")
        return try AttemptEvaluator().evaluate(
            EvaluateRequest(
                app: "till", user: "bob", facts: [("session_live", "false"), ("session_user", "alice")],
                settings: settings), policy: policy)
    }

    @Test func theFilesUnknownsSplitTheAnswer() throws {
        let result = try Self.evaluate()
        #expect(
            SettingWhatIfTests.answers(result) == [
                "after_timeout=badge and till.kiosk=true -> credentials shared_new",
                "till.kiosk=false -> app_credentials app_new",
                "after_timeout=pin and till.kiosk=true -> passcode shared_new",
            ])
        #expect(result.playedDefaults == ["scanner.kiosk"], "another app's key does not decide this attempt")
    }

    @Test func aSettingTheRequestNamesIsNotSplitAgain() throws {
        let result = try Self.evaluate([("after_timeout", "pin"), ("till.kiosk", "true")])
        #expect(SettingWhatIfTests.answers(result) == ["always -> passcode shared_new"])
    }
}
