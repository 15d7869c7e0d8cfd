import SSOPolicyProviderKit

/// Every condition an Entra rule can state, worded once and computed here (`holds`), so a trace prints the words of
/// the code that decided.
///
/// The cases up to `safariSignedOut` read only the policy and the app: they are *fixed* for an app, worked out once
/// when the policy is compiled (`fixedHolds`, kept in `EntraPolicy.fixedPredicates`) and tested as bits
/// (`PredicateBits`), so a decision reads them instead of copying the policy into its context. The cases after it
/// read the state and the phase, each computed only when a rule asks (`holds(in:)`).
enum EntraPredicate: UInt8, PredicateBits {
    typealias Context = EntraContext

    // Device and policy.
    case sharedModeConfigured
    case osSupported
    case authenticatorInstalled
    case ssoExtensionReady
    case requirementMissing
    case deviceShared
    case onIOS
    case brokerSilentSSO
    // Model options.
    case secondUserServed
    case localRefreshTokenUsed
    case notifyOnSignIn
    case safariKeptUnlessSignout
    // The app's shape and duties.
    case appAware
    case multipleAccountApp
    case sharedForApp
    case defaultModeApp
    case comparesAccountIDs
    case clearsData
    case signsOutFromBrowser
    case safariSignedOut
    // What the app and the device hold now.
    case appHoldsSession
    case appHoldsData
    case staleLocalToken
    case accountSignedIn
    case userIsDeviceAccount
    case otherUserSignedIn
    case otherAccountHeld
    case brokerHasUser
    case safariSession
    case accountChanged
    // Phase-local values.
    case explicitSignIn
    case callsCurrentAccount
    case foreignData
    case currentAccountPresent
    case noticesChange
    case brokerSignOutFails
    case signedOutGlobally
    case userKeptByAnApp
    case userTokensCached
    case userStillHeld

    /// A fixed predicate for `app` under `policy`; false for the others, which read the state.
    func fixedHolds(policy: EntraPolicy, app: EntraAppPolicy) -> Bool {
        switch self {
        case .sharedModeConfigured: return policy.sharedRequested
        case .osSupported: return policy.osSupported
        case .authenticatorInstalled: return policy.authenticatorInstalled
        case .ssoExtensionReady: return policy.ssoExtensionReady
        case .requirementMissing: return policy.missingRequirement != nil
        case .deviceShared: return policy.deviceShared
        case .onIOS: return policy.isIOS
        case .brokerSilentSSO: return policy.brokerSilentSSO
        case .secondUserServed: return policy.secondUserServed
        case .localRefreshTokenUsed: return policy.localRefreshTokenFallback
        case .notifyOnSignIn: return policy.notifyOnSignIn
        case .safariKeptUnlessSignout: return policy.safariKeptUnlessSignout
        case .appAware: return app.isAware
        case .multipleAccountApp: return app.isMultipleAccount
        case .sharedForApp: return app.mode == .shared
        case .defaultModeApp: return app.mode == .defaultMode
        case .comparesAccountIDs: return app.comparesAccountIDs
        case .clearsData: return app.clearsData
        case .signsOutFromBrowser: return app.signoutFromBrowser
        case .safariSignedOut: return app.signoutFromBrowser || !policy.safariKeptUnlessSignout
        default: return false
        }
    }

    /// The fixed predicates of `app` under `policy` as bits (bit n is the case with raw value n).
    static func fixedBits(policy: EntraPolicy, app: EntraAppPolicy) -> UInt64 {
        allCases.reduce(0) { bits, predicate in
            predicate.fixedHolds(policy: policy, app: app) ? bits | 1 << predicate.rawValue : bits
        }
    }

    /// The fixed predicates, the cases up to `safariSignedOut`: the rule table tests them as masks over the app's
    /// bits.
    static let inBits: UInt64 = (1 << (UInt64(safariSignedOut.rawValue) + 1)) - 1

    /// The fixed predicates' values for the decision's app, worked out when the policy was compiled.
    @inline(__always)
    static func bits(in context: EntraContext) -> UInt64 { context.fixed }

