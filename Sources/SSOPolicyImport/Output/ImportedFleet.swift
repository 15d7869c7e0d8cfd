/// The fleet an import writes beside its policies (docs/import.md, "The fleet"): one device group per imported
/// profile (its platform, its OS version when the export gives one), each app once by what the export says of how
/// it is built (a Microsoft bundle id is a catalogue app, Android's data-clear list gives
/// `clears_data_on_user_change`), and one `entra` setup holding the imported settings (those every profile shares
/// at the setup, the others under the group they come from). What no export says is left out, so `decide` plays
/// the neutral default and lists it as assumed. Each value keeps its comment (`# from: FILE#POINTER`).
///
/// Also the setup block `import --template PROVIDER --fleet FLEET` adds to an existing fleet.
package enum ImportedFleet {
    package static let id = "imported-fleet"
    package static var fileName: String { id + ".yaml" }
    /// The setup the Entra import makes.
    package static let setupID = "entra"
    /// Settings the device group gives, never written in a setup.
    static let groupSettings: Set<String> = ["platform", "os_version"]

    /// The fleet file of the imported entra-shared-device policies (at least one).
    package static func yaml(_ policies: [ImportedPolicy]) -> String {
        var lines = [
            "# Made by 'ssopolicy import' with the policies in this folder: one device group per imported profile, each",
            "# app once, and one setup holding the imported settings (docs/fleets.md). How each app signs in and how",
            "# long its own session lasts is in no export: those keys are left out, so 'ssopolicy decide' plays the",
            "# neutral default and lists each one under 'Assumed'; write what you know of your apps. Add another",
            "# vendor's setup with: ssopolicy import --template airwatch-sdk|imprivata-mam --fleet THIS-FILE",
            "fleet: \(id)",
            "title: \(YAMLText.quoted("Imported: " + policies.map(\.title).joined(separator: ", ")))",
            "devices:",
        ]
        let groups = groupIDs(policies)
        for (policy, group) in zip(policies, groups) {
            let settings = policy.sections.flatMap(\.values)
            lines.append("  - group: \(group)  # " + YAMLText.comment("the profile of policy '\(policy.id)'"))
            if let platform = settings.first(where: { $0.key == "platform" }) {
                lines.append(line("platform", platform.value ?? "ios", platform.comment, indent: "    "))
            }
            if let version = settings.first(where: { $0.key == "os_version" }) {
                if let value = version.value {
                    lines.append(line("os_version", value, version.comment, indent: "    "))
                } else {
                    lines.append(
                        "    # os_version: left out, the export does not say it ("
                            + YAMLText.comment(version.comment ?? "device inventory has it") + ")")
                }
            }
        }
        lines.append("apps:")
        for app in apps(policies) { lines += app }
        lines.append("setups:")
        lines.append("  - setup: \(setupID)")
        lines.append("    title: \(YAMLText.quoted("Imported from the Intune export"))")
        lines.append("    provider: \(policies.first?.provider ?? "entra-shared-device")")
        let perPolicy = policies.map { policy in
            policy.sections.flatMap(\.values).filter { !groupSettings.contains($0.key) }
        }
        // A setting with the same value in every profile is the setup's; the others go under their group.
        let shared = (perPolicy.first ?? []).filter { value in
            perPolicy.allSatisfy { values in values.contains { $0.key == value.key && $0.value == value.value } }
        }
        lines.append("    settings:" + (shared.isEmpty ? " {}" : ""))
        for value in shared { lines.append(line(value.key, value.value, value.comment, indent: "      ")) }
        let differing = zip(groups, perPolicy).map { group, values in
            (group, values.filter { value in !shared.contains { $0.key == value.key } })
        }.filter { !$0.1.isEmpty }
        if !differing.isEmpty {
            lines.append("    groups:  # settings that differ between the imported profiles")
            for (group, values) in differing {
                lines.append("      \(group):")
                lines.append("        settings:")
                for value in values { lines.append(line(value.key, value.value, value.comment, indent: "          ")) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Fleet ids for the imported profiles' device groups: the policy id in lower case, every other character a
    /// '-', at most 40 characters (so a derived policy id stays within 64), made unique with a number.
    static func groupIDs(_ policies: [ImportedPolicy]) -> [String] {
        var seen: Set<String> = []
        return policies.map { policy in
            var id = String(
                String.UnicodeScalarView(
                    policy.id.lowercased().unicodeScalars.map { scalar in
                        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? scalar : "-"
                    })
            )
            while id.hasPrefix("-") { id.removeFirst() }
            id = String(id.prefix(36))
            if id.isEmpty { id = "devices" }
            var unique = id
            var number = 2
            while !seen.insert(unique).inserted {
                unique = "\(id)-\(number)"
                number += 1
            }
            return unique
        }
    }

    /// Each app once (first profile first), in the fleet's words: what the export says of how it is built.
    static func apps(_ policies: [ImportedPolicy]) -> [[String]] {
        var order: [String] = []
        var byID: [String: [ImportedPolicy.App]] = [:]
        for policy in policies {
            for app in policy.apps {
                if byID[app.id] == nil { order.append(app.id) }
                byID[app.id, default: []].append(app)
            }
        }
        return order.map { id in
            let copies = byID[id] ?? []
            guard let first = copies.first else { return [] }
            var lines =
                ["  - id: \(YAMLText.scalar(id))" + (first.comment.map { "  # " + YAMLText.comment($0) } ?? "")]
            if let name = first.name { lines.append("    name: \(YAMLText.quoted(name))") }
            func known(_ key: String) -> ImportedPolicy.Value? {
                copies.lazy.compactMap { $0.keys.first { $0.key == key && $0.value != nil } }.first
            }
            if let catalog = known("catalog"), let value = catalog.value, value != "none" {
                lines.append(line("microsoft", value, catalog.comment, indent: "    "))
                return lines
            }
            if let msal = known("msal"), let value = msal.value {
                let signIn =
                    switch value {
                    case "single_account": "msal_single_account"
                    case "multiple_account": "msal_multiple_account"
                    default: "own_login"
                    }
                lines.append(line("sign_in", signIn, msal.comment, indent: "    "))
            }
            if let own = known("own_login"), let value = own.value, value != "none" {
                lines.append(line("own_session", value, own.comment, indent: "    "))
            }
            if let clears = known("clears_data_on_user_change"), let value = clears.value {
                lines.append(line("clears_data_on_user_change", value, clears.comment, indent: "    "))
            }
            return lines
        }
    }

    /// The setup `import --template` adds to a fleet: the form's settings, each `unknown` with its console field
    /// beside it, less those the device group gives; the form's per-app console choices are named in a comment.
    package static func setupBlock(
        _ form: ImportedPolicy, id: String, groupSettings: Set<String>, consoleAppKeys: [String], indent: String
    ) -> [String] {
        var lines = [
            "\(indent)- setup: \(id)  # added by 'ssopolicy import --template \(form.provider)': fill in each unknown",
            "\(indent)  title: \(YAMLText.quoted(form.title))",
            "\(indent)  provider: \(form.provider)",
            "\(indent)  settings:",
        ]
        for section in form.sections {
            let values = section.values.filter { !groupSettings.contains($0.key) }
            guard !values.isEmpty else { continue }
            for heading in section.heading where !heading.isEmpty {
                lines.append("\(indent)    # " + YAMLText.comment(heading))
            }
            for value in values { lines.append(line(value.key, value.value, value.comment, indent: indent + "    ")) }
        }
        if !consoleAppKeys.isEmpty {
            lines.append(
                "\(indent)  # per-app console choices (\(consoleAppKeys.joined(separator: ", "))) go under apps:, "
                    + "per device group under groups: (docs/fleets.md)")
        }
        return lines
    }

    static func line(_ key: String, _ value: String?, _ comment: String?, indent: String) -> String {
        indent + "\(key): " + (value.map(YAMLText.value) ?? "unknown")
            + (comment.map { "  # " + YAMLText.comment($0) } ?? "")
    }
}
