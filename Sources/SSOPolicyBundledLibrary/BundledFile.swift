/// A file of the bundled policy library (`Policies/`), embedded in the binary at build time by the
/// `EmbedPolicyLibrary` build-tool plugin so the tool's defaults work from any directory.
public struct BundledFile: Sendable, Hashable {
    /// The path relative to `Policies/`, e.g. `scenarios/shift-change.yaml`.
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// The bundled library, in path order.
public enum BundledLibrary {
    public static var files: [BundledFile] { embeddedPolicyLibraryFiles }

    public static func file(_ path: String) -> BundledFile? { files.first { $0.path == path } }
}
