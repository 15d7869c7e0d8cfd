/// Hard bounds on what any reader of this package takes in, so hostile or broken input costs bounded time and memory
/// and ends in a positioned error: the YAML loader (policies, scenarios, suites, fleets, and the server's request
/// bodies, which carry them) and `ssopolicy import`'s readers of vendor exports (JSON, XML, binary and signed
/// property lists). One type; each reader takes the preset for what it reads.
///
/// Yams has no expansion limit: a 700-byte alias bomb composes cheaply (aliases share storage) but expands to
/// hundreds of millions of nodes in any walk, so the YAML walk counts every node it visits, aliases included. Real
/// exports are small: a Graph collection of every device configuration of a tenant is a few hundred kilobytes, a
/// `.mobileconfig` a few kilobytes, and neither nests more than a dozen levels.
public struct InputLimits: Sendable, Hashable {
    /// Bytes per file (or request body); a larger one is refused before it is read past this.
    public var maxBytes: Int
    /// Nesting: YAML mappings and sequences, JSON objects and arrays, plist dictionaries and arrays, DER values.
    public var maxDepth: Int
    /// Values per file: YAML nodes visited (each alias expansion again), JSON values, plist objects (counted at
    /// each use, so a shared object cannot fan out).
    public var maxNodes: Int
    /// Steps in one scenario.
    public var maxSteps: Int
    /// Files read from the folders named (an export backup folder holds one file per profile).
    public var maxFiles: Int

    public init(
        maxBytes: Int = 1 << 20, maxDepth: Int = 64, maxNodes: Int = 100_000, maxSteps: Int = 10_000,
        maxFiles: Int = 2_000
    ) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.maxSteps = maxSteps
        self.maxFiles = maxFiles
    }

    /// Policies, scenarios, suites and fleets (YAML), and the server's request bodies: 1 MiB, 64 levels,
    /// 100 000 nodes, 10 000 steps.
    public static let documents = InputLimits()

    /// `ssopolicy import`'s vendor exports: 8 MiB per file, 64 levels, 250 000 values, 2 000 files.
    public static let exports = InputLimits(maxBytes: 8 << 20, maxNodes: 250_000)
}
