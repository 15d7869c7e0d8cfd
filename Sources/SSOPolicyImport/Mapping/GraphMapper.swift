import SSOPolicyProviderKit

/// Reads Microsoft Graph JSON for Intune: what `GET /deviceManagement/deviceConfigurations` and
/// `GET /deviceManagement/androidDeviceOwnerEnrollmentProfiles` return (one object, or a collection with a `value`
/// array, or a bare array as backup tools save it), profile by profile.
///
/// - `iosDeviceFeaturesConfiguration` with the Microsoft Enterprise SSO plug-in (`iosSingleSignOnExtension`, or the
///   deprecated `singleSignOnExtension`; the Microsoft Entra ID type or the Redirect type with Microsoft's extension
///   id) becomes an iOS draft.
/// - `androidDeviceOwnerEnrollmentProfile` for dedicated devices becomes an Android draft; shared mode comes from
///   its token type.
/// - `androidDeviceOwnerGeneralDeviceConfiguration` gives the Android drafts their apps (kiosk apps, and the apps
///   whose data Intune clears at a global sign-out) and the Managed Home Screen settings, kept as notes.
///
/// Any other profile is skipped with a note saying why; a value of the wrong JSON type where a mapped field is read
/// is a positioned error. Secret fields are never read.
struct GraphMapper {
    let file: String
    let locator: SourceLocator
    var errors: [Diagnostic] = []
    var notes: [Diagnostic] = []
    /// iOS drafts, complete.
    var drafts: [EntraDraft] = []
    /// Android drafts from enrollment profiles; their apps come from the kiosk configurations.
    var enrollments: [EntraDraft] = []
    var kiosks: [AndroidKiosk] = []
    /// ADE enrollment profiles with Shared iPad (`SharedIPadMapping.swift`).
    var sharedIPads: [SharedIPadDraft] = []

    init(file: String, locator: SourceLocator) {
        self.file = file
        self.locator = locator
    }

    static let graph = "microsoft.graph."

    // MARK: Messages and typed fields

    func position(_ node: JSONNode) -> SourcePosition { locator.position(ofByte: node.offset) }

    mutating func error(_ message: String, at node: JSONNode) {
        errors.append(.error(at: position(node), message))
    }

    mutating func note(_ message: String, at node: JSONNode) {
        notes.append(Diagnostic(.note, at: position(node), message))
    }

    /// A string field, nil when absent or null; another type is an error.
    mutating func string(_ node: JSONNode, _ key: String, _ pointer: JSONPointer) -> String? {
        guard let field = node[key], !field.isNull else { return nil }
        if let text = field.string { return text }
        error("\(pointer / key): expected a string, found \(field.kindDescription)", at: field)
        return nil
    }

    mutating func bool(_ node: JSONNode, _ key: String, _ pointer: JSONPointer) -> Bool? {
        guard let field = node[key], !field.isNull else { return nil }
        if case .bool(let flag) = field.value { return flag }
        error("\(pointer / key): expected true or false, found \(field.kindDescription)", at: field)
        return nil
    }

    mutating func array(_ node: JSONNode, _ key: String, _ pointer: JSONPointer) -> [JSONNode]? {
        guard let field = node[key], !field.isNull else { return nil }
        if let items = field.items { return items }
        error("\(pointer / key): expected an array, found \(field.kindDescription)", at: field)
        return nil
    }

    mutating func object(_ node: JSONNode, _ key: String, _ pointer: JSONPointer) -> JSONNode? {
        guard let field = node[key], !field.isNull else { return nil }
        if field.members != nil { return field }
        error("\(pointer / key): expected an object, found \(field.kindDescription)", at: field)
        return nil
    }

    /// An `@odata.type` without its `#` and namespace prefix (`iosDeviceFeaturesConfiguration`).
    static func shortType(_ type: String) -> String {
        var text = Substring(type)
        if text.hasPrefix("#") { text = text.dropFirst() }
        if text.hasPrefix(graph) { text = text.dropFirst(graph.count) }
        return String(text)
    }

