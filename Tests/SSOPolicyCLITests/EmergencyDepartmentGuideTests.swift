import Foundation
import SSOPolicy
import SSOPolicyTestSupport
import Testing

@testable import SSOPolicyCLI

/// An emergency department's fleet (Benchmarks/fixtures/ed-*.yaml: three vendors, five apps, five workers over 24
/// hours) in the HTML guide: the what-if explorer holds every compared policy and every worker, in a page under
/// 1.5 MB, and answers the fifth worker as `evaluate` answers them.
struct EmergencyDepartmentGuideTests {
    static let fixtures = repository + "/Benchmarks/fixtures/"
    static let workers = ["amara", "ben", "cai", "dana", "eli"]

    static func policy(_ name: String) throws -> GuideContent.Policy {
        GuideContent.Policy(
            argument: name + ".yaml", compiled: try WhatIfGuideTests.engine.loadPolicy(path: fixtures + name + ".yaml"))
    }

    @Test func theExplorerHoldsEveryPolicyAndEveryWorkerInAPageUnderOneAndAHalfMegabytes() throws {
        let result = ssopolicy(
            "guide", Self.fixtures + "ed-entra.yaml", Self.fixtures + "ed-airwatch.yaml",
            Self.fixtures + "ed-imprivata.yaml", "--scenario", Self.fixtures + "ed-24h.yaml", "--format", "html")
        #expect(result.code == 0, "\(result.err)")
        let html = result.out
        #expect(html.utf8.count <= 1_500_000, "\(html.utf8.count) bytes")
        #expect(!html.contains("<ul class=\"left-out\">"), "a policy is left out of the explorer")
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"whatif-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "\\u003c", with: "<")
        let tables = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(tables.map { $0["policy"] as? String } == ["ed-entra", "ed-airwatch", "ed-imprivata"])
        for table in tables {
            #expect(table["users"] as? [String] == Self.workers, "\(table["policy"] ?? "")")
            let rows = try #require(table["rows"] as? [String: [String: Int]])
            #expect(rows["rover eli"] != nil, "\(table["policy"] ?? "") has no answers for eli")
            #expect(table["left_out"] is NSNull)
        }
    }

    @Test func theFifthWorkerIsAnsweredAsEvaluateAnswersThem() throws {
        let users = Self.workers
        let entra = try WhatIfTable.build(Self.policy("ed-entra"), users: users)
        #expect(entra.leftOut == nil)
        for app in ["rover", "teams"] {
            let row = try #require(entra.rows.first { $0.key == app + " eli" })
            try WhatIfGuideTests.expectLeavesAgree(entra, list: row.lists[0].list, app: app, user: "eli")
        }
        // Imprivata's twelve facts: every worker shares one list of templates, and eli's answers are eli's.
        let imprivata = try WhatIfTable.build(Self.policy("ed-imprivata"), users: users)
        #expect(imprivata.leftOut == nil)
        let amara = try #require(imprivata.rows.first { $0.key == "rover amara" })
        let eli = try #require(imprivata.rows.first { $0.key == "rover eli" })
        #expect(amara.lists.map(\.list) == eli.lists.map(\.list))
        let facts = imprivata.policy.descriptor.facts
        for leaf in imprivata.lists[eli.lists[0].list].prefix(40) {
            let given = facts.indices.map { index -> (key: String, value: String) in
                let values = WhatIfTable.values(facts[index])
                let value = values[max(0, leaf[index + 1])]
                return (facts[index].key, value == WhatIfTable.actingUser ? "eli" : value)
            }
            let expected = try WhatIfGuideTests.answer(imprivata.policy, app: "rover", user: "eli", facts: given)
            #expect(imprivata.answer(leaf[0], user: "eli").serialized(pretty: false) == expected, "\(given)")
        }
    }

    @Test func answersAreTemplatesOfTheActingUsersNameThatGiveEveryWorkerTheirOwn() {
        let answer = JSONValue.object([
            ("session_user", .string("ben")),
            ("findings", .array([.object([("message", .string("benoit is working in ben's session"))])])),
        ])
        let template = WhatIfTable.template(answer, user: "ben")
        #expect(
            template.serialized(pretty: false)
                == #"{"session_user":"@user","findings":[{"message":"@useroit is working in @user's session"}]}"#)
        #expect(WhatIfTable.named(template, user: "ben") == answer)
        #expect(WhatIfTable.leafText([12, -1, -1, 0, 11, 2]) == "12:..0b2")
        #expect(WhatIfTable.leafText([3, 40]) == "3:(40)")
    }
}
