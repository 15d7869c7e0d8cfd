import SSOPolicyProviderKit

/// A fleet's app build changes in the fleet's own words: an `app_build` change is not a console choice of a setup
/// but a different build of the app, which the fleet describes once in its app profile (the top-level `apps:`
/// entry, docs/fleets.md). Provider-generic: the neutral profile value is found by reading candidate profiles with
/// the provider's fleet reading until one gives the provider key the suggested value on every device group.
enum AdviceFleetProfile {
    /// One profile key to write for an app: `clears_data_on_user_change: true`.
    struct Edit: Sendable, Hashable {
        var app: String
        var key: FleetKey
        var value: String
    }

    /// The profile edit that gives `change` (an app build change) on every group, or nil when no single neutral
    /// value does.
    static func edit(
        for change: AdviceChange, profile: AppProfile, groups: [DeviceGroup], reading: FleetReading
    ) -> Edit? {
        for (key, value, changed) in candidates(profile) {
            let gives = groups.allSatisfy { group in
                reading.app(changed, group).contains { $0.key == change.key && $0.value == change.value }
            }
            if gives && !groups.isEmpty { return Edit(app: profile.id, key: key, value: value) }
        }
        return nil
    }

    /// Profiles that differ from `profile` in one neutral key, with that key and its value as a fleet writes it.
    static func candidates(_ profile: AppProfile) -> [(FleetKey, String, AppProfile)] {
        var result: [(FleetKey, String, AppProfile)] = []
        for key in FleetKey.allCases {
            switch key {
            case .platform, .osVersion, .microsoft: continue
            case .signIn:
                for value in AppSignIn.allCases where value != profile.signIn {
                    var changed = profile
                    changed.signIn = value
                    result.append((key, value.rawValue, changed))
                }
            case .ownSession:
                for value in OwnSession.allCases where value != profile.ownSession {
                    var changed = profile
                    changed.ownSession = value
                    result.append((key, value.rawValue, changed))
                }
            case .workspaceOneSDK:
                var changed = profile
                changed.workspaceOneSDK.toggle()
                result.append((key, String(changed.workspaceOneSDK), changed))
            case .clearsDataOnUserChange:
                var changed = profile
                changed.clearsDataOnUserChange.toggle()
                result.append((key, String(changed.clearsDataOnUserChange), changed))
            case .logout:
                for value in ExternalLogout.allCases where !profile.logout.contains(value) {
                    var changed = profile
                    changed.logout.append(value)
                    let written = changed.logout.map(\.rawValue).joined(separator: ", ")
                    result.append((key, "[\(written)]", changed))
                }
            }
        }
        return result
    }

    /// The lines to paste for a fleet's suggestion: app profile keys under the fleet's top-level `apps:`, then the
    /// setup's settings and console choices.
    static func yaml(_ changes: [AdviceChange], edits: [AdviceChange: Edit], setup: String) -> [String] {
        var lines: [String] = []
        let builds = changes.filter { $0.kind == .appBuild }
        let apps = builds.map(\.app).reduce(into: [String]()) { if let app = $1, !$0.contains(app) { $0.append(app) } }
        if !apps.isEmpty {
            lines.append("apps:  # the fleet's app profiles: a build of the app its maker must provide")
            for app in apps {
                lines.append("  - id: \(app)")
                for change in builds where change.app == app {
                    if let edit = edits[change] {
                        lines.append("    \(edit.key.rawValue): \(edit.value)")
                    } else {
                        lines.append("    # no profile key gives \(change.key): \(change.value); ask the app's maker")
                    }
                }
            }
        }
        let rest = changes.filter { $0.kind != .appBuild }
        if !rest.isEmpty { lines += Advice.yaml(rest, setup: setup) }
        return lines
    }
}