    // MARK: Documents and profiles

    mutating func read(_ root: JSONNode) {
        switch root.value {
        case .object:
            let context = root["@odata.context"]?.string
            if let value = root["value"] {
                guard let items = value.items else {
                    error(
                        "/value: expected an array of profiles (a Graph collection), found \(value.kindDescription)",
                        at: value)
                    return
                }
                for (index, item) in items.enumerated() {
                    profile(item, JSONPointer.root / "value" / index, context: context)
                }
            } else {
                profile(root, .root, context: context)
            }
        case .array(let items):
            for (index, item) in items.enumerated() { profile(item, JSONPointer.root / index, context: nil) }
        default:
            error(
                "expected a Graph profile (an object) or a collection (an object with a 'value' array), found "
                    + root.kindDescription, at: root)
        }
    }

    /// The type a collection's `@odata.context` implies for members without `@odata.type` (Graph leaves it out
    /// when a member's type is the collection's own).
    static func impliedType(_ context: String?) -> String? {
        guard let context, let hash = context.lastIndex(of: "#") else { return nil }
        let path = context[context.index(after: hash)...]
        if path.contains("androidDeviceOwnerEnrollmentProfiles") { return "androidDeviceOwnerEnrollmentProfile" }
        return nil
    }

    mutating func profile(_ node: JSONNode, _ pointer: JSONPointer, context: String?) {
        guard node.members != nil else {
            error("\(pointer): expected a profile (an object), found \(node.kindDescription)", at: node)
            return
        }
        var type: String
        var typePointer = pointer / "@odata.type"
        var inferred: String?
        if let written = string(node, "@odata.type", pointer) {
            type = Self.shortType(written)
            guard written.hasPrefix("#" + Self.graph) || written.hasPrefix(Self.graph) else {
                note("\(pointer): skipped: unknown '@odata.type' \(Excerpt.quoted(written))", at: node)
                return
            }
        } else if node["@odata.type"] != nil {
            return  // reported by string(_:_:_:)
        } else if let implied = Self.impliedType(context) {
            type = implied
            typePointer = JSONPointer.root / "@odata.context"
            inferred = "the collection's @odata.context"
        } else if node["enrollmentMode"] != nil, node["enrollmentTokenType"] != nil {
            type = "androidDeviceOwnerEnrollmentProfile"
            typePointer = pointer / "enrollmentTokenType"
            inferred = "its enrollmentMode and enrollmentTokenType fields"
        } else {
            note("\(pointer): skipped: no '@odata.type', and nothing else says what kind of profile it is", at: node)
            return
        }
        let platform = Provenance(file, typePointer, remark: inferred.map { "the type is implied by \($0)" })
        switch type {
        case "iosDeviceFeaturesConfiguration": ios(node, pointer, platform: platform)
        case "androidDeviceOwnerEnrollmentProfile": androidEnrollment(node, pointer, platform: platform)
        case "androidDeviceOwnerGeneralDeviceConfiguration": androidKiosk(node, pointer)
        case "depIOSEnrollmentProfile": sharedIPad(node, pointer, platform: platform)
        default:
            let reason = Self.skipReasons[type] ?? "it holds no shared-device SSO settings"
            note("\(pointer): skipped a \(Excerpt.quoted(type)) profile: \(reason)", at: node)
        }
    }

    /// Profiles that touch shared devices but are not read (yet), with why.
    static let skipReasons: [String: String] = [
        "deviceManagementConfigurationPolicy":
            "settings catalog policies (/deviceManagement/configurationPolicies) are not read yet; export the "
            + "device features profile instead",
        "iosMobileAppConfiguration":
            "app configuration (Authenticator's sharedDeviceMode key) is not read yet; set shared_device_mode by hand",
        "iosManagedAppProtection": "app protection (PIN, access checks) has no setting in the model yet",
        "androidManagedAppProtection": "app protection (PIN, access checks) has no setting in the model yet",
    ]

