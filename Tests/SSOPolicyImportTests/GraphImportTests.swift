import Foundation
import SSOPolicyImport
import Testing

struct GraphImportTests {
    @Test func theAzureADExtensionGivesSharedModeTheExtensionAndItsAppsWithProvenance() throws {
        let outcome = importer.run(paths: [exports + "/intune-ios-azuread.json"])
        let yaml = try #require(outcome.yaml.first)
        let file = exports + "/intune-ios-azuread.json"
        #expect(yaml.contains("policy: ios-shared-sso-plug-in\n"))
        #expect(yaml.contains("title: \"iOS shared - SSO plug-in (imported)\"\n"))
        #expect(yaml.contains("  platform: ios  # from: \(file)#/value/0/@odata.type\n"))
        #expect(
            yaml.contains(
                "  shared_device_mode: true  # from: \(file)#/value/0/iosSingleSignOnExtension/enableSharedDeviceMode\n"
            ))
        #expect(
            yaml.contains(
                "  sso_extension: enabled  # from: \(file)#/value/0/iosSingleSignOnExtension/@odata.type (the Microsoft "
                    + "Entra ID SSO extension type)\n"))
        #expect(
            yaml.contains(
                "  os_version: unknown  # from: \(file)#/value/0/deviceManagementApplicabilityRuleOsVersion/minOSVersion "
                    + "(the profile applies from OS 16.0 on; the devices' versions are in device inventory)\n"))
        #expect(yaml.contains("  authenticator: unknown  # from: \(file)#/value/0 (not in the profile: Authenticator"))
        #expect(
            yaml.contains(
                "  - id: timesheet  # from: \(file)#/value/0/iosSingleSignOnExtension/bundleIdAccessControlList/1 (in "
                    + "bundleIdAccessControlList: allowed to use the plug-in without MSAL)\n"
                    + "    name: \"com.example.Timesheet\"\n"))
        #expect(
            yaml.contains(
                "    msal: unknown  # from: \(file)#/value/0/iosSingleSignOnExtension/bundleIdAccessControlList/0 (how the app is built"
            ))
        #expect(yaml.contains("    catalog: none  # from: "))
        // The plug-in's other keys are kept as notes; an undocumented key's value is not copied.
        #expect(
            yaml.contains(
                "#   AppPrefixAllowList = com.example. (from: \(file)#/value/0/iosSingleSignOnExtension/configurations/1)"
            ))
        #expect(yaml.contains("#   vendor_shared_secret: an undocumented key, value not copied"))
        #expect(!yaml.contains("FAKE-SECRET"))
    }

    @Test func otherProfilesInAMixedCollectionAreSkippedWithANoteEach() {
        let outcome = importer.run(paths: [exports + "/intune-ios-azuread.json"])
        #expect(outcome.policies.count == 1)
        let notes = outcome.messages
        #expect(notes.count == 3)
        #expect(
            notes.contains { $0.contains(":32:5: note: /value/1: skipped a 'windows10GeneralConfiguration' profile") })
        #expect(
            notes.contains {
                $0.contains("/value/2: skipped an iOS device features profile without an SSO app extension")
            })
        #expect(notes.contains { $0.contains("skipped: the SSO app extension is 'iosKerberosSingleSignOnExtension'") })
    }

    @Test func theDeprecatedRedirectPropertyIsReadAndTheBlockListRemovesApps() throws {
        let outcome = importer.run(paths: [exports + "/intune-ios-redirect-deprecated.json"])
        #expect(outcome.diagnostics.isEmpty)
        let yaml = try #require(outcome.yaml.first)
        #expect(
            yaml.contains(
                "# Read the deprecated singleSignOnExtension property (iosSingleSignOnExtension is not set).\n"))
        #expect(
            yaml.contains("  sso_extension: enabled  # from: ")
                && yaml.contains("/singleSignOnExtension/extensionIdentifier"))
        #expect(
            yaml.contains("  shared_device_mode: true  # from: ")
                && yaml.contains("/singleSignOnExtension/configurations/0\n"))
        #expect(outcome.policies.first?.apps.map(\.id) == ["inventory", "timesheet"])
        #expect(yaml.contains("#   AppBlockList = com.example.legacy"))
    }

    @Test func androidSharedTokenGivesSharedModeAndAuthenticatorAndTheKioskProfileTheApps() throws {
        let outcome = importer.run(
            paths: [exports + "/intune-android-enrollment.json", exports + "/intune-android-mhs.json"])
        let policy = try #require(outcome.policies.first)
        let yaml = PolicyYAMLWriter.yaml(policy)
        #expect(outcome.policies.count == 1)
        #expect(
            yaml.contains(
                "  platform: android  # from: \(exports)/intune-android-enrollment.json#/@odata.context (the type is implied by the collection's @odata.context)\n"
            ))
        #expect(yaml.contains("  shared_device_mode: true  # from: ") && yaml.contains("#/value/0/enrollmentTokenType"))
        #expect(yaml.contains("  authenticator: installed  # from: "))
        #expect(!yaml.contains("sso_extension"), "iOS only")
        #expect(!yaml.contains("signout_from_browser"), "iOS only")
        #expect(
            yaml.contains(
                "    clears_data_on_user_change: true  # from: \(exports)/intune-android-mhs.json#/azureAdSharedDeviceDataClearApps/0"
            ))
        // Managed Home Screen's automatic sign-out is a setting of the model, no longer a note.
        #expect(yaml.contains("  mhs_auto_sign_out: true  # from: "))
        #expect(yaml.contains("#/kioskModeManagedHomeScreenAutoSignout"))
        #expect(yaml.contains("  mhs_inactive_sign_out_delay: \"300s\"  # from: "))
        #expect(!yaml.contains("#   kioskModeManagedHomeScreenAutoSignout = true (from: "))
        // The sign-in, the session PIN, the PIN to resume and the notice are settings too, each with its provenance.
        #expect(
            yaml.contains(
                "  mhs_sign_in: true  # from: \(exports)/intune-android-mhs.json#/kioskModeManagedHomeScreenSignInEnabled"
            ))
        #expect(
            yaml.contains(
                "  mhs_session_pin: true  # from: \(exports)/intune-android-mhs.json#/kioskModeManagedHomeScreenPinRequired"
            ))
        #expect(
            yaml.contains(
                "  mhs_pin_to_resume: false  # from: \(exports)/intune-android-mhs.json#/kioskModeManagedHomeScreenPinRequiredToResume"
            ))
        #expect(yaml.contains("  mhs_auto_sign_out_notice: \"60s\"  # from: "))
        #expect(!yaml.contains("#   kioskModeManagedHomeScreenSignInEnabled = "))
        #expect(yaml.contains("kioskModeManagedHomeScreenPinComplexity = simple"), "no setting for the complexity")
        #expect(
            yaml.contains(
                "# Left out, because secrets are never copied: tokenValue, qrCodeContent, wifiPassword, kioskModeExitCode.\n"
            ))
        #expect(
            outcome.messages.contains {
                $0.contains("/value/1: skipped an Android enrollment profile for 'corporateOwnedFullyManaged'")
            })
    }

    @Test func aKioskProfileWithoutItsEnrollmentProfileLeavesSharedModeUnknown() throws {
        let outcome = importer.run(paths: [exports + "/intune-android-mhs.json"])
        let yaml = try #require(outcome.yaml.first)
        #expect(yaml.contains("  shared_device_mode: unknown  # from: ") && yaml.contains("was not among the inputs"))
    }

    @Test func aBackupFolderIsReadFileByFileAndNonProfilesAreSkipped() throws {
        let outcome = importer.run(paths: [exports + "/intune-backup"])
        #expect(outcome.filesRead == 2, "the README is not an export")
        #expect(outcome.policies.map(\.id) == ["front-desk-ipads"])
        #expect(
            outcome.messages.contains {
                $0.contains("Assignments/Front desk iPads.json:2:5: note: /0: skipped: no '@odata.type'")
            })
        let yaml = try #require(outcome.yaml.first)
        #expect(yaml.contains("  shared_device_mode: false  # from: "))
    }

    @Test func aSingleProfileWithoutTheCollectionIsReadToo() {
        let outcome = importing(
            ##"{"@odata.type": "#microsoft.graph.iosDeviceFeaturesConfiguration", "displayName": "One", "iosSingleSignOnExtension": {"@odata.type": "#microsoft.graph.iosAzureAdSingleSignOnExtension"}}"##
        )
        #expect(outcome.policies.map(\.id) == ["one"])
        // Nothing says shared mode: unknown, and an app placeholder because the export names none.
        #expect(
            outcome.yaml.first?.contains(
                "  shared_device_mode: unknown  # from: export.json#/iosSingleSignOnExtension (the profile does not set shared device mode"
            ) == true)
        #expect(
            outcome.yaml.first?.contains(
                "  - id: app  # from: export.json# (the export names no app: replace with yours)\n") == true)
    }

    @Test func aRedirectExtensionForAnotherVendorIsSkipped() {
        let outcome = importing(
            ##"{"value": [{"@odata.type": "#microsoft.graph.iosDeviceFeaturesConfiguration", "iosSingleSignOnExtension": {"@odata.type": "#microsoft.graph.iosRedirectSingleSignOnExtension", "extensionIdentifier": "com.example.sso"}}]}"##
        )
        #expect(outcome.policies.isEmpty)
        #expect(
            outcome.messages == [
                "export.json:1:107: note: /value/0/iosSingleSignOnExtension: skipped: a Redirect SSO extension for 'com.example.sso', not the Microsoft Enterprise SSO plug-in (com.microsoft.azureauthenticator.ssoextension)"
            ])
    }

    @Test func wrongJSONTypesArePositionedErrors() {
        #expect(
            importing("\"just a string\"").errorMessages == [
                "export.json:1:1: error: expected a Graph profile (an object) or a collection (an object with a 'value' array), found a string"
            ])
        #expect(
            importing("{\n  \"value\": {}\n}").errorMessages == [
                "export.json:2:12: error: /value: expected an array of profiles (a Graph collection), found an object"
            ])
        #expect(
            importing("{\"value\": [1]}").errorMessages == [
                "export.json:1:12: error: /value/0: expected a profile (an object), found a number"
            ])
        let mistyped = importing(
            "{\"@odata.type\": \"#microsoft.graph.iosDeviceFeaturesConfiguration\",\n \"iosSingleSignOnExtension\": {\"@odata.type\": \"#microsoft.graph.iosAzureAdSingleSignOnExtension\",\n  \"enableSharedDeviceMode\": \"yes\"}}"
        )
        #expect(
            mistyped.errorMessages == [
                "export.json:3:29: error: /iosSingleSignOnExtension/enableSharedDeviceMode: expected true or false, found a string"
            ])
        let pair = importing(
            "{\"@odata.type\": \"#microsoft.graph.iosDeviceFeaturesConfiguration\", \"iosSingleSignOnExtension\": {\"@odata.type\": \"#microsoft.graph.iosAzureAdSingleSignOnExtension\", \"configurations\": [{\"@odata.type\": \"#microsoft.graph.keyBooleanValuePair\", \"key\": \"sharedDeviceMode\", \"value\": \"on\"}]}}"
        )
        #expect(pair.errorMessages.count == 1)
        #expect(
            pair.errorMessages.first?.hasSuffix(
                "error: /iosSingleSignOnExtension/configurations/0/value: a keyBooleanValuePair holds a string") == true
        )
    }

    @Test func unknownODataTypesAndUntypedObjectsAreSkippedWithANote() {
        let outcome = importing(
            ##"[{"@odata.type": "#vendor.thing"}, {"@odata.type": "#microsoft.graph.someFutureProfile"}, {"id": "x"}]"##
        )
        #expect(outcome.policies.isEmpty)
        #expect(
            outcome.messages == [
                "export.json:1:2: note: /0: skipped: unknown '@odata.type' '#vendor.thing'",
                "export.json:1:36: note: /1: skipped a 'someFutureProfile' profile: it holds no shared-device SSO settings",
                "export.json:1:91: note: /2: skipped: no '@odata.type', and nothing else says what kind of profile it is",
            ])
    }

    @Test func powerShellUTF16ExportsAreRead() throws {
        let text =
            "{\"@odata.type\": \"#microsoft.graph.iosDeviceFeaturesConfiguration\", \"displayName\": \"Wide\", \"iosSingleSignOnExtension\": {\"@odata.type\": \"#microsoft.graph.iosAzureAdSingleSignOnExtension\", \"enableSharedDeviceMode\": true}}"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let outcome = importing(bytes: bytes, file: "wide.json")
        #expect(outcome.errorMessages.isEmpty)
        #expect(outcome.policies.map(\.id) == ["wide"])
    }
}
