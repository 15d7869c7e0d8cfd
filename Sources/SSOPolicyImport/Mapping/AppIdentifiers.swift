import SSOPolicyProviderKit

/// Policy app ids for the apps an export names by bundle id or package name: the last component, lower-cased
/// (`com.example.Inventory` → `inventory`), so the bundled scenarios' app names line up with real apps; a clash
/// gets `-2`, `-3`; `all` is reserved by the policy format.
struct AppIdentifiers {
    private var used = UniqueNames()

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
    static func unique(_ base: String, in used: inout UniqueNames) -> String {
        used.claim(base)
    }
}

/// The names given so far, and for each base the next number to try, so that a thousand profiles with one name
/// cost a thousand look-ups, not half a million.
struct UniqueNames: Sendable {
    private var used: Set<String> = []
    private var next: [String: Int] = [:]

    func contains(_ name: String) -> Bool { used.contains(name) }

    /// `base` if free, else `base-N` for the smallest N (from 2) not taken by this base's earlier names or any
    /// other name; numbers below that were taken when last looked at stay taken (names are never given back).
    mutating func claim(_ base: String) -> String {
        var candidate = base
        var number = next[base] ?? 2
        if used.contains(candidate) {
            repeat {
                candidate = "\(base)-\(number)"
                number += 1
            } while used.contains(candidate)
            next[base] = number
        }
        used.insert(candidate)
        return candidate
    }
}