    /// `Name` (id, version, last modified) for the policy header.
    mutating func describe(_ node: JSONNode, _ pointer: JSONPointer, type: String) -> (name: String, source: String) {
        let name = string(node, "displayName", pointer) ?? string(node, "id", pointer) ?? "profile \(pointer)"
        var facts: [String] = []
        if let id = node["id"]?.string { facts.append("id \(id)") }
        if let version = node["version"], case .number(let text) = version.value { facts.append("version \(text)") }
        if let modified = node["lastModifiedDateTime"]?.string { facts.append("last modified \(modified)") }
        let source =
            "Microsoft Graph (Intune) \(file)#\(pointer): \(type) '\(name)'"
            + (facts.isEmpty ? "" : " (" + facts.joined(separator: ", ") + ")")
        return (name, source)
    }

    // MARK: iOS device features with the SSO plug-in

    mutating func ios(_ node: JSONNode, _ pointer: JSONPointer, platform: Provenance) {
        let current = object(node, "iosSingleSignOnExtension", pointer)
        let deprecated = object(node, "singleSignOnExtension", pointer)
        var remarks: [String] = []
        let extensionNode: JSONNode
        let extensionPointer: JSONPointer
        if let current {
            extensionNode = current
            extensionPointer = pointer / "iosSingleSignOnExtension"
            if deprecated != nil {
                remarks.append(
                    "Both SSO extension properties are set: read iosSingleSignOnExtension (singleSignOnExtension is "
                        + "deprecated).")
            }
        } else if let deprecated {
            extensionNode = deprecated
            extensionPointer = pointer / "singleSignOnExtension"
            remarks.append("Read the deprecated singleSignOnExtension property (iosSingleSignOnExtension is not set).")
        } else {
            if node["iosSingleSignOnExtension"]?.isNull ?? true, node["singleSignOnExtension"]?.isNull ?? true {
                note("\(pointer): skipped an iOS device features profile without an SSO app extension", at: node)
            }
            return
        }
        guard let written = string(extensionNode, "@odata.type", extensionPointer) else {
            if extensionNode["@odata.type"] == nil {
                note("\(extensionPointer): skipped: the SSO extension has no '@odata.type'", at: extensionNode)
            }
            return
        }
        let type = Self.shortType(written)
        let (name, source) = describe(node, pointer, type: "iosDeviceFeaturesConfiguration")
        var draft = EntraDraft(
            name: name, source: source, origin: Provenance(file, pointer), position: position(node), platform: .ios,
            platformProvenance: platform, remarks: remarks)
        draft.omitted = SecretFields.present(in: node) + SecretFields.present(in: extensionNode)
        var enableShared: MappedValue?
        switch type {
        case "iosAzureAdSingleSignOnExtension":
            draft.settings["sso_extension"] = .known(
                "enabled",
                Provenance(file, extensionPointer / "@odata.type", remark: "the Microsoft Entra ID SSO extension type"))
            if let flag = bool(extensionNode, "enableSharedDeviceMode", extensionPointer) {
                enableShared = .known(
                    flag ? "true" : "false", Provenance(file, extensionPointer / "enableSharedDeviceMode"))
            }
            for (index, item) in (array(extensionNode, "bundleIdAccessControlList", extensionPointer) ?? [])
                .enumerated()
            {
                guard let bundle = item.string else {
                    error(
                        "\(extensionPointer / "bundleIdAccessControlList" / index): expected a bundle id (a string), "
                            + "found \(item.kindDescription)", at: item)
                    continue
                }
                draft.apps.append(
                    DraftApp(
                        bundleID: bundle,
                        provenance: Provenance(file, extensionPointer / "bundleIdAccessControlList" / index),
                        listedIn: "in bundleIdAccessControlList: allowed to use the plug-in without MSAL"))
            }
        case "iosRedirectSingleSignOnExtension":
            let identifier = string(extensionNode, "extensionIdentifier", extensionPointer)
            guard identifier == MicrosoftPlugin.extensionID else {
                note(
                    "\(extensionPointer): skipped: a Redirect SSO extension for "
                        + "\(identifier.map(Excerpt.quoted) ?? "no extension id"), not the Microsoft Enterprise SSO "
                        + "plug-in (\(MicrosoftPlugin.extensionID))", at: extensionNode)
                return
            }
            let prefixes = (array(extensionNode, "urlPrefixes", extensionPointer) ?? []).compactMap(\.string)
            let hasLogin = prefixes.contains { Self.sameURL($0, MicrosoftPlugin.loginURL) }
            let provenance = Provenance(file, extensionPointer / "extensionIdentifier")
            if hasLogin {
                draft.settings["sso_extension"] = .known(
                    "enabled", provenance.with(remark: "the Redirect type with Microsoft's extension id"))
            } else {
                draft.settings["sso_extension"] = .unknown(
                    Provenance(
                        file, extensionPointer / "urlPrefixes",
                        remark: "Microsoft's extension, but urlPrefixes lacks \(MicrosoftPlugin.loginURL)"))
                note(
                    "\(extensionPointer / "urlPrefixes"): lacks \(MicrosoftPlugin.loginURL), so the plug-in would "
                        + "not handle Microsoft Entra sign-ins; sso_extension is written as unknown",
                    at: extensionNode["urlPrefixes"] ?? extensionNode)
            }
        default:
            note(
                "\(extensionPointer): skipped: the SSO app extension is \(Excerpt.quoted(type)), not the Microsoft "
                    + "Enterprise SSO plug-in (the Microsoft Entra ID type, or Redirect with its extension id)",
                at: extensionNode)
            return
        }
        let plugin = PluginConfiguration(configurations(extensionNode, extensionPointer))
        for problem in plugin.problems { errors.append(.error(at: problem.position, problem.message)) }
        for conflict in plugin.conflicts { notes.append(Diagnostic(.warning, at: conflict.position, conflict.message)) }
        draft.unmodelled += plugin.unmodelled
        for allowed in plugin.allowed {
            draft.apps.append(
                DraftApp(
                    bundleID: allowed.bundleID, provenance: allowed.provenance,
                    listedIn: "in \(allowed.list): allowed to use the plug-in without MSAL"))
        }
        draft.apps = Self.distinct(draft.apps, blocked: plugin.blocked)
        draft.settings["shared_device_mode"] = Self.sharedMode(
            enable: enableShared, configured: plugin.sharedDeviceMode,
            missing: Provenance(
                file, extensionPointer,
                remark: "the profile does not set shared device mode; a device can also be registered as shared in "
                    + "Authenticator"))
        draft.settings["os_version"] = osVersion(node, pointer)
        draft.settings["authenticator"] = .unknown(
            Provenance(file, pointer, remark: "not in the profile: Authenticator comes with an app assignment"))
        drafts.append(draft)
    }

