import SSOPolicy

/// A sign-in source: a name for messages (a path, or `<stdin>`) and its bytes, read like `read(2)`.
public struct SignInSource {
    public var name: String
    public var read: (UnsafeMutableRawBufferPointer) -> Int

    public init(name: String, read: @escaping (UnsafeMutableRawBufferPointer) -> Int) {
        self.name = name
        self.read = read
    }
}

/// What a replay gives: the report, and the problems met on the way (bad rows, unreadable files, custody rows).
public struct ReplayResult: Sendable {
    public var report: ReplayReport
    public var diagnostics: [Diagnostic]
    /// A file could not be read at all, or stopped part-way: the report is incomplete.
    public var incomplete: Bool
}

/// Reads custody, then every sign-in source, and judges each interval.
public struct ReplayRunner {
    public var options: ReplayOptions
    /// Called every 262 144 rows with the rows read so far and the source being read.
    public var progress: ((_ rows: Int, _ source: Int) -> Void)?
    /// A policy to play every handover through.
    public var model: ReplayModel?

    public init(options: ReplayOptions, model: ReplayModel? = nil) {
        self.options = options
        self.model = model
        if model != nil { self.options.trackApps = true }
    }

    /// The custody timeline alone: its intervals (ordered, open ones closed) and the problems of its rows.
    public func custody(name: String, bytes: [UInt8]) -> (intervals: [CustodyInterval], diagnostics: [Diagnostic]) {
        let read = CustodyReader(zone: options.zone).read(path: name, bytes: bytes)
        return (CustodyTimeline(records: read.records, maxCustody: options.maxCustody).intervals, read.diagnostics)
    }

    /// A device map's pairs (custody device, log device) and the problems of its rows.
    public func deviceMap(name: String, bytes: [UInt8]) -> (
        pairs: [(custody: String, log: String)], diagnostics: [Diagnostic]
    ) {
        CustodyReader(zone: options.zone).deviceMap(path: name, bytes: bytes)
    }

    public func run(
        signIns: [SignInSource], custody: (name: String, bytes: [UInt8])?,
        deviceMap: (name: String, bytes: [UInt8])? = nil
    ) -> ReplayResult {
        var diagnostics: [Diagnostic] = []
        var incomplete = false
        var summary = ReplaySummary()
        var timeline: CustodyTimeline?
        if let custody {
            let read = CustodyReader(zone: options.zone).read(path: custody.name, bytes: custody.bytes)
            diagnostics += read.diagnostics
            var pairs: [(custody: String, log: String)] = []
            if let deviceMap {
                let map = self.deviceMap(name: deviceMap.name, bytes: deviceMap.bytes)
                pairs = map.pairs
                diagnostics += map.diagnostics
            }
            timeline = CustodyTimeline(records: read.records, maxCustody: options.maxCustody, deviceMap: pairs)
            summary.custodyFile = custody.name
            summary.custodyShape = read.shape
            summary.custodyRecords = read.records.count
        }
        let replay = LogReplay(options: options, timeline: timeline, files: signIns.map(\.name))
        let reader = SignInFileReader(maxRowBytes: options.maxRowBytes)
        for (index, source) in signIns.enumerated() {
            let before = replay.rowsRead
            let progress = self.progress
            let counted: (UnsafeMutableRawBufferPointer) -> Int =
                progress == nil
                ? source.read
                : { buffer in
                    progress?(replay.rowsRead, index)
                    return source.read(buffer)
                }
            let outcome = reader.read(name: source.name, index: Int32(index), sink: replay, read: counted)
            for problem in outcome.problems {
                incomplete = true
                diagnostics.append(
                    .error(
                        at: SourcePosition(file: source.name, line: problem.line, column: problem.column),
                        problem.message))
            }
            summary.files.append(
                FileSummary(
                    path: source.name, format: outcome.format?.rawValue ?? "empty", rows: replay.rowsRead - before))
        }
        diagnostics += replay.problems
        for (file, count) in replay.unreported {
            diagnostics.append(
                Diagnostic(
                    .note, at: SourcePosition(file: file, line: 0, column: 0),
                    "\(count) more rows skipped in this file, not listed"))
        }
        var report = ReplayReportBuilder(replay: replay, options: options, summary: summary).build()
        if let model, let timeline {
            let handovers = HandoverModel(model: model, replay: replay, timeline: timeline, zone: options.zone)
            for index in report.intervals.indices {
                guard let k = report.intervals[index].custodyIndex else { continue }
                report.intervals[index].model = handovers.compare(k, verdict: report.intervals[index].verdict)
            }
            report.policy = model.policy.configuration.id
        }
        return ReplayResult(report: report, diagnostics: diagnostics, incomplete: incomplete)
    }
}

/// Turns the replay's state into the report: verdicts, names, order, counts and warnings.
struct ReplayReportBuilder {
    let replay: LogReplay
    let options: ReplayOptions
    var summary: ReplaySummary

