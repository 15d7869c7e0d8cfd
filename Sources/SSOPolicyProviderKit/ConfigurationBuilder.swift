/// Builds a validated `PolicyConfiguration` from plain strings, applying the provider's declarations exactly as
/// the YAML loader does (defaults, kinds). Used by rule examples, tests and tools that make policies in code.
public enum ConfigurationBuilder {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Validates `settings` (model options included, by key) and each app's keys against `descriptor`. A setting or
    /// app key given as `unknown` gets its default and is recorded as unknown, as the YAML loader does.
    public static func make(
        _ descriptor: ProviderDescriptor, id: String = "example", settings: [String: String] = [:],
        apps: [(id: String, keys: [String: String])], file: String = "<memory>"
    ) throws -> PolicyConfiguration {
        let origin = SourcePosition(file: file, line: 1, column: 1)
        func known(_ given: [String: String], _ declarations: [SettingDeclaration]) -> [String: String] {
            given.filter { key, value in
                value != UnknownSetting.word || !declarations.contains { $0.key == key && $0.defaultValue != nil }
            }
        }
        func unknown(_ given: [String: String], _ declarations: [SettingDeclaration]) -> [UnknownSetting] {
            declarations.filter { given[$0.key] == UnknownSetting.word && $0.defaultValue != nil }
                .map { UnknownSetting($0.key, at: origin) }
        }
        let settingValues = try values(
            known(settings, descriptor.settings),
            declarations: descriptor.settings + descriptor.modelOptions.map(\.setting),
            layout: descriptor.settingLayout, at: origin, what: "setting")
        var appConfigurations: [AppConfiguration] = []
        for app in apps {
            let keys = try values(
                known(app.keys, descriptor.appKeys), declarations: descriptor.appKeys, layout: descriptor.appKeyLayout,
                at: origin, what: "app key")
            appConfigurations.append(
                AppConfiguration(
                    id: app.id, name: nil, position: origin, keys: keys,
                    unknownKeys: unknown(app.keys, descriptor.appKeys)))
        }
        return PolicyConfiguration(
            id: id, title: nil, providerID: descriptor.id, file: file, position: origin, settings: settingValues,
            apps: appConfigurations, unknownSettings: unknown(settings, descriptor.settings))
    }

    /// Fills `declarations` from `given` (text values), applying defaults; throws on unknown keys or bad values.
    public static func values(
        _ given: [String: String], declarations: [SettingDeclaration], at position: SourcePosition, what: String
    ) throws -> SettingValues {
        try values(given, declarations: declarations, layout: SettingLayout(declarations), at: position, what: what)
    }

    static func values(
        _ given: [String: String], declarations: [SettingDeclaration], layout: SettingLayout,
        at position: SourcePosition, what: String
    ) throws -> SettingValues {
        var result = SettingValues(layout: layout, blockPosition: position)
        for key in given.keys where !declarations.contains(where: { $0.key == key }) {
            throw Failure(description: "unknown \(what) '\(key)'")
        }
        for declaration in declarations {
            if let text = given[declaration.key] {
                guard let value = declaration.kind.parse(text) else {
                    throw Failure(
                        description: "\(what) '\(declaration.key)': expected \(declaration.kind.expectation), "
                            + "found \(Excerpt.quoted(text))")
                }
                result.set(declaration.key, value, at: position)
            } else if let text = declaration.defaultValue, let value = declaration.kind.parse(text) {
                result.set(declaration.key, value, at: nil)
            }
        }
        return result
    }
}
