import SSOPolicy

/// The rows replay needs, as a rule over whole rows; `KQLPreFilter` writes the same rule in Kusto, so the export a
/// workspace gives is already this small:
///
/// - with custody: every row of a device custody names (by device id or display name, ignoring case); every row
///   without a device id of an account that matches a custodian (its whole name, or its part before `@`); and, for
///   other devices, the window rule;
/// - the window rule: a device's rows in a window (`--window`, bins aligned to midnight UTC) are kept when two or
///   more accounts signed in on it in that window; rows without a device id are dropped.
///
/// Replaying the kept rows gives every custody interval the same verdict and model comparison as replaying all
/// rows (given the same `--from` and `--to`): all of a custody device's rows are kept. Windows of devices custody
/// does not name with a single account, always clean, are the only intervals the smaller export lacks.
package struct PreFilter: Sendable {
    package var window: Int64
    /// Custody devices and custodians, lower case.
    package var custodyDevices: Set<String> = []
    package var custodians: Set<String> = []

    /// `deviceMap`: other names of custody devices (`--device-map`), kept as custody devices too.
    package init(window: Int64, custody: [CustodyInterval]? = nil, deviceMap: [(custody: String, log: String)] = []) {
        self.window = window
        if let custody {
            custodyDevices = Set(custody.map { $0.device.lowercased() })
            custodians = Set(custody.map { $0.user.lowercased() })
            for (device, log) in deviceMap where custodyDevices.contains(device.lowercased()) {
                custodyDevices.insert(log.lowercased())
            }
        }
    }

    /// One row as the rule reads it.
    package struct Row: Sendable, Hashable {
        /// Milliseconds since 1970-01-01T00:00Z (createdDateTime, else TimeGenerated).
        package var time: Int64
        package var account: String
        package var deviceID: String
        package var deviceName: String
        package var position: RowPosition

        package init(time: Int64, account: String, deviceID: String, deviceName: String, position: RowPosition) {
            self.time = time
            self.account = account
            self.deviceID = deviceID
            self.deviceName = deviceName
            self.position = position
        }
    }

    /// Which rows are kept, in the rows' order.
    package func keeps(_ rows: [Row]) -> [Bool] {
        var keep = [Bool](repeating: false, count: rows.count)
        var windows: [String: Set<String>] = [:]
        var windowed: [(index: Int, key: String)] = []
        for (index, row) in rows.enumerated() {
            guard !row.account.isEmpty else { continue }
            let account = row.account.lowercased()
            let id = row.deviceID.lowercased()
            let name = row.deviceName.lowercased()
            if !custodyDevices.isEmpty, custodyDevices.contains(id.isEmpty ? name : id) || custodyDevices.contains(name)
            {
                keep[index] = true
                continue
            }
            if id.isEmpty && name.isEmpty {
                let local = account.split(separator: "@", maxSplits: 1).first.map(String.init) ?? account
                keep[index] = custodians.contains(account) || custodians.contains(local)
                continue
            }
            let key = (id.isEmpty ? name : id) + "\u{0}" + String(row.time / window)
            windows[key, default: []].insert(account)
            windowed.append((index, key))
        }
        for (index, key) in windowed where windows[key, default: []].count > 1 { keep[index] = true }
        return keep
    }

    /// Reads sign-in rows for the rule (tests and tools; the replay itself never holds rows).
    package static func rows(
        of sources: [SignInSource], maxRowBytes: Int = 4 * 1024 * 1024
    ) -> [Row] {
        let collector = RowCollector()
        let reader = SignInFileReader(maxRowBytes: maxRowBytes)
        for (index, source) in sources.enumerated() {
            _ = reader.read(name: source.name, index: Int32(index), sink: collector, read: source.read)
        }
        return collector.rows
    }
}

/// Collects readable rows as `PreFilter.Row`s.
final class RowCollector: SignInSink {
    var rows: [PreFilter.Row] = []

    func take(_ fields: inout SignInFields, at position: RowPosition) {
        guard fields.problem == nil, let time = fields.effectiveTime else { return }
        rows.append(
            PreFilter.Row(
                time: time, account: fields.account.string, deviceID: fields.deviceID.string,
                deviceName: fields.deviceName.string, position: position))
    }
}
