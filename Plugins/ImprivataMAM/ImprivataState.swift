import SSOPolicyProviderKit

/// The device's custody status as MAM records it.
enum DeviceStatus: Int, Sendable, Hashable {
    case checkedIn, checkedOut, overdue, lostMode, pinUnlocked

    static let words = ["checked_in", "checked_out", "overdue", "lost_mode", "pin_unlocked"]

    /// Someone holds the device (checked out, overdue or in Lost Mode).
    var isOut: Bool { self == .checkedOut || self == .overdue || self == .lostMode }
}

/// What one app holds: its own sign-in and its data. MAM does not hold app sessions; apps do. The facts give each
/// field until an event writes it (in a what-if it stays unknown until a decision reads it).
struct ImprivataAppState: Hashable, Sendable {
    var session: Given<UserID?> = .known(nil)
    var data: Given<UserID?> = .known(nil)
    /// The custom-scheme permission dialogs were answered once on this device: a phone in service (`in_service`, the
    /// default), or at its first-ever check-in an app whose dialogs were answered all the same.
    var dialogsAccepted: Given<Bool> = .known(true)

    /// An app that holds nobody's session or data.
    init() {}

    /// App number `app` as the facts describe it.
    /// `keepsNoSignIn`: the app's own login asks at every open (`asks_every_open`), so it holds no session whatever
    /// `session_owner` says.
    init(facts: FactValues, app: AppID, keepsNoSignIn: Bool = false) {
        session = keepsNoSignIn ? .known(nil) : facts.given(account: ImprivataFact.sessionOwner, app: app)
        data = facts.given(account: ImprivataFact.dataOwner, app: app)
        dialogsAccepted = facts.given(bool: ImprivataFact.inService).flatMap {
            $0 ? .known(true) : facts.given(bool: ImprivataFact.dialogsAccepted, app: app)
        }
    }
}

/// Everything imprivata-mam remembers between steps: custody, the device passcode, the Microsoft account, the MDM
/// user, the AutoFill vault, and each app's own session and data. The fields the facts give are `Given`: in a
/// what-if they stay unknown until a decision reads them.
public struct ImprivataState: Hashable, Sendable {
    var status: Given<DeviceStatus> = .known(.checkedIn)
    var custodian: Given<UserID?> = .known(nil)
    /// When the current check-out happened; the moment the facts gave until the first event fixes it.
    var checkOutTime: Given<Stamp> = .known(.givenJustNow)
    /// Whose device passcode is set (nil = none).
    var passcodeOwner: Given<UserID?> = .known(nil)
    var entraAccount: Given<UserID?> = .known(nil)
    var mdmUser: Given<UserID?> = .known(nil)
    /// Whose credentials AutoFill holds: the custodian of a device that is out, when AutoFill is on.
    var autofillUser: Given<UserID?> = .known(nil)
    var secondFactorDone: Given<Bool> = .known(false)
    /// The device restarted since check-out and its passcode has not been entered since (an iOS passcode can then
    /// not be cleared over Wi-Fi: a restarted iPhone talks to no network until its passcode is entered).
    var rebooted: Given<Bool> = .known(false)
    /// The device's lock screen asks its passcode (a restart since the worker last unlocked it).
    var deviceLocked: Given<Bool> = .known(false)
    var apps: [ImprivataAppState] = []

    init(_ policy: ImprivataPolicy, facts: FactValues) {
        reset(policy, facts: facts)
    }

    /// At the first event: a check-out given by facts gets a time. A time still waiting for
    /// `lending_period_passed` stays pending: the decision that reads it makes the what-if run again with it known.
    mutating func startClock(_ time: Int, lendingPeriod: Int) {
        guard let start = checkOutTime.known, start.time == nil else { return }
        checkOutTime = .known(start.fixed(at: time, interval: lendingPeriod))
    }

    /// The state the facts describe. Each field waits for its own fact; the AutoFill vault waits for `status`, then
    /// (for a device that is out) for `custodian`.
    mutating func reset(_ policy: ImprivataPolicy, facts: FactValues) {
        status = facts.given(choice: ImprivataFact.status).map { DeviceStatus(rawValue: $0) ?? .checkedIn }
        let custodian = facts.given(account: ImprivataFact.custodian)
        self.custodian = custodian
        checkOutTime = facts.given(bool: ImprivataFact.lendingPeriodPassed).map {
            $0 ? .givenPassed : .givenJustNow
        }
        passcodeOwner = facts.given(account: ImprivataFact.passcodeOwner)
        entraAccount = facts.given(account: ImprivataFact.entraAccount)
        mdmUser = facts.given(account: ImprivataFact.mdmUser)
        autofillUser = policy.autofill ? status.flatMap { $0.isOut ? custodian : .known(nil) } : .known(nil)
        secondFactorDone = facts.given(bool: ImprivataFact.secondFactorDone)
        rebooted = facts.given(bool: ImprivataFact.rebooted)
        deviceLocked = facts.given(bool: ImprivataFact.deviceLocked)
        if apps.count != policy.apps.count {
            apps = [ImprivataAppState](repeating: ImprivataAppState(), count: policy.apps.count)
        }
        for index in apps.indices {
            apps[index] = ImprivataAppState(
                facts: facts, app: AppID(index), keepsNoSignIn: policy.apps[index].asksEveryOpen)
        }
    }
}

