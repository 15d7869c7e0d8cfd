import SSOPolicyProviderKit

/// Reads an Apple configuration profile (`.mobileconfig`): each `com.apple.extensiblesso` payload for the Microsoft
/// Enterprise SSO plug-in (`ExtensionIdentifier` com.microsoft.azureauthenticator.ssoextension) becomes an iOS
/// draft. `Type` and `URLs` give `sso_extension`; `ExtensionData` gives shared device mode and the apps its lists
/// name (the same keys as Intune's configurations). Other payloads are never read past their `PayloadType`, so a
/// Wi-Fi password or a certificate in the same profile is never touched.
struct ProfileMapper {
    let file: String
    let positions: PlistPositions
    let signed: Bool
    var errors: [Diagnostic] = []
    var notes: [Diagnostic] = []
    var drafts: [EntraDraft] = []

    init(file: String, positions: PlistPositions, signed: Bool) {
        self.file = file
        self.positions = positions
        self.signed = signed
    }

    static let payloadType = "com.apple.extensiblesso"

    mutating func error(_ message: String, at node: PlistNode) {
        errors.append(positions.diagnostic(.error, message, at: node.offset))
    }

    mutating func note(_ message: String, at node: PlistNode) {
        notes.append(positions.diagnostic(.note, message, at: node.offset))
    }

    mutating func string(_ node: PlistNode, _ key: String, _ pointer: JSONPointer) -> String? {
        guard let field = node[key] else { return nil }
        if let text = field.string { return text }
        error("\(pointer / key): expected a string, found \(field.kindDescription)", at: field)
        return nil
    }

    mutating func read(_ root: PlistNode) {
        guard root.entries != nil else {
            error("expected a configuration profile (a dictionary), found \(root.kindDescription)", at: root)
            return
        }
        let rootType = string(root, "PayloadType", .root)
        guard let content = root["PayloadContent"] else {
            if rootType == Self.payloadType {
                payload(root, .root, profile: root)
            } else {
                note(
                    "skipped: not a configuration profile (PayloadType "
                        + "\(rootType.map(Excerpt.quoted) ?? "missing") and no PayloadContent)", at: root)
            }
            return
        }
        guard let payloads = content.items else {
            error("/PayloadContent: expected an array of payloads, found \(content.kindDescription)", at: content)
            return
        }
        var others: [String] = []
        var found = false
        for (index, item) in payloads.enumerated() {
            let pointer = JSONPointer.root / "PayloadContent" / index
            guard item.entries != nil else {
                error("\(pointer): expected a payload (a dictionary), found \(item.kindDescription)", at: item)
                continue
            }
            let type = string(item, "PayloadType", pointer)
            if type == Self.payloadType {
                found = true
                payload(item, pointer, profile: root)
            } else {
                others.append(type ?? "(no PayloadType)")
            }
        }
        if !found {
            note(
                "skipped: no \(Self.payloadType) payload (the profile holds "
                    + (others.isEmpty ? "no payload" : others.map { Excerpt.quoted($0) }.joined(separator: ", ")) + ")",
                at: root)
        }
    }