    /// `enableSharedDeviceMode` true, else the configuration's `sharedDeviceMode` true (or `unknown` when its keys
    /// disagree), else whichever says false.
    static func sharedMode(enable: MappedValue?, configured: MappedValue?, missing: Provenance) -> MappedValue {
        if let enable, enable.value == "true" { return enable }
        if let configured, configured.value != "false" { return configured }
        return enable ?? configured ?? .unknown(missing)
    }

    static func sameURL(_ one: String, _ other: String) -> Bool {
        func normal(_ text: String) -> String {
            var text = text.lowercased()
            while text.hasSuffix("/") { text.removeLast() }
            return text
        }
        return normal(one) == normal(other)
    }

    /// Apps once each (bundle ids compared ignoring case), without those the block list names.
    static func distinct(_ apps: [DraftApp], blocked: Set<String>) -> [DraftApp] {
        var seen = Set(blocked.map { $0.lowercased() })
        return apps.filter { seen.insert($0.bundleID.lowercased()).inserted }
    }

    /// The typed key/value pairs of an extension (`keyBooleanValuePair`, `keyIntegerValuePair`, `keyStringValuePair`,
    /// `keyRealValuePair`).
    mutating func configurations(_ node: JSONNode, _ pointer: JSONPointer) -> [PluginConfiguration.Entry] {
        var entries: [PluginConfiguration.Entry] = []
        for (index, item) in (array(node, "configurations", pointer) ?? []).enumerated() {
            let itemPointer = pointer / "configurations" / index
            guard item.members != nil else {
                error("\(itemPointer): expected a key/value pair (an object), found \(item.kindDescription)", at: item)
                continue
            }
            guard let key = string(item, "key", itemPointer) else {
                if item["key"] == nil { error("\(itemPointer): a key/value pair without 'key'", at: item) }
                continue
            }
            let type = string(item, "@odata.type", itemPointer).map(Self.shortType)
            let value: PluginConfiguration.Value
            switch (type, item["value"]?.value) {
            case (_, nil), (_, .null?):
                value = .other("no value")
            case ("keyBooleanValuePair"?, .bool(let flag)?), (nil, .bool(let flag)?):
                value = .bool(flag)
            case ("keyIntegerValuePair"?, .number(let text)?), (nil, .number(let text)?):
                value = .integer(text)
            case ("keyRealValuePair"?, .number(let text)?):
                value = .other("a real number \(text)")
            case ("keyStringValuePair"?, .string(let text)?), (nil, .string(let text)?):
                value = .string(text)
            case (let type?, _)
            where ["keyBooleanValuePair", "keyIntegerValuePair", "keyRealValuePair", "keyStringValuePair"].contains(
                type):
                error(
                    "\(itemPointer / "value"): a \(type) holds \(item["value"]!.kindDescription)",
                    at: item["value"]!)
                continue
            default:
                value = .other(item["value"]!.kindDescription)
            }
            entries.append(
                .init(key: key, value: value, provenance: Provenance(file, itemPointer), position: position(item)))
        }
        return entries
    }