    /// A fixed predicate's value: its bit of the app's fixed predicates.
    @inline(__always)
    private static func fixed(_ predicate: Self, in context: EntraContext) -> Bool {
        context.fixed & 1 << predicate.rawValue != 0
    }

    /// The code each predicate names: a fixed one reads its bit, the others read the state and the phase. Never
    /// allocates (it runs on every attempt). Always inlined: the generated trace-off path names each predicate as a
    /// constant, so this `switch` folds to that predicate's own expression there; it must not call itself.
    @inline(__always)
    func holds(in context: EntraContext) -> Bool {
        let state = context.appState
        let device = context.deviceAccount
        let user = context.user
        switch self {
        case .sharedModeConfigured, .osSupported, .authenticatorInstalled, .ssoExtensionReady, .requirementMissing,
            .deviceShared, .onIOS, .brokerSilentSSO, .secondUserServed, .localRefreshTokenUsed, .notifyOnSignIn,
            .safariKeptUnlessSignout, .appAware, .multipleAccountApp, .sharedForApp, .defaultModeApp,
            .comparesAccountIDs, .clearsData, .signsOutFromBrowser, .safariSignedOut:
            return Self.fixed(self, in: context)
        // An explicit sign-in by another user does not reuse the session the app holds.
        case .appHoldsSession: return state.tokens != nil && (!context.explicit || state.tokens == user)
        case .appHoldsData: return state.dataOwner != nil
        case .staleLocalToken: return state.tokens != nil && state.tokens != device
        case .accountSignedIn: return device != nil
        case .userIsDeviceAccount: return device == user
        case .otherUserSignedIn: return device != nil && device != user
        case .otherAccountHeld:
            let held = Self.fixed(.onIOS, in: context) ? device : (state.principal ?? device)
            return held != nil && held != user
        case .brokerHasUser: return Self.fixed(.brokerSilentSSO, in: context) && device == user
        case .safariSession: return context.safari != nil
        case .accountChanged: return device != state.principal
        case .explicitSignIn: return context.explicit
        case .callsCurrentAccount: return context.callsCurrentAccount
        case .foreignData: return state.dataOwner != nil && state.dataOwner != context.current
        case .currentAccountPresent: return context.current != nil
        case .noticesChange:
            return !context.viaCurrentAccount || Self.fixed(.comparesAccountIDs, in: context)
                || context.current == nil
        case .brokerSignOutFails: return context.brokerFails
        case .signedOutGlobally: return context.signedOutGlobally
        case .userKeptByAnApp: return context.userKeptByAnApp
        case .userTokensCached: return context.userTokensCached
        case .userStillHeld: return context.userStillHeld
        }
    }

