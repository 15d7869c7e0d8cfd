import SSOPolicyProviderKit

/// The one enumeration of a provider's fact space: `evaluate`'s unknown facts, the decision matrix, the benchmark's
/// attempts and coverage's starting states all walk it.
///
/// Choice facts take their declared values; account facts take `none`, the acting user and one other user (an
/// account fact's answer depends only on whether it is nobody, the actor or someone else). Rows are numbered in
/// mixed radix, the first fact most significant, so every walk sees the same order.
package struct FactSpace: Sendable {
    package struct Dimension: Sendable {
        package var fact: FactDeclaration
        package var values: [String]
    }

    package var dimensions: [Dimension]

    /// Every fact of `descriptor` except those `known` gives a value; `fixed` facts take their one value.
    /// With `growUntil`, facts are added in order until the space exceeds that many rows; the rest keep their
    /// defaults (coverage's bounded start). With `configuration`, facts that do not apply to it (`appliesWhen`)
    /// are left out: they keep their defaults.
    package init(
        _ descriptor: ProviderDescriptor, actingUser: String, otherUser: String = AttemptEvaluator.anotherUser,
        excluding known: [String: String] = [:], fixed: [String: String] = [:], growUntil: Int? = nil,
        configuration: PolicyConfiguration? = nil
    ) {
        var dimensions: [Dimension] = []
        var count = 1
        for fact in descriptor.facts
        where known[fact.key] == nil && (configuration.map { fact.applies(to: $0) } ?? true) {
            if let growUntil, count > growUntil { break }
            let values: [String]
            if let value = fixed[fact.key] {
                values = [value]
            } else {
                switch fact.domain {
                case .choice(let choices): values = choices
                case .account: values = ["none", actingUser, otherUser]
                }
            }
            dimensions.append(Dimension(fact: fact, values: values))
            count = Saturating.product(count, values.count)
        }
        self.dimensions = dimensions
    }

    /// Rows in the space (`Int.max` for a space too large to count).
    package var count: Int { dimensions.reduce(1) { Saturating.product($0, $1.values.count) } }

    package var radices: [Int] { dimensions.map(\.values.count) }

    /// The value index of each dimension in row `row`.
    package func indices(of row: Int) -> [Int] {
        var rest = row
        var result = [Int](repeating: 0, count: dimensions.count)
        for index in dimensions.indices.reversed() {
            let radix = dimensions[index].values.count
            result[index] = rest % radix
            rest /= radix
        }
        return result
    }

    /// Row `row` as fact key → text, in declaration order.
    package func row(_ row: Int) -> [(key: String, value: String)] {
        zip(dimensions, indices(of: row)).map { ($0.fact.key, $0.values[$1]) }
    }
}
