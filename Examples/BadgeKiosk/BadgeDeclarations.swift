import SSOPolicyProviderKit

/// The kiosk's documents: every citation names one of these.
enum BadgeSources {
    static let manual = "badge-kiosk-example"

    static let documents = [
        SourceDocument(
            manual, title: "ssopolicy example provider", publisher: "ssopolicy", url: "Examples/BadgeKiosk",
            language: "en", documentedAsOf: "2026-11-23")
    ]

    /// A citation of the example's own description.
    static func cite(_ locator: String) -> [Citation] { [Citation(manual, locator)] }
}

/// The facts a scenario's `given:` and `evaluate --fact` may state; a case's position is its `FactID`.
enum BadgeFact: Int, DeclaredFact {
    case live
    case sessionUser

    var declaration: FactDeclaration {
        switch self {
        case .live:
            .bool("session_live", default: false, meaning: "a tap is live", sources: BadgeSources.cite("§Facts"))
        case .sessionUser:
            FactDeclaration(
                "session_user", .account, default: "none", meaning: "who tapped last",
                sources: BadgeSources.cite("§Facts"))
        }
    }
}

/// The kiosk's own events, after the four required ones.
enum BadgeEvent: Int, DeclaredEvent {
    case tap

    var declaration: EventDeclaration {
        switch self {
        case .tap:
            EventDeclaration(
                "tap", target: .app, requiresUser: true, accessAttempt: true, meaning: "a badge tap at the app",
                sources: BadgeSources.cite("§Events"))
        }
    }
}

/// What a step's `details` may say.
enum BadgeDetail: Int, DeclaredDetail {
    case reader

    var declaration: DetailDeclaration {
        switch self {
        case .reader: DetailDeclaration("reader", .choice(["on", "off"]), meaning: "whether the reader read a badge")
        }
    }
}

/// The risks the kiosk reports.
enum BadgeFinding: Int, DeclaredFinding {
    case previousSession
    case neverExpires

    var declaration: FindingDeclaration {
        switch self {
        case .previousSession:
            FindingDeclaration(
                "previous-user-session-active", .critical, concern: .foreignSession,
                message: "{user} is served {previous_user}'s session in {app}",
                meaning: "the acting user works in another user's tap", sources: BadgeSources.cite("§Findings"))
        case .neverExpires:
            FindingDeclaration(
                "session-never-expires", .medium, message: "a tap never expires", meaning: "timeout 0",
                sources: BadgeSources.cite("§Findings"))
        }
    }
}
