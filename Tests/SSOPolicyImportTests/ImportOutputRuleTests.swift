import Foundation
import SSOPolicy
import SSOPolicyTestSupport
import Testing

@testable import SSOPolicyImport

/// An iOS device features export with the plug-in: one profile named `name` allowing `apps` apps (or the bundle
/// ids given).
func graphExport(name: String = "Ward iPhones", apps: Int = 1, bundleIDs: [String]? = nil) -> String {
    let ids = bundleIDs ?? (apps == 1 ? ["com.example.inventory"] : (0..<apps).map { "com.contoso.app\($0)" })
    let list = ids.map { quotedJSON($0) }.joined(separator: ", ")
    return """
        {"value": [{"@odata.type": "#microsoft.graph.iosDeviceFeaturesConfiguration", "id": "p1",
          "displayName": \(quotedJSON(name)), "iosSingleSignOnExtension": {
          "@odata.type": "#microsoft.graph.iosAzureAdSingleSignOnExtension", "enableSharedDeviceMode": true,
          "bundleIdAccessControlList": [\(list)]}}]}
        """
}

func quotedJSON(_ text: String) -> String { JSONValue.string(text).serialized(pretty: false) }

func fileType(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
}

/// Issue 39: `import --output` writes every policy by the one rule of docs/output-files.md (reproducer 09): a
/// file's mode is kept, a FIFO or device is written through, a link to nothing is refused, and anything already
/// there is refused without `--force`; all or nothing as before.
@Suite(.serialized)
struct ImportOutputRuleTests {
    static func export(in folder: String) -> String {
        Fixtures.write(graphExport(), to: "export.json", in: folder)
    }

    @Test func aPrivatePolicyFileStaysPrivateWhenReplaced() throws {
        let folder = Fixtures.folder()
        let export = Self.export(in: folder)
        let out = folder + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let path = Fixtures.write("old\n", to: "ward-iphones.yaml", in: out)
        #expect(chmod(path, 0o600) == 0)
        let result = ssopolicy("import", export, "--output", out, "--force")
        #expect(result.code == 0, "\(result.err)")
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("# Imported by"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["ward-iphones.yaml"])
    }

