/// Every device's custody as ordered, non-overlapping intervals, with the lookups rows need: which interval holds a
/// time on a device, who held the device before, and which intervals a worker handed over (for their sign-ins that
/// name no device). A record left open ends at the device's next check-out, or after `maxCustody`.
final class CustodyTimeline {
    let intervals: [CustodyInterval]
    let starts: [Int64]
    let ends: [Int64]
    /// Per interval: its custodian's id, the interval before it on the same device (-1: none), and its device (an
    /// index of `devices`).
    let custodian: [Int32]
    let previous: [Int32]
    let deviceOf: [Int32]
    /// Custodians as first written, by id; and their matching keys (lower case).
    let custodianNames: [String]
    private let custodianIDs: [String: Int32]
    /// Custody device names (folded) → their intervals' range.
    let devices = ByteInterner(foldsCase: true)
    private(set) var deviceRanges: [Range<Int>] = []
    /// Per custodian: the intervals that followed one of theirs on the same device, by start.
    private let handedOver: [[Int32]]

    /// Other names of custody devices (`--device-map`: a serial's Entra device id or display name), folded, and the
    /// custody device each names.
    let aliases = ByteInterner(foldsCase: true)
    private(set) var aliasTarget: [Int32] = []

    init(records: [CustodyRecord], maxCustody: Int64, deviceMap: [(custody: String, log: String)] = []) {
        let keys = records.map { $0.device.lowercased() }
        let order = records.indices.sorted {
            (keys[$0], records[$0].start, $0) < (keys[$1], records[$1].start, $1)
        }
        var intervals: [CustodyInterval] = []
        intervals.reserveCapacity(records.count)
        var ranges: [Range<Int>] = []
        var index = 0
        while index < order.count {
            let key = keys[order[index]]
            var next = index
            while next < order.count, keys[order[next]] == key { next += 1 }
            let first = intervals.count
            let device = records[order[index]].device
            for k in index..<next {
                let record = records[order[k]]
                let following = k + 1 < next ? records[order[k + 1]].start : nil
                var end: Int64
                var closure: CustodyInterval.Closure
                if let recorded = record.end {
                    end = recorded
                    closure = .checkIn
                    if let following, following < recorded {
                        end = following
                        closure = .nextCheckOut
                    }
                } else if let following, following <= record.start + maxCustody {
                    end = following
                    closure = .nextCheckOut
                } else {
                    end = record.start + maxCustody
                    closure = .maxCustody
                }
                intervals.append(
                    CustodyInterval(
                        device: device, user: record.user, start: record.start, end: end, closure: closure,
                        position: record.position, clockProblem: record.clockProblem))
            }
            ranges.append(first..<intervals.count)
            _ = devices.intern(key)
            index = next
        }
        self.intervals = intervals
        deviceRanges = ranges
        starts = intervals.map(\.start)
        ends = intervals.map(\.end)
        var names: [String] = []
        var ids: [String: Int32] = [:]
        var custodian: [Int32] = []
        for interval in intervals {
            let key = interval.user.lowercased()
            if let id = ids[key] {
                custodian.append(id)
            } else {
                let id = Int32(names.count)
                ids[key] = id
                names.append(interval.user)
                custodian.append(id)
            }
        }
        self.custodian = custodian
        custodianNames = names
        custodianIDs = ids
        var previous = [Int32](repeating: -1, count: intervals.count)
        var deviceOf = [Int32](repeating: 0, count: intervals.count)
        var handedOver = [[Int32]](repeating: [], count: names.count)
        for (device, range) in ranges.enumerated() {
            for k in range { deviceOf[k] = Int32(device) }
            for k in range.dropFirst() {
                previous[k] = Int32(k - 1)
                handedOver[Int(custodian[k - 1])].append(Int32(k))
            }
        }
        for id in handedOver.indices { handedOver[id].sort { intervals[Int($0)].start < intervals[Int($1)].start } }
        self.previous = previous
        self.deviceOf = deviceOf
        self.handedOver = handedOver
        for (custody, log) in deviceMap {
            guard let target = devices.find(custody.lowercased()) else { continue }
            let alias = aliases.intern(log.lowercased())
            if Int(alias) == aliasTarget.count { aliasTarget.append(target) }
        }
    }

    /// The custody device a log's device id or display name is: itself, or through the device map.
    func device(named slice: ByteSlice) -> Int32? {
        if let device = devices.find(slice) { return device }
        if aliasTarget.isEmpty { return nil }
        return aliases.find(slice).map { aliasTarget[Int($0)] }
    }

    /// The custodian an account is: its whole user principal name, or the part before `@`, as custody names it
    /// (ignoring case).
    func custodian(ofAccount account: String) -> Int32 {
        let folded = account.lowercased()
        if let id = custodianIDs[folded] { return id }
        if let at = folded.firstIndex(of: "@"), let id = custodianIDs[String(folded[..<at])] { return id }
        return -1
    }

    /// The interval of device `device` (an index of `devices`) that holds `time`, or -1.
    @inline(__always)
    func interval(device: Int32, at time: Int64) -> Int32 {
        let range = deviceRanges[Int(device)]
        // The last interval starting at or before `time`.
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= time { low = middle + 1 } else { high = middle }
        }
        let candidate = low - 1
        guard candidate >= range.lowerBound, time < ends[candidate] else { return -1 }
        return Int32(candidate)
    }

    /// The intervals on `device` next to `time`: the last ending at or before it and the first starting after it.
    func neighbours(device: Int32, at time: Int64) -> (before: Int32, after: Int32) {
        let range = deviceRanges[Int(device)]
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= time { low = middle + 1 } else { high = middle }
        }
        var before: Int32 = -1
        var k = low - 1
        while k >= range.lowerBound {
            if ends[k] <= time {
                before = Int32(k)
                break
            }
            k -= 1
        }
        let after: Int32 = low < range.upperBound ? Int32(low) : -1
        return (before, after)
    }

    /// The intervals whose previous custodian is `custodian` and that hold `time`.
    func handedOver(by custodian: Int32, at time: Int64, _ body: (Int32) -> Void) {
        guard custodian >= 0 else { return }
        for k in handedOver[Int(custodian)] {
            let index = Int(k)
            if starts[index] > time { break }
            if time < ends[index] { body(k) }
        }
    }
}
