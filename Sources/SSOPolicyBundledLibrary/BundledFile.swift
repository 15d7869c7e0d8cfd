/// A file of the bundled policy library (`Policies/`), embedded in the binary at build time by the
/// `EmbedPolicyLibrary` build-tool plugin so the tool's defaults work from any directory.
package struct BundledFile: Sendable, Hashable {
    /// The path relative to `Policies/`, e.g. `scenarios/shift-change.yaml`.
    package var path: String
    package var contents: String

    package init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// The bundled library, in path order.
package enum BundledLibrary {
    package static var files: [BundledFile] { embeddedPolicyLibraryFiles }

    package static func file(_ path: String) -> BundledFile? { files.first { $0.path == path } }
}
