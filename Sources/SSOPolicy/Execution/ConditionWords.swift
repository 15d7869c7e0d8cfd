extension AttemptEvaluator {
    /// Cubes in words (`EvaluateResult.Condition`), each fact's set of values worded once.
    struct ConditionWords {
        let unknowns: [Unknown]
        private var constraints: [Int: EvaluateResult.Condition.Constraint] = [:]

        init(unknowns: [Unknown]) { self.unknowns = unknowns }

        mutating func conditions(_ cubes: [FactCube]) -> [EvaluateResult.Condition] {
            cubes.map { cube in
                var facts: [EvaluateResult.Condition.Constraint] = []
                for fact in unknowns.indices {
                    let mask = cube.masks[fact]
                    let domain = unknowns[fact].values
                    guard mask != UInt32((1 << domain.count) - 1) else { continue }
                    let key = fact << 32 | Int(mask)
                    if let known = constraints[key] {
                        facts.append(known)
                        continue
                    }
                    let constraint = EvaluateResult.Condition.Constraint(
                        key: unknowns[fact].key,
                        values: domain.indices.filter { mask & (1 << UInt32($0)) != 0 }.map { domain[$0] },
                        domain: domain)
                    constraints[key] = constraint
                    facts.append(constraint)
                }
                return EvaluateResult.Condition(facts: facts)
            }
        }
    }
}
