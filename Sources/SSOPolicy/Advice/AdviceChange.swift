import SSOPolicyProviderKit

/// One change `advise` may suggest: a console setting, a per-app console choice, or a fact of how an app is built
/// (which only the app's maker can change).
package struct AdviceChange: Sendable, Hashable, Comparable {
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A console setting of the policy (a setup's `settings:` in a fleet).
        case setting
        /// A per-app choice made in the vendor's console (`apps:` of the policy or of a fleet's setup).
        case console
        /// How the app is built: its maker must change it, no configuration does (`kind: app_build`).
        case appBuild = "app_build"
    }

    package var kind: Kind
    /// The app a per-app change is about; nil for a setting.
    package var app: String?
    package var key: String
    /// The value as a policy file writes it.
    package var value: String

    package init(kind: Kind, app: String?, key: String, value: String) {
        self.kind = kind
        self.app = app
        self.key = key
        self.value = value
    }

    /// `sso: enabled`, `timesheet.clears_data_on_user_change: true`.
    package var text: String { (app.map { $0 + "." } ?? "") + key + ": " + value }

    package static func < (lhs: AdviceChange, rhs: AdviceChange) -> Bool {
        (lhs.kind == .appBuild ? 1 : 0, lhs.app ?? "", lhs.key, lhs.value)
            < (rhs.kind == .appBuild ? 1 : 0, rhs.app ?? "", rhs.key, rhs.value)
    }
}

/// What one suggestion may vary: a setting or an app's key, with the values it may take other than the policy's.
struct AdviceTarget: Sendable {
    var kind: AdviceChange.Kind
    var app: String?
    var key: String
    var values: [String]
    var declaration: SettingDeclaration

    /// The targets of a policy, in declaration order: every declared setting (not facts of the hardware: those a
    /// device group decides, such as the platform and OS version, and those declared as device facts, such as the
    /// device model; nor model options), at every declared value (a duration, number or name at its declared
    /// default); every app's keys, console choices as `console` (only the values that fit the app,
    /// `FleetReading.consoleValueFits`, on `policy` and on each of `others`: a fleet's other device groups), the
    /// keys an app profile gives as `app_build` (not for `catalogueApps`, whose build a catalogue describes: a fleet's
    /// `microsoft:` apps, whose maker the fleet cannot ask for a build), and never a key that says which app it is.
    /// Provider-generic: driven by the declarations and the provider's fleet reading only.
    static func targets(
        of policy: CompiledPolicy, others: [PolicyConfiguration] = [], catalogueApps: Set<String> = []
    ) -> [AdviceTarget] {
        let descriptor = policy.descriptor
        let configuration = policy.configuration
        let reading = descriptor.fleet
        let fixed = Set(reading?.groupSettings ?? [])
        var targets: [AdviceTarget] = []
        func candidates(_ declaration: SettingDeclaration, current: SettingValue?) -> [String] {
            let values =
                declaration.kind.enumeratedValues ?? declaration.defaultValue.map { [$0] } ?? []
            return values.filter { text in
                guard !declaration.neverAdvised.contains(text), let parsed = declaration.kind.parse(text) else {
                    return false
                }
                return parsed != current
            }
        }
        for declaration in descriptor.settings where !fixed.contains(declaration.key) && !declaration.isDeviceFact {
            let values = candidates(declaration, current: configuration.settings[declaration.key])
            guard !values.isEmpty else { continue }
            targets.append(
                AdviceTarget(kind: .setting, app: nil, key: declaration.key, values: values, declaration: declaration))
        }
        let identity = identityKeys(reading)
        for app in configuration.apps {
            for declaration in descriptor.appKeys where !identity.contains(declaration.key) {
                if case .app = declaration.kind { continue }
                let kind: AdviceChange.Kind =
                    reading.map { $0.consoleAppKeys.contains(declaration.key) ? .console : .appBuild } ?? .console
                if kind == .appBuild && catalogueApps.contains(app.id) { continue }
                var values = candidates(declaration, current: app.keys[declaration.key])
                if kind == .console, let reading {
                    values.removeAll { value in
                        !reading.consoleValueFits(declaration.key, value, app, configuration.settings)
                            || others.contains { other in
                                other.apps.first { $0.id == app.id }.map {
                                    !reading.consoleValueFits(declaration.key, value, $0, other.settings)
                                } ?? false
                            }
                    }
                }
                guard !values.isEmpty else { continue }
                targets.append(
                    AdviceTarget(
                        kind: kind, app: app.id, key: declaration.key, values: values, declaration: declaration))
            }
        }
        return targets
    }

    /// Per-app keys that say which app it is (a fleet reading derives them from `microsoft:`, the catalogue app):
    /// changing them is not a fix.
    static func identityKeys(_ reading: FleetReading?) -> Set<String> {
        guard let reading, let first = reading.catalogue.first else { return [] }
        var keys = Set<String>()
        for platform in reading.platforms {
            let group = DeviceGroup(id: "probe", platform: platform)
            for value in reading.app(AppProfile(id: "probe", microsoft: first), group) where value.from == .microsoft {
                keys.insert(value.key)
            }
        }
        return keys
    }
}