    /// The OS version is never in a profile: an applicability rule gives a floor at most.
    mutating func osVersion(_ node: JSONNode, _ pointer: JSONPointer) -> MappedValue {
        let rulePointer = pointer / "deviceManagementApplicabilityRuleOsVersion"
        if let rule = object(node, "deviceManagementApplicabilityRuleOsVersion", pointer),
            let minimum = string(rule, "minOSVersion", rulePointer), !minimum.isEmpty
        {
            return .unknown(
                Provenance(
                    file, rulePointer / "minOSVersion",
                    remark: "the profile applies from OS \(minimum) on; the devices' versions are in device inventory"))
        }
        return .unknown(
            Provenance(file, pointer, remark: "not in the profile: the devices' OS versions are in device inventory"))
    }

    // MARK: Android dedicated devices

    mutating func androidEnrollment(_ node: JSONNode, _ pointer: JSONPointer, platform: Provenance) {
        guard let mode = string(node, "enrollmentMode", pointer) else {
            if node["enrollmentMode"] == nil {
                note("\(pointer): skipped an Android enrollment profile without 'enrollmentMode'", at: node)
            }
            return
        }
        guard mode == "corporateOwnedDedicatedDevice" else {
            note(
                "\(pointer): skipped an Android enrollment profile for \(Excerpt.quoted(mode)): Microsoft Entra shared "
                    + "device mode on Android is a dedicated-device enrollment (corporateOwnedDedicatedDevice)",
                at: node)
            return
        }
        let (name, source) = describe(node, pointer, type: "androidDeviceOwnerEnrollmentProfile")
        var draft = EntraDraft(
            name: name, source: source, origin: Provenance(file, pointer), position: position(node),
            platform: .android, platformProvenance: platform)
        draft.omitted = SecretFields.present(in: node)
        let tokenPointer = pointer / "enrollmentTokenType"
        switch string(node, "enrollmentTokenType", pointer) {
        case "corporateOwnedDedicatedDeviceWithAzureADSharedMode":
            draft.settings["shared_device_mode"] = .known(
                "true", Provenance(file, tokenPointer, remark: "the token enrolls devices in Entra shared device mode"))
            draft.settings["authenticator"] = .known(
                "installed",
                Provenance(
                    file, tokenPointer,
                    remark: "the shared-mode token deploys Authenticator in shared mode; it cannot be uninstalled"))
        case "default":
            draft.settings["shared_device_mode"] = .known(
                "false", Provenance(file, tokenPointer, remark: "a dedicated-device token without shared mode"))
        case let other:
            let remark =
                other.map { "token type \(Excerpt.quoted($0)) does not say whether devices enroll in shared mode" }
                ?? "no token type: the profile does not say whether devices enroll in shared mode"
            draft.settings["shared_device_mode"] = .unknown(Provenance(file, tokenPointer, remark: remark))
        }
        if draft.settings["authenticator"] == nil {
            draft.settings["authenticator"] = .unknown(
                Provenance(file, pointer, remark: "not in the profile: Authenticator comes with an app assignment"))
        }
        draft.settings["os_version"] = .unknown(
            Provenance(
                file, pointer,
                remark: "not in the profile: shared device mode needs Android 8.0 or later with Google Mobile "
                    + "Services; the devices' versions are in device inventory"))
        enrollments.append(draft)
    }

