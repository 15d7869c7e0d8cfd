import SSOPolicyProviderKit
import Testing

@testable import AirWatchSDKProvider

/// The declarations are enums whose case order is the declaration order, and every citation names a document of
/// the catalogue.
@Suite struct DeclarationTests {
    @Test func theCatalogueNamesItsDocuments() {
        #expect(AirWatchSource.idProblems == [])
        #expect(AirWatchDescriptor.descriptor.sources.map(\.id) == AirWatchSource.allCases.map(\.rawValue))
        #expect(AirWatchSource.seed["(Requirements)"] == Citation("airwatch-9.2-sso-ios", "(Requirements)"))
    }

    @Test func settingsModelOptionsAndAppKeysAreReadThroughTheirCases() {
        #expect(AirWatchSetting.allCases.map(\.key) == AirWatchDescriptor.descriptor.settings.map(\.key))
        #expect(AirWatchModelOption.allCases.map(\.key) == AirWatchDescriptor.descriptor.modelOptions.map(\.key))
        #expect(AirWatchAppKey.allCases.map(\.key) == AirWatchDescriptor.descriptor.appKeys.map(\.key))
        #expect(AirWatchSetting.clearPasscodeOnCheckOut.key == "clear_passcode_on_check_out")
        #expect(AirWatchModelOption.ssoStatusBeforeInitialCheck.key == "sso_status_before_initial_check")
        #expect(AirWatchAppKey.ownLogin.key == "own_login")
    }

    @Test func everyChoiceEnumCoversItsDeclaredWords() {
        let settings = AirWatchDescriptor.descriptor.settings
        func words(_ key: String) -> [String] {
            guard case .choice(let words)? = settings.first(where: { $0.key == key })?.kind else { return [] }
            return words
        }
        #expect(AuthenticationType.allCases.map(\.rawValue) == words("authentication"))
        #expect(CommonAuthentication.allCases.map(\.rawValue) == words("common_authentication"))
        #expect(AnchorApp.allCases.map(\.rawValue) == words("anchor_app"))
        #expect(PasscodeMode.allCases.map(\.rawValue) == words("passcode_mode"))
        #expect(Biometric.allCases.map(\.rawValue) == words("biometric"))
        #expect(ManagedToken.allCases.map(\.rawValue) == words("managed_token"))
        let options = AirWatchDescriptor.descriptor.modelOptions
        func readings(_ option: AirWatchModelOption) -> [String] {
            options.first { $0.key == option.key }?.readings.map(\.value) ?? []
        }
        #expect(SilentLoginToken.allCases.map(\.rawValue) == readings(.silentLoginToken))
        #expect(WithoutSSOPrompting.allCases.map(\.rawValue) == readings(.passcodeWithoutSSO))
        #expect(WithoutSSOPrompting.allCases.map(\.rawValue) == readings(.usernamePasswordWithoutSSO))
        #expect(ColdLaunchReading.allCases.map(\.rawValue) == readings(.coldLaunchRequiresAuth))
        #expect(WipeScope.allCases.map(\.rawValue) == readings(.wipeScope))
        #expect(TimeoutAnchor.allCases.map(\.rawValue) == readings(.timeoutAnchor))
        #expect(StatusBeforeInitialCheck.allCases.map(\.rawValue) == readings(.ssoStatusBeforeInitialCheck))
        #expect(SSOScope.allCases.map(\.rawValue) == readings(.ssoScope))
        #expect(IdentifyWithoutSSO.allCases.map(\.rawValue) == readings(.identifyWithoutSSO))
    }
}
