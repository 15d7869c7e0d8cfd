import SSOPolicyProviderKit

private let legacy: [String: String] = ["msal": "none"]
private let android: [String: String] = ["platform": "android"]

/// The phase of the Android device's own sign-outs (after the access rules): Managed Home Screen's automatic
/// sign-out and the local data Intune clears at a global sign-out. One case per rule, in id order.
enum EntraDeviceSignOutRule: Int, RuleSet {
    case mhsInactivitySignOut
    case intuneClearsLocalData

    static let table = RuleTable<EntraDeviceSignOutRule>(after: EntraAccessRule.table)

    var definition: RuleDefinition<EntraPredicate> {
        switch self {
        case .mhsInactivitySignOut:
            RuleDefinition(
                "entra.mhs.inactivity-sign-out",
                summary:
                    "Android: Managed Home Screen signs the idle device's user out of MHS and the shared-device-mode "
                    + "apps (a global sign-out) before the next step",
                sources: [EntraEvidence.mhsAutoSignOut, EntraEvidence.mhsFrontline],
                when: [.when(.inactivityPassed), .when(.accountSignedIn), .not(.mhsSignInOther)],
                examples: [
                    RuleExample(
                        settings: ["platform": "android", "mhs_auto_sign_out": "true"],
                        facts: ["signed_in": "bob", "inactivity_passed": "true"], fires: true),
                    RuleExample(
                        settings: ["platform": "android", "mhs_auto_sign_out": "true"], facts: ["signed_in": "bob"],
                        fires: false),
                    RuleExample(facts: ["signed_in": "bob", "inactivity_passed": "true"], fires: false),
                ])
        case .intuneClearsLocalData:
            RuleDefinition(
                "entra.sign-out.intune-clears-local-data",
                summary: "Android dedicated device: at a global sign-out Intune clears the local data (and with it the "
                    + "sign-in) of each app listed as not optimized for shared device mode",
                sources: [EntraEvidence.intuneClearsLocalData],
                when: [.not(.onIOS), .when(.deviceShared), .when(.intuneClearsLocalData), .when(.appHoldsAUser)],
                examples: [
                    // Managed Home Screen's automatic sign-out is a global sign-out before the listed app's next foreground.
                    RuleExample(
                        settings: android.merging(["mhs_auto_sign_out": "true"]) { mine, _ in mine },
                        appKeys: ["msal": "none", "clears_data_on_user_change": "true"],
                        facts: ["signed_in": "bob", "data_owner": "bob", "inactivity_passed": "true"], fires: true),
                    RuleExample(
                        settings: android.merging(["mhs_auto_sign_out": "true"]) { mine, _ in mine }, appKeys: legacy,
                        facts: ["signed_in": "bob", "data_owner": "bob", "inactivity_passed": "true"], fires: false),
                ])
        }
    }
}
