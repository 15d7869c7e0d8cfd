import SSOPolicyProviderKit

/// What an Automated Device Enrollment profile with Shared iPad says about an `apple-shared-ipad` policy
/// (Microsoft Graph beta `depIOSEnrollmentProfile`, learn.microsoft.com/graph/api/resources/
/// intune-enrollment-depiosenrollmentprofile): the Intune fields of the enrollment profile's Shared iPad section.
struct SharedIPadDraft: Sendable {
    var name: String
    var source: String
    var origin: Provenance
    var position: SourcePosition
    var settings: [String: MappedValue] = [:]
    var remarks: [String] = []
}

extension GraphMapper {
    /// The enrollment profile's fields and the `apple-shared-ipad` settings they give: (Graph property, setting,
    /// how the value is written).
    static let sharedIPadFields: [(property: String, setting: String, kind: SharedIPadField)] = [
        ("sharedIPadMaximumUserCount", "resident_users", .count),
        ("userSessionTimeoutInSeconds", "user_session_timeout", .seconds),
        ("forceTemporarySession", "temporary_session_only", .flag),
        ("temporarySessionTimeoutInSeconds", "temporary_session_timeout", .seconds),
        ("passcodeLockGracePeriodInSeconds", "passcode_lock_grace_period", .seconds),
        ("supervisedModeEnabled", "supervised", .flag),
        ("userlessSharedAadModeEnabled", "entra_shared_device_mode", .flag),
    ]

    enum SharedIPadField {
        case count, seconds, flag
    }

    /// A whole number field, nil when absent or null; another type, a fraction or a negative number is an error.
    mutating func count(_ node: JSONNode, _ key: String, _ pointer: JSONPointer) -> Int? {
        guard let field = node[key], !field.isNull else { return nil }
        if case .number(let text) = field.value, let number = Int(text), number >= 0, number <= 1_000_000_000 {
            return number
        }
        error("\(pointer / key): expected a whole number of at least 0, found \(field.kindDescription)", at: field)
        return nil
    }

    /// An ADE enrollment profile: with `enableSharedIPad` it becomes an `apple-shared-ipad` draft; without, it is
    /// skipped with a note (its `userlessSharedAadModeEnabled` is Entra shared device mode, set by hand).
    mutating func sharedIPad(_ node: JSONNode, _ pointer: JSONPointer, platform: Provenance) {
        guard bool(node, "enableSharedIPad", pointer) == true else {
            note(
                "\(pointer): skipped a 'depIOSEnrollmentProfile' without enableSharedIPad: a single-user enrollment "
                    + "(its userlessSharedAadModeEnabled is shared device mode; set it by hand)", at: node)
            return
        }
        let header = describe(node, pointer, type: "depIOSEnrollmentProfile")
        var draft = SharedIPadDraft(
            name: header.name, source: header.source, origin: Provenance(file, pointer),
            position: position(node))
        draft.settings["device"] = .known(
            "ipad", Provenance(file, pointer / "enableSharedIPad", remark: "Shared iPad runs on iPads only"))
        for field in Self.sharedIPadFields {
            let provenance = Provenance(file, pointer / field.property)
            switch field.kind {
            case .flag:
                if let flag = bool(node, field.property, pointer) {
                    draft.settings[field.setting] = .known(flag ? "true" : "false", provenance)
                }
            case .count:
                if let number = count(node, field.property, pointer), number > 0 {
                    draft.settings[field.setting] = .known(String(min(number, 32)), provenance)
                }
            case .seconds:
                if let number = count(node, field.property, pointer) {
                    if field.setting != "passcode_lock_grace_period" && number > 0 && number < 30 {
                        // Below Apple's minimum the device would refuse it; the policy could not load it either.
                        draft.settings[field.setting] = .unknown(
                            provenance.with(remark: "\(number) seconds is below Apple's 30-second minimum"))
                    } else {
                        draft.settings[field.setting] = .known(number == 0 ? "0" : "\(number)s", provenance)
                    }
                }
            }
        }
        if node["userSessionTimeoutInSeconds"] != nil {
            draft.remarks.append(
                "userSessionTimeoutInSeconds is the user session's timeout (Graph's description says temporary "
                    + "session; Intune's enrollment profile shows it as the user session timeout).")
        }
        sharedIPads.append(draft)
    }
}

/// Turns a `SharedIPadDraft` into an `apple-shared-ipad` policy: every setting the provider declares, with the
/// value the export gave or `unknown` with why; a setting without a default to play (the grace periods Apple leaves
/// unset) is left out when the export does not say, so the model option for it applies.
struct SharedIPadComposer {
    let descriptor: ProviderDescriptor

    func policy(_ draft: SharedIPadDraft, id: String) -> ImportedPolicy {
        var settings: [ImportedPolicy.Value] = []
        var unset: [String] = []
        for declaration in descriptor.settings {
            let key = declaration.key
            if let mapped = draft.settings[key] {
                settings.append(.init(key: key, value: mapped.value, comment: "from: \(mapped.provenance)"))
            } else if declaration.defaultValue.flatMap({ declaration.kind.parse($0) }) == nil {
                unset.append(key)
            } else {
                settings.append(
                    .init(key: key, value: nil, comment: "from: \(draft.origin.with(remark: "not in the export"))"))
            }
        }
        let app = ImportedPolicy.App(
            id: "app", name: nil,
            comment: "from: \(draft.origin.with(remark: "the enrollment profile names no app: replace with yours"))",
            keys: descriptor.appKeys.map { declaration in
                ImportedPolicy.Value(
                    key: declaration.key, value: nil,
                    comment: "from: \(draft.origin.with(remark: "how the app is built: in no export"))", routine: true)
            })
        var header = [
            "Imported by 'ssopolicy import' from \(draft.source).",
            "Each value says where it came from (# from: FILE#JSON-POINTER). 'unknown' marks what the export cannot",
            "say: run and compare play the provider's default for it and say so, and 'ssopolicy check' lists each one.",
            "Enrollment-profile changes reach a Shared iPad only after it is erased and enrolled again.",
        ]
        if !unset.isEmpty {
            header.append(
                "Not in the export and left unset (the model option for each applies): " + unset.joined(separator: ", ")
                    + ".")
        }
        header += draft.remarks
        return ImportedPolicy(
            id: id, title: "\(draft.name) (imported)", provider: descriptor.id, header: header,
            sections: [.init(heading: [], values: settings)], appsHeading: [], apps: [app], origin: draft.position)
    }
}
