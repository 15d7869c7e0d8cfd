import SSOPolicyProviderKit

/// The Microsoft Enterprise SSO plug-in's own configuration, read the same way from a `.mobileconfig`'s
/// `ExtensionData` dictionary and from Intune's typed key/value `configurations`: shared device mode, the apps
/// the lists name, and every other key kept as a note.
///
/// Keys are matched ignoring case ("sharedDeviceMode" in Microsoft's MSAL shared-device page, "SharedDeviceMode"
/// in Jamf's); only the keys Microsoft documents have their values copied into notes, any other key is named with
/// its kind, never its value (a plug-in configuration could hold a secret).
struct PluginConfiguration: Sendable {
    /// A typed value of the configuration.
    enum Value: Sendable {
        case bool(Bool)
        case integer(String)
        case string(String)
        case other(String)

        var text: String {
            switch self {
            case .bool(let flag): return flag ? "true" : "false"
            case .integer(let text), .string(let text): return text
            case .other(let kind): return "(\(kind))"
            }
        }

        /// true/false, 1/0, or "true"/"false"/"1"/"0"; nil otherwise.
        var flag: Bool? {
            switch self {
            case .bool(let flag): return flag
            case .integer(let text), .string(let text):
                switch text.lowercased() {
                case "1", "true", "yes": return true
                case "0", "false", "no": return false
                default: return nil
                }
            case .other: return nil
            }
        }
    }

    struct Entry: Sendable {
        var key: String
        var value: Value
        var provenance: Provenance
        /// Where the entry is in its file, for a problem with its value.
        var position: SourcePosition
    }

    /// Keys documented in "Microsoft Enterprise SSO plug-in for Apple devices" (More configuration options) and the
    /// MSAL shared-device page, lower-cased; their values are safe to copy into a note.
    static let documented: Set<String> = [
        "enable_sso_on_all_managedapps", "appallowlist", "appblocklist", "appprefixallowlist",
        "appcookiessoallowlist", "browser_sso_interaction_enabled", "disable_explicit_app_prompt",
        "disable_explicit_app_prompt_and_autologin", "disable_explicit_native_app_prompt",
        "disable_explicit_native_app_prompt_and_autologin", "disable_inapp_sso_signin", "device_registration",
        "admin_debug_mode_enabled", "shareddevicemode",
    ]
    /// Lists of bundle ids whose apps the policy lists.
    static let appLists = ["appallowlist", "appcookiessoallowlist"]

    var sharedDeviceMode: MappedValue?
    var allowed: [(bundleID: String, provenance: Provenance, list: String)] = []
    var blocked: Set<String> = []
    var unmodelled: [String] = []
    /// Values of the wrong kind for a documented key, for the caller to report.
    var problems: [(message: String, position: SourcePosition)] = []

    /// The same key given more than once (in any case) with values that disagree: the value is written `unknown`
    /// and one warning names every position, whatever order the export holds them in.
    var conflicts: [(message: String, position: SourcePosition)] = []

    init(_ entries: [Entry]) {
        var modes: [(flag: Bool, entry: Entry)] = []
        for entry in entries {
            let key = entry.key.lowercased()
            switch key {
            case "shareddevicemode":
                if let flag = entry.value.flag {
                    modes.append((flag, entry))
                } else {
                    problems.append(
                        ("\(entry.provenance.pointer): '\(entry.key)' expects a boolean (or 0 or 1)", entry.position))
                }
            case _ where Self.appLists.contains(key) || key == "appblocklist":
                guard case .string(let text) = entry.value else {
                    problems.append(
                        (
                            "\(entry.provenance.pointer): '\(entry.key)' expects a comma-separated string of bundle ids",
                            entry.position
                        ))
                    continue
                }
                let ids = text.split(separator: ",").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
                if key == "appblocklist" {
                    blocked.formUnion(ids)
                    unmodelled.append("\(entry.key) = \(text) (from: \(entry.provenance))")
                } else {
                    for id in ids { allowed.append((id, entry.provenance, entry.key)) }
                }
            default:
                if Self.documented.contains(key) {
                    unmodelled.append("\(entry.key) = \(entry.value.text) (from: \(entry.provenance))")
                } else {
                    unmodelled.append(
                        "\(entry.key): an undocumented key, value not copied (from: \(entry.provenance))")
                }
            }
        }
        sharedDeviceMode = Self.sharedDeviceMode(modes, conflicts: &conflicts)
    }

    /// One value for shared device mode from every key that sets it: the value when they agree, else `unknown`
    /// with a conflict naming each key, its value and position (a plist dictionary has no order, and a key/value list's
    /// order is the exporting tool's, so neither can decide).
    static func sharedDeviceMode(
        _ modes: [(flag: Bool, entry: Entry)], conflicts: inout [(message: String, position: SourcePosition)]
    ) -> MappedValue? {
        guard let first = modes.first else { return nil }
        guard modes.contains(where: { $0.flag != first.flag }) else {
            return .known(first.flag ? "true" : "false", first.entry.provenance)
        }
        func said(_ mode: (flag: Bool, entry: Entry)) -> String {
            let position = mode.entry.position
            return "'\(mode.entry.key)' \(mode.flag) at "
                + (position.line > 0 ? "\(position.line):\(position.column) " : "") + "\(mode.entry.provenance.pointer)"
        }
        conflicts.append(
            (
                "shared device mode is set more than once and the values disagree: "
                    + modes.map(said).joined(separator: ", ") + "; keys are matched ignoring case and no order between "
                    + "them is documented, so shared_device_mode is written as unknown: keep one of them",
                first.entry.position
            ))
        let remark =
            "set more than once, disagreeing: "
            + modes.map { "\($0.entry.provenance.pointer) says \($0.flag)" }.joined(separator: ", ")
        return .unknown(first.entry.provenance.with(remark: remark))
    }
}
