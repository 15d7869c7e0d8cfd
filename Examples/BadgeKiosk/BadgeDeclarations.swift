import SSOPolicyProviderKit

/// The kiosk's documents: every citation names one of these (`BadgeSource.manual["§Facts"]`).
enum BadgeSource: String, SourceCatalogue {
    case manual = "badge-kiosk-example"

    var document: SourceDocument {
        switch self {
        case .manual:
            SourceDocument(
                rawValue, title: "ssopolicy example provider", publisher: "ssopolicy", url: "Examples/BadgeKiosk",
                language: "en", documentedAsOf: "2026-11-23")
        }
    }
}

/// What a policy's `settings:` may say; `compile` reads each through its case.
enum BadgeSetting: Int, DeclaredSetting {
    static let declaredKeys = DeclaredKeys<Self>()

    case timeout
    case afterTimeout

    var declaration: SettingDeclaration {
        switch self {
        case .timeout:
            SettingDeclaration(
                "timeout", .duration, default: "15m", meaning: "how long a tap lasts",
                sources: [BadgeSource.manual["§Settings"]])
        case .afterTimeout:
            SettingDeclaration(
                "after_timeout", .choice(AfterTimeout.allCases.map(\.rawValue)), default: "badge",
                meaning: "what to ask after the timeout", sources: [BadgeSource.manual["§Settings"]],
                matrixDimension: true)
        }
    }
}

/// The values of `after_timeout`.
enum AfterTimeout: String, CaseIterable {
    case badge, pin
}

/// The readings of what the kiosk's manual leaves open.
enum BadgeModelOption: Int, DeclaredModelOption {
    static let declaredKeys = DeclaredKeys<Self>()

    case tapScope

    var declaration: ModelOptionDeclaration {
        switch self {
        case .tapScope:
            ModelOptionDeclaration(
                "tap_scope", conflict: "T1", summary: "which apps a tap unlocks",
                readings: [
                    .init("all_apps", meaning: "every kiosk app", sources: [BadgeSource.manual["§Sessions"]]),
                    .init("one_app", meaning: "only the app tapped", sources: [BadgeSource.manual["§Sessions"]]),
                ])
        }
    }
}

/// What each app of a policy may say.
enum BadgeAppKey: Int, DeclaredAppKey {
    static let declaredKeys = DeclaredKeys<Self>()

    case kiosk

    var declaration: SettingDeclaration {
        switch self {
        case .kiosk:
            SettingDeclaration(
                "kiosk", .bool, default: "true", meaning: "the app takes part in the badge session",
                sources: [BadgeSource.manual["§Apps"]])
        }
    }
}

/// The facts a scenario's `given:` and `evaluate --fact` may state; a case's position is its `FactID`.
enum BadgeFact: Int, DeclaredFact {
    case live
    case sessionUser

    var declaration: FactDeclaration {
        switch self {
        case .live:
            .bool("session_live", default: false, meaning: "a tap is live", sources: [BadgeSource.manual["§Facts"]])
        case .sessionUser:
            FactDeclaration(
                "session_user", .account, default: "none", meaning: "who tapped last",
                sources: [BadgeSource.manual["§Facts"]])
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
                sources: [BadgeSource.manual["§Events"]])
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
                meaning: "the acting user works in another user's tap", sources: [BadgeSource.manual["§Findings"]])
        case .neverExpires:
            FindingDeclaration(
                "session-never-expires", .medium, message: "a tap never expires", meaning: "timeout 0",
                sources: [BadgeSource.manual["§Findings"]])
        }
    }
}
