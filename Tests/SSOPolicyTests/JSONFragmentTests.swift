import SSOPolicyTestSupport
import Testing

@testable import SSOPolicy

/// A fragment is written once at the indent it expects and copied there; anywhere else, and compact, it is
/// serialized as usual: the bytes are those of the plain value wherever it lands.
struct JSONFragmentTests {
    static let entry: JSONValue = .object([
        ("rule", "a.rule"), ("fired", true), ("because", "it \"held\"\n"),
        ("sources", .array([.object([("id", "doc"), ("locator", "p. 2")])])), ("conditions", .strings(["x", "y"])),
    ])

    /// The same document with the entry at several depths, plain or as a fragment made for indent `indent`.
    static func document(_ entry: JSONValue) -> JSONValue {
        .object([
            ("top", entry), ("outcomes", .array([.object([("trace", .array([entry, entry]))])])),
            ("scalars", .array([.int(1), .int(2)])),
        ])
    }

    @Test(arguments: [0, 2, 4, 8, 12])
    func aFragmentWritesThePlainValuesBytesAtEveryDepth(indent: Int) {
        let fragment = JSONValue.fragment(JSONFragment(Self.entry, indent: indent))
        #expect(Self.document(fragment).serialized() == Self.document(Self.entry).serialized())
        #expect(
            Self.document(fragment).serialized(pretty: false) == Self.document(Self.entry).serialized(pretty: false))
    }

    @Test func aFragmentOfAScalarStaysOnTheLineOfItsArray() {
        let plain: JSONValue = .array([.string("a"), .int(3)])
        let fragments: JSONValue = .array([.fragment(JSONFragment("a", indent: 2)), .int(3)])
        #expect(fragments.serialized() == plain.serialized())
        #expect(fragments.serialized() == "[\"a\", 3]")
    }

    /// `value` with every fragment replaced by the value it was made from.
    static func expanded(_ value: JSONValue) -> JSONValue {
        switch value {
        case .fragment(let fragment): return expanded(fragment.value)
        case .array(let items): return .array(items.map(expanded))
        case .object(let pairs): return .object(pairs.map { ($0.0, expanded($0.1)) })
        default: return value
        }
    }

    @Test func anEvaluateAnswerHasTheBytesOfItsPlainJSON() throws {
        let policy = try Fixtures.engine.loadPolicy(
            yaml: "policy: kiosk\nprovider: badge-kiosk\napps:\n  - id: till\n  - id: scanner\n", file: "p.yaml")
        let result = try AttemptEvaluator().evaluate(EvaluateRequest(app: "till", user: "bob"), policy: policy)
        let json = result.json
        #expect(json.serialized() == Self.expanded(json).serialized())
        #expect(json.serialized(pretty: false) == Self.expanded(json).serialized(pretty: false))
        // The traces are fragments, at the depths they were made for.
        #expect(json.serialized() != Self.document(Self.entry).serialized())
        #expect(json.serialized().contains("\n        {\n          \"rule\": "))
    }
}
