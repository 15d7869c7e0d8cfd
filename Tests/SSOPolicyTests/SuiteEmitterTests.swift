import SSOPolicy
import Testing

/// What `run --emit-suite` writes must read back as the same text, whatever a name or title holds.
struct SuiteEmitterTests {
    @Test(arguments: [
        "plain-name", "yes", "012", "a: b", "tab\there", "quote \" and \\ backslash", "escape \u{1B}[31m red",
        "delete \u{7F}", "comma, in flow", "héllo", "line\nbreak",
    ])
    func aScalarReadsBackAsTheSameText(_ text: String) throws {
        let engine = SSOPolicyEngine(registry: ProviderRegistry([]))
        for inFlow in [false, true] {
            let value = SuiteEmitter.scalar(text, inFlow: inFlow)
            let yaml = inFlow ? "key: [\(value)]\n" : "key: \(value)\n"
            let root = try engine.readDocument(bytes: Array(yaml.utf8), file: "emitted.yaml")
            let node = try #require(root.entries?.first?.value)
            #expect((inFlow ? node.items?.first?.scalar : node.scalar) == text, "\(yaml)")
        }
    }
}
