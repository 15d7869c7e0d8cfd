import SSOPolicyProviderKit

/// Policy app ids for the apps an export names by bundle id or package name: the last component, lower-cased
/// (`com.example.Inventory` → `inventory`), so the bundled scenarios' app names line up with real apps; a clash
/// gets `-2`, `-3`; `all` is reserved by the policy format.
struct AppIdentifiers {
    private var used: Set<String> = []

    mutating func id(for bundleID: String) -> String {
        let last = bundleID.split(separator: ".").last.map(String.init) ?? bundleID
        var base = Slug.make(last, maxLength: 48)
        if base.isEmpty { base = "app" }
        if base == "all" { base = "all-app" }
        return Slug.unique(base, in: &used)
    }
}

/// Lower-case letters, digits and single dashes from any text (`iOS shared - SSO plug-in` → `ios-shared-sso-plug-in`).
enum Slug {
    static func make(_ text: String, maxLength: Int) -> String {
        var out = ""
        var pendingDash = false
        for scalar in text.unicodeScalars {
            let lowered = scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
            if ("a"..."z").contains(lowered) || ("0"..."9").contains(lowered) {
                if pendingDash, !out.isEmpty { out += "-" }
                pendingDash = false
                out.unicodeScalars.append(lowered)
                if out.count >= maxLength { break }
            } else {
                pendingDash = true
            }
        }
        return out
    }

    /// `base`, or `base-2`, `base-3`… the first not in `used`, which it joins.
    static func unique(_ base: String, in used: inout Set<String>) -> String {
        var candidate = base
        var number = 2
        while used.contains(candidate) {
            candidate = "\(base)-\(number)"
            number += 1
        }
        used.insert(candidate)
        return candidate
    }
}
