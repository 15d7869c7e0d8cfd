import SSOPolicyProviderKit

/// `ssopolicy import --template PROVIDER`: a policy laid out as the vendor console's pages, every value `unknown`
/// with the console's field name beside it, so a user fills it in from the console. As written it is a valid policy
/// (its unknowns play the provider's defaults, and `check` lists each one); filled in, it is the user's policy.
///
/// The values, their kinds and defaults come from the provider's declarations: a setting or app key a form does not
/// place on a console page is still written, under "not on a console page", with its declared meaning.
package enum ConsoleTemplate {
    package static let providers = ["airwatch-sdk", "imprivata-mam"]

    package static func form(for provider: String) -> ConsoleForm? {
        switch provider {
        case "airwatch-sdk": return WorkspaceOneForm.form
        case "imprivata-mam": return ImprivataForm.form
        default: return nil
        }
    }

    package static func policy(_ form: ConsoleForm, descriptor: ProviderDescriptor) -> ImportedPolicy {
        var placed = Set<String>()
        var sections: [ImportedPolicy.Section] = []
        for page in form.pages {
            var values: [ImportedPolicy.Value] = []
            for field in page.fields {
                guard let declaration = descriptor.settings.first(where: { $0.key == field.key }) else { continue }
                placed.insert(field.key)
                values.append(value(declaration, guidance: field.guidance))
            }
            sections.append(.init(heading: ["", page.title, "(\(page.source))"], values: values))
        }
        let rest = descriptor.settings.filter { !placed.contains($0.key) }
        if !rest.isEmpty {
            sections.append(
                .init(
                    heading: ["", "Not on a console page: how the devices are (ask whoever runs them)"],
                    values: rest.map { value($0, guidance: $0.meaning) }))
        }
        let appFields = Dictionary(
            form.appPage.fields.map { ($0.key, $0.guidance) }, uniquingKeysWith: { one, _ in one })
        var keys: [ImportedPolicy.Value] = []
        for declaration in descriptor.appKeys {
            let guidance =
                appFields[declaration.key]
                ?? "not in the console: how the app is built (ask its developer or test it): \(declaration.meaning)"
            keys.append(value(declaration, guidance: guidance))
        }
        let header =
            [
                "A form for provider '\(descriptor.id)' (\(descriptor.name)): it has no documented export, so copy the",
                "values from the console pages named below. Every value starts as 'unknown': run and compare play the",
                "provider's default for it and say so, and 'ssopolicy check' lists each one. Replace each 'unknown' with",
                "the value the comment gives for what the console shows; 'ssopolicy providers \(descriptor.id)' explains",
                "every key.",
            ] + form.introduction
        return ImportedPolicy(
            id: form.id, title: form.title, provider: descriptor.id, header: header, sections: sections,
            appsHeading: [
                form.appPage.title, "(\(form.appPage.source))",
                "One entry per app: copy the block below for each, with its own id.",
            ], apps: [.init(id: "first-app", name: "First app (rename)", comment: nil, keys: keys)], origin: nil)
    }

    static func value(_ declaration: SettingDeclaration, guidance: String) -> ImportedPolicy.Value {
        var comment = guidance
        if let value = declaration.defaultValue { comment += " (default: \(value))" }
        return .init(key: declaration.key, value: nil, comment: comment)
    }
}
