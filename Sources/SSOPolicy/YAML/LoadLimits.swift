/// Hard bounds that turn hostile input into a positioned error in milliseconds.
///
/// Yams has no expansion limit: a 700-byte alias bomb composes cheaply (aliases share storage) but expands to
/// hundreds of millions of nodes in any walk. Our own walk counts every node it visits, aliases included.
public struct LoadLimits: Sendable, Hashable {
    /// Largest file accepted, in bytes.
    public var maxBytes: Int
    /// Deepest nesting of mappings and sequences.
    public var maxDepth: Int
    /// Most nodes visited, counting each alias expansion again.
    public var maxNodes: Int
    /// Most steps in one scenario.
    public var maxSteps: Int

    public init(maxBytes: Int = 1 << 20, maxDepth: Int = 64, maxNodes: Int = 100_000, maxSteps: Int = 10_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.maxSteps = maxSteps
    }

    public static let standard = LoadLimits()
}
