import AppleSharedIPadProvider
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// The account around the partition: AwaitUserConfiguration, an administrator's passcode reset, a user disabled in
/// Entra ID, biometric unlock, and the passcode grace period when the MDM sends none. Each fails if its rule
/// changes.
@Suite struct AccountTests {
    @Test func awaitUserConfigurationHoldsTheSessionUntilUserConfigured() throws {
        var ipad = try AppleHarness(settings: ["await_user_configuration": "true"])
        let login = try ipad.open("teams", at: "08:00")
        #expect(login.prompts == ["credentials", "create_passcode"])
        #expect(login.session == "denied")
        #expect(login.findings == ["awaiting-user-configuration"])
        #expect(login.detail("screen") == "awaiting_configuration")
        #expect(try ipad.open("teams", at: "08:01").findings == ["awaiting-user-configuration"])
        // Offline, the MDM cannot send it.
        try ipad.device("network", "offline")
        try ipad.device("user_configured", "user", "alice", at: "08:02")
        #expect(try ipad.open("teams", at: "08:03").session == "denied")
        try ipad.device("network", "online")
        let configured = try ipad.device("user_configured", "user", "alice", at: "08:04")
        #expect(configured.fired.contains("apple.mdm.user-configured"))
        // The Home Screen at last; Auto-Lock ran meanwhile (2 minutes since the login), so the passcode first.
        let home = try ipad.open("teams", at: "08:05")
        #expect(home.prompts == ["device_passcode", "interactive_sign_in"])
        #expect(home.session == "shared_new")
        // Before iPadOS 17 the key does not exist.
        var older = try AppleHarness(settings: ["await_user_configuration": "true", "os_version": "16.4"])
        #expect(try older.open("teams", at: "08:00").session == "shared_new")
    }

    @Test func aPasscodeResetAsksTheFederatedPasswordTheTemporaryPasscodeAndANewOne() throws {
        var ipad = try AppleHarness(facts: ["resident": "alice"])
        try ipad.device("passcode_reset", "user", "alice", at: "08:00")
        let reset = try ipad.open("charting", at: "08:01")
        #expect(reset.prompts == ["credentials", "credentials", "create_passcode", "app_credentials"])
        #expect(reset.detail("login_credential") == "federated_idp")
        try ipad.device("device_sign_out", "device", "alice", at: "08:02")
        // The new passcode is set: the next sign-in is the resident's.
        #expect(try ipad.open("charting", at: "08:03").prompts == ["credentials"])
        // Offline, the reset sign-in cannot reach the identity provider.
        var offline = try AppleHarness(facts: ["resident": "alice", "network": "offline"])
        try offline.device("passcode_reset", "user", "alice", at: "08:00")
        #expect(try offline.open("charting", at: "08:01").findings == ["online-auth-unavailable"])
        // An Apple-authenticated account starts over with a temporary password.
        var apple = try AppleHarness(settings: ["authentication": "apple"], facts: ["resident": "alice"])
        try apple.device("passcode_reset", "user", "alice", at: "08:00")
        #expect(
            try apple.open("charting", at: "08:01").prompts == ["credentials", "change_passcode", "app_credentials"])
    }

    @Test func aUserDisabledInEntraStillOpensTheCachedPartitionButNotTheMicrosoftApps() throws {
        var ipad = try AppleHarness(
            settings: ["online_auth_grace_days": "7"], facts: ["app_session": "alice", "resident": "alice"])
        try ipad.device("entra_disable_user", "user", "alice", at: "08:00")
        let charting = try ipad.open("charting", at: "08:01")
        #expect(charting.prompts == ["credentials"])
        #expect(charting.findings == ["offboarded-user-local-sign-in"])
        #expect(charting.session == "app_reused")
        let teams = try ipad.open("teams", at: "08:02")
        #expect(teams.prompts == ["interactive_sign_in"])
        #expect(teams.session == "denied")
        // When online authentication is due (or the user is new here) the identity provider refuses the sign-in.
        var due = try AppleHarness(settings: ["online_auth_grace_days": "0"], facts: ["resident": "alice"])
        try due.device("entra_disable_user", "user", "alice", at: "08:00")
        let refused = try due.open("charting", at: "08:01")
        #expect(refused.session == "denied")
        #expect(refused.fired.contains("apple.login.offboarded-refused"))
    }

    @Test func theGracePeriodIsZeroWhenTheMDMSendsNoneAndBiometricUnlockIsAModelOption() throws {
        var ipad = try AppleHarness()
        try ipad.open("charting", at: "08:00")
        try ipad.device("device_lock", "device", "alice", at: "08:01")
        #expect(try ipad.open("charting", "bob", at: "08:01").findings == ["user-not-signed-out"])
        var fiveMinutes = try AppleHarness(settings: ["passcode_lock_grace_default": "5m"])
        try fiveMinutes.open("charting", at: "08:00")
        try fiveMinutes.device("device_lock", "device", "alice", at: "08:01")
        #expect(try fiveMinutes.open("charting", "bob", at: "08:02").has("passcode-grace-handover"))
        // Written, the setting wins over the model option.
        var written = try AppleHarness(
            settings: ["passcode_lock_grace_period": "0", "passcode_lock_grace_default": "5m"])
        try written.open("charting", at: "08:00")
        try written.device("device_lock", "device", "alice", at: "08:01")
        #expect(!(try written.open("charting", "bob", at: "08:02").has("passcode-grace-handover")))
        var biometric = try AppleHarness(settings: ["biometric_unlock": "available"])
        try biometric.open("charting", at: "08:00")
        try biometric.device("device_lock", "device", "alice", at: "08:01")
        #expect(try biometric.device("device_unlock", "device", "alice", at: "08:05").prompts.isEmpty)
        #expect(try ipad.device("device_lock", "device", "bob", at: "08:02").session == "shared_reused")
        #expect(try ipad.device("device_unlock", "device", "bob", at: "08:05").prompts == ["device_passcode"])
    }
}
