import SSOPolicy
import SSOPolicyProviderKit

/// The facts the test walkers start from, as `verify` does: every fact at its default, with the first `users` of
/// alice, bob, carol and dave. Nil when the provider's defaults do not build (a walker reports that).
enum StartFacts {
    static let names = ["alice", "bob", "carol", "dave"]

    static func make(_ policy: CompiledPolicy, users: Int) -> FactValues? {
        var directory = UserDirectory(Array(names.prefix(users)))
        return try? FactBuilder.make(policy.descriptor, appCount: policy.configuration.apps.count, users: &directory)
    }
}
