import SSOPolicyProviderKit

private typealias E = AppleEvidence

private let session: [String: String] = ["screen": "unlocked", "signed_in": "alice"]

/// The device before any event: whether it can run Shared iPad at all, whether it waits in Setup Assistant, and the
/// clock (a session past its inactivity timeout ends, an idle one locks).
enum AppleDeviceRule: Int, RuleSet {
    case unsupportedDevice
    case erased
    case userTimeout
    case guestTimeout
    case autoLock

    static let table = RuleTable<AppleDeviceRule>()

    var definition: RuleDefinition<ApplePredicate> {
        switch self {
        case .unsupportedDevice:
            RuleDefinition(
                "apple.device.unsupported", summary: "a device that cannot run Shared iPad opens nothing",
                sources: E.requirements, when: [.when(.unsupportedDevice)], effect: .session(.denied),
                examples: [
                    RuleExample(settings: ["device": "iphone"], fires: true),
                    RuleExample(fires: false),
                ])
        case .erased:
            RuleDefinition(
                "apple.device.setup-assistant",
                summary: "an erased iPad waits in Setup Assistant until it is enrolled again",
                sources: E.erase, when: [.when(.erased)], effect: .session(.denied),
                examples: [
                    RuleExample(facts: ["screen": "setup_assistant"], fires: true),
                    RuleExample(fires: false),
                ])
        case .userTimeout:
            RuleDefinition(
                "apple.session.user-timeout",
                summary: "a user session inactive past user_session_timeout is signed out",
                sources: E.userTimeout,
                when: [.when(.inSession), .not(.guestSession), .when(.timeoutSet), .when(.pastTimeout)], effect: .none,
                examples: [
                    RuleExample(
                        settings: ["user_session_timeout": "15m"],
                        facts: session.merging(["idle_for": "past_timeout"]) { $1 },
                        fires: true),
                    RuleExample(settings: ["user_session_timeout": "15m"], facts: session, fires: false),
                ])
        case .guestTimeout:
            RuleDefinition(
                "apple.guest.timeout",
                summary: "a Guest session inactive past temporary_session_timeout ends and its data is deleted",
                sources: E.temporaryTimeout + E.guestDeleted,
                when: [.when(.inSession), .when(.guestSession), .when(.timeoutSet), .when(.pastTimeout)], effect: .none,
                examples: [
                    RuleExample(
                        settings: ["temporary_session_timeout": "5m"],
                        facts: session.merging(["session_type": "guest", "idle_for": "past_timeout"]) { $1 },
                        fires: true),
                    RuleExample(
                        settings: ["temporary_session_timeout": "5m"],
                        facts: session.merging(["session_type": "guest"]) { $1 }, fires: false),
                ])
        case .autoLock:
            RuleDefinition(
                "apple.session.auto-lock", summary: "an unlocked session inactive past auto_lock_time locks",
                sources: E.autoLock, when: [.when(.inSession), .not(.locked), .when(.pastAutoLock)], effect: .none,
                examples: [
                    RuleExample(facts: session.merging(["idle_for": "past_timeout"]) { $1 }, fires: true),
                    RuleExample(facts: session, fires: false),
                ])
        }
    }
}
