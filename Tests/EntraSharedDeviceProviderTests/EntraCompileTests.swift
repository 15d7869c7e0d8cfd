import SSOPolicyProviderKit
import Testing

@testable import EntraSharedDeviceProvider

@Suite struct EntraCompileTests {
    let provider = EntraSharedDeviceProvider()

    func compile(
        settings: [String: String] = [:], apps: [(id: String, keys: [String: String])]
    ) throws -> (EntraPolicy?, Diagnostics) {
        let configuration = try ConfigurationBuilder.make(provider.descriptor, settings: settings, apps: apps)
        var diagnostics = Diagnostics()
        let policy = provider.compile(configuration, diagnostics: &diagnostics)
        return (policy, diagnostics)
    }

    @Test func brokerEnabledNeedsMSAL() throws {
        let (policy, diagnostics) = try compile(apps: [
            (id: "scanner", keys: ["msal": "none", "broker_enabled": "true"])
        ])
        #expect(policy == nil)
        #expect(diagnostics.errors.count == 1)
        #expect(diagnostics.errors.first?.message.contains("broker_enabled") == true)
    }

    @Test func iOSOnlyKeysWarnOnAndroid() throws {
        let (policy, diagnostics) = try compile(
            settings: ["platform": "android", "os_version": "13", "sso_extension": "missing"],
            apps: [(id: "inventory", keys: ["signout_from_browser": "false"])])
        let compiled = try #require(policy)
        #expect(compiled.device.deviceShared)
        #expect(diagnostics.all.filter { $0.severity == .warning }.count == 2)
        #expect(!diagnostics.hasErrors)
    }

    @Test func deviceModeAndAppModes() throws {
        let (policy, _) = try compile(apps: [
            (id: "a", keys: [:]), (id: "b", keys: ["msal": "none"]), (id: "c", keys: ["broker_enabled": "false"]),
            (id: "d", keys: ["msal": "multiple_account"]),
        ])
        let compiled = try #require(policy)
        #expect(compiled.apps.map(\.mode) == [.shared, .notAware, .notAware, .shared])
        let (android, _) = try compile(
            settings: ["platform": "android", "os_version": "12"], apps: [(id: "d", keys: ["msal": "multiple_account"])]
        )
        #expect(try #require(android).apps[0].mode == .initFails)
        let (off, _) = try compile(settings: ["shared_device_mode": "false"], apps: [(id: "a", keys: [:])])
        #expect(try #require(off).apps[0].mode == .defaultMode)
    }

    @Test(arguments: [
        (["authenticator": "missing"], EntraModeRequirement.authenticator),
        (["sso_extension": "missing"], EntraModeRequirement.ssoExtension),
        (["os_version": "12.5"], EntraModeRequirement.osVersion),
    ])
    func missingRequirementIsNamed(_ settings: [String: String], _ requirement: EntraModeRequirement) throws {
        let (policy, _) = try compile(settings: settings, apps: [(id: "a", keys: [:])])
        let compiled = try #require(policy)
        #expect(compiled.device.missingRequirement == requirement && !compiled.device.deviceShared)
        let findings = provider.configurationFindings(compiled)
        #expect(findings.count == 1 && findings[0].settingKey == requirement.setting.key)
    }

    @Test func dutyFindingsNameTheAppAndKey() throws {
        let (policy, _) = try compile(apps: [
            (id: "a", keys: [:]),
            (id: "b", keys: ["caches_access_tokens": "true", "account_change_listener": "false"]),
        ])
        let findings = provider.configurationFindings(try #require(policy))
        let forB = findings.filter { $0.app == AppID(1) }
        #expect(forB.map(\.settingKey) == ["account_change_listener", "caches_access_tokens"])
        #expect(findings.filter { $0.app == AppID(0) }.isEmpty)
    }
}
