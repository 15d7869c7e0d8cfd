import Foundation
import SSOPolicy

/// Which of a policy's apps a log's app is: an explicit mapping first (`--app-map NAME_OR_ID=APP`, by the log's app
/// id or display name, ignoring case), then the policy app whose `name` or `id` equals the log's display name
/// (ignoring case). A log app that matches nothing is not played (and is listed).
package struct AppMapping: Sendable {
    /// Lower-cased log app id or display name → policy app id.
    package private(set) var explicit: [String: String] = [:]

    package init() {}

    /// Adds `LOG=APP` pairs; a pair naming an app the policy lacks is a positioned error (`<command-line>`).
    package init(pairs: [String], policy: CompiledPolicy) throws(DiagnosticsError) {
        var diagnostics: [Diagnostic] = []
        let position = SourcePosition(file: "<command-line>", line: 0, column: 0)
        let ids = policy.configuration.apps.map(\.id)
        for pair in pairs {
            guard let equals = pair.lastIndex(of: "="), equals != pair.startIndex else {
                diagnostics.append(
                    .error(at: position, "--app-map: expected LOG_APP=POLICY_APP, found " + Excerpt.quoted(pair)))
                continue
            }
            let log = String(pair[..<equals]).trimmingCharacters(in: .whitespaces)
            let app = String(pair[pair.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
            guard policy.configuration.app(named: app) != nil else {
                diagnostics.append(
                    .error(
                        at: position,
                        "--app-map: policy '\(policy.configuration.id)' has no app '\(app)'"
                            + Suggestion.didYouMean(app, in: ids)))
                continue
            }
            explicit[log.lowercased()] = app
        }
        if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics) }
    }

    /// The policy app id for a log app, or nil.
    package func policyApp(name: String, appID: String?, in policy: CompiledPolicy) -> String? {
        if let appID, let app = explicit[appID.lowercased()] { return app }
        let folded = name.lowercased()
        if let app = explicit[folded] { return app }
        guard !folded.isEmpty else { return nil }
        for app in policy.configuration.apps
        where app.id.lowercased() == folded || app.name?.lowercased() == folded {
            return app.id
        }
        return nil
    }
}
