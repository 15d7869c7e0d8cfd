import SSOPolicyProviderKit

/// The device's custody status as MAM records it.
enum DeviceStatus: Int, Sendable, Hashable {
    case checkedIn, checkedOut, overdue, lostMode, pinUnlocked

    static let words = ["checked_in", "checked_out", "overdue", "lost_mode", "pin_unlocked"]

    /// Someone holds the device (checked out, overdue or in Lost Mode).
    var isOut: Bool { self == .checkedOut || self == .overdue || self == .lostMode }
}

/// What one app holds: its own sign-in and its data. MAM does not hold app sessions; apps do.
struct ImprivataAppState: Hashable, Sendable {
    var session: UserID?
    var data: UserID?
    /// The custom-scheme permission dialogs were answered once on this device.
    var dialogsAccepted = false
}

/// Everything imprivata-mam remembers between steps: custody, the device passcode, the Microsoft account, the MDM
/// user, the AutoFill vault, and each app's own session and data.
public struct ImprivataState: Hashable, Sendable {
    var status: DeviceStatus
    var custodian: UserID?
    /// When the current check-out happened; `givenAtStart` until the first event fixes it.
    var checkOutTime: Int
    /// Whose device passcode is set (nil = none).
    var passcodeOwner: UserID?
    var entraAccount: UserID?
    var mdmUser: UserID?
    var autofillUser: UserID?
    var secondFactorDone: Bool
    /// The device restarted since check-out (an iOS passcode can then not be cleared over Wi-Fi).
    var rebooted: Bool
    var apps: [ImprivataAppState]

    static let givenAtStart = Int.min
    /// A check-out given by facts whose lending period has passed when the first event happens.
    static let givenElapsed = Int.min + 1

    init(_ policy: ImprivataPolicy, facts: FactValues) {
        status = .checkedIn
        checkOutTime = Self.givenAtStart
        secondFactorDone = false
        rebooted = false
        apps = []
        reset(policy, facts: facts)
    }

    /// At the first event: a check-out given by facts gets a time.
    mutating func startClock(_ time: Int, lendingPeriod: Int) {
        if checkOutTime == Self.givenAtStart {
            checkOutTime = time
        } else if checkOutTime == Self.givenElapsed {
            checkOutTime = time - lendingPeriod
        }
    }

    mutating func reset(_ policy: ImprivataPolicy, facts: FactValues) {
        status = DeviceStatus(rawValue: facts.choice(ImprivataFact.status)) ?? .checkedIn
        custodian = facts.account(ImprivataFact.custodian)
        checkOutTime = facts.bool(ImprivataFact.lendingPeriodPassed) ? Self.givenElapsed : Self.givenAtStart
        passcodeOwner = facts.account(ImprivataFact.passcodeOwner)
        entraAccount = facts.account(ImprivataFact.entraAccount)
        mdmUser = facts.account(ImprivataFact.mdmUser)
        autofillUser = policy.autofill && status.isOut ? custodian : nil
        secondFactorDone = facts.bool(ImprivataFact.secondFactorDone)
        rebooted = facts.bool(ImprivataFact.rebooted)
        if apps.count != policy.apps.count {
            apps = [ImprivataAppState](repeating: ImprivataAppState(), count: policy.apps.count)
        }
        for index in apps.indices {
            let app = AppID(index)
            apps[index] = ImprivataAppState(
                session: facts.account(ImprivataFact.sessionOwner, app: app),
                data: facts.account(ImprivataFact.dataOwner, app: app),
                dialogsAccepted: facts.bool(ImprivataFact.dialogsAccepted, app: app))
        }
    }
}

/// The step conditions of one event, read once.
struct ImprivataConditions {
    var logoutFails = false
    var clearPasscodeFails = false
    var badgeNotEnrolled = false
}

/// What the predicates read for one decision: the policy, the state before it, who acts, and for per-app
/// decisions the app and its state.
struct ImprivataContext {
    var policy: ImprivataPolicy
    var state: ImprivataState
    var user: UserID?
    var time: Int
    var conditions = ImprivataConditions()
    var app = ImprivataApp(
        logout: .none, login: .none, survivesRelaunch: true, clearsDataOnLogout: false, coldStartSafe: true,
        notificationsWhenLocked: false, webSignIn: false)
    var appState = ImprivataAppState()
    /// Set after the per-app logouts of a check-in: one of them failed.
    var aLogoutFailed = false

    mutating func focus(_ index: Int) {
        app = policy.apps[index]
        appState = state.apps[index]
    }
}

extension ImprivataState {
    /// This state read back as the provider's facts for an access to app number `app` at time `clock` (seconds
    /// since midnight): choice facts as words, account facts as users. What `evaluate` needs to agree with `run`
    /// (the evaluate/run agreement test); a lending period passed by `clock` is the fact `lending_period_passed`.
    public func facts(app: Int, clock: Int, lendingPeriod: Int) -> (
        words: [String: String], accounts: [String: UserID?]
    ) {
        var words = [
            "status": DeviceStatus.words[status.rawValue],
            "autofill_second_factor_done": secondFactorDone ? "true" : "false",
            "rebooted": rebooted ? "true" : "false",
            "logout_dialogs_accepted": apps[app].dialogsAccepted ? "true" : "false",
        ]
        let passed =
            status == .checkedOut && lendingPeriod > 0 && checkOutTime > Self.givenElapsed
            && clock - checkOutTime >= lendingPeriod
        words["lending_period_passed"] = passed ? "true" : "false"
        let accounts: [String: UserID?] = [
            "custodian": custodian, "session_owner": apps[app].session, "data_owner": apps[app].data,
            "entra_account": entraAccount, "mdm_user": mdmUser, "passcode_owner": passcodeOwner,
        ]
        return (words, accounts)
    }
}
