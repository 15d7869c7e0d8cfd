import Foundation
import SSOPolicyTestSupport
import Testing

/// Issue 40, points 6–8: each property means what its name and docs say, a property that does not apply is `n/a`,
/// and each policy is checked under its vendor's documented handover unless told otherwise.
struct VerifyFidelityTests {
    /// An iOS fleet whose apps sign out without signoutFromBrowser: Safari keeps the web session (the seed: "It
    /// doesn't clear state on the Safari browser").
    static let safariKept = """
        policy: safari-kept
        provider: entra-shared-device
        settings:
          platform: ios
        apps:
          - id: inventory
            signout_from_browser: false
        """

    @Test func aSignOutPropertyIsNotBrokenWithoutASignOut() {
        // In two moves (Alice opens Safari, Bob opens Safari) there is no sign-out: only no-foreign-session breaks.
        let result = ssopolicy("verify", "frontline-entra", "--assume", "none", "--depth", "2")
        #expect(result.code == 1, "\(result.out)")
        #expect(result.out.contains("no-foreign-session        VIOLATED: a sequence of 2 moves"), "\(result.out)")
        #expect(result.out.contains("browser-follows-sign-out  holds up to depth 2"), "\(result.out)")
        #expect(result.out.contains("global-sign-out-complete  holds up to depth 2"), "\(result.out)")
        // Deeper, the counterexample of the sign-out property has the sign-out in it.
        let deeper = ssopolicy(
            "verify", "frontline-entra", "--assume", "none", "--property", "browser-follows-sign-out", "--depth", "4")
        #expect(deeper.out.contains("sign_out: inventory"), "\(deeper.out)")
    }

    @Test func aSafariSessionLeftByASignOutBreaksItWithTheSignOutInTheCounterexample() {
        let folder = Fixtures.folder()
        let policy = Fixtures.write(Self.safariKept, to: "p.yaml", in: folder)
        let result = ssopolicy(
            "verify", policy, "--assume", "none", "--property", "browser-follows-sign-out", "--depth", "5")
        #expect(result.code == 1, "\(result.out)")
        let counterexample = result.out.components(separatedBy: "counterexample ").dropFirst().joined()
        #expect(counterexample.contains("sign_out: inventory"), "\(result.out)")
    }

    @Test func aPropertyThatDoesNotApplyIsNotApplicableWithItsReason() {
        let imprivata = ssopolicy("verify", "hospital-imprivata", "--property", "global-sign-out-complete")
        #expect(imprivata.code == 0, "\(imprivata.out)")
        #expect(imprivata.out.contains("global-sign-out-complete  n/a: MAM has no global sign-out"), "\(imprivata.out)")
        let android = ssopolicy("verify", "android-frontline-entra", "--property", "browser-follows-sign-out")
        #expect(android.code == 0, "\(android.out)")
        #expect(android.out.contains("browser-follows-sign-out  n/a: Safari is iOS only"), "\(android.out)")
        // In a table of several policies the cell reads n/a.
        let table = ssopolicy(
            "verify", "hospital-imprivata", "android-frontline-entra", "--property", "global-sign-out-complete",
            "--property", "browser-follows-sign-out", "--format", "json")
        let object = (try? JSONSerialization.jsonObject(with: Data(table.out.utf8))) as? [String: Any]
        let rows = object?["table"] as? [[String: String]] ?? []
        #expect(rows.first?["global-sign-out-complete"] == "not_applicable", "\(table.out)")
        #expect(rows.last?["browser-follows-sign-out"] == "not_applicable", "\(table.out)")
    }

    @Test func byDefaultEachPolicyIsCheckedUnderItsVendorsHandover() {
        let result = ssopolicy("verify", "frontline-entra", "--depth", "5")
        #expect(
            result.out.contains("assumptions: hands-over (by default, the vendor's documented handover"),
            "\(result.out)")
        #expect(!result.out.contains("with no assumption"))
        let beside = ssopolicy("verify", "frontline-entra", "--depth", "5", "--also-unassumed")
        #expect(beside.code == result.code, "\(beside.out)")
        #expect(beside.out.contains("with no assumption"), "\(beside.out)")
        #expect(beside.out.contains("violated ("), "\(beside.out)")
        let none = ssopolicy("verify", "frontline-entra", "--depth", "5", "--assume", "none")
        #expect(none.out.contains("assumptions: none;"), "\(none.out)")
        #expect(ssopolicy("verify", "frontline-entra", "--assume", "none", "--assume", "no-restart").code == 64)
    }

    @Test func theContinuousIntegrationCommandStillHolds() {
        let result = ssopolicy(
            "verify", "frontline-entra", "--assume", "signs-out-before-handover", "--property", "no-previous-user-data")
        #expect(result.code == 0, "\(result.out)")
    }
}
