/// Writes an `ImportedPolicy` as a policy file the rest of the tool takes as it is: header comments, then
/// `policy`, `title`, `provider`, `settings` and `apps`, each value on its own line with its comment after it
/// (`# from: FILE#POINTER`), which `ssopolicy check` reads back as the value's provenance.
public enum PolicyYAMLWriter {
    public static func yaml(_ policy: ImportedPolicy) -> String {
        var lines: [String] = policy.header.map { commentLine($0, indent: "") }
        lines.append("policy: \(policy.id)")
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
            lines.append("  - id: \(app.id)" + (app.comment.map { "  # " + YAMLText.comment($0) } ?? ""))
            if let name = app.name { lines.append("    name: \(YAMLText.quoted(name))") }
            for key in app.keys { lines.append(line(key, indent: "    ")) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A whole-line comment; an empty one is a bare `#`.
    static func commentLine(_ text: String, indent: String) -> String {
        text.isEmpty ? indent + "#" : indent + "# " + YAMLText.comment(text)
    }

    static func line(_ value: ImportedPolicy.Value, indent: String) -> String {
        let text = value.value.map(YAMLText.scalar) ?? "unknown"
        return indent + "\(value.key): \(text)" + (value.comment.map { "  # " + YAMLText.comment($0) } ?? "")
    }
}