    @Test func aFIFOIsRefusedWithoutForceAndWrittenThroughWithIt() throws {
        let folder = Fixtures.folder()
        let export = Self.export(in: folder)
        let fifo = folder + "/ward-iphones.yaml"
        #expect(mkfifo(fifo, 0o600) == 0)
        let refused = ssopolicy("import", export, "--output", folder)
        #expect(refused.code == 1)
        #expect(
            refused.err.contains("\(fifo): error: already exists; pass --force to replace it (nothing was written)"))
        let received = Capture()
        let reader = Thread {
            let descriptor = open(fifo, O_RDONLY)
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while descriptor >= 0 {
                let count = read(descriptor, &buffer, buffer.count)
                if count <= 0 { break }
                bytes += buffer[..<count]
            }
            close(descriptor)
            received.out(String(decoding: bytes, as: UTF8.self))
        }
        reader.start()
        let forced = ssopolicy("import", export, "--output", folder, "--force")
        #expect(forced.code == 0, "\(forced.err)")
        let release = open(fifo, O_WRONLY | O_NONBLOCK)
        if release >= 0 { close(release) }
        while !reader.isFinished { usleep(1000) }
        #expect(received.output.contains("policy: ward-iphones\n"))
        #expect(fileType(fifo) == S_IFIFO)
    }

    @Test func aCharacterDeviceIsWrittenThroughWhenForced() throws {
        let folder = Fixtures.folder()
        let export = Self.export(in: folder)
        var null = stat()
        #expect(stat("/dev/null", &null) == 0)
        let device = folder + "/ward-iphones.yaml"
        guard mknod(device, S_IFCHR | 0o666, null.st_rdev) == 0 else { return }  // not root: nothing to test
        let forced = ssopolicy("import", export, "--output", folder, "--force")
        #expect(forced.code == 0, "\(forced.err)")
        #expect(fileType(device) == S_IFCHR)
    }

    @Test func aDanglingLinkIsRefusedWithOrWithoutForce() throws {
        let folder = Fixtures.folder()
        let export = Self.export(in: folder)
        let link = folder + "/ward-iphones.yaml"
        #expect(symlink(folder + "/elsewhere.yaml", link) == 0)
        for result in [
            ssopolicy("import", export, "--output", folder), ssopolicy("import", export, "--output", folder, "--force"),
        ] {
            #expect(result.code == 1)
            #expect(
                result.err.contains(
                    "error: cannot write \(link): it is a symbolic link to '\(folder)/elsewhere.yaml', which names no "
                        + "existing file"), "\(result.err)")
            #expect(fileType(link) == S_IFLNK)
            #expect(fileType(folder + "/elsewhere.yaml") == nil)
        }
    }

    @Test func aLinkToAFileIsRefusedWithoutForceAndFollowedWithIt() throws {
        let folder = Fixtures.folder()
        let export = Self.export(in: folder)
        let target = Fixtures.write("mine\n", to: "kept.yaml", in: folder)
        #expect(chmod(target, 0o640) == 0)
        let link = folder + "/ward-iphones.yaml"
        #expect(symlink("kept.yaml", link) == 0)
        let refused = ssopolicy("import", export, "--output", folder)
        #expect(refused.code == 1)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "mine\n")
        let forced = ssopolicy("import", export, "--output", folder, "--force")
        #expect(forced.code == 0, "\(forced.err)")
        #expect(fileType(link) == S_IFLNK)
        var info = stat()
        #expect(stat(target, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o640)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("# Imported by"))
    }

    @Test func aFolderAtOnePathMeansNothingIsWrittenAnywhere() throws {
        let folder = Fixtures.folder()
        try FileManager.default.createDirectory(
            atPath: folder + "/ios-shared-sso-plug-in.yaml", withIntermediateDirectories: true)
        let result = ssopolicy("import", exports, "--output", folder, "--force")
        #expect(result.code == 1)
        #expect(
            result.err.contains(
                "error: cannot write \(folder)/ios-shared-sso-plug-in.yaml: it is a directory; name a file "
                    + "(nothing was written)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["ios-shared-sso-plug-in.yaml"])
    }

    /// Reproducer 09, every case, through the command.
    @Test func reproducer09() throws {
        let folder = Fixtures.folder()
        let export = Self.export(in: folder)
        for name in ["a", "b", "c"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
        }
        let a = Fixtures.write("old\n", to: "ward-iphones.yaml", in: folder + "/a")
        #expect(chmod(a, 0o600) == 0)
        #expect(ssopolicy("import", export, "--output", folder + "/a", "--force").code == 0)
        var info = stat()
        #expect(stat(a, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(symlink(folder + "/elsewhere.yaml", folder + "/c/ward-iphones.yaml") == 0)
        #expect(ssopolicy("import", export, "--output", folder + "/c").code == 1)
        #expect(fileType(folder + "/c/ward-iphones.yaml") == S_IFLNK)
    }
}

/// Issue 39: what YAML reads as something else is quoted (reproducer 07's `policy: null`), and a policy too long for
/// the loader says which limit it meets instead of "a bug".
struct ImportedYAMLTests {
    /// YAML 1.1 (the types of yaml.org/type, as Yams' default resolver reads them) and the YAML 1.2 core schema: a
    /// plain scalar matching one of these is not read as text.
    static let nonText = [
        "^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$",
        "^(?:~|null|Null|NULL|)$",
        "^(?:[-+]?0b[0-1_]+|[-+]?0o?[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+"
            + "|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$",
        "^(?:[-+]?(?:[0-9][0-9_]*)(?:\\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\\.[0-9_]+(?:[eE][-+][0-9]+)?"
            + "|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$",
        "^[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?",
        "^(?:<<|=)$",
        "^[-+]?(?:\\.[0-9]+|[0-9]+(?:\\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$",
        "^0o[0-7]+$", "^0x[0-9a-fA-F]+$", "^[-+]?(?:\\.inf|\\.Inf|\\.INF)$", "^\\.(?:nan|NaN|NAN)$",
    ].compactMap { try? NSRegularExpression(pattern: $0) }