    /// Managed Home Screen settings the model has no setting for; kept as notes with their values (flags, counts
    /// and choices only). The sign-in, the session PIN, the PIN to resume, the automatic sign-out, its delay and
    /// its notice map to `mhs_*` settings (`managedHomeScreenSignOut`).
    static let managedHomeScreen = [
        "kioskModeUseManagedHomeScreenApp", "kioskModeManagedHomeScreenPinComplexity",
        "kioskModeScreenSaverConfigurationEnabled", "kioskModeScreenSaverStartDelayInSeconds",
    ]

    /// The Managed Home Screen flags of the device restrictions profile and the settings they become.
    static let managedHomeScreenFlags: [(graph: String, setting: String, remark: String)] = [
        (
            "kioskModeManagedHomeScreenSignInEnabled", "mhs_sign_in",
            "Managed Home Screen's sign-in screen (with shared device mode, the global sign-in)"
        ),
        (
            "kioskModeManagedHomeScreenPinRequired", "mhs_session_pin",
            "a session PIN the worker sets after signing in to Managed Home Screen"
        ),
        (
            "kioskModeManagedHomeScreenPinRequiredToResume", "mhs_pin_to_resume",
            "the session PIN asked again once the screensaver has appeared"
        ),
        (
            "kioskModeManagedHomeScreenAutoSignout", "mhs_auto_sign_out",
            "Managed Home Screen's automatic sign-out after inactivity"
        ),
    ]

