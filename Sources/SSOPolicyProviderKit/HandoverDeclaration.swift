/// A provider's documented shift-change procedure, as data: what the vendor-neutral scenario step
/// `handover: { from: alice, to: bob }` expands to. The core expands it into the provider's own events, so a new
/// vendor declares its procedure here and needs nothing in the core.
public struct HandoverDeclaration: Sendable, Hashable {
    /// The scenario step key.
    public static let stepKey = "handover"

    /// Who performs an action: the worker leaving (`from`) or the one taking over (`to`).
    public enum Actor: String, Sendable, Hashable {
        case from, to
    }

    /// An app key and the values that make an app eligible (`msal: single_account`).
    public struct AppRequirement: Sendable, Hashable {
        public var key: String
        public var values: [String]

        public init(_ key: String, _ values: [String]) {
            self.key = key
            self.values = values
        }
    }

    /// What an action's event names.
    public enum Target: Sendable, Hashable {
        /// A word of an event declared with a `.choice` target (`check_out: hub`).
        case word(String)
        /// Every app of the policy, in policy order: one event per app.
        case everyApp
        /// The first app of the policy, in policy order, whose app keys meet every requirement; the policy's first
        /// app when none does (the worker does what they can, and the outcome shows what that leaves).
        case firstApp(matching: [AppRequirement], described: String)

        /// In words, for `providers`, the guide and `run --explain`.
        public var text: String {
            switch self {
            case .word(let word): return word
            case .everyApp: return "every app"
            case .firstApp(_, let described): return described
            }
        }

        /// The app ids this target names in a policy, in order (empty for a word).
        public func apps(in configuration: PolicyConfiguration) -> [AppID] {
            switch self {
            case .word: return []
            case .everyApp: return configuration.apps.indices.map(AppID.init)
            case .firstApp(let requirements, _):
                guard !configuration.apps.isEmpty else { return [] }
                let index =
                    configuration.apps.firstIndex { app in
                        requirements.allSatisfy { requirement in
                            app.keys[requirement.key].map { requirement.values.contains($0.description) } ?? false
                        }
                    } ?? 0
                return [AppID(index)]
            }
        }
    }

    /// One event of the procedure.
    public struct Action: Sendable, Hashable {
        public var event: String
        public var actor: Actor
        public var target: Target

        public init(_ actor: Actor, _ event: String, _ target: Target) {
            self.actor = actor
            self.event = event
            self.target = target
        }

        /// `from: sign_out through the first shared-device-aware app`.
        public var text: String { "\(actor.rawValue): \(event) \(target.text)" }
    }

    /// The procedure in one line.
    public var summary: String
    public var sources: [Citation]
    /// The provider's own events, in order; each happens at the handover step's time.
    public var actions: [Action]

    public init(summary: String, sources: [Citation], actions: [Action]) {
        self.summary = summary
        self.sources = sources
        self.actions = actions
    }

    /// Problems with the declaration against its provider's events and app keys (the generic provider tests run it).
    public func problems(in descriptor: ProviderDescriptor) -> [String] {
        var problems: [String] = []
        if actions.isEmpty { problems.append("handover declares no action") }
        if summary.isEmpty || sources.isEmpty { problems.append("handover lacks a summary or a source") }
        for action in actions {
            guard let declaration = descriptor.allEvents.first(where: { $0.name == action.event }) else {
                problems.append("handover action '\(action.event)' is not an event of \(descriptor.id)")
                continue
            }
            switch (action.target, declaration.target) {
            case (.word(let word), .choice(let words)) where words.contains(word): break
            case (.everyApp, .app), (.everyApp, .appOrAll), (.firstApp, .app), (.firstApp, .appOrAll): break
            default: problems.append("handover action '\(action.event)' has a target its event does not take")
            }
            if case .firstApp(let requirements, _) = action.target {
                for requirement in requirements where !descriptor.appKeys.contains(where: { $0.key == requirement.key })
                {
                    problems.append("handover requirement '\(requirement.key)' is not an app key")
                }
            }
        }
        return problems
    }
}
