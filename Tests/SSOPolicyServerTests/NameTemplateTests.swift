import Hummingbird
import SSOPolicy
import Testing

@testable import SSOPolicyServer

/// An answer's template by its people's names: made only when the answer copies the names and does nothing else
/// with them, and then filled it gives the render's bytes for any names.
struct NameTemplateTests {
    struct Refused: Error {}

    static let names = [
        ["bob"], ["a"], ["Zoe.M_9-x"], ["none-of-these"], [String(repeating: "q", count: 64)],
    ]

    func filled(_ template: NameTemplate, _ people: [String]) -> String {
        String(buffer: template.filled(with: people))
    }

    @Test func anAnswerThatCopiesTheNameIsFilledLikeItsRender() throws {
        let render = { (people: [String]) in
            let name = people[0]
            return #"{"user": "\#(name)", "when": {"custodian": "\#(name)"}, "x": "\#(name)\#(name)"}"#
        }
        let template = try #require(try NameTemplate.make(people: 1, render))
        #expect(template.holes.count == 4)
        for people in Self.names { #expect(filled(template, people) == render(people)) }
    }

    @Test func eachPersonsNameGoesInTheirOwnHoles() throws {
        let render = { (people: [String]) in "\(people[0]) is served \(people[1])'s session; \(people[2])\(people[1])" }
        let template = try #require(try NameTemplate.make(people: 3, render))
        #expect(template.holes.map(\.person) == [0, 1, 2, 1])
        for people in [["bob", "alice", "carol"], ["a", "b", "c"], ["zz", "-x", String(repeating: "y", count: 64)]] {
            #expect(filled(template, people) == render(people))
        }
    }

    @Test func anAnswerWithoutTheNameIsOneTextWithNoHoles() throws {
        let template = try #require(try NameTemplate.make(people: 1) { _ in "the same for everyone" })
        #expect(template.holes.isEmpty)
        #expect(filled(template, ["bob"]) == "the same for everyone")
    }

    /// Sorted by a name, two names sorted, cut to a length, spelled another way, or told apart by length: no
    /// template.
    @Test func anAnswerThatDependsOnTheNamesOtherwiseHasNoTemplate() throws {
        let renders: [(String) -> String] = [
            { [$0, "middle"].sorted().joined(separator: ",") },
            { String($0.prefix(8)) },
            { $0.uppercased() },
            { "\($0) \($0.count > 10 ? "long" : "short")" },
        ]
        for render in renders { #expect(try NameTemplate.make(people: 1) { render($0[0]) } == nil) }
        #expect(try NameTemplate.make(people: 2) { $0.sorted().joined(separator: " then ") } == nil)
    }

    @Test func aRenderThatFailsFailsTheTemplate() {
        #expect(throws: Refused.self) { try NameTemplate.make(people: 1) { _ in throw Refused() } }
    }

    /// The stand-ins are user names; one set sorts before every other word in the people's order, the other after
    /// every other name in the reverse order, and no stand-in begins another.
    @Test func theStandInsAreTheLowestAndHighestNamesInOppositeOrders() {
        let (low, high) = NameTemplate.standIns(EvaluateQuestion.maxPeople)
        #expect(low.count == EvaluateQuestion.maxPeople && high.count == EvaluateQuestion.maxPeople)
        for name in low + high { #expect(AttemptEvaluator.isUserName(name)) }
        #expect(low == low.sorted() && high == high.sorted().reversed())
        #expect(Set(low.map(\.count)) == [4] && Set(high.map(\.count)) == [64])
        for word in ["0", "A", "a", "another-user", "none", "zz", "zzzz.z"] {
            #expect(low.allSatisfy { $0 < word } && high.allSatisfy { word < $0 })
        }
    }
}
