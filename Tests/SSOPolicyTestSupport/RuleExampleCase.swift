import SSOPolicy
import Testing

/// One rule example of a provider, as a parameterized test's argument: each provider's rule tests play every
/// example through their own harness (which can read the provider's internal state) and name the case
/// `rule #N (fires)`.
public struct RuleExampleCase: CustomTestStringConvertible, Sendable {
    public var rule: String
    public var number: Int
    public var example: RuleExample

    public var testDescription: String { "\(rule) #\(number) (\(example.fires ? "fires" : "does not fire"))" }

    /// Every example of every rule of `descriptor`, in table order.
    public static func all(_ descriptor: ProviderDescriptor) -> [RuleExampleCase] {
        descriptor.rules.flatMap { rule in
            rule.examples.enumerated().map {
                RuleExampleCase(rule: rule.id, number: $0.offset + 1, example: $0.element)
            }
        }
    }
}
