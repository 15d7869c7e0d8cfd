import SSOPolicy
import SSOPolicyQueries

/// The playground's fleet choice (docs/serve.md): a bundled fleet or a pasted one replaces the policies; the view
/// then shows the decision (`decide`) above the comparison of every setup on every device group.
extension PlaygroundPage {
    static func fleetChoice(_ query: PlaygroundQuery, catalog: BundledCatalog) -> String {
        var out = "</fieldset>\n<fieldset><legend>Or a fleet (replaces the policies; the decision comes first)"
        out += "</legend>\n<label for=\"fleet\">bundled</label> <select name=\"fleet\" id=\"fleet\">"
        out += "<option value=\"\">none</option>"
        for entry in catalog.entries(of: .fleet) {
            let selected = entry.name == query.fleet ? " selected" : ""
            out +=
                "<option value=\"\(HTMLText.attribute(entry.name))\"\(selected)>\(HTMLText.escape(entry.name))"
                + (entry.title.map { " — " + HTMLText.escape($0) } ?? "") + "</option>"
        }
        out += "</select>\n<label for=\"fleet_yaml\">or yours (YAML, replaces it)</label>"
        out += "<textarea name=\"fleet_yaml\" id=\"fleet_yaml\" spellcheck=\"false\" rows=\"6\">"
        out += HTMLText.escape(query.fleetYAML ?? "") + "</textarea>\n"
        return out
    }
}
