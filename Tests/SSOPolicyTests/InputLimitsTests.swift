import SSOPolicyProviderKit
import Testing

/// The one bound type of every reader, with the presets docs/import.md and docs/hardening.md state.
struct InputLimitsTests {
    @Test func thePresetsAreTheDocumentedBounds() {
        #expect(InputLimits.documents == InputLimits(maxBytes: 1 << 20, maxDepth: 64, maxNodes: 100_000))
        #expect(InputLimits.documents.maxSteps == 10_000)
        #expect(InputLimits.exports.maxBytes == 8 << 20)
        #expect(InputLimits.exports.maxNodes == 250_000)
        #expect(InputLimits.exports.maxDepth == 64)
        #expect(InputLimits.exports.maxFiles == 2_000)
    }
}
