/// What the user sees during one access attempt (spec 4.2). The vocabulary is the public contract, shared by every
/// provider so that vendors can be compared prompt for prompt.
public enum Prompt: UInt8, CaseIterable, Sendable, Hashable, Comparable {
    case interactiveSignIn = 1
    case credentials
    case appCredentials
    case passcode
    case createPasscode
    case changePasscode
    case badge
    case badgePIN
    case devicePasscode

    public var name: String {
        switch self {
        case .interactiveSignIn: return "interactive_sign_in"
        case .credentials: return "credentials"
        case .appCredentials: return "app_credentials"
        case .passcode: return "passcode"
        case .createPasscode: return "create_passcode"
        case .changePasscode: return "change_passcode"
        case .badge: return "badge"
        case .badgePIN: return "badge_pin"
        case .devicePasscode: return "device_passcode"
        }
    }

    /// What the user sees, in plain words (the glossary in the README, `providers`, the schema and the guide).
    public var meaning: String {
        switch self {
        case .interactiveSignIn:
            return "the identity provider's full sign-in screen (user name, password and any second factor); on a "
                + "shared device it signs the whole device in"
        case .credentials:
            return "a user name and password (or a token or SAML sign-in) checked by the organisation's common "
                + "sign-in system; apps that share sessions share what it unlocks"
        case .appCredentials: return "the app's own sign-in screen; what the user types there serves this app only"
        case .passcode: return "the short passcode that unlocks the apps' session (not the device's own passcode)"
        case .createPasscode: return "the user must choose a new passcode, because none exists yet"
        case .changePasscode: return "the user must replace a passcode that has expired or breaks the passcode rules"
        case .badge: return "the user taps a proximity badge on a reader: it identifies them, nothing is typed"
        case .badgePIN:
            return "the short PIN that goes with the user's badge (a second factor of the badge, not a passcode)"
        case .devicePasscode:
            return "the device's own lock-screen passcode, set on the device itself (not an app's or SDK's passcode)"
        }
    }

    public init?(name: String) {
        guard let prompt = Prompt.allCases.first(where: { $0.name == name }) else { return nil }
        self = prompt
    }

    public static func < (lhs: Prompt, rhs: Prompt) -> Bool { lhs.rawValue < rhs.rawValue }
}
