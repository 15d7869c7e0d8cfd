import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// An event two providers declare with different words (`dock: cradle` for one, `dock: charger` for the other): a
/// scenario is vendor-neutral, so it may use either word; binding holds each policy to its own provider's words.
@Suite struct EventWordTests {
    static func provider(_ id: String, word: String) -> AnyPolicyProvider {
        var descriptor = BadgeProvider.declaration
        descriptor.id = id
        descriptor.events.append(
            EventDeclaration(
                "dock", target: .choice([word]), requiresUser: true, accessAttempt: false,
                meaning: "the device goes back to its \(word)", sources: [Citation("tests")]))
        return AnyPolicyProvider(ExampleProviderTests.Relabelled(base: BadgeProvider(), descriptor: descriptor))
    }

    static let engine = SSOPolicyEngine(
        registry: ProviderRegistry([provider("badge-kiosk", word: "cradle"), provider("badge-two", word: "charger")]))

    static func scenario(_ word: String) -> String {
        "scenario: docking\nsteps:\n  - { user: alice, tap: till }\n  - { user: alice, dock: \(word) }\n"
    }

    @Test func aWordOfAnyProviderThatDeclaresTheEventLoads() throws {
        _ = try Self.engine.loadScenario(yaml: Self.scenario("charger"), file: "s.yaml")
        _ = try Self.engine.loadScenario(yaml: Self.scenario("cradle"), file: "s.yaml")
    }

    @Test func aWordNoProviderTakesIsAnErrorListingEveryWord() {
        #expect {
            _ = try Self.engine.loadScenario(yaml: Self.scenario("chargr"), file: "s.yaml")
        } throws: { error in
            "\(error)".contains(
                "s.yaml:4:26: error: dock: expected one of 'cradle', 'charger', found 'chargr'; did you mean 'charger'?"
            )
        }
    }

    @Test func bindingHoldsAPolicyToItsOwnProvidersWords() throws {
        let policy = try Self.engine.loadPolicy(
            yaml: "policy: kiosk\nprovider: badge-kiosk\napps:\n  - id: till\n", file: "p.yaml")
        let scenario = try Self.engine.loadScenario(yaml: Self.scenario("charger"), file: "s.yaml")
        #expect {
            _ = try Self.engine.run(scenario, against: policy)
        } throws: { error in
            "\(error)".contains(
                "s.yaml:4:26: error: step 2: dock: badge-kiosk expects one of 'cradle', found 'charger'")
        }
    }
}