    var words: RuleCondition {
        switch self {
        case .sharedModeConfigured:
            return RuleCondition("shared device mode is configured", otherwise: "shared device mode is not configured")
        case .osSupported:
            return RuleCondition("the OS version meets the minimum", otherwise: "the OS version is below the minimum")
        case .authenticatorInstalled:
            return RuleCondition("Authenticator is installed", otherwise: "Authenticator is missing")
        case .ssoExtensionReady:
            return RuleCondition(
                "the SSO extension is configured (or the platform is Android)",
                otherwise: "the iOS SSO extension profile is missing")
        case .requirementMissing:
            return RuleCondition(
                "a device requirement (OS, Authenticator, SSO extension) is missing",
                otherwise: "every device requirement holds")
        case .deviceShared:
            return RuleCondition("the device is in shared mode", otherwise: "the device is not in shared mode")
        case .onIOS: return RuleCondition("the platform is iOS", otherwise: "the platform is Android")
        case .brokerSilentSSO:
            return RuleCondition(
                "silent requests reach the broker (on iOS through the SSO extension)",
                otherwise: "silent requests do not reach the broker (on iOS: no SSO extension)")
        case .secondUserServed:
            return RuleCondition(
                "the model reads the broker as serving the existing session",
                otherwise: "the model reads the broker as rejecting the second user")
        case .localRefreshTokenUsed:
            return RuleCondition(
                "the model reads the local refresh token as used",
                otherwise: "the model reads the local refresh token as not used")
        case .notifyOnSignIn:
            return RuleCondition(
                "the model reads the notification as posted on sign-in too",
                otherwise: "the model reads the notification as posted on sign-out only")
        case .safariKeptUnlessSignout:
            return RuleCondition(
                "the model reads Safari as kept unless signoutFromBrowser",
                otherwise: "the model reads the extension as clearing Safari")
        case .appAware:
            return RuleCondition("the app is broker-enabled MSAL", otherwise: "the app is not broker-enabled MSAL")
        case .multipleAccountApp:
            return RuleCondition("the app is a multiple-account app", otherwise: "the app is a single-account app")
        case .sharedForApp:
            return RuleCondition(
                "the device is in shared mode for this app",
                otherwise: "the device is not in shared mode for this app")
        case .defaultModeApp:
            return RuleCondition("the app runs in default mode", otherwise: "the app does not run in default mode")
        case .comparesAccountIDs:
            return RuleCondition(
                "the app compares account ids", otherwise: "the app only checks whether the account is none")
        case .clearsData:
            return RuleCondition(
                "the app clears its data on a user change", otherwise: "the app does not clear its data")
        case .signsOutFromBrowser:
            return RuleCondition(
                "the app sets signoutFromBrowser", otherwise: "the app signs out without signoutFromBrowser")
        case .safariSignedOut:
            return RuleCondition(
                "the app sets signoutFromBrowser, or the model reads the extension as clearing Safari",
                otherwise: "nothing signs Safari out")
        case .appHoldsSession:
            return RuleCondition("the app holds its own session", otherwise: "the app holds no session of its own")
        case .appHoldsData:
            return RuleCondition("the app holds the user's data", otherwise: "the app holds no data")
        case .staleLocalToken:
            return RuleCondition(
                "the app holds a local refresh token of an account no longer signed in on the device",
                otherwise: "the app holds no stale local refresh token")
        case .accountSignedIn:
            return RuleCondition(
                "an account is signed in on the device", otherwise: "no account is signed in on the device")
        case .userIsDeviceAccount:
            return RuleCondition(
                "the acting user is signed in on the device", otherwise: "the acting user is not the device account")
        case .otherUserSignedIn:
            return RuleCondition(
                "another user is signed in on the device", otherwise: "no other user is signed in on the device")
        case .otherAccountHeld:
            return RuleCondition(
                "the app's persisted account (or, with none, the broker's account) is another user",
                otherwise: "no other user's account is held")
        case .brokerHasUser:
            return RuleCondition(
                "the broker supplies the acting user's account silently",
                otherwise: "the broker cannot supply the acting user's account")
        case .safariSession:
            return RuleCondition("Safari holds an Entra web session", otherwise: "Safari holds no Entra web session")
        case .accountChanged:
            return RuleCondition(
                "the device account differs from the account the app remembers (its previous account)",
                otherwise: "the device account is the account the app remembers")
        case .explicitSignIn:
            return RuleCondition(
                "the user signs in from the sign-in screen", otherwise: "the app settles its session on its own")
        case .callsCurrentAccount:
            return RuleCondition(
                "the app calls getCurrentAccount", otherwise: "the app does not call getCurrentAccount on foreground")
        case .foreignData:
            return RuleCondition(
                "the app holds data of a user other than the current account",
                otherwise: "the app holds no other user's data")
        case .currentAccountPresent:
            return RuleCondition("the current account is a user, not none", otherwise: "the current account is none")
        case .noticesChange:
            return RuleCondition(
                "the app notices the change (it compares account ids, or there is no account now)",
                otherwise: "the app does not notice the change")
        case .brokerSignOutFails:
            return RuleCondition("the broker sign-out fails", otherwise: "the broker sign-out succeeds")
        case .signedOutGlobally:
            return RuleCondition("a global sign-out took place", otherwise: "no global sign-out took place")
        case .userKeptByAnApp:
            return RuleCondition(
                "an app keeps the user's session or data", otherwise: "no app keeps the user's session or data")
        case .userTokensCached:
            return RuleCondition(
                "an app that served the user caches access tokens itself",
                otherwise: "no app that served the user caches access tokens")
        case .userStillHeld:
            return RuleCondition(
                "the broker or another app still holds the user's session",
                otherwise: "nothing else holds the user's session")
        }
    }
}
