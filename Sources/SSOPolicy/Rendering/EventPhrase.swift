/// A step or an attempt as a sentence that reads: "nina opens charting", "nina signs out of charting", "the
/// device restarts". Events the core does not know read "nina: check_out hub".
package enum EventPhrase {
    package static func sentence(user: String?, event: String, app: String) -> String {
        let who = user ?? "nobody"
        switch event {
        case "open": return "\(who) opens \(app)"
        case "sign_out": return "\(who) signs out of \(app)"
        case "sign_in": return "\(who) signs in to \(app)"
        case "terminate": return app == "all" ? "the device restarts" : "\(who) terminates \(app)"
        case "query_sso_status": return "\(app) reads its SSO status for \(who)"
        case "open_browser": return "\(who) opens \(app)"
        case "handover":
            if app.hasPrefix("-> ") { return "\(app.dropFirst(3)) takes the device" }
            let pair = app.components(separatedBy: " -> ")
            return pair.count == 2 ? "\(pair[0]) hands the device to \(pair[1])" : "handover \(app)"
        default: return "\(who): \(event) \(app)"
        }
    }
}
