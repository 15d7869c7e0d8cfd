/// Bounds on what `ssopolicy import` reads, so a hostile or broken export costs bounded time and memory.
///
/// Real exports are small: a Graph collection of every device configuration of a tenant is a few hundred
/// kilobytes, a `.mobileconfig` a few kilobytes, and neither nests more than a dozen levels.
public struct ImportLimits: Sendable, Hashable {
    /// Bytes per file; a larger file is refused before it is read past this.
    public var maxBytes: Int
    /// Nesting of objects and arrays (JSON), dictionaries and arrays (plists), and DER values (signed profiles).
    public var maxDepth: Int
    /// Values per file: JSON values, plist objects (counted at each use, so a shared object cannot fan out).
    public var maxNodes: Int
    /// Files read from the folders named (a backup folder holds one file per profile).
    public var maxFiles: Int

    public init(maxBytes: Int = 8 << 20, maxDepth: Int = 64, maxNodes: Int = 250_000, maxFiles: Int = 2_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.maxFiles = maxFiles
    }

    public static let standard = ImportLimits()
}
