/// What the rows said about one custody interval so far: counts and, for each kind of evidence, the earliest row
/// (by time, then input position, so the answer does not depend on the order rows arrive in).
struct IntervalState {
    var rows: Int32 = 0
    var ownRows: Int32 = 0
    var foreignRows: Int32 = 0
    /// Another account's successful interactive sign-in: exposure.
    var foreignInteractive: Int32 = 0
    var firstForeignInteractive: RowRef?
    /// Another account's successful non-interactive (or unknown) sign-in: maybe exposure.
    var foreignSilent: Int32 = 0
    var firstForeignSilent: RowRef?
    /// Another account asked to sign in (no session): not exposure, shown as support for a clean verdict.
    var foreignPrompted: Int32 = 0
    var firstForeignPrompt: RowRef?
    var firstOwn: RowRef?
    var firstOwnInteractive: RowRef?
    /// The previous worker's successful sign-ins without a device id during this custody.
    var deviceless: Int32 = 0
    var firstDeviceless: RowRef?
    /// Apps used, for the model: the first row of each app by anyone, and by the custodian.
    var apps: [AppUse] = []

    struct AppUse {
        var app: Int32
        var first: Int64
        var firstOwn: Int64?
    }

    @inline(__always)
    static func keep(_ slot: inout RowRef?, _ row: RowRef) {
        if let current = slot, !row.precedes(current) { return }
        slot = row
    }

    mutating func take(_ row: RowRef, own: Bool, trackApps: Bool) {
        rows += 1
        if own {
            ownRows += 1
            Self.keep(&firstOwn, row)
            if row.interactivity == .interactive { Self.keep(&firstOwnInteractive, row) }
        } else {
            foreignRows += 1
            switch row.outcome {
            case .success where row.interactivity == .interactive && row.count <= 1:
                foreignInteractive += 1
                Self.keep(&firstForeignInteractive, row)
            case .success, .unknown:
                foreignSilent += 1
                Self.keep(&firstForeignSilent, row)
            case .promptNeeded:
                foreignPrompted += 1
                Self.keep(&firstForeignPrompt, row)
            case .failure: break
            }
        }
        if trackApps, row.app >= 0, row.outcome != .failure {
            if let index = apps.firstIndex(where: { $0.app == row.app }) {
                if row.time < apps[index].first { apps[index].first = row.time }
                if own, apps[index].firstOwn.map({ row.time < $0 }) ?? true { apps[index].firstOwn = row.time }
            } else {
                apps.append(AppUse(app: row.app, first: row.time, firstOwn: own ? row.time : nil))
            }
        }
    }

    mutating func takeDeviceless(_ row: RowRef) {
        deviceless += 1
        Self.keep(&firstDeviceless, row)
    }
}

/// A device's rows in one window while its custody is unknown (no custody for the device, or a gap between two
/// custodies): per account, the first and last successful sign-in and the first interactive one.
struct SpanState {
    struct Account {
        var account: Int32
        var rows: Int32 = 0
        var successes: Int32 = 0
        var firstSuccess: RowRef?
        var lastSuccess: RowRef?
        var firstInteractive: RowRef?
    }

    /// The device: a custody device's index, or a log device id offset past them.
    var device: Int32
    var window: Int64
    var rows: Int32 = 0
    var accounts: [Account] = []
    /// Accounts beyond the most a span keeps (`maxAccounts`): counted, not kept.
    var moreAccounts: Int32 = 0

    static let maxAccounts = 32

    mutating func take(_ row: RowRef) {
        rows += 1
        var index = accounts.firstIndex { $0.account == row.account }
        if index == nil {
            guard accounts.count < Self.maxAccounts else {
                moreAccounts += 1
                return
            }
            accounts.append(Account(account: row.account))
            index = accounts.count - 1
        }
        let k = index!
        accounts[k].rows += 1
        guard row.outcome == .success || row.outcome == .unknown else { return }
        accounts[k].successes += 1
        IntervalState.keep(&accounts[k].firstSuccess, row)
        if accounts[k].lastSuccess.map({ $0.precedes(row) }) ?? true { accounts[k].lastSuccess = row }
        if row.interactivity == .interactive { IntervalState.keep(&accounts[k].firstInteractive, row) }
    }
}
