import ArgumentParser
import Foundation
import SSOPolicy
import SSOPolicyImport

struct ImportCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Make policies from your real configuration: Intune (Microsoft Graph JSON), Apple profiles, or a form.",
        discussion: """
            Reads Microsoft Graph JSON for Intune (GET /deviceManagement/deviceConfigurations or \
            /deviceManagement/androidDeviceOwnerEnrollmentProfiles: one object, a collection with a 'value' array, \
            or a backup folder of such files) and Apple configuration profiles (.mobileconfig: XML, binary, or \
            CMS-signed, read without verifying the signature), and writes an entra-shared-device policy for each iOS \
            profile with the Microsoft Enterprise SSO plug-in and each Android dedicated-device enrollment profile. \
            Each value says where it came from (# from: FILE#JSON-POINTER); what the export cannot say (the OS \
            version, Authenticator, how each app uses MSAL) is written 'unknown', which check lists and run and \
            compare play at the provider's default, saying so. Secrets in the export (enrollment tokens, QR codes, \
            Wi-Fi passwords) are never copied. Other profiles are skipped with a note; a broken export is a \
            positioned error, and then nothing is written.

            Workspace ONE SDK settings and Imprivata MAM have no documented export: --template writes a form laid out \
            as the vendor's console pages, every value 'unknown' until you fill it in.

            Fleets (docs/fleets.md): --fleet FILE also writes the export as a fleet, one device group per imported \
            profile, each app once (a Microsoft bundle id as a catalogue app, Android's data-clear list as \
            clears_data_on_user_change) and an 'entra' setup with the imported settings (with --output, beside the \
            policies; without it, only the fleet). --template P --fleet FLEET adds P's console form as a setup to an \
            existing fleet, the rest of the file as it was.

            Examples:
              ssopolicy import intune-ios.json
              ssopolicy import exports/ --output policies/
              ssopolicy import shared-ipads.mobileconfig --output policies/
              ssopolicy import --template airwatch-sdk > my-workspace-one.yaml
              ssopolicy import --template imprivata-mam --output policies/
              ssopolicy import exports/ --output policies/ --fleet my-fleet.yaml
              ssopolicy import --template imprivata-mam --fleet my-fleet.yaml
            """)

    @Argument(help: "Graph JSON files, .mobileconfig profiles, or folders of them.")
    var files: [String] = []

    @Option(name: .long, help: ArgumentHelp("Write the policies to this folder (one file each).", valueName: "dir"))
    var output: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write a form to fill in from the console: \(ConsoleTemplate.providers.joined(separator: " or ")).",
            valueName: "provider"))
    var template: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With exports: write the fleet to this file. With --template: add the form as a setup to this fleet.",
            valueName: "file"))
    var fleet: String?

    @Flag(name: .long, help: "Replace policy files that already exist in the output folder.")
    var force = false

    func validate() throws {
        if template != nil, !files.isEmpty { throw ValidationError("--template takes no files") }
        if template == nil, files.isEmpty {
            throw ValidationError("name the exports to import, or pass --template airwatch-sdk|imprivata-mam")
        }
    }

    func run(in context: CLIContext) throws -> Int32 {
        let policies: [ImportedPolicy]
        if let template {
            guard let form = ConsoleTemplate.form(for: template) else {
                throw ValidationError(
                    "--template '\(template)': expected \(ConsoleTemplate.providers.joined(separator: " or "))"
                        + Suggestion.didYouMean(template, in: ConsoleTemplate.providers))
            }
            guard let provider = context.registry.provider(id: form.provider) else {
                context.writeError("error: provider '\(form.provider)' is not registered in this build\n")
                return 1
            }
            if let fleet {
                if output != nil { throw ValidationError("--template with --fleet adds to the fleet: drop --output") }
                let policy = ConsoleTemplate.policy(form, descriptor: provider.descriptor)
                return addSetup(policy, to: fleet, context: context)
            }
            policies = [ConsoleTemplate.policy(form, descriptor: provider.descriptor)]
        } else {
            guard let entra = context.registry.provider(id: "entra-shared-device") else {
                context.writeError("error: provider 'entra-shared-device' is not registered in this build\n")
                return 1
            }
            let apple = context.registry.provider(id: "apple-shared-ipad")?.descriptor
            let outcome = ConfigImporter(entra: entra.descriptor, apple: apple).run(paths: files)
            for diagnostic in outcome.diagnostics { context.writeError(diagnostic.description + "\n") }
            let errors = outcome.diagnostics.filter { $0.severity == .error }.count
            if errors > 0 {
                context.writeError("import: \(counted(errors, "error")); nothing was written\n")
                return 1
            }
            if outcome.policies.isEmpty {
                context.writeError(
                    "import: nothing to import in \(counted(outcome.filesRead, "file")): no profile holds the Microsoft "
                        + "Enterprise SSO plug-in, an Android dedicated-device enrollment or a Shared iPad enrollment (see the notes above)\n"
                )
                return 1
            }
            policies = outcome.policies
        }
        return try write(policies, context: context, fleetPath: fleetPath)
    }

    /// Where an export's fleet goes: `--fleet FILE` (none without it).
    var fleetPath: String? { template == nil ? fleet : nil }

    /// Loads every policy as the rest of the tool will (a check that the import wrote what it meant to), then
    /// prints the one policy, or writes them all to the output folder, all or nothing, by `OutputFile`'s rule.
    func write(_ policies: [ImportedPolicy], context: CLIContext, fleetPath: String? = nil) throws -> Int32 {
        let folder = output.map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }
        var files: [(path: String, text: String)] = []
        for policy in policies {
            let path = folder.map { $0 + "/" + policy.fileName } ?? policy.fileName
            switch Self.loadable(policy, path: path, engine: context.engine) {
            case .success(let text): files.append((path, text))
            case .failure(let refusal):
                for diagnostic in refusal.diagnostics { context.writeError(diagnostic.description + "\n") }
                context.writeError("import: \(refusal.reason); nothing was written\n")
                return 1
            }
        }
        var fleetFile: (path: String, text: String)?
        if let fleetPath {
            switch Self.fleetText(policies, path: fleetPath, engine: context.engine) {
            case .success(let text): fleetFile = (fleetPath, text)
            case .failure(let refusal):
                for diagnostic in refusal.diagnostics { context.writeError(diagnostic.description + "\n") }
                context.writeError("import: \(refusal.reason); nothing was written\n")
                return 1
            }
        }
        if output == nil, let fleetFile {
            // --fleet alone: only the fleet is written.
            return try writeAll([fleetFile], policies: [], fleet: fleetFile, folder: nil, context: context)
        }
        guard let folder else {
            guard files.count == 1 else {
                throw ValidationError(
                    "the exports make \(files.count) policies (\(policies.map(\.id).joined(separator: ", "))); pass "
                        + "--output DIR to write them, one file each")
            }
            context.write(files[0].text)
            return 0
        }
        return try writeAll(
            files + (fleetFile.map { [$0] } ?? []), policies: policies, fleet: fleetFile, folder: folder,
            context: context)
    }

    /// Writes the policies' files and the fleet's, all or nothing, and says what was written.
    func writeAll(
        _ files: [(path: String, text: String)], policies: [ImportedPolicy], fleet: (path: String, text: String)?,
        folder: String?, context: CLIContext
    ) throws -> Int32 {
        do {
            if let folder { try OutputFile.makeFolder(folder) }
            try OutputFileSet.write(files.map { ($0.path, Array($0.text.utf8)) }, replacing: force)
        } catch let failure as OutputFile.Failure {
            context.writeError(failure.description + " (nothing was written)\n")
            return 1
        } catch OutputFileSet.Failure.exists(let path) {
            context.writeError("\(path): error: already exists; pass --force to replace it (nothing was written)\n")
            return 1
        } catch OutputFileSet.Failure.cannotWrite(let failure, let before) {
            context.writeError(
                failure.description
                    + (before.isEmpty
                        ? " (nothing was written)" : "; written before it: " + before.joined(separator: ", "))
                    + "\n")
            return 1
        }
        for (policy, file) in zip(policies, files) {
            let apps = counted(policy.apps.count, "app")
            context.write(
                "wrote \(file.path) (\(policy.provider), \(apps), \(counted(policy.unknownCount, "unknown")))\n")
        }
        if let fleet { context.write("wrote \(fleet.path) (the fleet: decide on it with ssopolicy decide)\n") }
        return 0
    }

    /// Why a policy made by the import cannot be written: the loader's diagnostics and one line saying which limit
    /// it meets.
    struct Refusal: Error {
        var diagnostics: [Diagnostic]
        var reason: String
    }

    /// The policy's text as the loader takes it: in full, or in the compact form (no comment on routine app keys)
    /// when the full one passes the loader's file limit; a policy neither form of which loads is refused with the
    /// limit it meets.
    static func loadable(_ policy: ImportedPolicy, path: String, engine: SSOPolicyEngine) -> Result<String, Refusal> {
        let limit = engine.limits.maxBytes
        let text: String
        switch PolicyYAMLWriter.fitting(policy, maxBytes: limit) {
        case .success(let fitting): text = fitting
        case .failure(let oversize):
            return .failure(
                Refusal(
                    diagnostics: [],
                    reason:
                        "the policy made for '\(policy.id)' (\(counted(policy.apps.count, "app"))) would be "
                        + "\(oversize.bytes) bytes even without a comment on each app key, over the \(limit) bytes "
                        + "(1 MiB) a policy file may hold, so no command could read it; split the profile's app list "
                        + "into several profiles"))
        }
        do {
            _ = try engine.loadPolicy(yaml: text, file: path)
        } catch {
            return .failure(
                Refusal(
                    diagnostics: error.diagnostics,
                    reason: "the policy made for '\(policy.id)' does not load as written (see above)"))
        }
        return .success(text)
    }
}