    mutating func payload(_ node: PlistNode, _ pointer: JSONPointer, profile: PlistNode) {
        let identifier = string(node, "ExtensionIdentifier", pointer)
        guard identifier == MicrosoftPlugin.extensionID else {
            note(
                "\(pointer): skipped an extensible SSO payload for "
                    + "\(identifier.map(Excerpt.quoted) ?? "no ExtensionIdentifier"), not the Microsoft Enterprise SSO "
                    + "plug-in (\(MicrosoftPlugin.extensionID))", at: node)
            return
        }
        let name =
            string(node, "PayloadDisplayName", pointer) ?? string(profile, "PayloadDisplayName", .root)
            ?? string(node, "PayloadIdentifier", pointer) ?? "SSO plug-in profile"
        var facts: [String] = []
        if let id = profile["PayloadIdentifier"]?.string { facts.append("PayloadIdentifier \(id)") }
        if let version = profile["PayloadVersion"], case .integer(let text) = version.value {
            facts.append("PayloadVersion \(text)")
        }
        let source =
            "the Apple configuration profile \(file)#\(pointer): \(Self.payloadType) '\(name)'"
            + (facts.isEmpty ? "" : " (" + facts.joined(separator: ", ") + ")")
        var draft = EntraDraft(
            name: name, source: source, origin: Provenance(file, pointer), position: positions.position(node.offset),
            platform: .ios,
            platformProvenance: Provenance(
                file, pointer / "PayloadType", remark: "an Apple configuration profile; the model covers iOS"))
        if signed {
            draft.remarks.append(
                "The profile is CMS-signed: its content was read as is; the signature was not verified.")
        }
        if node["TeamIdentifier"] != nil {
            draft.remarks.append(
                "TeamIdentifier is set: Apple requires it on macOS and ignores it elsewhere; this policy models iOS.")
        }
        let type = string(node, "Type", pointer)
        var urls: [String] = []
        if let list = node["URLs"] {
            if let items = list.items {
                urls = items.compactMap(\.string)
            } else {
                error("\(pointer / "URLs"): expected an array of URLs, found \(list.kindDescription)", at: list)
            }
        }
        let hasLogin = urls.contains { GraphMapper.sameURL($0, MicrosoftPlugin.loginURL) }
        if type == "Redirect", hasLogin {
            draft.settings["sso_extension"] = .known(
                "enabled",
                Provenance(file, pointer / "ExtensionIdentifier", remark: "Type Redirect with Microsoft's extension id")
            )
        } else {
            let remark =
                type != "Redirect"
                ? "Type is \(type.map(Excerpt.quoted) ?? "missing"); Microsoft documents the plug-in as Redirect"
                : "Microsoft's extension, but URLs lacks \(MicrosoftPlugin.loginURL)"
            draft.settings["sso_extension"] = .unknown(
                Provenance(file, pointer / (type == "Redirect" ? "URLs" : "Type"), remark: remark))
            note("\(pointer): \(remark); sso_extension is written as unknown", at: node)
        }
        var entries: [PluginConfiguration.Entry] = []
        if let data = node["ExtensionData"] {
            if let dictionary = data.entries {
                for entry in dictionary {
                    let value: PluginConfiguration.Value
                    switch entry.value.value {
                    case .bool(let flag): value = .bool(flag)
                    case .integer(let text): value = .integer(text)
                    case .string(let text): value = .string(text)
                    default: value = .other(entry.value.kindDescription)
                    }
                    entries.append(
                        .init(
                            key: entry.key, value: value,
                            provenance: Provenance(file, pointer / "ExtensionData" / entry.key),
                            position: positions.position(entry.value.offset)))
                }
            } else {
                error("\(pointer / "ExtensionData"): expected a dictionary, found \(data.kindDescription)", at: data)
            }
        }
        let plugin = PluginConfiguration(entries)
        for problem in plugin.problems { errors.append(.error(at: problem.position, problem.message)) }
        for conflict in plugin.conflicts { notes.append(Diagnostic(.warning, at: conflict.position, conflict.message)) }
        draft.unmodelled += plugin.unmodelled
        draft.apps = GraphMapper.distinct(
            plugin.allowed.map {
                DraftApp(
                    bundleID: $0.bundleID, provenance: $0.provenance,
                    listedIn: "in \($0.list): allowed to use the plug-in without MSAL")
            }, blocked: plugin.blocked)
        draft.settings["shared_device_mode"] =
            plugin.sharedDeviceMode
            ?? .unknown(
                Provenance(
                    file, pointer / "ExtensionData",
                    remark: "no sharedDeviceMode key; Intune's toggle or registering the device in Authenticator "
                        + "can also set shared mode"))
        draft.settings["os_version"] = .unknown(
            Provenance(file, pointer, remark: "not in the profile: the devices' OS versions are in device inventory"))
        draft.settings["authenticator"] = .unknown(
            Provenance(file, pointer, remark: "not in the profile: Authenticator comes with an app assignment"))
        drafts.append(draft)
    }
}
