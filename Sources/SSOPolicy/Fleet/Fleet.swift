import SSOPolicyProviderKit

/// A fleet (spec 3.4): device groups, apps described once by how they are built, and one setup per vendor
/// configuration. Each setup on each device group its provider models derives an ordinary policy (`FleetPair`),
/// which `run`, `compare` and `decide` play; a pair whose platform the provider does not model is kept, as such.
public struct Fleet: Sendable {
    public struct Group: Sendable {
        public var group: DeviceGroup
        public var position: SourcePosition
        public var keyPositions: [FleetKey: SourcePosition]
    }

    public struct App: Sendable {
        public var profile: AppProfile
        public var position: SourcePosition
        public var keyPositions: [FleetKey: SourcePosition]
        /// Profile keys the fleet leaves out (their neutral defaults are played), in `FleetKey` order.
        public var leftOut: [FleetKey]
    }

    public struct Setup: Sendable {
        public var id: String
        public var title: String?
        public var providerID: String
        public var position: SourcePosition
        public var providerPosition: SourcePosition
        /// The setup's `settings:` entry as written, if any.
        public var settings: ConfigEntry?
        /// Console choices per app id, as written.
        public var apps: [AppChoices]
        /// Settings and console choices for one device group, over the setup's (`groups:`), in written order.
        public var groups: [GroupChoices] = []

        public struct AppChoices: Sendable {
            public var app: String
            public var position: SourcePosition
            public var entries: [ConfigEntry]
        }

        public struct GroupChoices: Sendable {
            public var group: String
            public var position: SourcePosition
            /// The group's `settings:` entry as written, if any.
            public var settings: ConfigEntry?
            public var apps: [AppChoices]
        }

        /// The settings the setup writes for a device group: its own, with the group's `groups:` settings over them
        /// key by key (in written order, the group's new keys last).
        public func settings(on group: String) -> [ConfigEntry] {
            Self.merged(settings?.value.entries ?? [], groups.first { $0.group == group }?.settings?.value.entries)
        }

        /// The console choices the setup makes for an app on a device group: the setup's, with the group's over
        /// them key by key.
        public func choices(app: String, on group: String) -> [ConfigEntry] {
            Self.merged(
                apps.first { $0.app == app }?.entries ?? [],
                groups.first { $0.group == group }?.apps.first { $0.app == app }?.entries)
        }

        static func merged(_ base: [ConfigEntry], _ over: [ConfigEntry]?) -> [ConfigEntry] {
            guard let over, !over.isEmpty else { return base }
            return base.map { entry in over.first { $0.key == entry.key } ?? entry }
                + over.filter { entry in !base.contains { $0.key == entry.key } }
        }
    }

    /// One setup on one device group.
    public struct Pair: Sendable {
        public var setup: Int
        public var group: Int
        /// The derived policy, or nil when the provider does not model the group's platform.
        public var policy: CompiledPolicy?
        /// The derived policy file, as `show --setup --group` prints it (nil when unsupported).
        public var document: ConfigNode?
        /// The platforms the setup's provider models, when it does not model this group's.
        public var supportedPlatforms: [DevicePlatform]
    }

    public var id: String
    public var title: String?
    public var file: String
    public var position: SourcePosition
    public var groups: [Group]
    public var apps: [App]
    public var setups: [Setup]
    /// Seconds per prompt: the defaults with the fleet's `effort:` over them.
    public var effort: EffortTable
    /// Setup by setup, group by group.
    public var pairs: [Pair]

    public var displayTitle: String { title ?? id }

    public func pair(setup: String, group: String) -> Pair? {
        guard let s = setups.firstIndex(where: { $0.id == setup }),
            let g = groups.firstIndex(where: { $0.group.id == group })
        else { return nil }
        return pairs.first { $0.setup == s && $0.group == g }
    }

    /// The pairs that play, in setup then group order.
    public var policies: [CompiledPolicy] { pairs.compactMap(\.policy) }

    /// A derived policy's id: the setup's, then the group's.
    static func policyID(setup: String, group: String) -> String { "\(setup)-\(group)" }

    /// Which setup and group a derived policy comes from.
    public func origin(of policy: CompiledPolicy) -> (setup: Setup, group: Group)? {
        guard let pair = pairs.first(where: { $0.policy === policy }) else { return nil }
        return (setups[pair.setup], groups[pair.group])
    }
}
