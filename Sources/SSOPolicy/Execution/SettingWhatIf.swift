import SSOPolicyProviderKit

/// The settings a what-if changes or leaves unknown: `--setting key=value` answers as if the policy said so;
/// `--setting key=?` makes the setting a dimension of the answer like an unknown fact, named in `when`. A per-app key
/// is named `APP.KEY` (`timesheet.msal=?`). Each assignment of the unknown settings recompiles the policy.
struct SettingWhatIf {
    /// What a name designates: a setting (or model option), or one app's key.
    enum Target: Hashable {
        case setting(String)
        case appKey(AppID, String)
    }

    /// An unknown setting: its name as the request wrote it, and the values the answer is split over.
    struct Dimension {
        var name: String
        var target: Target
        var values: [String]
    }

    var overrides: [(target: Target, value: SettingValue)] = []
    var dimensions: [Dimension] = []

    /// Assignments of the dimensions the what-if recompiles the policy for, at most.
    static let maxAssignments = 4_096
    /// The same bound when the dimensions come from the file's own `unknown` values, which nobody asked to split
    /// over one by one: each assignment is a whole what-if of the unknown facts.
    static let maxFileAssignments = 64

    /// What `settings` (name → text, `?` for unknown) asks of `policy`; every problem at once.
    static func parse(
        _ settings: [(key: String, value: String)], policy: CompiledPolicy, failure: (String, String) -> [Diagnostic]
    ) -> (SettingWhatIf, [Diagnostic]) {
        var whatIf = SettingWhatIf()
        // Most attempts (every batch line) change no setting: nothing to look up.
        if settings.isEmpty { return (whatIf, []) }
        var problems: [Diagnostic] = []
        var seen = Set<String>()
        let descriptor = policy.descriptor
        let configuration = policy.configuration
        let settingDeclarations = descriptor.settings + descriptor.modelOptions.map(\.setting)
        for (name, text) in settings {
            guard seen.insert(name).inserted else {
                problems += failure("setting '\(name)' given twice", name)
                continue
            }
            let target: Target
            let declaration: SettingDeclaration
            if let found = settingDeclarations.first(where: { $0.key == name }) {
                target = .setting(name)
                declaration = found
            } else if let dot = name.firstIndex(of: "."),
                let app = configuration.app(named: String(name[..<dot])),
                let found = descriptor.appKeys.first(where: { $0.key == name[name.index(after: dot)...] })
            {
                target = .appKey(app, found.key)
                declaration = found
            } else {
                let candidates =
                    settingDeclarations.map(\.key)
                    + configuration.apps.flatMap { app in descriptor.appKeys.map { app.id + "." + $0.key } }
                problems += failure(
                    "unknown setting '\(name)' for provider '\(descriptor.id)'"
                        + Suggestion.didYouMean(name, in: candidates)
                        + " (a setting, a model option, or APP.KEY for one app's key)", name)
                continue
            }
            if text == "?" {
                guard let values = declaration.kind.enumeratedValues else {
                    problems += failure(
                        "setting '\(name)' cannot be unknown: it takes \(declaration.kind.expectation), too many "
                            + "values to split over; give a value to answer for", name)
                    continue
                }
                whatIf.dimensions.append(Dimension(name: name, target: target, values: values))
            } else if let value = declaration.kind.parse(text) {
                whatIf.overrides.append((target, value))
            } else {
                let suggestion = declaration.kind.enumeratedValues.map { Suggestion.didYouMean(text, in: $0) } ?? ""
                let bound = Duration.isOverBound(text) ? "; a duration is at most \(Duration.maxText)" : ""
                problems += failure(
                    "setting '\(name)': expected \(declaration.kind.expectation) or '?', found "
                        + Excerpt.quoted(text) + suggestion + bound, name)
            }
        }
        let assignments = whatIf.dimensions.reduce(1) { Saturating.product($0, $1.values.count) }
        if assignments > maxAssignments {
            problems += failure(
                "\(whatIf.dimensions.count) unknown settings give \(assignments) combinations, more than "
                    + "\(maxAssignments): give some of them a value",
                whatIf.dimensions.map(\.name).joined(separator: ", "))
        }
        return (whatIf, problems)
    }

    /// The policy file's own `unknown` values that the request does not name: each setting, and each key of the
    /// evaluated `app`, becomes a dimension (`?`) while the assignments stay within `maxFileAssignments`; the rest (other
    /// apps' keys, values too many to split over, dimensions past the cap) are played at their defaults and
    /// returned by name, for the answer's note.
    mutating func addFileUnknowns(of policy: CompiledPolicy, app: AppID) -> [String] {
        let configuration = policy.configuration
        let shared = policy.sharedDescriptor
        let named = Set(dimensions.map(\.target) + overrides.map(\.target))
        var assignments = dimensions.reduce(1) { Saturating.product($0, $1.values.count) }
        var played: [String] = []
        func consider(_ item: UnknownSetting, _ target: Target, name: String, _ declarations: [SettingDeclaration]) {
            guard !named.contains(target) else { return }
            guard let values = declarations.first(where: { $0.key == item.key })?.kind.enumeratedValues,
                Saturating.product(assignments, values.count) <= Self.maxFileAssignments
            else {
                played.append(name)
                return
            }
            assignments = Saturating.product(assignments, values.count)
            dimensions.append(Dimension(name: name, target: target, values: values))
        }
        for item in configuration.unknownSettings {
            consider(item, .setting(item.key), name: item.key, shared.value.settings)
        }
        for (index, entry) in configuration.apps.enumerated() {
            for item in entry.unknownKeys {
                let name = entry.id + "." + item.key
                if index == app.int {
                    consider(item, .appKey(app, item.key), name: name, shared.value.appKeys)
                } else {
                    played.append(name)
                }
            }
        }
        return played
    }

    var isEmpty: Bool { overrides.isEmpty && dimensions.isEmpty }

    /// Assignments of the dimensions (a value index per dimension), first dimension slowest.
    var assignments: [[Int]] {
        dimensions.reduce([[]]) { prefixes, dimension in
            prefixes.flatMap { prefix in dimension.values.indices.map { prefix + [$0] } }
        }
    }

    /// The policy with the overrides and `assignment` applied, or the provider's first error when it rejects it.
    func policy(_ base: CompiledPolicy, assignment: [Int]) -> Result<CompiledPolicy, DiagnosticsError> {
        guard !isEmpty else { return .success(base) }
        var configuration = base.configuration
        var changes = overrides
        for (dimension, value) in zip(dimensions, assignment) {
            let text = dimension.values[value]
            let declaration: SettingDeclaration?
            switch dimension.target {
            case .setting(let key):
                declaration = (base.descriptor.settings + base.descriptor.modelOptions.map(\.setting)).first {
                    $0.key == key
                }
            case .appKey(_, let key): declaration = base.descriptor.appKeys.first { $0.key == key }
            }
            if let parsed = declaration?.kind.parse(text) { changes.append((dimension.target, parsed)) }
        }
        for (target, value) in changes {
            switch target {
            case .setting(let key):
                configuration.settings.set(key, value, at: configuration.settings.position(of: key))
            case .appKey(let app, let key):
                configuration.apps[app.int].keys.set(
                    key, value, at: configuration.apps[app.int].keys.position(of: key))
            }
        }
        var diagnostics = Diagnostics()
        guard let compiled = base.recompiled(configuration, diagnostics: &diagnostics) else {
            return .failure(DiagnosticsError(diagnostics.errors))
        }
        return .success(compiled)
    }
}
