import SSOPolicy

/// Streams sign-in rows into per-interval state: each row is placed by its device and time on the custody timeline
/// (or in its device's window when custody is unknown), as the custodian's own or another account's, and only the
/// counts and the deciding rows are kept. Rows may come in any order, from any number of files: the state kept
/// for each interval does not depend on the order (earliest and latest rows are chosen by time, then position).
/// Memory grows with devices, accounts, apps and intervals, never with rows.
final class LogReplay: SignInSink {
    let options: ReplayOptions
    let timeline: CustodyTimeline?
    let files: [String]

    let accounts = ByteInterner(foldsCase: true)
    let logDevices = ByteInterner(foldsCase: true)
    let apps = ByteInterner(foldsCase: true)
    let appNames = ByteInterner(foldsCase: false)
    let appIDs = ByteInterner(foldsCase: true)
    let deviceNames = ByteInterner(foldsCase: false)
    let correlations = ByteInterner(foldsCase: true)
    /// The deciding rows every interval and span points to.
    let arena = RowArena()
    /// Per app: the display name (-1: none seen) and the app id (-1: none) of its first row.
    private(set) var appName: [Int32] = []
    private(set) var appID: [Int32] = []
    /// Per log device: its first display name (-1: none).
    private(set) var deviceName: [Int32] = []
    /// Per account: its custodian id (-1: none), worked out at first sight.
    private var accountCustodian: [Int32] = []
    /// Per log device: its custody device (-1: none), by device id.
    private var deviceCustody: [Int32] = []
    /// Per custody device: how many rows the logs have of it (by device id, display name or the device map), and the
    /// operating systems those rows name (a mask of `DevicePlatform.bit`s).
    private(set) var custodyDeviceRows: [Int] = []
    private(set) var custodyPlatforms: [UInt8] = []

    /// Per custody interval, its state; per (device, window) of unknown custody, its span. Held in buffers the
    /// replay owns, so updating one per row costs no exclusivity check.
    let states: UnsafeMutablePointer<IntervalState>
    let stateCount: Int
    private(set) var spanStore: UnsafeMutablePointer<SpanState>
    private(set) var spanCount = 0
    private var spanCapacity = 256
    private var spanIndex: [UInt64: Int32] = [:]

    var spans: UnsafeBufferPointer<SpanState> { UnsafeBufferPointer(start: spanStore, count: spanCount) }
    var stateBuffer: UnsafeBufferPointer<IntervalState> { UnsafeBufferPointer(start: states, count: stateCount) }

    // Counts for the summary.
    private(set) var rowsRead = 0
    private(set) var rowsUsed = 0
    private(set) var badRows = 0
    private(set) var devicelessRows = 0
    /// Rows without a user principal name (service principals, managed identities).
    private(set) var notUserRows = 0
    private(set) var interactiveRows = 0
    private(set) var nonInteractiveRows = 0
    private(set) var unknownInteractivityRows = 0
    private(set) var groupedRows = 0
    private(set) var firstTime = Int64.max
    private(set) var lastTime = Int64.min
    /// Bad rows reported per file, and how many more were not.
    private(set) var problems: [Diagnostic] = []
    private var reported: [Int32: Int] = [:]
    static let reportedPerFile = 20

    init(options: ReplayOptions, timeline: CustodyTimeline?, files: [String]) {
        self.options = options
        self.timeline = timeline
        self.files = files
        stateCount = timeline?.intervals.count ?? 0
        custodyDeviceRows = [Int](repeating: 0, count: timeline?.deviceRanges.count ?? 0)
        custodyPlatforms = [UInt8](repeating: 0, count: timeline?.deviceRanges.count ?? 0)
        states = UnsafeMutablePointer<IntervalState>.allocate(capacity: max(stateCount, 1))
        states.initialize(repeating: IntervalState(), count: stateCount)
        spanStore = UnsafeMutablePointer<SpanState>.allocate(capacity: spanCapacity)
    }

    deinit {
        states.deinitialize(count: stateCount)
        states.deallocate()
        spanStore.deinitialize(count: spanCount)
        spanStore.deallocate()
    }

    func take(_ fields: inout SignInFields, at position: RowPosition) {
        rowsRead += 1
        if let problem = fields.problem {
            bad(position, problem)
            return
        }
        guard let time = fields.effectiveTime else {
            bad(position, "no time: expected createdDateTime, TimeGenerated or 'Date (UTC)'")
            return
        }
        guard !fields.account.isEmpty else {
            // A service principal's or managed identity's sign-in: not a person's, nothing to replay.
            notUserRows += 1
            return
        }
        rowsUsed += 1
        if time < firstTime { firstTime = time }
        if time > lastTime { lastTime = time }
        let account = accounts.intern(fields.account)
        if Int(account) == accountCustodian.count {
            accountCustodian.append(timeline?.custodian(ofAccount: accounts.string(account)) ?? -1)
        }
        let app = internApp(fields)
        var correlation = CorrelationKey.none
        if !fields.correlation.isEmpty {
            correlation =
                CorrelationKey.guid(fields.correlation)
                ?? CorrelationKey(kind: .interned, high: 0, low: UInt64(correlations.intern(fields.correlation)))
        }
        let interactivity = fields.effectiveInteractivity
        switch interactivity {
        case .interactive: interactiveRows += 1
        case .nonInteractive: nonInteractiveRows += 1
        case .unknown: unknownInteractivityRows += 1
        }
        if fields.count > 1 { groupedRows += 1 }
        let outcome = SignInOutcome(errorCode: fields.errorCode, statusWord: fields.statusWord)
        let key = fields.deviceID.isEmpty ? fields.deviceName : fields.deviceID
        var row = RowRef(
            time: time, position: position, account: account, app: app, device: -1, correlation: correlation,
            interactivity: interactivity, outcome: outcome, errorCode: Int32(clamping: fields.errorCode ?? -1),
            count: Int32(clamping: fields.count))
        row.platform = DevicePlatform.of(fields.operatingSystem)
        let custodian = accountCustodian[Int(account)]
        guard !key.isEmpty else {
            devicelessRows += 1
            if let timeline, outcome == .success || outcome == .unknown {
                timeline.handedOver(by: custodian, at: time) { states[Int($0)].takeDeviceless(row, arena) }
            }
            return
        }
        let device = logDevices.intern(key)
        if Int(device) == deviceCustody.count {
            deviceCustody.append(timeline?.device(named: key) ?? -1)
            deviceName.append(fields.deviceName.isEmpty ? -1 : deviceNames.intern(fields.deviceName))
        }
        row.device = device
        var custody = deviceCustody[Int(device)]
        if custody < 0, !fields.deviceName.isEmpty, let timeline, let byName = timeline.device(named: fields.deviceName)
        {
            custody = byName
        }
        if let timeline, custody >= 0 {
            custodyDeviceRows[Int(custody)] += 1
            custodyPlatforms[Int(custody)] |= row.platform.bit
            place(row, custodyDevice: custody, custodian: custodian, timeline)
        } else {
            span(row, device: Int32(timeline?.deviceRanges.count ?? 0) + device)
        }
    }

