import Hummingbird
import SSOPolicy
import Testing

@testable import SSOPolicyServer

/// An answer's template by the acting user's name: made only when the answer copies the name and does nothing else
/// with it, and then filled it gives the render's bytes for any name.
struct NameTemplateTests {
    struct Refused: Error {}

    static let names = ["bob", "a", "Zoe.M_9-x", "none-of-these", String(repeating: "q", count: 64)]

    func filled(_ template: NameTemplate, _ name: String) -> String { String(buffer: template.filled(with: name)) }

    @Test func anAnswerThatCopiesTheNameIsFilledLikeItsRender() throws {
        let render = { (name: String) in
            #"{"user": "\#(name)", "when": {"custodian": "\#(name)"}, "x": "\#(name)\#(name)"}"#
        }
        let template = try #require(try NameTemplate.make(render))
        #expect(template.holes.count == 4)
        for name in Self.names { #expect(filled(template, name) == render(name)) }
    }

    @Test func anAnswerWithoutTheNameIsOneTextWithNoHoles() throws {
        let template = try #require(try NameTemplate.make { _ in "the same for everyone" })
        #expect(template.holes.isEmpty)
        #expect(filled(template, "bob") == "the same for everyone")
    }

    /// Sorted by the name, cut to a length, spelled another way, or told apart by its length: no template.
    @Test func anAnswerThatDependsOnTheNameOtherwiseHasNoTemplate() throws {
        let renders: [(String) -> String] = [
            { [$0, "middle"].sorted().joined(separator: ",") },
            { String($0.prefix(8)) },
            { $0.uppercased() },
            { "\($0) \($0.count > 10 ? "long" : "short")" },
        ]
        for render in renders { #expect(try NameTemplate.make(render) == nil) }
    }

    @Test func aRenderThatFailsFailsTheTemplate() {
        #expect(throws: Refused.self) { try NameTemplate.make { _ in throw Refused() } }
    }

    /// The stand-ins are user names that sort before and after every other word, and differ in length.
    @Test func theStandInsAreTheLowestAndHighestNames() {
        let (low, high) = NameTemplate.standIns
        #expect(AttemptEvaluator.isUserName(low) && AttemptEvaluator.isUserName(high))
        #expect(high.count == 64 && low.count < 4)
        for word in ["0", "A", "a", "another-user", "none", "zz", "zzzz.z"] { #expect(low < word && word < high) }
    }
}
