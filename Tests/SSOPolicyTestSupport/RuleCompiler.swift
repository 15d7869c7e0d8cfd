import Foundation
import SSOPolicyProviderKit

/// Writes a rule set's trace-off path as Swift, from its table: `firesUntraced` as one `switch` whose cases are the
/// rules' conditions in straight-line code, and `firstUntraced` with each decision list unrolled. A provider checks
/// the file in beside its rules (SwiftLint checks in its generated rule list the same way) and calls `mismatch` from
/// a test, so the file cannot drift from the table: the words a trace prints and the code that decides still come
/// from one definition.
///
/// Why: the interpreter walks each rule's checks and calls the predicate enum's `holds(in:)`, one `switch` shared
/// by every condition, per check. The generated code names each predicate as a constant, so `holds(in:)` (marked
/// `@inline(__always)`) folds to the predicate's own expression at every use, as hand-written code would.
///
/// A case tests the predicates the rule set works out together (`PredicateBits.inBits`) as two masks first, then
/// the others in the rule's order: the order the interpreter's trace-off path uses. Predicates must be pure, so
/// the order does not change the answer; the trace (`explain`) keeps interpreting the table in rule order.
public enum RuleCompiler {
    /// The environment variable that makes `mismatch` rewrite the file instead of failing.
    public static let regenerate = "SSOPOLICY_REGENERATE"