    mutating func androidKiosk(_ node: JSONNode, _ pointer: JSONPointer) {
        if let profile = string(node, "enrollmentProfile", pointer), profile == "fullyManaged" {
            note(
                "\(pointer): skipped an Android device restrictions profile for fully managed devices: Entra shared "
                    + "device mode on Android is a dedicated-device enrollment", at: node)
            return
        }
        let (name, source) = describe(node, pointer, type: "androidDeviceOwnerGeneralDeviceConfiguration")
        var kiosk = AndroidKiosk(
            name: name, source: source, origin: Provenance(file, pointer), position: position(node))
        kiosk.omitted = SecretFields.present(in: node)
        func appID(_ item: JSONNode, _ itemPointer: JSONPointer) -> String? {
            guard item.members != nil else {
                error("\(itemPointer): expected an app (an object), found \(item.kindDescription)", at: item)
                return nil
            }
            return string(item, "appId", itemPointer)
        }
        for (index, item) in (array(node, "kioskModeApps", pointer) ?? []).enumerated() {
            let itemPointer = pointer / "kioskModeApps" / index
            guard let id = appID(item, itemPointer) else { continue }
            kiosk.apps.append(
                DraftApp(
                    bundleID: id, provenance: Provenance(file, itemPointer),
                    listedIn: "a Managed Home Screen app (kioskModeApps)"))
        }
        for (index, item) in (array(node, "azureAdSharedDeviceDataClearApps", pointer) ?? []).enumerated() {
            let itemPointer = pointer / "azureAdSharedDeviceDataClearApps" / index
            guard let id = appID(item, itemPointer) else { continue }
            let cleared = MappedValue.known(
                "true",
                Provenance(
                    file, itemPointer,
                    remark: "Intune clears this app's data at a global sign-out in shared device mode"))
            if let found = kiosk.apps.firstIndex(where: { $0.bundleID.lowercased() == id.lowercased() }) {
                kiosk.apps[found].keys["clears_data_on_user_change"] = cleared
            } else {
                var app = DraftApp(
                    bundleID: id, provenance: Provenance(file, itemPointer),
                    listedIn: "an app whose data Intune clears (azureAdSharedDeviceDataClearApps)")
                app.keys["clears_data_on_user_change"] = cleared
                kiosk.apps.append(app)
            }
        }
        kiosk.apps = Self.distinct(kiosk.apps, blocked: [])
        managedHomeScreenSignOut(node, pointer, into: &kiosk)
        for key in Self.managedHomeScreen {
            guard let field = node[key], !field.isNull else { continue }
            let value: String
            switch field.value {
            case .bool(let flag): value = flag ? "true" : "false"
            case .number(let text): value = text
            case .string(let text) where text.count <= 40: value = text
            default: continue
            }
            kiosk.unmodelled.append("\(key) = \(value) (from: \(file)#\(pointer / key))")
        }
        kiosks.append(kiosk)
    }
}

/// A dedicated-device restrictions profile's apps and Managed Home Screen settings, for the Android drafts.
extension GraphMapper {
    /// Managed Home Screen's sign-in, session PIN and PIN to resume (Graph `kioskModeManagedHomeScreenSignInEnabled`,
    /// `…PinRequired`, `…PinRequiredToResume`), its automatic sign-out after inactivity
    /// (`kioskModeManagedHomeScreenAutoSignout`, "automatically sign-out of MHS and Shared device mode applications
    /// after inactive"), and the delay and notice in seconds.
    mutating func managedHomeScreenSignOut(_ node: JSONNode, _ pointer: JSONPointer, into kiosk: inout AndroidKiosk) {
        for (graph, setting, remark) in Self.managedHomeScreenFlags {
            guard let field = node[graph], case .bool(let flag) = field.value else { continue }
            kiosk.settings[setting] = .known(flag ? "true" : "false", Provenance(file, pointer / graph, remark: remark))
        }
        let noticeKey = "kioskModeManagedHomeScreenInactiveSignOutNoticeInSeconds"
        if let field = node[noticeKey], case .number(let text) = field.value, let seconds = Int(text), seconds >= 0 {
            kiosk.settings["mhs_auto_sign_out_notice"] = .known(
                "\(seconds)s",
                Provenance(
                    file, pointer / noticeKey,
                    remark: "the countdown shown before the automatic sign-out (taken by its name, as the delay)"))
        }
        let delayKey = "kioskModeManagedHomeScreenInactiveSignOutDelayInSeconds"
        if let field = node[delayKey], case .number(let text) = field.value, let seconds = Int(text), seconds >= 0 {
            kiosk.settings["mhs_inactive_sign_out_delay"] = .known(
                "\(seconds)s",
                Provenance(
                    file, pointer / delayKey,
                    remark: "seconds idle before the automatic sign-out (the Graph page's descriptions of the delay "
                        + "and the notice read swapped; the name is taken at its word)"))
        }
    }
}

struct AndroidKiosk: Sendable {
    var name: String
    var source: String
    var origin: Provenance
    var position: SourcePosition
    var apps: [DraftApp] = []
    var unmodelled: [String] = []
    var omitted: [String] = []
    /// Settings the profile gives (Managed Home Screen's automatic sign-out).
    var settings: [String: MappedValue] = [:]
}
