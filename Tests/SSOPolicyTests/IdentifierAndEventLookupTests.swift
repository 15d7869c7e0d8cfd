import SSOPolicy
import SSOPolicyProviderKit
import SSOPolicyTestSupport
import Testing

/// Identifiers are read as bytes and events looked up in place; both answer as the lists they replace did.
struct IdentifierAndEventLookupTests {
    @Test(arguments: [
        ("alice", true), ("a.b_c-1", true), ("ABC.xyz-09_", true), (String(repeating: "a", count: 64), true),
        ("", false), (String(repeating: "a", count: 65), false), ("al ice", false), ("alïce", false), ("é", false),
        ("a/b", false), ("a\u{0}", false), ("émile", false), ("a+b", false),
    ])
    func anIdentifierIsAsciiLettersDigitsDotsUnderscoresAndDashes(text: String, valid: Bool) {
        #expect(Identifier.isValid(text) == valid)
        #expect((ValueKind.identifier.parse(text) != nil) == valid)
    }

    @Test func everyEventIsFoundByNameAndByIdAsInTheFullList() {
        let descriptor = BadgeProvider.declaration
        let all = descriptor.allEvents
        #expect(all.count > EventDeclaration.required.count)
        for (index, declaration) in all.enumerated() {
            #expect(descriptor.event(declaration.name) == EventID(index))
            #expect(descriptor.eventDeclaration(EventID(index)).name == declaration.name)
        }
        #expect(descriptor.event("no-such-event") == nil)
    }
}