    /// The generated source for `rules` and its decision lists (`lists`, each recognised by its signature);
    /// `test` names the test that checks it, for the header.
    public static func source<Rules: RuleSet>(_ rules: Rules.Type, lists: [DecisionList<Rules>], test: String)
        -> String
    {
        let ruleType = String(describing: Rules.self)
        let predicateType = String(describing: Rules.Predicate.self)
        let contextType = String(describing: Rules.Predicate.Context.self)
        let packed = Rules.Predicate.self is any PredicateBits.Type
        var lines = [
            "// Generated from \(ruleType).table by RuleCompiler (Tests/SSOPolicyTestSupport/RuleCompiler.swift): do not",
            "// edit. `\(regenerate)=1 swift test --filter \(test)` rewrites it; that test fails while it differs.",
            "",
            "import SSOPolicyProviderKit",
            "",
            "extension \(ruleType) {",
            "    /// Whether `rule` fires, nothing recorded: the function of its conditions below.",
            "    @inline(__always)",
            "    static func firesUntraced(_ rule: \(ruleType), in context: \(contextType)) -> Bool {",
            "        switch rule {",
        ]
        for rule in Rules.allCases {
            let name = String(describing: rule)
            let line = "        case .\(name): return \(name)Fires(context)"
            lines +=
                line.count <= 120 ? [line] : ["        case .\(name):", "            return \(name)Fires(context)"]
        }
        lines += [
            "        }",
            "    }",
            "",
            "    /// The first rule of `list` that fires, nothing recorded: each of the provider's lists unrolled, any other",
            "    /// list interpreted.",
            "    static func firstUntraced(",
            "        _ list: DecisionList<\(ruleType)>, in context: \(contextType)",
            "    ) -> \(ruleType)? {",
            "        switch list.signature {",
        ]
        var seen = Set<UInt64>()
        for list in lists where list.signature != 0 && seen.insert(list.signature).inserted {
            lines.append("        case \(hex(list.signature)):  // \(list.name)")
            for rule in list.rules {
                let name = String(describing: rule)
                let line = "            if \(name)Fires(context) { return .\(name) }"
                if line.count <= 120 {
                    lines.append(line)
                } else {
                    lines += [
                        "            if \(name)Fires(context) {", "                return .\(name)", "            }",
                    ]
                }
            }
            lines.append("            return nil")
        }
        lines += [
            "        default:",
            "            for rule in list.rules where table.allHold(rule.rawValue, in: context) { return rule }",
            "            return nil",
            "        }",
            "    }",
            "",
            "    // Each rule's conditions, one small function per rule: small enough that each predicate's `holds(in:)`",
            "    // inlines into it, as hand-written code would.",
        ]
        for rule in Rules.allCases {
            let definition = rule.definition
            let terms = conditions(rule)
            lines += [
                "",
                "    /// `\(definition.name)`",
                "    static func \(String(describing: rule))Fires(_ context: \(contextType)) -> Bool {",
            ]
            if packed && terms.contains(where: { $0.hasPrefix("bits ") }) {
                lines.append("        let bits = \(predicateType).bits(in: context)")
            }
            lines.append("        return " + terms[0])
            for term in terms.dropFirst() { lines.append("            && " + term) }
            lines.append("    }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Nil when `file` holds `source(rules, lists:, test:)`; otherwise what differs. With `rewrite` (by default,
    /// when the environment has `SSOPOLICY_REGENERATE=1`) it writes the file first and answers nil.
    public static func mismatch<Rules: RuleSet>(
        _ rules: Rules.Type, lists: [DecisionList<Rules>], file: URL, test: String,
        rewrite: Bool = ProcessInfo.processInfo.environment[regenerate] == "1"
    ) -> String? {
        let expected = source(rules, lists: lists, test: test)
        if rewrite {
            do {
                try expected.write(to: file, atomically: true, encoding: .utf8)
            } catch {
                return "\(file.path): cannot write: \(error)"
            }
        }
        guard let actual = try? String(contentsOf: file, encoding: .utf8) else {
            return "\(file.path): missing; run `\(regenerate)=1 swift test --filter \(test)` to write it"
        }
        guard actual != expected else { return nil }
        let have = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(have.count, want.count)).first { have[$0] != want[$0] } ?? min(have.count, want.count)
        let wanted = line < want.count ? String(want[line]) : "(end of file)"
        return "\(file.path):\(line + 1): differs from \(String(describing: Rules.self)).table (expected "
            + "'\(wanted.trimmingCharacters(in: .whitespaces))'); run `\(regenerate)=1 swift test --filter \(test)`"
    }

    /// The trace-off path (`firesUntraced`, `firstUntraced`: the generated code where a provider checks it in)
    /// against the table's interpreter in one context: every rule, and every list of `lists`. One line per
    /// disagreement; empty when they agree. Provider tests call it on many contexts, random ones where the context
    /// is plain values, since both must be the same function of the context.
    public static func disagreements<Rules: RuleSet>(
        _ rules: Rules.Type, lists: [DecisionList<Rules>], in context: Rules.Predicate.Context
    ) -> [String] {
        var found: [String] = []
        for rule in Rules.allCases {
            let generated = Rules.firesUntraced(rule, in: context)
            let interpreted = Rules.table.allHold(rule.rawValue, in: context)
            if generated != interpreted {
                found.append("\(rule.definition.name): trace-off path says \(generated), the table \(interpreted)")
            }
        }
        for list in lists {
            let generated = Rules.firstUntraced(list, in: context)
            let interpreted = list.rules.first { Rules.table.allHold($0.rawValue, in: context) }
            if generated != interpreted {
                let name = { (rule: Rules?) in rule.map { $0.definition.name } ?? "none" }
                found.append(
                    "\(list.name): trace-off path decides \(name(generated)), the table \(name(interpreted))")
            }
        }
        return found
    }

    /// The terms of one rule's conjunction, as the table splits it for the trace-off path
    /// (`RuleTable.untracedConditions`): the masks over the bits, then the other checks in order.
    public static func conditions<Rules: RuleSet>(_ rule: Rules) -> [String] {
        let predicateType = String(describing: Rules.Predicate.self)
        let split = Rules.table.untracedConditions(rule.rawValue)
        var terms: [String] = []
        if split.mustHold != 0 { terms.append("bits & \(hex(split.mustHold)) == \(hex(split.mustHold))") }
        if split.mustFail != 0 { terms.append("bits & \(hex(split.mustFail)) == 0") }
        for check in split.others {
            let call = "\(predicateType).\(check.predicate.name).holds(in: context)"
            terms.append(check.expected ? call : "!" + call)
        }
        return terms.isEmpty ? ["true"] : terms
    }

    /// `0x0000_0000_0001_0010`: every mask the same width, grouped as Swift writes long literals.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        let padded = String(repeating: "0", count: 16 - digits.count) + digits
        let groups = stride(from: 0, to: 16, by: 4).map { start in
            padded.dropFirst(start).prefix(4)
        }
        return "0x" + groups.joined(separator: "_")
    }
}
