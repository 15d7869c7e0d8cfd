import Foundation
import HTTPTypes
import SSOPolicyCLI
import SSOPolicyServer
import SSOPolicyTestSupport
import Testing

/// `POST /v1/evaluate` takes facts, conditions and settings in the JSON types its answers use: a boolean or a number
/// is the text `--fact key=value` would give, and `null` is a key left out.
struct EvaluateValueTypesTests {
    @Test func booleansAndNumbersAreTheTextsTheCommandLineTakes() async throws {
        let expected = cli([
            "evaluate", "hospital-imprivata", "--app", "rover", "--user", "bob", "--fact", "device_locked=true",
            "--fact", "rebooted=false", "--setting", "check_in_retries=2", "--format", "json",
        ])
        #expect(expected.code == 0)
        let typed = try await request(
            .post, "/v1/evaluate",
            body: #"{"policy": "hospital-imprivata", "app": "rover", "user": "bob", "#
                + #""facts": {"device_locked": true, "rebooted": false, "lending_period_passed": null}, "#
                + #""settings": {"check_in_retries": 2}}"#)
        #expect(typed.status == 200, "\(typed.body)")
        #expect(typed.body == expected.out)
        let texts = try await request(
            .post, "/v1/evaluate",
            body: #"{"policy": "hospital-imprivata", "app": "rover", "user": "bob", "#
                + #""facts": {"device_locked": "true", "rebooted": "false"}, "settings": {"check_in_retries": "2"}}"#)
        #expect(texts.body == typed.body)
    }

    @Test func aNumberForAFactThatTakesWordsIsTheFactsOwnError() async throws {
        let answer = try await request(
            .post, "/v1/evaluate",
            body: #"{"policy": "warehouse-airwatch", "app": "timesheet", "user": "bob", "facts": {"passcode_set": 1}}"#)
        #expect(answer.status == 422, "\(answer.body)")
        #expect(answer.body.contains("facts.passcode_set"))
    }

    @Test func objectsAndArraysAreStill400WithTheField() async throws {
        let answer = try await request(
            .post, "/v1/evaluate",
            body: #"{"policy": "frontline-entra", "app": "inventory", "user": "bob", "facts": {"signed_in": ["a"]}}"#)
        #expect(answer.status == 400)
        #expect(
            answer.body.contains(
                "field 'facts.signed_in' has the wrong type: expected a string, a boolean or a number (null: unknown)"),
            "\(answer.body)")
    }
}
