/// Writes an `ImportedPolicy` as a policy file the rest of the tool takes as it is: header comments, then
/// `policy`, `title`, `provider`, `settings` and `apps`, each value on its own line with its comment after it
/// (`# from: FILE#POINTER`), which `ssopolicy check` reads back as the value's provenance.
///
/// Ids are written through `YAMLText.scalar`, quoted whenever a YAML reader would take them for something other than
/// text (`null`, `yes`, `1e3`, a date).
package enum PolicyYAMLWriter {
    /// The policy file, every value with its comment.
    package static func yaml(_ policy: ImportedPolicy) -> String { yaml(policy, compact: false) }

    /// The policy file. `compact` leaves out the comment of each routine app key (`ImportedPolicy.Value.routine`)
    /// and says so in the header: a policy with a long allow list then stays under the loader's file limit.
    package static func yaml(_ policy: ImportedPolicy, compact: Bool) -> String {
        var lines: [String] = policy.header.map { commentLine($0, indent: "") }
        if compact {
            lines += compactHeader(apps: policy.apps.count).map { commentLine($0, indent: "") }
        }
        lines.append("policy: \(YAMLText.scalar(policy.id))")
        lines.append("title: \(YAMLText.quoted(policy.title))")
        lines.append("provider: \(policy.provider)")
        lines.append("settings:")
        for section in policy.sections {
            for heading in section.heading { lines.append(commentLine(heading, indent: "  ")) }
            for value in section.values { lines.append(line(value, indent: "  ")) }
        }
        lines.append("apps:")
        for heading in policy.appsHeading { lines.append(commentLine(heading, indent: "  ")) }
        for app in policy.apps {
            lines.append(
                "  - id: \(YAMLText.scalar(app.id))" + (app.comment.map { "  # " + YAMLText.comment($0) } ?? ""))
            if let name = app.name { lines.append("    name: \(YAMLText.quoted(name))") }
            for key in app.keys {
                var key = key
                if compact, key.routine { key.comment = nil }
                lines.append(line(key, indent: "    "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The policy as a file of at most `maxBytes` bytes (the loader's limit): in full, else in the compact form;
    /// `Oversize`, with the compact form's size, when even that is longer.
    package static func fitting(_ policy: ImportedPolicy, maxBytes: Int) -> Result<String, Oversize> {
        let full = yaml(policy)
        if full.utf8.count <= maxBytes { return .success(full) }
        let compact = yaml(policy, compact: true)
        if compact.utf8.count <= maxBytes { return .success(compact) }
        return .failure(Oversize(bytes: compact.utf8.count))
    }

    /// A policy too long for the loader even in the compact form.
    package struct Oversize: Error, Sendable {
        /// The compact form's size.
        package var bytes: Int
    }

    /// What the compact form's header says about the comments it leaves out.
    static func compactHeader(apps: Int) -> [String] {
        [
            "The profile lists \(apps) apps: with a comment on every app key this file would pass the 1 MiB that",
            "policy files may hold, so each app's unknown keys (how an app is built is in no export) and its",
            "'catalog: none' (not a Microsoft bundle id) have none here; the app's own line says where it came from.",
        ]
    }

    /// A whole-line comment; an empty one is a bare `#`.
    static func commentLine(_ text: String, indent: String) -> String {
        text.isEmpty ? indent + "#" : indent + "# " + YAMLText.comment(text)
    }

    static func line(_ value: ImportedPolicy.Value, indent: String) -> String {
        let text = value.value.map(YAMLText.value) ?? "unknown"
        return indent + "\(value.key): \(text)" + (value.comment.map { "  # " + YAMLText.comment($0) } ?? "")
    }
}
