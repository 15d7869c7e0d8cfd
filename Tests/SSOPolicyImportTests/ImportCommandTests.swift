import Foundation
import SSOPolicyImport
import SSOPolicyTestSupport
import Testing

struct ImportCommandTests {
    @Test func helpDocumentsImportWithExamples() {
        let help = ssopolicy("import", "--help")
        #expect(help.code == 0)
        #expect(help.out.contains("ssopolicy import exports/ --output policies/"))
        #expect(help.out.contains("ssopolicy import --template airwatch-sdk > my-workspace-one.yaml"))
        #expect(help.out.contains("--template <provider>"))
        #expect(ssopolicy("--help").out.contains("import"))
    }

    @Test func oneExportPrintsItsPolicyAndTheNotesGoToStandardError() {
        let result = ssopolicy("import", exports + "/intune-ios-azuread.json")
        #expect(result.code == 0)
        #expect(result.out.contains("policy: ios-shared-sso-plug-in\n"))
        #expect(result.err.contains("note: /value/1: skipped a 'windows10GeneralConfiguration' profile"))
    }

    @Test func severalPoliciesNeedAnOutputFolderAndAreWrittenThere() throws {
        let many = ssopolicy("import", exports)
        #expect(many.code == 64)
        #expect(many.err.contains("the exports make 9 policies"))
        #expect(many.err.contains("pass --output DIR to write them, one file each"))
        let folder = Fixtures.folder() + "/policies"
        let result = ssopolicy("import", exports, "--output", folder)
        #expect(result.code == 0, "\(result.err)")
        #expect(
            result.out.contains(
                "wrote \(folder)/ios-shared-sso-plug-in.yaml (entra-shared-device, 2 apps, 22 unknowns)\n"))
        let written = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(written.count == 9)
        #expect(written.allSatisfy { $0.hasSuffix(".yaml") }, "no temporary file is left")
        let check = ssopolicy("check", folder)
        #expect(check.code == 0)
        #expect(check.out.hasPrefix("checked 9 files (9 policies, 0 scenarios, 0 suites): 0 errors"))
    }

    @Test func existingFilesAreKeptUnlessForced() throws {
        let folder = Fixtures.folder()
        let path = Fixtures.write("my own edits\n", to: "ios-shared-sso-plug-in.yaml", in: folder)
        let refused = ssopolicy("import", exports + "/intune-ios-azuread.json", "--output", folder)
        #expect(refused.code == 1)
        #expect(
            refused.err.contains("\(path): error: already exists; pass --force to replace it (nothing was written)"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "my own edits\n")
        let forced = ssopolicy("import", exports + "/intune-ios-azuread.json", "--output", folder, "--force")
        #expect(forced.code == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("# Imported by 'ssopolicy import'"))
    }

    @Test func anyErrorMeansNothingIsWritten() throws {
        let folder = Fixtures.folder()
        let broken = Fixtures.write("{\"value\": [", to: "broken.json", in: folder)
        let output = folder + "/out"
        let result = ssopolicy("import", exports + "/intune-ios-azuread.json", broken, "--output", output)
        #expect(result.code == 1)
        #expect(result.err.contains("\(broken):1:12: error: expected a JSON value, found the end of the file"))
        #expect(result.err.hasSuffix("import: 1 error; nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func nothingToImportIsAnError() {
        let folder = Fixtures.folder()
        let path = Fixtures.write(
            ##"{"@odata.type": "#microsoft.graph.windows10GeneralConfiguration"}"##, to: "w.json", in: folder)
        let result = ssopolicy("import", path)
        #expect(result.code == 1)
        #expect(
            result.err.contains(
                "import: nothing to import in 1 file: no profile holds the Microsoft Enterprise SSO plug-in"))
    }

    /// The fixtures hold fake secrets (enrollment tokens, QR content, Wi-Fi and certificate passwords, an exit
    /// code, an undocumented plug-in key): none reaches a policy, a note or an error.
    @Test func secretsNeverReachOutputNotesOrErrors() throws {
        let folder = Fixtures.folder()
        let result = ssopolicy("import", exports, "--output", folder)
        #expect(result.code == 0)
        var everything = result.out + result.err
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            everything += try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        }
        let check = ssopolicy("check", folder)
        everything += check.out + check.err
        #expect(!everything.contains("FAKE"))
        #expect(!everything.contains("RkFLRS"), "the certificate's base64")
        #expect(everything.contains("tokenValue, qrCodeContent, wifiPassword"), "named as left out")
    }

    @Test func checkNotesProvenanceAndUnknownsAndRunAndCompareSayWhatTheyPlayed() throws {
        let folder = Fixtures.folder()
        #expect(ssopolicy("import", exports + "/intune-ios-azuread.json", "--output", folder).code == 0)
        let policy = folder + "/ios-shared-sso-plug-in.yaml"
        let check = ssopolicy("check", policy)
        #expect(check.code == 0)
        #expect(check.out == "checked 1 file (1 policy, 0 scenarios, 0 suites): 0 errors, 1 warning, 29 notes\n")
        #expect(
            check.err.contains(
                "\(policy):17:23: note: setting 'shared_device_mode' is true (from: \(exports)/intune-ios-azuread.json#/value/0/iosSingleSignOnExtension/enableSharedDeviceMode)"
            ))
        #expect(
            check.err.contains(
                "\(policy):16:15: note: setting 'os_version' is unknown: run and compare play its default '17' (from: ")
        )
        #expect(
            check.err.contains(
                "note: app 'inventory': 'msal' is unknown: run and compare play its default 'single_account'"))
        let run = ssopolicy("run", "--scenario", "shift-change", policy)
        #expect(run.code == 0)
        #expect(
            run.err.hasPrefix(
                "\(policy): note: policy 'ios-shared-sso-plug-in' has 22 unknown values, played at their defaults: "
                    + "settings os_version = 17, authenticator = installed, safari_sso = plug_in, sign_in_frequency = 0; "
                    + "app inventory: "
                    + "msal = single_account"))
        let compare = ssopolicy("compare", "--scenario", "shift-change", policy, "frontline-entra")
        #expect(compare.code == 0)
        #expect(compare.err.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1, "one note, for the import")
    }

    @Test func theWorkedExampleRuns() throws {
        let folder = Fixtures.folder()
        #expect(ssopolicy("import", exports + "/intune-ios-azuread.json", "--output", folder).code == 0)
        let policy = folder + "/ios-shared-sso-plug-in.yaml"
        let compare = ssopolicy("compare", "--scenario", "shift-change", policy, "frontline-entra")
        #expect(compare.out.contains("ios-shared-sso-plug-in"))
        let guide = ssopolicy(
            "guide", policy, "frontline-entra", "--scenario", "shift-change", "--output", folder + "/GUIDE.md")
        #expect(guide.code == 0, "\(guide.err)")
        #expect(guide.err.contains("note: policy 'ios-shared-sso-plug-in' has 22 unknown values"))
    }
}
