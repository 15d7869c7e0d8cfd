import SSOPolicyProviderKit

/// What a fleet leaves to defaults, as `check`, `decide`, `compare` and `advise` report it: the app profile keys it
/// leaves out or writes `unknown` (played at their neutral defaults), and each setup's settings and console choices
/// written `unknown` (played at their provider's defaults).
extension Fleet {
    /// A setup's setting or console choice written `unknown`, played at its provider's declared default.
    package struct PlayedDefault: Sendable, Equatable {
        package var setup: String
        /// The app of a console choice; nil for a setting.
        package var app: String?
        package var key: String
        /// The provider's default, which is played.
        package var played: String
        /// Where `unknown` is written.
        package var position: SourcePosition
        /// The device groups it is played on, in fleet order.
        package var groups: [String]

        /// `authentication = disabled`, `ehr logout_method = none`, followed by the groups when the setup plays on
        /// others where it is not unknown.
        func words(of fleet: Fleet) -> String {
            "\(app.map { "\($0) \(key)" } ?? key) = \(played)"
                + (isOnEveryGroup(of: fleet) ? "" : " (\(groups.joined(separator: ", ")))")
        }

        /// ` on carer-android` when the setup plays on groups where the value is not unknown, else empty.
        func onGroups(of fleet: Fleet) -> String {
            isOnEveryGroup(of: fleet) ? "" : " on " + groups.joined(separator: ", ")
        }

        /// Whether every group the setup plays on plays this default.
        func isOnEveryGroup(of fleet: Fleet) -> Bool {
            groups.count == fleet.groups(playedBy: setup).count
        }
    }

    /// Every setup's values played at their defaults, setup by setup in fleet order and in file order within one:
    /// one entry per written `unknown`, however many device groups play it.
    package var playedDefaults: [PlayedDefault] {
        var result: [(setup: Int, value: PlayedDefault)] = []
        for pair in pairs {
            guard let policy = pair.policy else { continue }
            let setup = setups[pair.setup].id
            let group = groups[pair.group].group.id
            func add(_ item: UnknownSetting, app: String?, _ declarations: [SettingDeclaration]) {
                if let index = result.firstIndex(where: {
                    $0.value.setup == setup && $0.value.app == app && $0.value.key == item.key
                        && $0.value.position == item.position
                }) {
                    result[index].value.groups.append(group)
                    return
                }
                let played = declarations.first { $0.key == item.key }?.defaultValue ?? "?"
                result.append(
                    (
                        pair.setup,
                        PlayedDefault(
                            setup: setup, app: app, key: item.key, played: played, position: item.position,
                            groups: [group])
                    ))
            }
            let configuration = policy.configuration
            for item in configuration.unknownSettings { add(item, app: nil, policy.descriptor.settings) }
            for app in configuration.apps {
                for item in app.unknownKeys { add(item, app: app.id, policy.descriptor.appKeys) }
            }
        }
        return result.sorted { ($0.setup, $0.value.position) < ($1.setup, $1.value.position) }.map(\.value)
    }

    /// The app profile keys left out or written `unknown`, per app, with the neutral default played:
    /// `meds: sign_in own_login, logout []`.
    package var leftOutWords: [String] {
        apps.filter { !$0.leftOut.isEmpty }.map { "\($0.profile.id): " + $0.leftOutWords }
    }

    /// Every assumption in one list: the apps' left-out keys, then each setup's values played at their defaults
    /// (`setup ws1: authentication = disabled`).
    package var assumptionWords: [String] {
        var setupWords: [(setup: String, words: [String])] = []
        for value in playedDefaults {
            if setupWords.last?.setup == value.setup {
                setupWords[setupWords.count - 1].words.append(value.words(of: self))
            } else {
                setupWords.append((value.setup, [value.words(of: self)]))
            }
        }
        return leftOutWords + setupWords.map { "setup \($0.setup): " + $0.words.joined(separator: ", ") }
    }

    /// One note per setup with values played at their defaults, for `compare`, `decide` and `advise` to print on
    /// standard error as `run` and `compare` do for a policy file.
    package var playedDefaultsNotes: [String] {
        let all = playedDefaults
        var notes: [String] = []
        for setup in setups {
            let values = all.filter { $0.setup == setup.id }
            guard !values.isEmpty else { continue }
            notes.append(
                "\(file): note: setup '\(setup.id)' has \(counted(values.count, "unknown value")), played at "
                    + "\(values.count == 1 ? "its default" : "their defaults"): "
                    + values.map { $0.words(of: self) }.joined(separator: ", ") + " (see 'ssopolicy check \(file)')")
        }
        return notes
    }

    /// The neutral default played for an app profile key the fleet leaves out.
    static func defaultWord(_ key: FleetKey, _ profile: AppProfile) -> String {
        switch key {
        case .signIn: return profile.signIn.rawValue
        case .ownSession: return profile.ownSession.rawValue
        case .workspaceOneSDK: return String(profile.workspaceOneSDK)
        case .logout: return "[]"
        case .clearsDataOnUserChange: return String(profile.clearsDataOnUserChange)
        case .platform, .osVersion, .microsoft: return ""
        }
    }
}

extension Fleet.App {
    /// The profile keys the app leaves out or writes `unknown`, with the neutral default played for each:
    /// `sign_in own_login, logout []`.
    package var leftOutWords: String {
        leftOut.map { key in "\(key.rawValue) \(Fleet.defaultWord(key, profile))" }.joined(separator: ", ")
    }
}