    /// A row on a device custody knows: in the interval holding its time, as the custodian's own (also within the
    /// skew of their neighbouring custody) or another account's; between custodies, in the device's window.
    @inline(__always)
    private func place(_ row: RowRef, custodyDevice: Int32, custodian: Int32, _ timeline: CustodyTimeline) {
        let time = row.time
        let skew = options.skew
        let k = timeline.interval(device: custodyDevice, at: time)
        let track = options.trackApps
        if k >= 0 {
            let index = Int(k)
            if custodian >= 0 {
                if timeline.custodian[index] == custodian {
                    states[index].take(row, own: true, trackApps: track, arena)
                    return
                }
                let before = timeline.previous[index]
                if before >= 0, timeline.custodian[Int(before)] == custodian, time < timeline.ends[Int(before)] + skew {
                    states[Int(before)].take(row, own: true, trackApps: track, arena)
                    return
                }
                let after = index + 1
                if after < timeline.intervals.count, timeline.previous[after] == k,
                    timeline.custodian[after] == custodian, time >= timeline.starts[after] - skew
                {
                    states[after].take(row, own: true, trackApps: track, arena)
                    return
                }
            }
            states[index].take(row, own: false, trackApps: track, arena)
            return
        }
        if custodian >= 0 {
            let (before, after) = timeline.neighbours(device: custodyDevice, at: time)
            if before >= 0, timeline.custodian[Int(before)] == custodian, time < timeline.ends[Int(before)] + skew {
                states[Int(before)].take(row, own: true, trackApps: track, arena)
                return
            }
            if after >= 0, timeline.custodian[Int(after)] == custodian, time >= timeline.starts[Int(after)] - skew {
                states[Int(after)].take(row, own: true, trackApps: track, arena)
                return
            }
        }
        span(row, device: custodyDevice)
    }

    @inline(__always)
    private func span(_ row: RowRef, device: Int32) {
        let window = row.time / options.window
        let key = UInt64(UInt32(bitPattern: device)) << 32 | UInt64(UInt32(truncatingIfNeeded: window))
        if let index = spanIndex[key] {
            spanStore[Int(index)].take(row, arena)
        } else {
            if spanCount == spanCapacity {
                let grown = UnsafeMutablePointer<SpanState>.allocate(capacity: spanCapacity * 2)
                grown.moveInitialize(from: spanStore, count: spanCount)
                spanStore.deallocate()
                spanStore = grown
                spanCapacity *= 2
            }
            spanIndex[key] = Int32(spanCount)
            var state = SpanState(device: device, window: window * options.window)
            state.take(row, arena)
            (spanStore + spanCount).initialize(to: state)
            spanCount += 1
        }
    }

    @inline(__always)
    private func internApp(_ fields: SignInFields) -> Int32 {
        let key = fields.appID.isEmpty ? fields.appName : fields.appID
        guard !key.isEmpty else { return -1 }
        let app = apps.intern(key)
        if Int(app) == appName.count {
            appName.append(fields.appName.isEmpty ? -1 : appNames.intern(fields.appName))
            appID.append(fields.appID.isEmpty ? -1 : appIDs.intern(fields.appID))
        } else if appName[Int(app)] < 0, !fields.appName.isEmpty {
            appName[Int(app)] = appNames.intern(fields.appName)
        }
        return app
    }

    private func bad(_ position: RowPosition, _ message: String) {
        badRows += 1
        let count = reported[position.file, default: 0]
        reported[position.file] = count + 1
        guard count < Self.reportedPerFile else { return }
        problems.append(
            .error(
                at: SourcePosition(
                    file: files[Int(position.file)], line: Int(position.line), column: Int(position.column)),
                "row skipped: " + message))
    }

    /// The custodian an interned account is (-1: none).
    func custodian(ofAccount account: Int32) -> Int32 {
        account >= 0 && Int(account) < accountCustodian.count ? accountCustodian[Int(account)] : -1
    }

    /// Log devices (by id or display name) that are no custody device.
    var logDevicesWithoutCustody: Int { deviceCustody.filter { $0 < 0 }.count }

    /// Bad rows per file beyond those reported.
    var unreported: [(file: String, count: Int)] {
        reported.keys.sorted().compactMap { file in
            let count = reported[file]! - Self.reportedPerFile
            return count > 0 ? (files[Int(file)], count) : nil
        }
    }
}
