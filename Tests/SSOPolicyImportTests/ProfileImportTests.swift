import Foundation
import SSOPolicyImport
import Testing

struct ProfileImportTests {
    @Test func theSSOPayloadGivesTheExtensionSharedModeAndAppsAndTheOtherPayloadsAreNotRead() throws {
        let outcome = importer.run(paths: [exports + "/sso-plugin.mobileconfig"])
        #expect(outcome.diagnostics.isEmpty)
        let yaml = try #require(outcome.yaml.first)
        let file = exports + "/sso-plugin.mobileconfig"
        #expect(yaml.contains("title: \"Shared iPhones SSO plug-in (imported)\"\n"))
        #expect(
            yaml.contains(
                "  sso_extension: enabled  # from: \(file)#/PayloadContent/1/ExtensionIdentifier (Type Redirect with Microsoft's extension id)\n"
            ))
        #expect(
            yaml.contains(
                "  shared_device_mode: true  # from: \(file)#/PayloadContent/1/ExtensionData/sharedDeviceMode\n"))
        #expect(
            yaml.contains(
                "# TeamIdentifier is set: Apple requires it on macOS and ignores it elsewhere; this policy models iOS.\n"
            ))
        #expect(outcome.policies.first?.apps.map(\.id) == ["inventory", "timesheet"])
        #expect(!yaml.contains("FAKE"), "the Wi-Fi and certificate payloads are never read")
    }

    @Test func binaryAndSignedProfilesReadAsTheXMLDoes() throws {
        let xml = try #require(importer.run(paths: [exports + "/sso-plugin.mobileconfig"]).policies.first)
        for name in ["sso-plugin-signed.mobileconfig", "sso-plugin-signed-ber.mobileconfig"] {
            let outcome = importer.run(paths: [exports + "/" + name])
            #expect(outcome.diagnostics.isEmpty)
            let signed = try #require(outcome.policies.first)
            let yaml = PolicyYAMLWriter.yaml(signed)
            #expect(
                yaml.contains(
                    "# The profile is CMS-signed: its content was read as is; the signature was not verified.\n"))
            #expect(signed.sections.first?.values.map(\.value) == xml.sections.first?.values.map(\.value))
            #expect(signed.apps.map(\.id) == xml.apps.map(\.id))
        }
        let binary = importer.run(paths: [exports + "/sso-plugin-binary.mobileconfig"])
        #expect(binary.diagnostics.isEmpty)
        let yaml = try #require(binary.yaml.first)
        #expect(
            yaml.contains(
                "  shared_device_mode: true  # from: \(exports)/sso-plugin-binary.mobileconfig#/PayloadContent/0/ExtensionData/SharedDeviceMode\n"
            ))
        #expect(yaml.contains("#   note_über: an undocumented key, value not copied"))
        #expect(yaml.contains("#   Enable_SSO_On_All_ManagedApps = 0 (from: "))
    }

    @Test func aProfileOfAnotherKindIsSkippedWithANote() {
        let profile = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>PayloadType</key><string>Configuration</string>
              <key>PayloadContent</key><array>
                <dict><key>PayloadType</key><string>com.apple.wifi.managed</string></dict>
              </array>
            </dict></plist>
            """
        let outcome = importing(profile, file: "wifi.mobileconfig")
        #expect(outcome.policies.isEmpty)
        #expect(
            outcome.messages == [
                "wifi.mobileconfig:2:22: note: skipped: no com.apple.extensiblesso payload (the profile holds 'com.apple.wifi.managed')"
            ])
    }

    @Test func aRedirectPayloadWithoutMicrosoftsURLLeavesTheExtensionUnknown() throws {
        let profile = """
            <plist version="1.0"><dict><key>PayloadContent</key><array><dict>
            <key>PayloadType</key><string>com.apple.extensiblesso</string>
            <key>ExtensionIdentifier</key><string>com.microsoft.azureauthenticator.ssoextension</string>
            <key>Type</key><string>Redirect</string>
            <key>URLs</key><array><string>https://login.example.com</string></array>
            </dict></array></dict></plist>
            """
        let outcome = importing(profile, file: "p.mobileconfig")
        #expect(
            outcome.messages == [
                "p.mobileconfig:1:60: note: /PayloadContent/0: Microsoft's extension, but URLs lacks https://login.microsoftonline.com; sso_extension is written as unknown"
            ])
        #expect(
            try #require(outcome.yaml.first).contains(
                "  sso_extension: unknown  # from: p.mobileconfig#/PayloadContent/0/URLs"))
    }

    @Test func malformedProfilesArePositionedErrors() {
        #expect(
            importing("<plist><dict><key>a</key></dict></plist>", file: "p.plist").errorMessages == [
                "p.plist:1:14: error: the <key> has no value"
            ])
        #expect(
            importing("<plist><dict><key>a</key><string>x</dict></plist>", file: "p.plist").errorMessages == [
                "p.plist:1:35: error: expected '</string>' to close the element at byte 25"
            ])
        #expect(
            importing("<plist><array><bogus/></array></plist>", file: "p.plist").errorMessages == [
                "p.plist:1:15: error: unknown plist element '<bogus>'; expected dict, array, string, integer, real, date, data, true or false"
            ])
        #expect(
            importing("<!DOCTYPE plist [<!ENTITY a \"b\">]><plist/>", file: "p.plist").errorMessages == [
                "p.plist:1:17: error: a DOCTYPE with an internal subset (entity declarations) is not read; a property list needs none"
            ])
        #expect(
            importing("<plist><string>&bomb;</string></plist>", file: "p.plist").errorMessages == [
                "p.plist:1:16: error: unknown entity reference; a plist uses only &lt; &gt; &amp; &quot; &apos; and &#…;"
            ])
        #expect(
            importing("<plist><array></array>", file: "p.plist").errorMessages == [
                "p.plist:1:23: error: expected '</plist>', found the end of the file"
            ])
    }
}
