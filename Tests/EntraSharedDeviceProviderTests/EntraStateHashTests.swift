import SSOPolicyProviderKit
import Testing

@testable import EntraSharedDeviceProvider

/// The state's packed hash reads every field `==` compares: states that differ in one field hash apart, equal
/// states hash alike.
@Suite struct EntraStateHashTests {
    static let base = EntraState(
        deviceAccount: UserID(0), safari: nil,
        apps: [
            EntraAppState(running: true, principal: UserID(0), tokens: UserID(0), dataOwner: UserID(0)),
            EntraAppState(),
        ])

    /// The base state with one field changed, for every field.
    static var variants: [EntraState] {
        var all: [EntraState] = []
        func variant(_ change: (inout EntraState) -> Void) {
            var state = base
            change(&state)
            all.append(state)
        }
        variant { $0.deviceAccount = .known(UserID(1)) }
        variant { $0.deviceAccount = .known(nil) }
        variant { $0.safari = .known(UserID(0)) }
        for app in 0..<2 {
            variant { $0.apps[app].running.toggle() }
            variant { $0.apps[app].principal = .known(UserID(2)) }
            variant { $0.apps[app].tokens = .known(UserID(2)) }
            variant { $0.apps[app].dataOwner = .known(UserID(2)) }
        }
        variant { $0.apps.append(EntraAppState()) }
        return all
    }

    @Test func everyFieldChangesTheHash() {
        let baseHash = Self.base.hashValue
        for (index, variant) in Self.variants.enumerated() {
            #expect(variant != Self.base, "variant \(index)")
            #expect(variant.hashValue != baseHash, "variant \(index)")
        }
    }

    @Test func equalStatesHashAlike() {
        var copy = Self.base
        copy.apps[1].dataOwner = .known(UserID(3))
        copy.apps[1].dataOwner = .known(nil)
        #expect(copy == Self.base && copy.hashValue == Self.base.hashValue)
    }
}
