import SSOPolicyProviderKit

/// A policy made from an export (or a console form), ready to be written: every declared setting and app key with
/// its value or `unknown`, and where each came from.
package struct ImportedPolicy: Sendable {
    /// A setting or app key as written: its value, or nil for `unknown`, and the comment after it.
    package struct Value: Sendable {
        package var key: String
        package var value: String?
        /// What follows `# ` on the value's line (`from: FILE#POINTER (REMARK)`, or a form's guidance).
        package var comment: String?
        /// An app key the importer filled in itself (`unknown` because no export says how an app is built,
        /// `catalog: none` for another publisher's app), whose comment says what every such key's says: the
        /// compact form leaves it out (`PolicyYAMLWriter`).
        package var routine = false
    }

    package struct App: Sendable {
        package var id: String
        package var name: String?
        package var comment: String?
        package var keys: [Value]
    }

    /// A group of settings under a heading comment (a console page, for forms); imports use one unnamed section.
    package struct Section: Sendable {
        package var heading: [String]
        package var values: [Value]
    }

    package var id: String
    package var title: String
    package var provider: String
    /// Comment lines before `policy:`.
    package var header: [String]
    package var sections: [Section]
    /// Comment lines after `apps:`, before the first app.
    package var appsHeading: [String]
    package var apps: [App]
    /// Where the profile this policy comes from starts, for messages (nil for a form).
    package var origin: SourcePosition?

    /// The file the policy is written to.
    package var fileName: String { id + ".yaml" }

    /// How many values are `unknown`.
    package var unknownCount: Int {
        sections.reduce(0) { $0 + $1.values.filter { $0.value == nil }.count }
            + apps.reduce(0) { $0 + $1.keys.filter { $0.value == nil }.count }
    }
}
