/// What the user sees during one access attempt (spec 4.2). The vocabulary is the public contract, shared by every
/// provider so that vendors can be compared prompt for prompt.
public enum Prompt: UInt8, CaseIterable, Sendable, Hashable, Comparable {
    case interactiveSignIn = 1
    case credentials
    case appCredentials
    case passcode
    case createPasscode
    case changePasscode

    public var name: String {
        switch self {
        case .interactiveSignIn: return "interactive_sign_in"
        case .credentials: return "credentials"
        case .appCredentials: return "app_credentials"
        case .passcode: return "passcode"
        case .createPasscode: return "create_passcode"
        case .changePasscode: return "change_passcode"
        }
    }

    public var meaning: String {
        switch self {
        case .interactiveSignIn:
            return "Entra: MSAL interactive sign-in (in shared mode: the broker's UI, global)"
        case .credentials:
            return "sign-in against the common authentication system (username/password, token or SAML); "
                + "also AirWatch username/password unlock of a shared session"
        case .appCredentials: return "the app's own login, not shared with other apps"
        case .passcode: return "enter the existing SDK/app passcode"
        case .createPasscode: return "create a passcode"
        case .changePasscode: return "a passcode change is forced"
        }
    }

    public init?(name: String) {
        guard let prompt = Prompt.allCases.first(where: { $0.name == name }) else { return nil }
        self = prompt
    }

    public static func < (lhs: Prompt, rhs: Prompt) -> Bool { lhs.rawValue < rhs.rawValue }
}
