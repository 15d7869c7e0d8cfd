import SSOPolicy

/// A sign-in source: a name for messages (a path, or `<stdin>`) and its bytes, read like `read(2)`.
package struct SignInSource {
    package var name: String
    package var read: (UnsafeMutableRawBufferPointer) -> Int

    package init(name: String, read: @escaping (UnsafeMutableRawBufferPointer) -> Int) {
        self.name = name
        self.read = read
    }
}

/// What a replay gives: the report, and the problems met on the way (bad rows, unreadable files, custody rows).
package struct ReplayResult: Sendable {
    package var report: ReplayReport
    package var diagnostics: [Diagnostic]
    /// A file could not be read at all, or stopped part-way: the report is incomplete.
    package var incomplete: Bool
}

/// Reads custody, then every sign-in source, and judges each interval.
package struct ReplayRunner {
    package var options: ReplayOptions
    /// Called every 262 144 rows with the rows read so far and the source being read.
    package var progress: ((_ rows: Int, _ source: Int) -> Void)?
    /// A policy to play every handover through.
    package var model: ReplayModel?

    package init(options: ReplayOptions, model: ReplayModel? = nil) {
        self.options = options
        self.model = model
        if model != nil { self.options.trackApps = true }
    }

    /// The custody timeline alone: its intervals (ordered, open ones closed) and the problems of its rows.
    package func custody(name: String, bytes: [UInt8]) -> (intervals: [CustodyInterval], diagnostics: [Diagnostic]) {
        let read = CustodyReader(zone: options.zone).read(path: name, bytes: bytes)
        return (CustodyTimeline(records: read.records, maxCustody: options.maxCustody).intervals, read.diagnostics)
    }

    /// A device map's pairs (custody device, log device) and the problems of its rows.
    package func deviceMap(name: String, bytes: [UInt8]) -> (
        pairs: [(custody: String, log: String)], diagnostics: [Diagnostic]
    ) {
        CustodyReader(zone: options.zone).deviceMap(path: name, bytes: bytes)
    }

    /// The custody timeline read from a source a row at a time (never held whole).
    package func custody(source: SignInSource) -> (intervals: [CustodyInterval], diagnostics: [Diagnostic]) {
        let read = CustodyReader(zone: options.zone).read(path: source.name, read: source.read)
        return (CustodyTimeline(records: read.records, maxCustody: options.maxCustody).intervals, read.diagnostics)
    }

    /// A device map read from a source a row at a time.
    package func deviceMap(source: SignInSource) -> (
        pairs: [(custody: String, log: String)], diagnostics: [Diagnostic]
    ) {
        CustodyReader(zone: options.zone).deviceMap(path: source.name, read: source.read)
    }

    package func run(
        signIns: [SignInSource], custody: (name: String, bytes: [UInt8])?,
        deviceMap: (name: String, bytes: [UInt8])? = nil
    ) -> ReplayResult {
        run(
            signIns: signIns,
            custodySource: custody.map { SignInSource(name: $0.name, read: CustodyReader.reader($0.bytes)) },
            deviceMapSource: deviceMap.map { SignInSource(name: $0.name, read: CustodyReader.reader($0.bytes)) })
    }

    /// Replays the sign-in sources against custody and a device map read a row at a time: custody costs its
    /// records, never its bytes.
    package func run(
        signIns: [SignInSource], custodySource custody: SignInSource?, deviceMapSource deviceMap: SignInSource? = nil
    ) -> ReplayResult {
        var diagnostics: [Diagnostic] = []
        var incomplete = false
        var summary = ReplaySummary()
        var timeline: CustodyTimeline?
        if let custody {
            let read = CustodyReader(zone: options.zone).read(path: custody.name, read: custody.read)
            diagnostics += read.diagnostics
            var pairs: [(custody: String, log: String)] = []
            if let deviceMap {
                let map = self.deviceMap(source: deviceMap)
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
        let report = ReplayReportBuilder(replay: replay, options: options, summary: summary, model: model).build()
        return ReplayResult(report: report, diagnostics: diagnostics, incomplete: incomplete)
    }
}

/// Turns the replay's state into the report: verdicts, names, order, counts and warnings.
struct ReplayReportBuilder {
    let replay: LogReplay
    let options: ReplayOptions
    var summary: ReplaySummary
    var model: ReplayModel?

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
        var handovers: HandoverModel?
        if let model, let timeline = replay.timeline {
            handovers = HandoverModel(model: model, replay: replay, timeline: timeline, zone: options.zone)
        }
        // Devices in order of their name: custody devices first in the numbering, then the log's others.
        let custodyDevices = replay.timeline?.deviceRanges.count ?? 0
        var names: [String] = []
        if let timeline = replay.timeline {
            names = timeline.deviceRanges.map { timeline.intervals[$0.lowerBound].device.lowercased() }
        }
        for log in 0..<replay.logDevices.count { names.append(replay.logDevices.string(Int32(log))) }
        let byName = names.indices.sorted { (names[$0], $0) < (names[$1], $1) }
        var rank = [Int](repeating: 0, count: names.count)
        for (position, device) in byName.enumerated() { rank[device] = position }

        var keyed: [(device: Int, entry: ReplayReport.Entry)] = []
        if let timeline = replay.timeline {
            for (device, range) in timeline.deviceRanges.enumerated() {
                for k in range {
                    let verdict = rule.custodyVerdict(k, timeline)
                    let agreement = handovers?.agreement(k, verdict: verdict)
                    keyed.append(
                        (
                            rank[device],
                            ReplayReport.Entry(
                                index: Int32(k), span: false, verdict: verdict, agreement: agreement,
                                start: timeline.starts[k])
                        ))
                }
            }
        }
        for (index, span) in replay.spans.enumerated() {
            keyed.append(
                (
                    rank[Int(span.device)],
                    ReplayReport.Entry(
                        index: Int32(index), span: true, verdict: rule.spanVerdict(span), agreement: nil,
                        start: span.window)
                ))
        }
        keyed.sort { a, b in
            if a.device != b.device { return a.device < b.device }
            if a.entry.start != b.entry.start { return a.entry.start < b.entry.start }
            if a.entry.span != b.entry.span { return !a.entry.span }
            return a.entry.index < b.entry.index
        }
        var devices = Set<Int>()
        for (device, entry) in keyed {
            devices.insert(device)
            summary.verdicts[entry.verdict, default: 0] += 1
        }
        summary.devices = devices.count
        if let timeline = replay.timeline {
            summary.custodyDevices = custodyDevices
            summary.logDevicesWithoutCustody = replay.logDevicesWithoutCustody
            summary.unmatchedCustodyDevices = timeline.deviceRanges.indices.filter { replay.custodyDeviceRows[$0] == 0 }
                .map { timeline.intervals[timeline.deviceRanges[$0].lowerBound].device }
                .sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
            summary.custodyNotice = custodyNotice(summary, timeline)
        }
        summary.warnings = warnings(summary)
        return ReplayReport(
            summary: summary, zone: options.zone, policy: model?.policy.configuration.id, entries: keyed.map(\.entry),
            replay: replay, rule: rule, handovers: handovers)
    }

    /// Custody devices no sign-in row names: their custody was not seen at all, so a verdict of theirs (clean) would
    /// pass a gate on nothing. Research note on replay: a handover whose device cannot be resolved is unreplayable.
    private func custodyNotice(_ summary: ReplaySummary, _ timeline: CustodyTimeline) -> String? {
        let unmatched = summary.unmatchedCustodyDevices
        guard !unmatched.isEmpty else { return nil }
        func list(_ names: [String]) -> String {
            names.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (names.count > 5 ? ", …" : "")
        }
        let intervals = timeline.deviceRanges.indices.filter { replay.custodyDeviceRows[$0] == 0 }
            .reduce(0) { $0 + timeline.deviceRanges[$1].count }
        var text =
            unmatched.count == summary.custodyDevices
            ? (summary.custodyDevices == 1
                ? "The custody device matches no device in the sign-in logs"
                : "None of the \(summary.custodyDevices) custody devices matches a device in the sign-in logs")
            : "\(unmatched.count) of the \(summary.custodyDevices) custody devices match no device in the sign-in logs"
        text += " (" + list(unmatched) + "): " + (unmatched.count == 1 ? "its " : "their ")
        text += counted(intervals, "custody interval") + (intervals == 1 ? " is" : " are") + " unreplayable, not clean"
        if summary.rowsUsed == 0 {
            text += "; no sign-in row was read"
        } else {
            text +=
                "; custody devices are matched to the log's deviceDetail.deviceId or displayName, ignoring case"
                + (summary.logDevicesWithoutCustody > 0
                    ? ", and the logs name " + counted(summary.logDevicesWithoutCustody, "other device")
                    : "")
                + ": if custody names devices by serial or another name, map them with --device-map "
                + "(custody_device,log_device)"
        }
        return text + ". Any --fail-on fails while this is so."
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
        if summary.devicelessRows > 0 {
            warnings.append(
                counted(summary.devicelessRows, "row has", "rows have")
                    + " no device id (a browser or an unregistered device): such rows cannot be placed on a device; "
                    + "a previous worker's during the next custody makes it unreplayable")
        }
        return warnings
    }
}
