import SSOPolicyProviderKit

/// A policy made from an export (or a console form), ready to be written: every declared setting and app key with
/// its value or `unknown`, and where each came from.
public struct ImportedPolicy: Sendable {
    /// A setting or app key as written: its value, or nil for `unknown`, and the comment after it.
    public struct Value: Sendable {
        public var key: String
        public var value: String?
        /// What follows `# ` on the value's line (`from: FILE#POINTER (REMARK)`, or a form's guidance).
        public var comment: String?
        /// An app key the importer filled in itself (`unknown` because no export says how an app is built,
        /// `catalog: none` for another publisher's app), whose comment says what every such key's says: the
        /// compact form leaves it out (`PolicyYAMLWriter`).
        public var routine = false
    }

    public struct App: Sendable {
        public var id: String
        public var name: String?
        public var comment: String?
        public var keys: [Value]
    }

    /// A group of settings under a heading comment (a console page, for forms); imports use one unnamed section.
    public struct Section: Sendable {
        public var heading: [String]
        public var values: [Value]
    }

    public var id: String
    public var title: String
    public var provider: String
    /// Comment lines before `policy:`.
    public var header: [String]
    public var sections: [Section]
    /// Comment lines after `apps:`, before the first app.
    public var appsHeading: [String]
    public var apps: [App]
    /// Where the profile this policy comes from starts, for messages (nil for a form).
    public var origin: SourcePosition?

    /// The file the policy is written to.
    public var fileName: String { id + ".yaml" }

    /// How many values are `unknown`.
    public var unknownCount: Int {
        sections.reduce(0) { $0 + $1.values.filter { $0.value == nil }.count }
            + apps.reduce(0) { $0 + $1.keys.filter { $0.value == nil }.count }
    }
}
