import SSOPolicyProviderKit

/// Loads a policy file (spec 3.1): validates the generic parts, then the provider's declared settings, model
/// options and per-app keys, then lets the provider compile it. Reports every problem of the file.
package struct PolicyLoader: Sendable {
    package let registry: ProviderRegistry

    package init(registry: ProviderRegistry) { self.registry = registry }

    static let topKeys = ["policy", "title", "provider", "settings", "apps"]

    package func load(_ root: ConfigNode, file: String) -> Result<CompiledPolicy, DiagnosticsError> {
        var reader = NodeReader()
        guard let entries = reader.mapping(root, "policy file") else {
            return .failure(DiagnosticsError(reader.diagnostics.all))
        }
        reader.rejectUnknownKeys(entries, known: Self.topKeys, in: "policy")
        reader.requireKeys(["policy", "provider", "apps"], in: entries, at: root.position, "policy")

        var id = ""
        if let entry = entries["policy"], let text = reader.text(entry.value, "policy") {
            if text.range(of: "^[a-z0-9][a-z0-9-]*$", options: .regularExpression) != nil, text.count <= 64 {
                id = text
            } else {
                reader.error(
                    "policy: \(Excerpt.quoted(text)) is not a valid id; use lower-case letters, digits and '-'",
                    at: entry.value.position)
            }
        }
        var title: String?
        if let entry = entries["title"] { title = reader.text(entry.value, "title") }

        var provider: AnyPolicyProvider?
        if let entry = entries["provider"], let name = reader.text(entry.value, "provider") {
            provider = registry.provider(id: name)
            if provider == nil {
                reader.error(
                    "unknown provider '\(name)'" + Suggestion.didYouMean(name, in: registry.ids) + "; registered: "
                        + registry.ids.joined(separator: ", "), at: entry.value.position)
            }
        }
        let policyPosition = entries["policy"]?.value.position ?? root.position

        var settings = SettingValues(blockPosition: entries["settings"]?.keyPosition ?? root.position)
        var unknownSettings: [UnknownSetting] = []
        var apps: [AppConfiguration] = []
        if let provider {
            (settings, unknownSettings) = readSettings(entries["settings"], provider.descriptor, &reader, root: root)
        } else if let entry = entries["settings"] {
            _ = reader.mapping(entry.value, "settings")
        }
        if let entry = entries["apps"], let items = reader.sequence(entry.value, "apps") {
            if items.isEmpty { reader.error("apps: a policy needs at least one app", at: entry.value.position) }
            var seen: [String: SourcePosition] = [:]
            for (index, item) in items.enumerated() {
                guard let app = readApp(item, index: index, provider: provider?.descriptor, &reader) else { continue }
                if let first = seen[app.id] {
                    reader.error(
                        "duplicate app id '\(app.id)' (first defined at \(first.line):\(first.column))",
                        at: app.position)
                    continue
                }
                seen[app.id] = app.position
                apps.append(app)
            }
        }
        guard let provider else { return .failure(DiagnosticsError(reader.diagnostics.sorted)) }
        let configuration = PolicyConfiguration(
            id: id, title: title, providerID: provider.id, file: file, position: policyPosition, settings: settings,
            apps: apps, unknownSettings: unknownSettings)
        if reader.diagnostics.hasErrors {
            // Report the provider's own checks too, so one `check` shows every problem of the file: compile what
            // was read (a bad value stands in as its default) when every setting and app key has a value, and
            // leave out what the provider says at a place already reported.
            let descriptor = provider.descriptor
            let complete =
                !apps.isEmpty && descriptor.settings.allSatisfy { settings[$0.key] != nil }
                && descriptor.modelOptions.allSatisfy { settings[$0.key] != nil }
                && apps.allSatisfy { app in descriptor.appKeys.allSatisfy { app.keys[$0.key] != nil } }
            var all = reader.diagnostics.all
            if complete {
                var compiled = Diagnostics()
                _ = provider.compile(configuration, diagnostics: &compiled)
                let reported = Set(all.map(\.position))
                all += compiled.all.filter { !reported.contains($0.position) }
            }
            var merged = Diagnostics()
            for diagnostic in all { merged.append(diagnostic) }
            return .failure(DiagnosticsError(merged.sorted))
        }
        var diagnostics = Diagnostics()
        guard let compiled = provider.compile(configuration, diagnostics: &diagnostics), !diagnostics.hasErrors else {
            return .failure(DiagnosticsError(diagnostics.sorted))
        }
        return .success(compiled)
    }

    private func readSettings(
        _ entry: ConfigEntry?, _ descriptor: ProviderDescriptor, _ reader: inout NodeReader, root: ConfigNode
    ) -> (SettingValues, [UnknownSetting]) {
        var values = SettingValues(layout: descriptor.settingLayout, blockPosition: entry?.keyPosition ?? root.position)
        var given: [ConfigEntry] = []
        var model: [ConfigEntry] = []
        if let entry, !entry.value.isNull, let entries = reader.mapping(entry.value, "settings") {
            let known = descriptor.settings.map(\.key) + (descriptor.modelOptions.isEmpty ? [] : ["model"])
            var hints: [String: String] = [:]
            for key in descriptor.appKeys.map(\.key) where !known.contains(key) {
                hints[key] = "'\(key)' is a per-app key: set it on an app under 'apps:'"
            }
            for option in descriptor.modelOptions {
                hints[option.key] = "'\(option.key)' is a model option: set it under 'model:'"
            }
            reader.rejectUnknownKeys(entries, known: known, in: "settings of provider '\(descriptor.id)'", hints: hints)
            given = entries.filter { $0.key != "model" }
            if let modelEntry = entries["model"], !modelEntry.value.isNull,
                let modelEntries = reader.mapping(modelEntry.value, "model")
            {
                reader.rejectUnknownKeys(
                    modelEntries, known: descriptor.modelOptions.map(\.key),
                    in: "model options of provider '\(descriptor.id)'")
                model = modelEntries
            }
        }
        let unknown = fill(&values, declarations: descriptor.settings, from: given, what: "setting", &reader)
        _ = fill(
            &values, declarations: descriptor.modelOptions.map(\.setting), from: model, what: "model option",
            acceptsUnknown: false, &reader)
        return (values, unknown)
    }

    private func readApp(
        _ node: ConfigNode, index: Int, provider: ProviderDescriptor?, _ reader: inout NodeReader
    ) -> AppConfiguration? {
        guard let entries = reader.mapping(node, "apps[\(index + 1)]") else { return nil }
        let generic = ["id", "name"]
        if let provider {
            reader.rejectUnknownKeys(
                entries, known: generic + provider.appKeys.map(\.key), in: "app of provider '\(provider.id)'",
                hints: Dictionary(
                    uniqueKeysWithValues: provider.settings.map(\.key).filter { key in
                        !provider.appKeys.contains { $0.key == key }
                    }.map { ($0, "'\($0)' is a policy setting: set it under 'settings:'") }))
        }
        reader.requireKeys(["id"], in: entries, at: node.position, "app")
        guard let idEntry = entries["id"], let id = reader.identifier(idEntry.value, "app id") else { return nil }
        if id == "all" {
            reader.error("app id 'all' is reserved ('terminate: all' restarts the device)", at: idEntry.value.position)
            return nil
        }
        var name: String?
        if let entry = entries["name"] { name = reader.text(entry.value, "app name") }
        var keys =
            provider.map { SettingValues(layout: $0.appKeyLayout, blockPosition: idEntry.value.position) }
            ?? SettingValues(blockPosition: idEntry.value.position)
        var unknown: [UnknownSetting] = []
        if let provider {
            unknown = fill(
                &keys, declarations: provider.appKeys, from: entries.filter { !generic.contains($0.key) },
                what: "app key", &reader)
        }
        return AppConfiguration(
            id: id, name: name, position: idEntry.value.position, keys: keys, unknownKeys: unknown)
    }

    /// Fills `values` from `entries` with defaults for absent keys, and returns the keys written as `unknown`
    /// (when `acceptsUnknown`): each gets its declared default as if it were absent, so the provider compiles it
    /// unchanged.
    private func fill(
        _ values: inout SettingValues, declarations: [SettingDeclaration], from entries: [ConfigEntry], what: String,
        acceptsUnknown: Bool = true, _ reader: inout NodeReader
    ) -> [UnknownSetting] {
        var unknown: [UnknownSetting] = []
        for declaration in declarations {
            if let entry = entries[declaration.key] {
                if acceptsUnknown, entry.value.scalar == UnknownSetting.word {
                    if let text = declaration.defaultValue {
                        // A default that is no value of the kind (such as "unset") plays as an absent key does.
                        if let value = declaration.kind.parse(text) { values.set(declaration.key, value, at: nil) }
                        unknown.append(UnknownSetting(declaration.key, at: entry.value.position))
                    } else {
                        reader.error(
                            "\(declaration.key): '\(UnknownSetting.word)' needs a default to play, and this \(what) "
                                + "has none; write its value", at: entry.value.position)
                    }
                } else if let value = reader.value(entry.value, kind: declaration.kind, "\(declaration.key)") {
                    values.set(declaration.key, value, at: entry.value.position)
                } else if let text = declaration.defaultValue, let value = declaration.kind.parse(text) {
                    // Reported above; the default stands in so the provider's checks can still run.
                    values.set(declaration.key, value, at: entry.value.position)
                }
            } else if let text = declaration.defaultValue {
                if let value = declaration.kind.parse(text) { values.set(declaration.key, value, at: nil) }
            } else {
                reader.error("missing required \(what) '\(declaration.key)'", at: values.blockPosition)
            }
        }
        return unknown
    }
}