extension ImprivataAppState {
    /// The app's fields packed in one word: `verify` hashes every state it reaches, so a state hashes a few words
    /// rather than each field (equal apps have equal words, as `==` compares the same fields).
    var packed: UInt64 {
        Self.bits(session.stored) | Self.bits(data.stored) << 17 | (dialogsAccepted.stored ? 1 << 34 : 0)
    }

    /// An optional user in 17 bits: the index, and a bit for nil.
    static func bits(_ user: UserID?) -> UInt64 { user.map { UInt64($0.index) } ?? 1 << 16 }

    func hash(into hasher: inout Hasher) { hasher.combine(packed) }
}

extension ImprivataState {
    /// Hashes the fields packed in a few words (see `ImprivataAppState.packed`).
    public func hash(into hasher: inout Hasher) {
        typealias App = ImprivataAppState
        hasher.combine(
            UInt64(status.stored.rawValue) | App.bits(custodian.stored) << 3 | App.bits(passcodeOwner.stored) << 20
                | App.bits(entraAccount.stored) << 37)
        hasher.combine(
            App.bits(mdmUser.stored) | App.bits(autofillUser.stored) << 17 | (secondFactorDone.stored ? 1 << 34 : 0)
                | (rebooted.stored ? 1 << 35 : 0) | (deviceLocked.stored ? 1 << 36 : 0))
        hasher.combine(checkOutTime)
        for app in apps { hasher.combine(app.packed) }
    }
}

/// The step conditions of one event, read once.
struct ImprivataConditions {
    var logoutFails = false
    /// The app whose logout fails at this check-in (`logout_fails`), by index.
    var logoutFailingApp = -1
    var clearPasscodeFails = false
    /// The step states ClearPasscode reached the device.
    var clearPasscodeSucceeds = false
    /// Docked at the Launchpad the device was provisioned on.
    var atProvisioningLaunchpad = false
    var badgeNotEnrolled = false
}

/// What the predicates read besides the state: the policy, who acts and when, the step's conditions, the app of a
/// per-app decision (its index: its state is `state.apps[appIndex]`), and what an earlier part of the step worked
/// out. Built once per event and refocused per app; it never holds the state.
struct ImprivataContext {
    var policy: ImprivataPolicy
    var user: UserID?
    var time: Int
    var conditions = ImprivataConditions()
    var app = ImprivataApp(
        logout: .none, login: .none, survivesRelaunch: true, clearsDataOnLogout: false, coldStartSafe: true,
        notificationsWhenLocked: false, webSignIn: false)
    /// The app of a per-app decision, by index (-1 before one is focused).
    var appIndex = -1
    /// Set after the per-app logouts of a check-in: one of them failed.
    var aLogoutFailed = false

    mutating func focus(_ index: Int) {
        app = policy.apps[index]
        appIndex = index
    }
}

extension ImprivataState {
    /// This state read back as the provider's facts for an access to app number `app` at time `clock` (seconds
    /// since midnight): choice facts as words, account facts as users. What `evaluate` needs to agree with `run`
    /// (the evaluate/run agreement test); a lending period passed by `clock` is the fact `lending_period_passed`.
    package func facts(app: Int, clock: Int, lendingPeriod: Int) -> (
        words: [String: String], accounts: [String: UserID?]
    ) {
        var words = [
            "status": DeviceStatus.words[status.stored.rawValue],
            "autofill_second_factor_done": secondFactorDone.stored ? "true" : "false",
            "rebooted": rebooted.stored ? "true" : "false",
            "device_locked": deviceLocked.stored ? "true" : "false",
            "in_service": apps[app].dialogsAccepted.stored ? "true" : "false",
            "logout_dialogs_accepted": apps[app].dialogsAccepted.stored ? "true" : "false",
        ]
        let passed =
            status.stored == .checkedOut && lendingPeriod > 0 && checkOutTime.stored.hasPassed(lendingPeriod, at: clock)
        words["lending_period_passed"] = passed ? "true" : "false"
        let accounts: [String: UserID?] = [
            "custodian": custodian.stored, "session_owner": apps[app].session.stored,
            "data_owner": apps[app].data.stored,
            "entra_account": entraAccount.stored, "mdm_user": mdmUser.stored, "passcode_owner": passcodeOwner.stored,
        ]
        return (words, accounts)
    }
}
