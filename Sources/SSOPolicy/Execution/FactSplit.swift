import SSOPolicyProviderKit

/// One access attempt over unknown facts, split only where the decision reads: the attempt runs with the unknown
/// facts unknown; when it reads one, the read throws it (`FactRead`, see `Given`), ending the run, and the attempt
/// runs again once per value of that fact, until every run finishes without reading an unknown fact. Each such run is a leaf: a partial
/// assignment (a cube of the fact space) whose answer holds for every value of the facts it left free.
///
/// The cost is the leaves times the path to them, one attempt each, instead of the product of every unknown
/// fact's values; the leaves are disjoint and cover the space (a property test holds them to full enumeration).
/// A provider that reads facts eagerly stays correct: it just splits on every fact it reads.
package struct FactSplit {
    /// A run that read no unknown fact: the values it assigned (per dimension, nil when free) and its answer.
    package struct Leaf {
        package var assignment: [Int?]
        package var outcome: StepOutcome
        package var trace: [RuleTrace.Entry]
    }

    /// The unknown facts: the space's dimensions.
    package let space: FactSpace
    /// Per dimension: the fact's index in the descriptor, and its value per value index.
    let facts: [(index: Int, scope: FactScope, values: [FactValue])]
    /// Every fact of the attempt, with every dimension unknown; the runs fill in their assignments.
    let base: FactValues
    /// The app whose per-app facts are dimensions.
    let app: AppID

    /// `known` holds every fact of the attempt (defaults and given values); `space` names the unknown ones, whose
    /// value texts are parsed with `users`.
    package init(
        _ descriptor: ProviderDescriptor, space: FactSpace, known: FactValues, app: AppID, users: inout UserDirectory
    ) throws {
        self.space = space
        self.app = app
        var facts: [(Int, FactScope, [FactValue])] = []
        var base = known
        for dimension in space.dimensions {
            let index = Int(descriptor.fact(dimension.fact.key)?.index ?? 0)
            let values = try dimension.values.map { try FactBuilder.parse($0, for: dimension.fact, users: &users) }
            facts.append((index, dimension.fact.scope, values))
            base.set(index, dimension.fact.scope == .app ? app : nil, .unknown)
        }
        self.facts = facts
        self.base = base
    }

    /// The leaves in depth-first order, values in declaration order; nil when the work budget ran out.
    package func leaves(
        _ event: ProviderEvent, traceMode: RuleTrace.Mode,
        attempt: StateRun.Attempt
    ) -> [Leaf]? {
        var leaves: [Leaf] = []
        var assignment = [Int?](repeating: nil, count: facts.count)
        var values = base
        var dimensionOfFact: [Int: Int] = [:]
        for (dimension, fact) in facts.enumerated() { dimensionOfFact[fact.index] = dimension }
        func dimension(of read: FactRead) -> Int? {
            guard let fact = read.fact, let dimension = dimensionOfFact[Int(fact.index)] else { return nil }
            return (facts[dimension].scope == .app ? read.app == app : read.app == nil) ? dimension : nil
        }
        func visit() -> Bool {
            guard WorkBudget.spend() else { return false }
            var trace = RuleTrace(traceMode)
            let read: FactRead
            do {
                let outcome = try attempt(event, values, &trace)
                leaves.append(Leaf(assignment: assignment, outcome: outcome, trace: trace.entries))
                return true
            } catch {
                read = error as? FactRead ?? .none
            }
            // A read of a fact that is not a free dimension cannot happen (only dimensions are unknown), nor can a
            // provider throw anything but a read: answer that the attempt does not apply rather than loop.
            guard let split = dimension(of: read), assignment[split] == nil else {
                leaves.append(Leaf(assignment: assignment, outcome: .notApplicable, trace: trace.entries))
                return true
            }
            let fact = facts[split]
            let scope = fact.scope == .app ? app : nil
            for (index, value) in fact.values.enumerated() {
                assignment[split] = index
                values.set(fact.index, scope, value)
                guard visit() else { return false }
            }
            assignment[split] = nil
            values.set(fact.index, scope, .unknown)
            return true
        }
        return visit() ? leaves : nil
    }
}
