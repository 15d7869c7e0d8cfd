import SSOPolicyProviderKit

/// What `check` notes about a policy's values beyond errors and warnings: every setting or per-app key written as
/// `unknown` (with the default that run and compare play instead), and every value whose line says where it came
/// from in a trailing `# from: FILE#POINTER` comment (as `ssopolicy import` writes them).
package enum PolicyNotes {
    /// One note per unknown and per value with a provenance comment, in file order; `source` is the policy file's
    /// text, where the comments are.
    package static func notes(for policy: CompiledPolicy, source: [UInt8]) -> [Diagnostic] {
        notes(for: policy.configuration, descriptor: policy.descriptor, source: source)
    }

    package static func notes(
        for configuration: PolicyConfiguration, descriptor: ProviderDescriptor, source: [UInt8]
    ) -> [Diagnostic] {
        let comments = TrailingComment(source)
        var notes: [Diagnostic] = []
        func from(_ position: SourcePosition) -> String {
            comments.provenance(after: position).map { " (from: \($0))" } ?? ""
        }
        func note(_ message: String, at position: SourcePosition) {
            notes.append(Diagnostic(.note, at: position, message))
        }
        func unknown(_ item: UnknownSetting, _ declarations: [SettingDeclaration], subject: String) {
            let played = declarations.first { $0.key == item.key }?.defaultValue
            note(unknownWords("\(subject) '\(item.key)'", played: played) + from(item.position), at: item.position)
        }
        func known(_ values: SettingValues, _ declarations: [SettingDeclaration], subject: String) {
            for declaration in declarations {
                guard let entry = values.entry(named: declaration.key), let position = entry.position,
                    let provenance = comments.provenance(after: position)
                else { continue }
                note("\(subject) '\(declaration.key)' is \(entry.value) (from: \(provenance))", at: position)
            }
        }
        known(configuration.settings, descriptor.settings, subject: "setting")
        for item in configuration.unknownSettings { unknown(item, descriptor.settings, subject: "setting") }
        for app in configuration.apps {
            if let provenance = comments.provenance(after: app.position) {
                note("app '\(app.id)' (from: \(provenance))", at: app.position)
            }
            known(app.keys, descriptor.appKeys, subject: "app '\(app.id)':")
            for item in app.unknownKeys { unknown(item, descriptor.appKeys, subject: "app '\(app.id)':") }
        }
        return notes.sorted { $0.position < $1.position }
    }

    /// A fleet's notes: per setup, every value written `unknown` with the default played (on which device groups,
    /// when not on all the setup plays on), once however many groups derive it; and per app that leaves profile keys
    /// out or writes them `unknown`, the neutral defaults played. (A derived policy's values are positioned at the
    /// fleet keys they come from, so its provenance notes would give an app line's comment to every derived key: a
    /// fleet's `# from:` comments are read in the file itself.)
    package static func notes(for fleet: Fleet) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for value in fleet.playedDefaults {
            let subject = value.app.map { "app '\($0)': '\(value.key)'" } ?? "setting '\(value.key)'"
            found.append(
                Diagnostic(
                    .note, at: value.position,
                    "setup \(value.setup): " + unknownWords(subject, played: value.played) + value.onGroups(of: fleet)))
        }
        for app in fleet.apps where !app.leftOut.isEmpty {
            found.append(
                Diagnostic(
                    .note, at: app.position,
                    "app '\(app.profile.id)' leaves \(counted(app.leftOut.count, "build fact")) out or unknown: every "
                        + "setup plays " + app.leftOutWords))
        }
        return found.sorted { $0.position < $1.position }
    }

    /// The words of a note on a value written `unknown`: `setting 'sso' is unknown: run and compare play its default
    /// 'disabled'`.
    static func unknownWords(_ named: String, played: String?) -> String {
        "\(named) is unknown: run and compare play its default" + (played.map { " '\($0)'" } ?? "")
    }

    /// One line naming every unknown of the policy with the default played for it, for `run` and `compare` to
    /// print on standard error; nil when the policy has none.
    package static func playedDefaults(for policy: CompiledPolicy) -> String? {
        let configuration = policy.configuration
        guard configuration.hasUnknowns else { return nil }
        let descriptor = policy.descriptor
        func played(_ items: [UnknownSetting], _ declarations: [SettingDeclaration]) -> [String] {
            items.map { item in
                let value = declarations.first { $0.key == item.key }?.defaultValue ?? "?"
                return "\(item.key) = \(value)"
            }
        }
        var parts: [String] = []
        if !configuration.unknownSettings.isEmpty {
            parts.append(
                "settings " + played(configuration.unknownSettings, descriptor.settings).joined(separator: ", "))
        }
        for app in configuration.apps where !app.unknownKeys.isEmpty {
            parts.append("app \(app.id): " + played(app.unknownKeys, descriptor.appKeys).joined(separator: ", "))
        }
        let count = configuration.unknownSettings.count + configuration.apps.reduce(0) { $0 + $1.unknownKeys.count }
        return "\(configuration.file): note: policy '\(configuration.id)' has \(counted(count, "unknown value")), "
            + "played at \(count == 1 ? "its default" : "their defaults"): " + parts.joined(separator: "; ")
            + " (see 'ssopolicy check \(configuration.file)')"
    }
}
