import AirWatchSDKProvider
import SSOPolicyProviderKit
import Testing

private let provider = AirWatchSDKProvider()

private func diagnostics(
    _ settings: [String: String], apps: [(id: String, keys: [String: String])] = [("inventory", [:])]
) throws -> [String] {
    let configuration = try ConfigurationBuilder.make(provider.descriptor, settings: settings, apps: apps)
    var diagnostics = Diagnostics()
    let policy = provider.compile(configuration, diagnostics: &diagnostics)
    #expect((policy == nil) == diagnostics.hasErrors)
    return diagnostics.errors.map(\.message)
}

@Suite("airwatch-sdk compile")
struct CompileTests {
    @Test func defaultsCompile() throws {
        #expect(try diagnostics([:]).isEmpty)
    }

    @Test func complexCharactersNeedAlphanumeric() throws {
        let errors = try diagnostics(["authentication": "passcode", "min_complex_characters": "2"])
        #expect(errors == ["min_complex_characters applies only to passcode_mode: alphanumeric"])
        let longer = try diagnostics([
            "authentication": "passcode", "passcode_mode": "alphanumeric", "min_complex_characters": "5",
            "min_passcode_length": "4",
        ])
        #expect(longer == ["min_complex_characters (5) exceeds min_passcode_length (4)"])
    }

    @Test func biometricNeedsPasscode() throws {
        #expect(try diagnostics(["biometric": "face_id"]).count == 1)
        #expect(try diagnostics(["authentication": "passcode", "biometric": "face_id"]).isEmpty)
    }

    @Test func ssoAppsOfOneClusterMustShareTheAuthenticationType() throws {
        let errors = try diagnostics(
            ["authentication": "passcode", "sso": "enabled"],
            apps: [("inventory", [:]), ("timesheet", ["authentication": "username_password"])])
        #expect(errors.count == 1)
        #expect(errors.first?.contains("'timesheet' shares an SSO session with 'inventory'") == true)
        // In another cluster the mismatch is allowed.
        #expect(
            try diagnostics(
                ["authentication": "passcode", "sso": "enabled"],
                apps: [("inventory", [:]), ("timesheet", ["authentication": "username_password", "cluster": "b"])]
            ).isEmpty)
    }

    @Test func errorsArePositioned() throws {
        var settings = try ConfigurationBuilder.values(
            ["authentication": "passcode", "min_complex_characters": "2"],
            declarations: provider.descriptor.settings + provider.descriptor.modelOptions.map(\.setting),
            at: SourcePosition(file: "p.yaml", line: 4, column: 3), what: "setting")
        settings.set("min_complex_characters", .integer(2), at: SourcePosition(file: "p.yaml", line: 9, column: 27))
        let configuration = PolicyConfiguration(
            id: "p", title: nil, providerID: "airwatch-sdk", file: "p.yaml",
            position: SourcePosition(file: "p.yaml", line: 1, column: 1), settings: settings,
            apps: [
                AppConfiguration(
                    id: "inventory", name: nil, position: SourcePosition(file: "p.yaml", line: 12, column: 5),
                    keys: try ConfigurationBuilder.values(
                        [:], declarations: provider.descriptor.appKeys,
                        at: SourcePosition(file: "p.yaml", line: 12, column: 5), what: "app key"))
            ])
        var diagnostics = Diagnostics()
        #expect(provider.compile(configuration, diagnostics: &diagnostics) == nil)
        #expect(diagnostics.errors.first?.position.line == 9)
    }

    @Test func configurationFindings() throws {
        let configuration = try ConfigurationBuilder.make(
            provider.descriptor,
            settings: [
                "authentication": "passcode", "sso": "enabled", "allow_simple": "true", "min_passcode_length": "4",
                "biometric": "touch_id", "authentication_timeout": "15m", "max_failed_attempts": "5",
                "compromised_protection": "true",
            ],
            apps: [("inventory", [:])])
        var diagnostics = Diagnostics()
        let policy = try #require(provider.compile(configuration, diagnostics: &diagnostics))
        let ids = provider.configurationFindings(policy).map { provider.descriptor.findings[Int($0.finding.index)].id }
        #expect(
            Set(ids) == [
                "weak-passcode", "biometric-passcode-fallback", "timeout-not-enforced-in-use",
                "keychain-survives-uninstall", "no-automatic-check-in",
            ])
    }
}
