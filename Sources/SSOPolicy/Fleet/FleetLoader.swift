import SSOPolicyProviderKit

/// Loads a fleet file (spec 3.4): validates its device groups, app profiles, setups and effort, then derives and
/// compiles a policy for each setup on each device group its provider models. Every problem is positioned in the
/// fleet file, those of a derived policy included (its values carry the positions of the fleet keys they come
/// from), and each is reported once however many groups share it.
package struct FleetLoader: Sendable {
    package let registry: ProviderRegistry

    package init(registry: ProviderRegistry) { self.registry = registry }

    static let topKeys = ["fleet", "title", "devices", "apps", "setups", "effort"]
    static let groupKeys = ["group", "name", "platform", "os_version", "count"]
    static let appKeys =
        ["id", "name"] + FleetKey.allCases.filter { $0 != .platform && $0 != .osVersion }.map(\.rawValue)
    static let setupKeys = ["setup", "title", "provider", "settings", "apps", "groups"]
    static let idPattern = "^[a-z0-9][a-z0-9-]*$"
    /// At most this many setup-group pairs, and apps over all of them.
    static let maxPairs = 256
    static let maxDerivedApps = 20_000

    package func load(_ root: ConfigNode, file: String) -> Result<Fleet, DiagnosticsError> {
        var reader = NodeReader()
        guard let entries = reader.mapping(root, "fleet file") else {
            return .failure(DiagnosticsError(reader.diagnostics.all))
        }
        reader.rejectUnknownKeys(entries, known: Self.topKeys, in: "fleet")
        reader.requireKeys(["fleet", "devices", "apps", "setups"], in: entries, at: root.position, "fleet")
        let id = entries["fleet"].flatMap { lowerID($0.value, "fleet", &reader) } ?? ""
        let title = entries["title"].flatMap { reader.text($0.value, "title") }
        let groups = entries["devices"].map { readGroups($0.value, &reader) } ?? []
        let apps = entries["apps"].map { readApps($0.value, &reader) } ?? []
        let setups = entries["setups"].map { readSetups($0.value, apps: apps, groups: groups, &reader) } ?? []
        var effort = EffortTable(declaredBy: registry.providers.map(\.descriptor))
        if let entry = entries["effort"], !entry.value.isNull, let items = reader.mapping(entry.value, "effort") {
            for item in items {
                guard let text = reader.text(item.value, "effort: \(item.key)") else { continue }
                switch EffortTable.value(kind: item.key, seconds: text) {
                case .success(let (prompt, seconds)): effort.set(prompt, seconds)
                case .failure(let error):
                    reader.error(
                        "effort: " + error.description,
                        at: Prompt(name: item.key) == nil ? item.keyPosition : item.value.position)
                }
            }
        }
        for setup in setups {
            for group in groups where Fleet.policyID(setup: setup.id, group: group.group.id).count > 64 {
                reader.error(
                    "setup '\(setup.id)' on group '\(group.group.id)': the derived policy id "
                        + "'\(Fleet.policyID(setup: setup.id, group: group.group.id))' is longer than 64 characters; "
                        + "shorten the setup or group id", at: setup.position)
            }
        }
        // Each pair derives and compiles a policy of every app: bounded, so a large file cannot make loading slow.
        let pairCount = setups.count * groups.count
        if pairCount > Self.maxPairs || pairCount * max(1, apps.count) > Self.maxDerivedApps {
            reader.error(
                "\(setups.count) setups on \(groups.count) device groups with \(apps.count) apps derive too many "
                    + "policies (at most \(Self.maxPairs) setup-group pairs and \(Self.maxDerivedApps) apps in all); "
                    + "split the fleet", at: entries["setups"]?.keyPosition ?? root.position)
        }
        if reader.diagnostics.hasErrors { return .failure(DiagnosticsError(reader.diagnostics.sorted)) }

        var fleet = Fleet(
            id: id, title: title, file: file, position: entries["fleet"]?.value.position ?? root.position,
            groups: groups, apps: apps, setups: setups, effort: effort, pairs: [])
        var problems: [Diagnostic] = []
        var seen = Set<String>()
        let loader = PolicyLoader(registry: registry)
        for (setupIndex, setup) in setups.enumerated() {
            guard let provider = registry.provider(id: setup.providerID), let reading = provider.descriptor.fleet
            else { continue }
            for (groupIndex, group) in groups.enumerated() {
                guard reading.platforms.contains(group.group.platform) else {
                    fleet.pairs.append(
                        Fleet.Pair(
                            setup: setupIndex, group: groupIndex, policy: nil, document: nil,
                            supportedPlatforms: reading.platforms))
                    continue
                }
                let document = FleetDerivation.document(
                    fleet: fleet, setup: setup, group: group, reading: reading)
                switch loader.load(document, file: file) {
                case .success(let policy):
                    fleet.pairs.append(
                        Fleet.Pair(
                            setup: setupIndex, group: groupIndex, policy: policy, document: document,
                            supportedPlatforms: reading.platforms))
                case .failure(let error):
                    for diagnostic in error.diagnostics
                    where seen.insert("\(diagnostic.position)\u{0}\(diagnostic.message)").inserted {
                        problems.append(diagnostic)
                    }
                }
            }
        }
        if !problems.isEmpty {
            var merged = Diagnostics()
            for problem in problems { merged.append(problem) }
            return .failure(DiagnosticsError(merged.sorted))
        }
        return .success(fleet)
    }

    // MARK: Parts

    private func lowerID(_ node: ConfigNode, _ what: String, _ reader: inout NodeReader) -> String? {
        guard let text = reader.text(node, what) else { return nil }
        if text.range(of: Self.idPattern, options: .regularExpression) != nil, text.count <= 64 { return text }
        reader.error(
            "\(what): \(Excerpt.quoted(text)) is not a valid id; use lower-case letters, digits and '-'",
            at: node.position)
        return nil
    }

    private func choice<T: RawRepresentable & CaseIterable>(
        _ node: ConfigNode, _ type: T.Type, _ what: String, _ reader: inout NodeReader
    ) -> T? where T.RawValue == String {
        let words = T.allCases.map(\.rawValue)
        guard let value = reader.value(node, kind: .choice(words), what), case .word(let word) = value else {
            return nil
        }
        return T(rawValue: word)
    }

    private func bool(_ node: ConfigNode, _ what: String, _ reader: inout NodeReader) -> Bool? {
        guard let value = reader.value(node, kind: .bool, what), case .bool(let flag) = value else { return nil }
        return flag
    }

    private func readGroups(_ node: ConfigNode, _ reader: inout NodeReader) -> [Fleet.Group] {
        guard let items = reader.sequence(node, "devices") else { return [] }
        if items.isEmpty { reader.error("devices: a fleet needs at least one device group", at: node.position) }
        var groups: [Fleet.Group] = []
        var seen: [String: SourcePosition] = [:]
        for (index, item) in items.enumerated() {
            guard let entries = reader.mapping(item, "devices[\(index + 1)]") else { continue }
            reader.rejectUnknownKeys(entries, known: Self.groupKeys, in: "device group")
            reader.requireKeys(["group", "platform"], in: entries, at: item.position, "device group")
            guard let idEntry = entries["group"], let id = lowerID(idEntry.value, "group", &reader) else { continue }
            var positions: [FleetKey: SourcePosition] = [:]
            var platform = DevicePlatform.ios
            if let entry = entries["platform"] {
                positions[.platform] = entry.value.position
                platform = choice(entry.value, DevicePlatform.self, "platform", &reader) ?? .ios
            }
            // An OS version or a count written `unknown` is left out, as an app's build fact is.
            var version: String?
            if let entry = entries["os_version"], entry.value.scalar != UnknownSetting.word {
                positions[.osVersion] = entry.value.position
                if reader.value(entry.value, kind: .version, "os_version") != nil { version = entry.value.scalar }
            }
            var count: Int?
            if let entry = entries["count"], entry.value.scalar != UnknownSetting.word,
                case .integer(let value)? = reader.value(entry.value, kind: .integer(min: 1, max: 1_000_000), "count")
            {
                count = value
            }
            if let entry = entries["name"] { _ = reader.text(entry.value, "name") }
            if let first = seen[id] {
                reader.error(
                    "duplicate group '\(id)' (first defined at \(first.line):\(first.column))",
                    at: idEntry.value.position)
                continue
            }
            seen[id] = idEntry.value.position
            groups.append(
                Fleet.Group(
                    group: DeviceGroup(id: id, platform: platform, osVersion: version, count: count),
                    position: idEntry.value.position, keyPositions: positions))
        }
        return groups
    }

    private func readApps(_ node: ConfigNode, _ reader: inout NodeReader) -> [Fleet.App] {
        guard let items = reader.sequence(node, "apps") else { return [] }
        if items.isEmpty { reader.error("apps: a fleet needs at least one app", at: node.position) }
        let catalogue = registry.providers.compactMap(\.descriptor.fleet).flatMap(\.catalogue).reduce(
            into: [String]()
        ) { if !$0.contains($1) { $0.append($1) } }
        var apps: [Fleet.App] = []
        var seen: [String: SourcePosition] = [:]
        let hints = profileKeyHints()
        for (index, item) in items.enumerated() {
            guard let entries = reader.mapping(item, "apps[\(index + 1)]") else { continue }
            reader.rejectUnknownKeys(entries, known: Self.appKeys, in: "app profile", hints: hints)
            reader.requireKeys(["id"], in: entries, at: item.position, "app")
            guard let idEntry = entries["id"], let id = reader.identifier(idEntry.value, "app id") else { continue }
            if id == "all" {
                reader.error(
                    "app id 'all' is reserved ('terminate: all' restarts the device)", at: idEntry.value.position)
                continue
            }
            var profile = AppProfile(id: id)
            var positions: [FleetKey: SourcePosition] = [:]
            if let entry = entries["name"] { profile.name = reader.text(entry.value, "app name") }
            for key in FleetKey.allCases {
                guard let entry = entries[key.rawValue] else { continue }
                // A build fact written `unknown` is left out: played at its default and listed as assumed.
                if key != .microsoft, entry.value.scalar == UnknownSetting.word { continue }
                positions[key] = entry.value.position
                let node = entry.value
                switch key {
                case .platform, .osVersion: break
                case .signIn: profile.signIn = choice(node, AppSignIn.self, "sign_in", &reader) ?? profile.signIn
                case .ownSession:
                    profile.ownSession = choice(node, OwnSession.self, "own_session", &reader) ?? profile.ownSession
                case .workspaceOneSDK: profile.workspaceOneSDK = bool(node, "workspace_one_sdk", &reader) ?? false
                case .clearsDataOnUserChange:
                    profile.clearsDataOnUserChange = bool(node, "clears_data_on_user_change", &reader) ?? false
                case .logout:
                    if node.isNull { break }
                    guard let list = reader.sequence(node, "logout") else { break }
                    for element in list {
                        if let logout = choice(element, ExternalLogout.self, "logout", &reader),
                            !profile.logout.contains(logout)
                        {
                            profile.logout.append(logout)
                        }
                    }
                case .microsoft:
                    if let value = reader.value(node, kind: .choice(catalogue), "microsoft"),
                        case .word(let word) = value
                    {
                        profile.microsoft = word
                    }
                }
            }
            if profile.microsoft != nil {
                for key in [FleetKey.signIn, .ownSession, .workspaceOneSDK, .logout, .clearsDataOnUserChange]
                where positions[key] != nil {
                    reader.error(
                        "\(key.rawValue): a Microsoft catalogue app's build comes from the catalogue; leave it out "
                            + "or drop 'microsoft:'", at: positions[key] ?? idEntry.value.position)
                }
                profile.signIn = .msalSingleAccount
                profile.ownSession = .untilSignOut
                profile.clearsDataOnUserChange = true
            } else if profile.signIn == .none, let position = positions[.ownSession] {
                reader.error("own_session: an app with sign_in: none has no session of its own", at: position)
            }
            if let first = seen[id] {
                reader.error(
                    "duplicate app id '\(id)' (first defined at \(first.line):\(first.column))",
                    at: idEntry.value.position)
                continue
            }
            seen[id] = idEntry.value.position
            let leftOut =
                profile.microsoft != nil
                ? []
                : [FleetKey.signIn, .ownSession, .workspaceOneSDK, .logout, .clearsDataOnUserChange].filter {
                    positions[$0] == nil && !($0 == .ownSession && profile.signIn == .none)
                }
            apps.append(
                Fleet.App(profile: profile, position: idEntry.value.position, keyPositions: positions, leftOut: leftOut)
            )
        }
        return apps
    }

    /// What to write instead of a provider's per-app key on an app profile: each provider's own hints (its
    /// `FleetReading.profileKeyHints`, the first provider's where two give one), then a general one for every other
    /// per-app key a provider declares. The core names no vendor key.
    func profileKeyHints() -> [String: String] {
        var hints: [String: String] = [:]
        for provider in registry.providers {
            for (key, hint) in provider.descriptor.fleet?.profileKeyHints ?? [:] where hints[key] == nil {
                hints[key] = hint
            }
        }
        for provider in registry.providers {
            guard let reading = provider.descriptor.fleet else { continue }
            for key in provider.descriptor.appKeys.map(\.key) where hints[key] == nil && !Self.appKeys.contains(key) {
                hints[key] =
                    reading.consoleAppKeys.contains(key)
                    ? "'\(key)' is a console choice of \(provider.id): set it under that setup's apps"
                    : "'\(key)' is a key of \(provider.id) policies; describe how the app is built with "
                        + Self.appKeys.filter { $0 != "id" && $0 != "name" }.joined(separator: ", ")
            }
        }
        return hints
    }

    private func readSetups(
        _ node: ConfigNode, apps: [Fleet.App], groups: [Fleet.Group], _ reader: inout NodeReader
    ) -> [Fleet.Setup] {
        guard let items = reader.sequence(node, "setups") else { return [] }
        if items.isEmpty { reader.error("setups: a fleet needs at least one setup", at: node.position) }
        let fleetProviders = registry.providers.filter { $0.descriptor.fleet != nil }.map(\.id)
        var setups: [Fleet.Setup] = []
        var seen: [String: SourcePosition] = [:]
        for (index, item) in items.enumerated() {
            guard let entries = reader.mapping(item, "setups[\(index + 1)]") else { continue }
            reader.rejectUnknownKeys(entries, known: Self.setupKeys, in: "setup")
            reader.requireKeys(["setup", "provider"], in: entries, at: item.position, "setup")
            guard let idEntry = entries["setup"], let id = lowerID(idEntry.value, "setup", &reader) else { continue }
            let title = entries["title"].flatMap { reader.text($0.value, "title") }
            guard let providerEntry = entries["provider"], let name = reader.text(providerEntry.value, "provider")
            else { continue }
            guard let provider = registry.provider(id: name), let reading = provider.descriptor.fleet else {
                reader.error(
                    (registry.provider(id: name) == nil
                        ? "unknown provider '\(name)'" : "provider '\(name)' takes no fleet")
                        + Suggestion.didYouMean(name, in: fleetProviders) + "; providers that read fleets: "
                        + fleetProviders.joined(separator: ", "), at: providerEntry.value.position)
                continue
            }
            let settings = entries["settings"].map { readSettings($0, reading: reading, &reader) }
            let choices =
                entries["apps"].map {
                    readChoices($0, setup: id, provider: provider, reading: reading, apps: apps, &reader)
                } ?? []
            var byGroup: [Fleet.Setup.GroupChoices] = []
            if let entry = entries["groups"], !entry.value.isNull,
                let groupEntries = reader.mapping(entry.value, "groups")
            {
                let ids = groups.map(\.group.id)
                for groupEntry in groupEntries {
                    guard ids.contains(groupEntry.key) else {
                        unknownName(groupEntry, kind: ("device group", "groups"), setup: id, known: ids, &reader)
                        continue
                    }
                    guard let keys = reader.mapping(groupEntry.value, "groups: \(groupEntry.key)") else { continue }
                    reader.rejectUnknownKeys(keys, known: ["settings", "apps"], in: "groups: \(groupEntry.key)")
                    byGroup.append(
                        Fleet.Setup.GroupChoices(
                            group: groupEntry.key, position: groupEntry.keyPosition,
                            settings: keys["settings"].map { readSettings($0, reading: reading, &reader) },
                            apps: keys["apps"].map {
                                readChoices($0, setup: id, provider: provider, reading: reading, apps: apps, &reader)
                            } ?? []))
                }
            }
            if let first = seen[id] {
                reader.error(
                    "duplicate setup '\(id)' (first defined at \(first.line):\(first.column))",
                    at: idEntry.value.position)
                continue
            }
            seen[id] = idEntry.value.position
            setups.append(
                Fleet.Setup(
                    id: id, title: title, providerID: provider.id, position: idEntry.value.position,
                    providerPosition: providerEntry.value.position, settings: settings, apps: choices,
                    groups: byGroup))
        }
        return setups
    }

    /// A setup names a device group or an app the fleet does not have: the error, with the closest name and the list.
    private func unknownName(
        _ entry: ConfigEntry, kind: (one: String, many: String), setup id: String, known ids: [String],
        _ reader: inout NodeReader
    ) {
        reader.error(
            "unknown \(kind.one) '\(entry.key)' in setup '\(id)'" + Suggestion.didYouMean(entry.key, in: ids)
                + "; the fleet's \(kind.many): " + ids.joined(separator: ", "), at: entry.keyPosition)
    }

    /// A setup's (or one group's) `settings:`: the settings a device group gives may not be written.
    private func readSettings(_ entry: ConfigEntry, reading: FleetReading, _ reader: inout NodeReader) -> ConfigEntry {
        if !entry.value.isNull, let settingEntries = reader.mapping(entry.value, "settings") {
            for setting in settingEntries where reading.groupSettings.contains(setting.key) {
                reader.error(
                    "'\(setting.key)' comes from the device group (devices: platform, os_version); leave it "
                        + "out of the setup", at: setting.keyPosition)
            }
        }
        return entry
    }

    /// A setup's (or one group's) `apps:`: per app, only the console choices the provider takes.
    private func readChoices(
        _ entry: ConfigEntry, setup id: String, provider: AnyPolicyProvider, reading: FleetReading,
        apps: [Fleet.App], _ reader: inout NodeReader
    ) -> [Fleet.Setup.AppChoices] {
        guard !entry.value.isNull, let appEntries = reader.mapping(entry.value, "apps") else { return [] }
        let name = provider.id
        var choices: [Fleet.Setup.AppChoices] = []
        let ids = apps.map(\.profile.id)
        for appEntry in appEntries {
            guard ids.contains(appEntry.key) else {
                unknownName(appEntry, kind: ("app", "apps"), setup: id, known: ids, &reader)
                continue
            }
            guard let keys = reader.mapping(appEntry.value, "apps: \(appEntry.key)") else { continue }
            var kept: [ConfigEntry] = []
            for key in keys {
                if reading.consoleAppKeys.contains(key.key) {
                    kept.append(key)
                } else if provider.descriptor.appKeys.contains(where: { $0.key == key.key }) {
                    reader.error(
                        "'\(key.key)' is how the app is built, not a console choice: describe the app once "
                            + "under the fleet's apps (sign_in, own_session, workspace_one_sdk, logout, "
                            + "clears_data_on_user_change, microsoft)", at: key.keyPosition)
                } else if reading.consoleAppKeys.isEmpty {
                    reader.error(
                        "unknown key '\(key.key)': provider '\(name)' takes no per-app console choice",
                        at: key.keyPosition)
                } else {
                    reader.error(
                        "unknown key '\(key.key)' in the console choices of provider '\(name)'"
                            + Suggestion.didYouMean(key.key, in: reading.consoleAppKeys) + "; it takes "
                            + reading.consoleAppKeys.map { "'\($0)'" }.joined(separator: ", "),
                        at: key.keyPosition)
                }
            }
            choices.append(Fleet.Setup.AppChoices(app: appEntry.key, position: appEntry.keyPosition, entries: kept))
        }
        return choices
    }
}

