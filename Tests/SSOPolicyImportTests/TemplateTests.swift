import Foundation
import SSOPolicyImport
import SSOPolicyTestSupport
import Testing

/// The console forms for vendors without an export: valid policies as written, laid out by console page, and
/// covering every setting and app key the provider declares.
struct TemplateTests {
    @Test(arguments: ConsoleTemplate.providers)
    func theFormChecksCleanAndNamesEveryDeclaredKey(provider: String) throws {
        let result = ssopolicy("import", "--template", provider)
        #expect(result.code == 0)
        let folder = Fixtures.folder()
        let path = Fixtures.write(result.out, to: "form.yaml", in: folder)
        let report = engine.check(paths: [path])
        #expect(report.errorCount == 0, "\(report.diagnostics.map(\.description))")
        let descriptor = try #require(registry.provider(id: provider)).descriptor
        let policy = try engine.loadPolicy(path: path)
        #expect(policy.configuration.unknownSettings.map(\.key) == descriptor.settings.map(\.key))
        #expect(policy.configuration.apps.first?.unknownKeys.map(\.key) == descriptor.appKeys.map(\.key))
        let form = try #require(ConsoleTemplate.form(for: provider))
        for page in form.pages {
            #expect(result.out.contains("  # \(page.title)\n"))
            for field in page.fields {
                #expect(descriptor.settings.contains { $0.key == field.key }, "\(field.key) is declared")
            }
        }
        for field in form.appPage.fields { #expect(descriptor.appKeys.contains { $0.key == field.key }) }
    }

    @Test func aFilledInFormIsTheUsersPolicy() throws {
        let form = ssopolicy("import", "--template", "airwatch-sdk").out
        let filled = form.replacingOccurrences(of: "  authentication: unknown", with: "  authentication: passcode")
            .replacingOccurrences(of: "  sso: unknown", with: "  sso: enabled")
            .replacingOccurrences(of: "authentication_timeout: unknown", with: "authentication_timeout: 15m")
        let policy = try engine.loadPolicy(yaml: filled, file: "filled.yaml")
        #expect(policy.configuration.settings.word("authentication") == "passcode")
        #expect(policy.configuration.settings.word("sso") == "enabled")
        #expect(policy.configuration.settings.seconds("authentication_timeout") == 900)
        #expect(!policy.configuration.unknownSettings.contains { ["authentication", "sso"].contains($0.key) })
    }

    @Test func theWorkspaceOneFormMirrorsTheConsole() {
        let form = ssopolicy("import", "--template", "airwatch-sdk").out
        #expect(
            form.contains(
                "  # Groups & Settings > All Settings > Apps > Settings and Policies > Security Policies (the default SDK profile)\n"
            ))
        #expect(
            form.contains(
                "  authentication: unknown  # Authentication Type: Passcode → passcode, Username and Password → username_password, Disabled → disabled (default: disabled)\n"
            ))
        #expect(form.contains("  # Devices & Users > General > Shared Device\n"))
        #expect(!form.contains("\n  cluster:"), "cluster is an app key")
        #expect(form.contains("    cluster: unknown  # not in the console: how the app is built"))
    }

    @Test func theImprivataFormMirrorsTheConsole() {
        let form = ssopolicy("import", "--template", "imprivata-mam").out
        #expect(
            form.contains(
                "  # Admin > App Logout: one entry per app (App Name → name, Logout Method → logout_method)\n"))
        #expect(form.contains("    logout_method: unknown  # Logout Method: Force quit app → force_quit"))
        #expect(form.contains("  # Overdue Devices\n"))
    }

    @Test func templateMistakesAreUsageErrors() {
        let wrong = ssopolicy("import", "--template", "airwatch")
        #expect(wrong.code == 64)
        #expect(
            wrong.err.contains(
                "--template 'airwatch': expected airwatch-sdk or imprivata-mam; did you mean 'airwatch-sdk'?"))
        #expect(ssopolicy("import", "--template", "airwatch-sdk", "x.json").code == 64)
        #expect(ssopolicy("import").code == 64)
    }

    @Test func theFormIsWrittenToTheOutputFolder() throws {
        let folder = Fixtures.folder()
        let result = ssopolicy("import", "--template", "imprivata-mam", "--output", folder)
        #expect(result.code == 0)
        #expect(result.out == "wrote \(folder)/imprivata-mam-form.yaml (imprivata-mam, 1 app, 27 unknowns)\n")
    }
}
