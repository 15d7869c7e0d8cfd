/// The deciding rows of a replay, in one growing buffer: an interval names each of its deciding rows by a slot
/// here, allocated the first time it has one and overwritten when an earlier row comes, so the buffer grows with the
/// kinds of evidence seen per interval, never with rows.
final class RowArena {
    private var rows: UnsafeMutablePointer<RowRef>
    private var capacity = 1024
    private(set) var count = 0

    init() { rows = UnsafeMutablePointer<RowRef>.allocate(capacity: capacity) }

    deinit {
        rows.deinitialize(count: count)
        rows.deallocate()
    }

    subscript(slot: Int32) -> RowRef { rows[Int(slot)] }

    /// Keeps `row` in `slot` if it comes before what is there (or the slot is empty: -1).
    @inline(__always)
    func keepEarliest(_ slot: inout Int32, _ row: RowRef) {
        if slot >= 0 {
            if row.precedes(rows[Int(slot)]) { rows[Int(slot)] = row }
        } else {
            slot = append(row)
        }
    }

    /// Keeps `row` in `slot` if it comes after what is there.
    @inline(__always)
    func keepLatest(_ slot: inout Int32, _ row: RowRef) {
        if slot >= 0 {
            if rows[Int(slot)].precedes(row) { rows[Int(slot)] = row }
        } else {
            slot = append(row)
        }
    }

    private func append(_ row: RowRef) -> Int32 {
        if count == capacity {
            let grown = UnsafeMutablePointer<RowRef>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: rows, count: count)
            rows.deallocate()
            rows = grown
            capacity *= 2
        }
        (rows + count).initialize(to: row)
        count += 1
        return Int32(count - 1)
    }
}

/// What the rows said about one custody interval so far: counts and, for each kind of evidence, the earliest row
/// (by time, then correlation id, then input position, so the answer does not depend on the order rows arrive in),
/// as slots of the replay's `RowArena` (-1: none).
struct IntervalState {
    var rows: Int32 = 0
    var ownRows: Int32 = 0
    var foreignRows: Int32 = 0
    /// Another account's successful interactive sign-in: exposure.
    var foreignInteractive: Int32 = 0
    var firstForeignInteractive: Int32 = -1
    /// Another account's successful non-interactive (or unknown) sign-in: maybe exposure.
    var foreignSilent: Int32 = 0
    var firstForeignSilent: Int32 = -1
    /// Another account asked to sign in (no session): not exposure, shown as support for a clean verdict.
    var foreignPrompted: Int32 = 0
    var firstForeignPrompt: Int32 = -1
    var firstOwn: Int32 = -1
    var firstOwnInteractive: Int32 = -1
    /// The previous worker's successful sign-ins without a device id during this custody, per operating system the
    /// rows name (whether one may have been this device is known only once every row is in: `DevicePlatform`).
    var deviceless: [Deviceless] = []
    /// Apps used, for the model: the first row of each app by anyone, and by the custodian.
    var apps: [AppUse] = []

    struct AppUse {
        var app: Int32
        var first: Int64
        var firstOwn: Int64?
        /// The first row of the app by another account than the custodian.
        var firstForeign: Int64?
    }

    struct Deviceless {
        var platform: DevicePlatform
        var count: Int32
        var first: Int32
    }

    @inline(__always)
    mutating func take(_ row: RowRef, own: Bool, trackApps: Bool, _ arena: RowArena) {
        rows += 1
        if own {
            ownRows += 1
            arena.keepEarliest(&firstOwn, row)
            if row.interactivity == .interactive { arena.keepEarliest(&firstOwnInteractive, row) }
        } else {
            foreignRows += 1
            switch row.outcome {
            case .success where row.interactivity == .interactive && row.count <= 1:
                foreignInteractive += 1
                arena.keepEarliest(&firstForeignInteractive, row)
            case .success, .unknown:
                foreignSilent += 1
                arena.keepEarliest(&firstForeignSilent, row)
            case .promptNeeded:
                foreignPrompted += 1
                arena.keepEarliest(&firstForeignPrompt, row)
            case .failure: break
            }
        }
        if trackApps, row.app >= 0, row.outcome != .failure {
            if let index = apps.firstIndex(where: { $0.app == row.app }) {
                if row.time < apps[index].first { apps[index].first = row.time }
                if own, apps[index].firstOwn.map({ row.time < $0 }) ?? true { apps[index].firstOwn = row.time }
                if !own, apps[index].firstForeign.map({ row.time < $0 }) ?? true {
                    apps[index].firstForeign = row.time
                }
            } else {
                apps.append(
                    AppUse(
                        app: row.app, first: row.time, firstOwn: own ? row.time : nil,
                        firstForeign: own ? nil : row.time))
            }
        }
    }

    mutating func takeDeviceless(_ row: RowRef, _ arena: RowArena) {
        if let index = deviceless.firstIndex(where: { $0.platform == row.platform }) {
            deviceless[index].count += 1
            arena.keepEarliest(&deviceless[index].first, row)
        } else {
            var first: Int32 = -1
            arena.keepEarliest(&first, row)
            deviceless.append(Deviceless(platform: row.platform, count: 1, first: first))
        }
    }

    /// The earliest deviceless row of a system that may have been this device (whose own rows showed the systems in
    /// `seen`), and the earliest of one that cannot (-1: none).
    func deviceless(onDeviceShowing seen: UInt8, _ arena: RowArena) -> (possible: Int32, elsewhere: Int32) {
        var possible: Int32 = -1
        var elsewhere: Int32 = -1
        for entry in deviceless {
            if entry.platform.mayBe(deviceShowing: seen) {
                if possible < 0 || arena[entry.first].precedes(arena[possible]) { possible = entry.first }
            } else if elsewhere < 0 || arena[entry.first].precedes(arena[elsewhere]) {
                elsewhere = entry.first
            }
        }
        return (possible, elsewhere)
    }
}

/// A device's rows in one window while its custody is unknown (no custody for the device, or a gap between two
/// custodies): per account, the first and last successful sign-in and the first interactive one (arena slots).
struct SpanState {
    struct Account {
        var account: Int32
        var rows: Int32 = 0
        var successes: Int32 = 0
        var firstSuccess: Int32 = -1
        var lastSuccess: Int32 = -1
        var firstInteractive: Int32 = -1
    }

    /// The device: a custody device's index, or a log device id offset past them.
    var device: Int32
    var window: Int64
    var rows: Int32 = 0
    var accounts: [Account] = []
    /// Rows of accounts beyond the most a span keeps (`maxAccounts`): counted, not kept.
    var moreAccounts: Int32 = 0

    static let maxAccounts = 32

    mutating func take(_ row: RowRef, _ arena: RowArena) {
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
        arena.keepEarliest(&accounts[k].firstSuccess, row)
        arena.keepLatest(&accounts[k].lastSuccess, row)
        if row.interactivity == .interactive { arena.keepEarliest(&accounts[k].firstInteractive, row) }
    }
}