    func build() -> ReplayReport {
        var summary = self.summary
        summary.rowsRead = replay.rowsRead
        summary.rowsUsed = replay.rowsUsed
        summary.badRows = replay.badRows
        summary.devicelessRows = replay.devicelessRows
        summary.notUserRows = replay.notUserRows
        summary.interactiveRows = replay.interactiveRows
        summary.nonInteractiveRows = replay.nonInteractiveRows
        summary.unknownInteractivityRows = replay.unknownInteractivityRows
        summary.groupedRows = replay.groupedRows
        if replay.rowsUsed > 0 {
            summary.firstRow = replay.firstTime
            summary.lastRow = replay.lastTime
        }
        summary.coverFrom = options.from ?? summary.firstRow
        summary.coverTo = options.to ?? summary.lastRow
        summary.accounts = replay.accounts.count
        let rule = VerdictRule(replay: replay, coverFrom: summary.coverFrom, coverTo: summary.coverTo)
        var intervals: [ReplayInterval] = []
        var devices = Set<String>()
        if let timeline = replay.timeline {
            for k in timeline.intervals.indices {
                let custody = timeline.intervals[k]
                let (verdict, reason, evidence) = rule.custody(k, timeline)
                let previous = timeline.previous[k]
                let state = replay.states[k]
                intervals.append(
                    ReplayInterval(
                        kind: .custody, device: custody.device, custodian: custody.user,
                        previousCustodian: previous >= 0 ? timeline.intervals[Int(previous)].user : nil,
                        start: custody.start, end: custody.end, closure: custody.closure,
                        custodyPosition: custody.position, verdict: verdict, reason: reason, evidence: evidence,
                        rows: Int(state.rows), otherAccountRows: Int(state.foreignRows), custodyIndex: k))
                devices.insert(custody.device.lowercased())
            }
        }
        let custodyDevices = replay.timeline?.deviceRanges.count ?? 0
        for span in replay.spans {
            let (verdict, reason, evidence, accounts) = rule.span(span)
            var device: String
            var name: String?
            if Int(span.device) < custodyDevices, let timeline = replay.timeline {
                device = timeline.intervals[timeline.deviceRanges[Int(span.device)].lowerBound].device
            } else {
                let log = span.device - Int32(custodyDevices)
                device = replay.logDevices.string(log)
                let label = replay.deviceName[Int(log)]
                if label >= 0 {
                    let text = replay.deviceNames.string(label)
                    if text.lowercased() != device { name = text }
                }
            }
            devices.insert(device.lowercased())
            intervals.append(
                ReplayInterval(
                    kind: .unknownCustody, device: device, deviceName: name, accounts: accounts, start: span.window,
                    end: span.window + options.window, verdict: verdict, reason: reason, evidence: evidence,
                    rows: Int(span.rows), otherAccountRows: 0))
        }
        intervals.sort {
            let left = $0.device.lowercased()
            let right = $1.device.lowercased()
            if left != right { return left < right }
            if $0.start != $1.start { return $0.start < $1.start }
            return $0.kind == .custody && $1.kind != .custody
        }
        summary.devices = devices.count
        for interval in intervals { summary.verdicts[interval.verdict, default: 0] += 1 }
        summary.warnings = warnings(summary)
        return ReplayReport(summary: summary, intervals: intervals, zone: options.zone)
    }

    private func warnings(_ summary: ReplaySummary) -> [String] {
        var warnings: [String] = []
        if summary.rowsUsed > 0, summary.nonInteractiveRows == 0 {
            warnings.append(
                "no non-interactive sign-ins were read: a previous worker's token used in the background cannot be "
                    + "seen (Microsoft Graph returns interactive sign-ins unless filtered on signInEventTypes; add the "
                    + "AADNonInteractiveUserSignInLogs export or the portal's non-interactive download)")
        }
        if summary.unknownInteractivityRows > 0 {
            warnings.append(
                counted(summary.unknownInteractivityRows, "row does", "rows do")
                    + " not say whether they are interactive (no isInteractive, "
                    + "signInEventTypes or table column, and a file name without 'Interactive'): they count as "
                    + "background sign-ins, so they can make an interval 'maybe exposed', never 'exposed'")
        }
        if let timeline = replay.timeline, summary.rowsUsed > 0,
            !replay.states.contains(where: { $0.rows > 0 })
        {
            warnings.append(
                "no sign-in matched a custody device (custody names \(timeline.deviceRanges.count) devices; they are "
                    + "matched to the log's deviceDetail.deviceId or displayName, ignoring case)")
        }
        if summary.devicelessRows > 0 {
            warnings.append(
                counted(summary.devicelessRows, "row has", "rows have")
                    + " no device id (a browser or an unregistered device): they cannot be placed on a device; a "
                    + "previous worker's such row during the next custody makes it unreplayable")
        }
        return warnings
    }
}