/// The policy a setup derives on a device group, as a document the policy loader reads (each value positioned at
/// the fleet key it comes from) and as the file `show --setup --group` prints.
package enum FleetDerivation {
    static func document(
        fleet: Fleet, setup: Fleet.Setup, group: Fleet.Group, reading: FleetReading
    ) -> ConfigNode {
        func scalar(_ text: String, _ position: SourcePosition) -> ConfigNode {
            ConfigNode(.scalar(text, quoted: false), at: position)
        }
        func entry(_ key: String, _ value: ConfigNode) -> ConfigEntry {
            ConfigEntry(key: key, keyPosition: value.position, value: value)
        }
        var top: [ConfigEntry] = [
            entry("policy", scalar(Fleet.policyID(setup: setup.id, group: group.group.id), setup.position)),
            entry("title", scalar(title(fleet: fleet, setup: setup, group: group.group), fleet.position)),
            entry("provider", scalar(setup.providerID, setup.providerPosition)),
        ]
        // A group without an OS version gives the providers that read one `unknown`: each plays its own default and
        // says so (`Fleet.playedDefaults`).
        var device = group.group
        if device.osVersion == nil { device.osVersion = UnknownSetting.word }
        var settings: [ConfigEntry] = reading.settings(device).map { value in
            entry(value.key, scalar(value.value, group.keyPositions[value.from] ?? group.position))
        }
        settings += setup.settings(on: group.group.id).filter { !reading.groupSettings.contains($0.key) }
        let settingsPosition = setup.settings?.keyPosition ?? setup.position
        top.append(
            ConfigEntry(
                key: "settings", keyPosition: settingsPosition,
                value: ConfigNode(.mapping(settings), at: setup.settings?.value.position ?? settingsPosition)))
        var apps: [ConfigNode] = []
        for app in fleet.apps {
            var keys: [ConfigEntry] = [entry("id", scalar(app.profile.id, app.position))]
            if let name = app.profile.name {
                keys.append(entry("name", ConfigNode(.scalar(name, quoted: true), at: app.position)))
            }
            let derived = reading.app(app.profile, group.group)
            let choices = consoleChoices(setup: setup, app: app, group: group.group.id, derived: derived)
            for value in derived where !choices.contains(where: { $0.key == value.key }) {
                keys.append(entry(value.key, scalar(value.value, app.keyPositions[value.from] ?? app.position)))
            }
            keys += choices
            apps.append(ConfigNode(.mapping(keys), at: app.position))
        }
        top.append(entry("apps", ConfigNode(.sequence(apps), at: fleet.apps.first?.position ?? fleet.position)))
        return ConfigNode(.mapping(top), at: fleet.position)
    }

    static func title(fleet: Fleet, setup: Fleet.Setup, group: DeviceGroup) -> String {
        var device = group.platform.rawValue
        if let version = group.osVersion { device += " \(version)" }
        return "\(fleet.displayTitle): setup \(setup.id)" + (setup.title.map { " (\($0))" } ?? "")
            + " on \(group.id) (\(device))"
    }

    /// The values a setup plays for an app on a group: the profile's reading, then the setup's console choices.
    package static func appValues(fleet: Fleet, pair: Fleet.Pair, app: Fleet.App, reading: FleetReading) -> [FleetValue]
    {
        let group = fleet.groups[pair.group].group
        var values = reading.app(app.profile, group)
        for choice in consoleChoices(setup: fleet.setups[pair.setup], app: app, group: group.id, derived: values) {
            if let text = choice.value.scalar, text != UnknownSetting.word {
                values.append(FleetValue(choice.key, text, from: .signIn))
            }
        }
        return values
    }

    /// The console choices a setup makes for an app on a group. A choice written `unknown` is left out where the
    /// provider's reading of the app profile gives the key a value (as a choice the setup does not make), and kept
    /// (played at the provider's default, and noted) where it does not.
    static func consoleChoices(setup: Fleet.Setup, app: Fleet.App, group: String, derived: [FleetValue])
        -> [ConfigEntry]
    {
        setup.choices(app: app.profile.id, on: group).filter { choice in
            choice.value.scalar != UnknownSetting.word || !derived.contains { $0.key == choice.key }
        }
    }

    /// The derived policy file as YAML, as `show FLEET --setup S --group G` prints it: an ordinary policy that
    /// loads and answers as the fleet's pair does.
    package static func yaml(
        _ document: ConfigNode, fleetFile: String, effort: EffortTable = .standard, defaults: EffortTable = .standard
    ) -> String {
        var out = "# Derived from the fleet \(comment(fleetFile)) (ssopolicy show FLEET --setup S --group G)\n"
        let changed = Prompt.allCases.filter { effort.seconds($0) != defaults.seconds($0) }
        if !changed.isEmpty {
            out +=
                "# The fleet's effort: run this file with "
                + changed.map { "--effort \($0.name)=\(effort.seconds($0))" }.joined(separator: " ")
                + " for the same totals\n"
        }
        write(document, indent: "", into: &out)
        return out
    }

    private static func write(_ node: ConfigNode, indent: String, into out: inout String) {
        guard let entries = node.entries else { return }
        for entry in entries {
            switch entry.value.value {
            case .scalar(let text, _):
                if entry.value.isNull { continue }
                out += "\(indent)\(entry.key): \(scalar(text))\n"
            case .mapping(let inner):
                if inner.isEmpty {
                    out += "\(indent)\(entry.key): {}\n"
                } else {
                    out += "\(indent)\(entry.key):\n"
                    write(entry.value, indent: indent + "  ", into: &out)
                }
            case .sequence(let items):
                if items.isEmpty {
                    out += "\(indent)\(entry.key): []\n"
                    continue
                }
                out += "\(indent)\(entry.key):\n"
                for item in items {
                    switch item.value {
                    case .mapping:
                        var inner = ""
                        write(item, indent: indent + "    ", into: &inner)
                        let trimmed = inner.dropFirst(indent.count + 4)
                        out += "\(indent)  - " + trimmed
                    case .scalar(let text, _):
                        out += "\(indent)  - \(scalar(text))\n"
                    case .sequence:
                        break
                    }
                }
            }
        }
    }

    static func comment(_ text: String) -> String {
        text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined()
    }

    /// Plain when it is a simple word, double-quoted otherwise (ssopolicy reads every scalar as text).
    static func scalar(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "_.-".unicodeScalars.contains($0)
            } && text.first != "-" && text.first != "."
        return plain ? text : quoted(text)
    }

    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONValue.escape(text, into: &bytes)
        return String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{7F}", with: "\\u007f")
    }
}