    static func readsAsText(_ plain: String) -> Bool {
        let range = NSRange(plain.startIndex..., in: plain)
        return !nonText.contains { $0.firstMatch(in: plain, range: range) != nil }
            && !plain.hasPrefix(" ") && !plain.hasSuffix(" ") && !plain.contains(": ") && !plain.contains(" #")
            && !plain.isEmpty
    }

    static let hostile = [
        "null", "Null", "NULL", "nULL", "~", "true", "True", "TRUE", "false", "yes", "Yes", "no", "NO", "on", "On",
        "off", "OFF", "y", "Y", "n", "N", "1e3", "1E3", "0x1F", "0o17", "017", "0b101", "1_000", "1:20", "+1", "-1",
        ".5", "1.", ".inf", "-.inf", ".NaN", "2026-11-27", "2026-11-27T09:00:00Z", " lead", "trail ", "a: b", "a #b",
        "", "=", "<<", "-", "?", "!tag", "&anchor", "*alias", "@at", "`tick", "%percent", "|", ">", "[x]", "{x}",
        "nan", "inf", "ward", "Ward-2.b_c",
    ]

    @Test(arguments: hostile)
    func everyScalarReadsBackAsTheSameText(text: String) throws {
        #expect(Self.nonText.count == 11)
        for written in [YAMLText.scalar(text), YAMLText.value(text)] {
            if written.hasPrefix("\"") { continue }
            #expect(
                Self.readsAsText(written) || (written == text && ["true", "false"].contains(text)),
                "\(text) is written plain as \(written)")
        }
        // Through the loader: as an id, and as a title.
        let yaml = "policy: \(YAMLText.scalar(text))\ntitle: \(YAMLText.scalar(text))\nprovider: airwatch-sdk\n"
        let root = try engine.readDocument(bytes: Array(yaml.utf8), file: "p.yaml")
        let entries = try #require(root.entries)
        #expect(entries[0].value.scalar == text)
        #expect(!entries[0].value.isNull)
        #expect(entries[1].value.scalar == text)
    }

    /// Profiles and apps named like YAML's special words import to policies whose ids read back as written.
    @Test func specialNamesImportAndLoad() throws {
        let names = ["Null", "NULL", "true", "No", "1e3", "0x1F", "2026-11-27", "~", ".inf", "on"]
        for name in names {
            let bundle = "com.example." + name
            let outcome = importing(graphExport(name: name, bundleIDs: [bundle]))
            #expect(outcome.errorMessages.isEmpty)
            let policy = try #require(outcome.policies.first)
            let yaml = PolicyYAMLWriter.yaml(policy)
            let loaded = try engine.loadPolicy(yaml: yaml, file: "p.yaml")
            #expect(loaded.configuration.id == policy.id)
            #expect(loaded.configuration.apps.map(\.id) == policy.apps.map(\.id))
            #expect(loaded.configuration.apps.first?.name == bundle)
        }
    }

    /// Reproducer 07 a: a profile named "Null" imports as the policy `null`, quoted.
    @Test func aProfileNamedNullImports() throws {
        let folder = Fixtures.folder()
        let export = Fixtures.write(graphExport(name: "Null", apps: 2), to: "null.json", in: folder)
        let result = ssopolicy("import", export)
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("\npolicy: \"null\"\n"))
        #expect(!result.err.contains("a bug"))
    }

    /// Reproducer 07 b: an allow list whose policy would pass the loader's 1 MiB with a comment on every app key is
    /// written without the routine comments, and says so; one too long even then is refused naming the limit.
    @Test func aLongAllowListIsWrittenCompactOrRefusedNamingTheLimit() throws {
        let folder = Fixtures.folder()
        let export = Fixtures.write(graphExport(apps: 700), to: "many-apps.json", in: folder)
        #expect(
            PolicyYAMLWriter.yaml(try #require(importing(graphExport(apps: 700)).policies.first)).utf8.count > 1 << 20)
        let result = ssopolicy("import", export, "--output", folder + "/out")
        #expect(result.code == 0, "\(result.err)")
        let written = try String(contentsOfFile: folder + "/out/ward-iphones.yaml", encoding: .utf8)
        #expect(written.utf8.count <= 1 << 20)
        #expect(written.contains("# The profile lists 700 apps: with a comment on every app key this file would pass"))
        #expect(written.contains("    msal: unknown\n"))
        let loaded = try engine.loadPolicy(yaml: written, file: "ward-iphones.yaml")
        #expect(loaded.configuration.apps.count == 700)
        #expect(ssopolicy("check", folder + "/out").code == 0)

        let huge = Fixtures.write(graphExport(apps: 4000), to: "huge.json", in: folder)
        let refused = ssopolicy("import", huge, "--output", folder + "/huge")
        #expect(refused.code == 1)
        #expect(refused.err.contains("import: the policy made for 'ward-iphones' (4000 apps) would be "))
        #expect(refused.err.contains("over the 1048576 bytes (1 MiB) a policy file may hold"))
        #expect(refused.err.hasSuffix("; nothing was written\n"))
        #expect(!refused.err.contains("a bug"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/huge"))
    }
}

