/// A sign-in row kept as evidence while rows stream by: ids into the run's interners and plain numbers (56 bytes),
/// so keeping or replacing one allocates nothing. `Evidence` turns it into text for the report.
struct RowRef {
    var time: Int64
    private var correlationHigh: UInt64
    private var correlationLow: UInt64
    private var line: Int32
    private var column: Int32
    var account: Int32
    var app: Int32
    /// The log's device id (-1: none).
    var device: Int32
    var errorCode: Int32
    var count: Int32
    private var file: UInt16
    /// Interactivity (bits 0-1), outcome (bits 2-3) and the correlation id's kind (bits 4-5).
    private var flags: UInt8
    /// The operating system the row names (`DevicePlatform`).
    private var platformValue: UInt8 = 0

    init(
        time: Int64, position: RowPosition, account: Int32, app: Int32, device: Int32, correlation: CorrelationKey,
        interactivity: Interactivity, outcome: SignInOutcome, errorCode: Int32, count: Int32
    ) {
        self.time = time
        correlationHigh = correlation.high
        correlationLow = correlation.low
        line = position.line
        column = position.column
        file = UInt16(clamping: position.file)
        self.account = account
        self.app = app
        self.device = device
        self.errorCode = errorCode
        self.count = count
        flags = interactivity.rawValue | outcome.rawValue << 2 | correlation.kind.rawValue << 4
    }

    var position: RowPosition { RowPosition(file: Int32(file), line: line, column: column) }
    var platform: DevicePlatform {
        get { DevicePlatform(rawValue: platformValue) ?? .unknown }
        set { platformValue = newValue.rawValue }
    }
    var interactivity: Interactivity { Interactivity(rawValue: flags & 3) ?? .unknown }
    var outcome: SignInOutcome { SignInOutcome(rawValue: flags >> 2 & 3) ?? .unknown }
    var correlation: CorrelationKey {
        CorrelationKey(
            kind: CorrelationKey.Kind(rawValue: flags >> 4 & 3) ?? .none, high: correlationHigh, low: correlationLow)
    }

    /// Earlier time first, then the smaller correlation id (a GUID's bits), then earlier in the input: rows of
    /// the same millisecond are ordered by their content, so the evidence kept does not depend on the order rows
    /// arrive in.
    @inline(__always)
    func precedes(_ other: RowRef) -> Bool {
        if time != other.time { return time < other.time }
        let guids =
            flags >> 4 & 3 == CorrelationKey.Kind.guid.rawValue
            && other.flags >> 4 & 3 == CorrelationKey.Kind.guid.rawValue
        if guids, correlationHigh != other.correlationHigh || correlationLow != other.correlationLow {
            return (correlationHigh, correlationLow) < (other.correlationHigh, other.correlationLow)
        }
        return (file, line, column) < (other.file, other.line, other.column)
    }
}

/// A correlation id without a string per row: a GUID as its 128 bits, anything else interned.
struct CorrelationKey: Hashable {
    enum Kind: UInt8 { case none, guid, interned }
    var kind: Kind
    var high: UInt64
    var low: UInt64

    static var none: CorrelationKey { CorrelationKey(kind: .none, high: 0, low: 0) }

    /// A GUID (`8-4-4-4-12` hex digits, either case) as bits, or nil.
    static func guid(_ slice: ByteSlice) -> CorrelationKey? {
        guard slice.count == 36, let p = slice.start else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        var digits = 0
        for i in 0..<36 {
            let byte = p[i]
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard byte == 0x2D else { return nil }
                continue
            }
            let value: UInt64
            switch byte {
            case 0x30...0x39: value = UInt64(byte - 0x30)
            case 0x61...0x66: value = UInt64(byte - 0x61 + 10)
            case 0x41...0x46: value = UInt64(byte - 0x41 + 10)
            default: return nil
            }
            if digits < 16 { high = high << 4 | value } else { low = low << 4 | value }
            digits += 1
        }
        return CorrelationKey(kind: .guid, high: high, low: low)
    }

    /// The GUID in lower case, `8-4-4-4-12`.
    var guidText: String {
        let hex = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for (index, word) in [high, low].enumerated() {
            for nibble in 0..<16 {
                let position = index * 16 + nibble
                if position == 8 || position == 12 || position == 16 || position == 20 { bytes.append(0x2D) }
                bytes.append(hex[Int((word >> UInt64(60 - nibble * 4)) & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
