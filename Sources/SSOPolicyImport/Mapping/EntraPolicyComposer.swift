import SSOPolicyProviderKit

/// Turns an `EntraDraft` into a complete `entra-shared-device` policy: every setting and app key the provider
/// declares is written, with the value the export gave or as `unknown` with the reason it is not there. Nothing is
/// left to a silent default, and a key the provider adds later is written `unknown` without a change here.
struct EntraPolicyComposer {
    let descriptor: ProviderDescriptor

    /// Why an app's own behaviour is unknown: it is how the app was built, which no configuration export holds.
    static let appBehaviour = "how the app is built: in no export"

    func policy(_ draft: EntraDraft, id: String) -> ImportedPolicy {
        var settings: [ImportedPolicy.Value] = []
        let android = draft.platform == .android
        for declaration in descriptor.settings {
            let key = declaration.key
            if android && MicrosoftPlugin.iosOnlySettings.contains(key) { continue }
            if !android && MicrosoftPlugin.androidOnlySettings.contains(key) { continue }
            if key == "platform" {
                settings.append(
                    .init(key: key, value: draft.platform.rawValue, comment: "from: \(draft.platformProvenance)"))
            } else if let mapped = draft.settings[key] {
                settings.append(.init(key: key, value: mapped.value, comment: "from: \(mapped.provenance)"))
            } else {
                settings.append(
                    .init(key: key, value: nil, comment: "from: \(draft.origin.with(remark: "not in the export"))"))
            }
        }
        var ids = AppIdentifiers()
        var apps: [ImportedPolicy.App] = []
        var drafts = draft.apps
        if drafts.isEmpty {
            drafts = [
                DraftApp(
                    bundleID: "app",
                    provenance: draft.origin.with(remark: "the export names no app: replace with yours"),
                    listedIn: "")
            ]
        }
        for app in drafts {
            var keys: [ImportedPolicy.Value] = []
            for declaration in descriptor.appKeys {
                let key = declaration.key
                if android && MicrosoftPlugin.iosOnlyAppKeys.contains(key) { continue }
                if let mapped = app.keys[key] {
                    keys.append(.init(key: key, value: mapped.value, comment: "from: \(mapped.provenance)"))
                } else if key == "catalog", !draft.apps.isEmpty, !app.bundleID.lowercased().hasPrefix("com.microsoft.")
                {
                    // The catalogue lists Microsoft's own apps: another publisher's bundle id is none of them.
                    let remark = "not a Microsoft bundle id, so not one of Microsoft's shared-device apps"
                    keys.append(
                        .init(
                            key: key, value: "none", comment: "from: \(app.provenance.with(remark: remark))",
                            routine: true))
                } else {
                    keys.append(
                        .init(
                            key: key, value: nil, comment: "from: \(app.provenance.with(remark: Self.appBehaviour))",
                            routine: true))
                }
            }
            let placeholder = draft.apps.isEmpty
            apps.append(
                .init(
                    id: ids.id(for: app.bundleID), name: placeholder ? nil : app.bundleID,
                    comment:
                        "from: \(app.listedIn.isEmpty ? app.provenance : app.provenance.with(remark: app.listedIn))",
                    keys: keys))
        }
        var header = [
            "Imported by 'ssopolicy import' from \(draft.source).",
            "Each value says where it came from (# from: FILE#JSON-POINTER). 'unknown' marks what the export cannot",
            "say: run and compare play the provider's default for it and say so, and 'ssopolicy check' lists each one.",
            "Replace an unknown with what you know of your devices and apps. How each app is built (whether it uses",
            "MSAL in single-account mode, clears its data at sign-out, ...) is in no export: ask its developer or test it.",
        ]
        header += draft.remarks
        if !draft.unmodelled.isEmpty {
            header.append("Found in the export, not in the model yet (kept here so it can be mapped later):")
            header += draft.unmodelled.map { "  " + $0 }
        }
        if !draft.omitted.isEmpty {
            header.append("Left out, because secrets are never copied: " + draft.omitted.joined(separator: ", ") + ".")
        }
        return ImportedPolicy(
            id: id, title: "\(draft.name) (imported)", provider: descriptor.id, header: header,
            sections: [.init(heading: [], values: settings)], appsHeading: [], apps: apps, origin: draft.position)
    }
}