/// Issue 39: the plug-in's shared-device-mode key given twice in different case (reproducer 08) gives the same
/// answer whatever the order: `unknown`, with a warning naming both.
struct CaseVariantKeyTests {
    static func profile(_ first: String, _ second: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
         <key>PayloadDisplayName</key><string>Shared iPhones</string>
         <key>PayloadType</key><string>Configuration</string>
         <key>PayloadContent</key><array><dict>
          <key>PayloadType</key><string>com.apple.extensiblesso</string>
          <key>ExtensionIdentifier</key><string>com.microsoft.azureauthenticator.ssoextension</string>
          <key>Type</key><string>Redirect</string>
          <key>URLs</key><array><string>https://login.microsoftonline.com</string></array>
          <key>ExtensionData</key><dict>
           <key>AppAllowList</key><string>com.example.inventory</string>
           \(first)
           \(second)
          </dict>
         </dict></array>
        </dict></plist>
        """
    }

    static let off = "<key>sharedDeviceMode</key><false/>"
    static let on = "<key>SharedDeviceMode</key><true/>"

    static func sharedMode(_ outcome: ConfigImporter.Outcome) -> String? {
        outcome.yaml.first?.split(separator: "\n").first { $0.hasPrefix("  shared_device_mode:") }
            .map { String($0.split(separator: " ")[1]) }
    }

    @Test func disagreeingKeysInEitherOrderAreUnknownWithAWarningNamingBoth() {
        let one = importing(Self.profile(Self.off, Self.on), file: "one.mobileconfig")
        let two = importing(Self.profile(Self.on, Self.off), file: "two.mobileconfig")
        #expect(Self.sharedMode(one) == "unknown")
        #expect(Self.sharedMode(two) == "unknown")
        #expect(one.errorMessages.isEmpty)
        #expect(
            one.messages.contains(
                "one.mobileconfig:12:31: warning: shared device mode is set more than once and the values disagree: "
                    + "'sharedDeviceMode' false at 12:31 /PayloadContent/0/ExtensionData/sharedDeviceMode, "
                    + "'SharedDeviceMode' true at 13:31 /PayloadContent/0/ExtensionData/SharedDeviceMode; keys are "
                    + "matched ignoring case and no order between them is documented, so shared_device_mode is "
                    + "written as unknown: keep one of them"), "\(one.messages)")
        #expect(two.messages.contains { $0.contains("'SharedDeviceMode' true at 12:31") })
        #expect(one.yaml[0].contains("set more than once, disagreeing:"))
    }

    @Test func agreeingKeysGiveTheirValue() {
        let outcome = importing(
            Self.profile("<key>sharedDeviceMode</key><true/>", Self.on), file: "p.mobileconfig")
        #expect(Self.sharedMode(outcome) == "true")
        #expect(!outcome.messages.contains { $0.contains("warning") })
    }

    /// Intune's key/value list: the same rule; `enableSharedDeviceMode` true still wins (docs/import.md).
    @Test func graphConfigurationsFollowTheSameRule() {
        func export(enable: Bool) -> String {
            """
            {"@odata.type": "#microsoft.graph.iosDeviceFeaturesConfiguration", "displayName": "W",
             "iosSingleSignOnExtension": {"@odata.type": "#microsoft.graph.iosAzureAdSingleSignOnExtension",
             "enableSharedDeviceMode": \(enable), "configurations": [
              {"@odata.type": "#microsoft.graph.keyBooleanValuePair", "key": "SharedDeviceMode", "value": true},
              {"@odata.type": "#microsoft.graph.keyBooleanValuePair", "key": "sharedDeviceMode", "value": false}]}}
            """
        }
        let off = importing(export(enable: false))
        #expect(Self.sharedMode(off) == "unknown")
        #expect(off.messages.contains { $0.contains("warning: shared device mode is set more than once") })
        #expect(Self.sharedMode(importing(export(enable: true))) == "true")
    }
}

/// The fuzz target's seeds (`Fuzz/Corpus/import`, the new hostile ones included: case-variant keys, YAML's special
/// words as names, long allow lists under 8 KB) through the target's own path: each policy made fits the loader's
/// limit (in the compact form if need be) and loads.
struct ImportFuzzSeedTests {
    @Test func everySeedImportsAndWhatFitsLoads() throws {
        let folder = repository + "/Fuzz/Corpus/import"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names.count >= 16)
        var policies = 0
        for name in names {
            let outcome = importing(bytes: bytes(of: folder + "/" + name), file: name)
            for policy in outcome.policies {
                guard case .success(let yaml) = PolicyYAMLWriter.fitting(policy, maxBytes: 1 << 20) else {
                    Issue.record("\(name): '\(policy.id)' does not fit")
                    continue
                }
                #expect(throws: Never.self) { _ = try engine.loadPolicy(yaml: yaml, file: name + ".yaml") }
                policies += 1
            }
        }
        #expect(policies >= 20)
    }
}

/// Issue 39, item 7: importing many profiles is linear in their number.
struct ImportScaleTests {
    /// Positions counted from 4 KiB checkpoints are the positions `TextLines` counts from each line's start, on
    /// long lines, multi-byte characters and every kind of line break.
    @Test func checkpointedPositionsAgreeWithTextLines() {
        var random = SplitMix(state: 0x10CA_7E)
        let pieces: [[UInt8]] = [
            Array("{\"a\": 1}".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8), [0x0A], [0x0D], [0x0D, 0x0A],
            Array(String(repeating: "x", count: 5000).utf8),
        ]
        for _ in 0..<20 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...60, using: &random) {
                bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }
            let locator = SourceLocator(file: "f", bytes: bytes)
            let reference = TextLines(bytes)
            for offset in Array(0...min(bytes.count, 300))
                + (0..<300).map({ _ in
                    Int.random(in: 0...bytes.count, using: &random)
                })
            {
                #expect(locator.position(ofByte: offset) == reference.position(ofByte: offset, file: "f"))
            }
        }
    }

    /// Ten thousand profiles of one name get ten thousand distinct ids, each number once.
    @Test func manyProfilesOfOneNameGetDistinctIDs() {
        var names = UniqueNames()
        let ids = (0..<10_000).map { _ in names.claim("ward") }
        #expect(ids.prefix(3) == ["ward", "ward-2", "ward-3"])
        #expect(ids.last == "ward-10000")
        #expect(Set(ids).count == 10_000)
        // A name taken by a profile of its own is skipped, as before.
        var mixed = UniqueNames()
        #expect(["ward-2", "ward", "ward", "ward"].map { mixed.claim($0) } == ["ward-2", "ward", "ward-3", "ward-4"])
    }
}
