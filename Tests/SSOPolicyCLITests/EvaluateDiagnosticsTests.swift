import Testing

/// `evaluate` and `matrix` report bad requests as diagnostics like the loaders' (`<command-line>: error: ARGUMENT:
/// message`, every problem at once, with "did you mean"), exit 1; a malformed `--fact` is a usage error (exit 64).
struct EvaluateDiagnosticsTests {
    @Test func unknownAppUserEventFactAndValueAreEachADiagnostic() {
        let result = ssopolicy(
            "evaluate", "warehouse-airwatch", "--app", "timesheat", "--user", "none", "--event", "opn", "--fact",
            "pascode_set=true", "--fact", "session_live=maybe")
        #expect(result.code == 1)
        let lines = result.err.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "<command-line>: error: --app: policy 'warehouse-airwatch' has no app 'timesheat'; did you mean "
                    + "'timesheet'?; apps: inventory, timesheet",
                "<command-line>: error: --user: 'none' cannot be a user name (a word of letters, digits, '-', '_' or "
                    + "'.', not 'none' or 'another-user')",
                "<command-line>: error: --event: unknown event 'opn' for provider 'airwatch-sdk'; did you mean 'open'?",
                "<command-line>: error: --fact pascode_set=true: unknown fact 'pascode_set' for provider 'airwatch-sdk'; "
                    + "did you mean 'passcode_set'?; facts: passcode_set, session_live, silent_login, "
                    + "initial_check_done, session_user, checked_out_user",
                "<command-line>: error: --fact session_live=maybe: fact 'session_live': expected one of 'true', 'false', "
                    + "found 'maybe'",
            ])
        #expect(result.out.isEmpty)
    }

    @Test func aStepConditionWithAWrongValueNamesTheOption() {
        let result = ssopolicy(
            "evaluate", "warehouse-airwatch", "--app", "timesheet", "--user", "bob", "--condition", "silent_login=fail")
        #expect(result.code == 1)
        #expect(result.err.hasPrefix("<command-line>: error: --condition silent_login=fail: silent_login: expected"))
    }

    @Test func aFactWithoutEqualsIsAUsageDiagnostic() {
        let result = ssopolicy("evaluate", "warehouse-airwatch", "--app", "timesheet", "--user", "bob", "--fact", "x")
        #expect(result.code == 64)
        #expect(result.err == "<command-line>: error: --fact 'x': expected key=value, e.g. passcode_set=true\n")
    }

    @Test func matrixChecksItsAppAndUserTheSameWay() {
        let result = ssopolicy("matrix", "warehouse-airwatch", "--app", "inventry", "--user", "another-user")
        #expect(result.code == 1)
        let lines = result.err.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("<command-line>: error: --app: policy 'warehouse-airwatch' has no app 'inventry'"))
        #expect(lines[0].contains("did you mean 'inventory'?"))
        #expect(lines[1].hasPrefix("<command-line>: error: --user: 'another-user' cannot be a user name"))
    }

    @Test func matrixTakesTheUserAndShowsFindings() {
        let result = ssopolicy("matrix", "frontline-entra", "--user", "bob")
        #expect(result.code == 0, "\(result.err)")
        let words = result.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("for app inventory, user bob"))
        #expect(result.out.contains("findings"))
        #expect(result.out.contains("previous-user-session-active"))
    }
}
