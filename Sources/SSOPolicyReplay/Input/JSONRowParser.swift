import SSOPolicyProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parses one sign-in object that lies whole in a buffer into `SignInFields`: the keys replay reads (`SignInKey`)
/// are decoded, every other value is skipped by its framing. `deviceDetail` and `status` may be objects (Graph,
/// `SigninLogs`) or strings holding JSON (`AADNonInteractiveUserSignInLogs`); an Azure Monitor record's
/// `properties` object is read as the sign-in itself. Unescaped strings go to a scratch area reset per row.
final class JSONRowParser {
    private let scratch: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var used = 0
    /// The `value` array of the last object read at the top, when it has one: a Graph collection page, whose
    /// elements are the rows.
    private(set) var collection: (start: Int, end: Int)?

    /// `maxRowBytes`: the longest row; unescaping never grows text, and a string holding JSON is unescaped once
    /// more inside, so the scratch area is twice that.
    init(maxRowBytes: Int) {
        capacity = 2 * maxRowBytes + 64
        scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit { scratch.deallocate() }

    private enum Context { case row, deviceDetail, status }

    /// Starts a row read cell by cell (CSV): the scratch area is reused from here.
    func beginRow() {
        used = 0
        collection = nil
    }

    /// A `DeviceDetail` cell holding JSON (`{"deviceId": …, "displayName": …}`).
    func deviceDetail(_ text: ByteSlice, into fields: inout SignInFields) {
        embedded(text, into: &fields, context: .deviceDetail)
    }

    /// A `Status` cell holding JSON (`{"errorCode": 0, …}`).
    func status(_ text: ByteSlice, into fields: inout SignInFields) {
        embedded(text, into: &fields, context: .status)
    }

    /// A cell of the same name as a JSON value (`ResultType`).
    func code(_ text: ByteSlice, into fields: inout SignInFields) { readCode(text, into: &fields) }

    private func embedded(_ text: ByteSlice, into fields: inout SignInFields, context: Context) {
        guard let start = text.start, text.count > 0 else { return }
        let i = JSONBytes.skipSpace(start, 0, text.count)
        guard i < text.count, start[i] == 0x7B else { return }
        _ = object(start, i, text.count, into: &fields, context: context, depth: 1)
    }

    /// Reads the object at `p[i]` (a `{`) up to `end` into `fields`; returns the index just past it, or nil with
    /// `fields.problem` set.
    func row(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int, into fields: inout SignInFields) -> Int? {
        used = 0
        collection = nil
        return object(p, i, end, into: &fields, context: .row, depth: 0)
    }

    private func object(
        _ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int, into fields: inout SignInFields, context: Context, depth: Int
    ) -> Int? {
        guard i < end, p[i] == 0x7B else {
            fields.fail("expected an object ('{')")
            return nil
        }
        guard depth < JSONBytes.maxDepth else {
            fields.fail("objects nested too deep")
            return nil
        }
        var j = JSONBytes.skipSpace(p, i + 1, end)
        if j < end, p[j] == 0x7D { return j + 1 }
        var escaped = false
        // The keys read so far in this object: one given twice (in any case or spelling of escapes) leaves which
        // value the log meant unknown, so the row is unreadable rather than read as whichever came last.
        var seen: UInt64 = 0
        while true {
            guard j < end, p[j] == 0x22, let keyEnd = JSONBytes.stringEnd(p, j, end, escaped: &escaped) else {
                fields.fail("expected a key in quotes")
                return nil
            }
            let key = escaped ? unescapedKey(p, j + 1, keyEnd - 1) : SignInKey.classify(p + j + 1, keyEnd - j - 2)
            if let bit = Self.bit(key, length: keyEnd - j - 2) {
                if seen & bit != 0, fields.problem == nil {
                    fields.fail(
                        "the key '\(Self.spelling(key, length: keyEnd - j - 2))' is given twice in one object "
                            + "(keys are read ignoring case): which value is meant is unknown")
                }
                seen |= bit
            }
            j = JSONBytes.skipSpace(p, keyEnd, end)
            guard j < end, p[j] == 0x3A else {
                fields.fail("expected ':' after a key")
                return nil
            }
            j = JSONBytes.skipSpace(p, j + 1, end)
            guard let next = value(p, j, end, key: key, into: &fields, context: context, depth: depth) else {
                return nil
            }
            j = JSONBytes.skipSpace(p, next, end)
            guard j < end else {
                fields.fail("the object is not closed")
                return nil
            }
            if p[j] == 0x2C {
                j = JSONBytes.skipSpace(p, j + 1, end)
                continue
            }
            if p[j] == 0x7D { return j + 1 }
            fields.fail("expected ',' or '}' after a value")
            return nil
        }
    }

    private func value(
        _ p: UnsafePointer<UInt8>, _ j: Int, _ end: Int, key: SignInKey, into fields: inout SignInFields,
        context: Context, depth: Int
    ) -> Int? {
        switch (context, key) {
        case (.row, .createdDateTime), (.row, .timeGenerated), (.row, .time):
            guard let (text, next) = string(p, j, end, &fields) else { return nil }
            if !text.isEmpty {
                guard let parsed = Timestamp.parse(text) else {
                    fields.fail("'\(name(key))' is not a date and time, found " + Self.excerpt(text))
                    return next
                }
                if key == .createdDateTime {
                    fields.time = parsed.utcMillis
                } else if fields.fallbackTime == nil {
                    fields.fallbackTime = parsed.utcMillis
                }
            }
            return next
        case (.row, .userPrincipalName):
            return string(p, j, end, &fields).map {
                fields.account = $0.0; return $0.1
            }
        case (.row, .appID):
            return string(p, j, end, &fields).map {
                fields.appID = $0.0; return $0.1
            }
        case (.row, .appDisplayName):
            return string(p, j, end, &fields).map {
                fields.appName = $0.0; return $0.1
            }
        case (.row, .correlationID):
            return string(p, j, end, &fields).map {
                fields.correlation = $0.0; return $0.1
            }
        case (.row, .isInteractive):
            if j < end, p[j] != 0x22 {
                guard let next = literalEnd(p, j, end, &fields) else { return nil }
                let word = ByteSlice(p, j, next)
                if word.equalsIgnoringCase("true") { fields.interactivity = .interactive }
                if word.equalsIgnoringCase("false") { fields.interactivity = .nonInteractive }
                return next
            }
            guard let (text, next) = string(p, j, end, &fields) else { return nil }
            if text.equalsIgnoringCase("true") { fields.interactivity = .interactive }
            if text.equalsIgnoringCase("false") { fields.interactivity = .nonInteractive }
            return next
        case (.row, .signInEventTypes):
            guard case .end(let next) = JSONBytes.valueEnd(p, j, end) else { return skip(p, j, end, &fields) }
            let types = ByteSlice(p, j, next)
            if types.containsIgnoringCase("noninteractiveuser") {
                fields.impliedInteractivity = .nonInteractive
            } else if types.containsIgnoringCase("interactiveuser") {
                fields.impliedInteractivity = .interactive
            }
            return next
        case (.row, .table):
            guard let (text, next) = string(p, j, end, &fields) else { return nil }
            if text.containsIgnoringCase("noninteractive") {
                fields.impliedInteractivity = .nonInteractive
            } else if text.equalsIgnoringCase("SigninLogs") || text.equalsIgnoringCase("SignInLogs") {
                fields.impliedInteractivity = .interactive
            }
            return next
        case (.row, .deviceDetail):
            return nested(p, j, end, into: &fields, context: .deviceDetail, depth: depth)
        case (.row, .status):
            return nested(p, j, end, into: &fields, context: .status, depth: depth)
        case (.row, .properties):
            guard j < end, p[j] == 0x7B else { return skip(p, j, end, &fields) }
            return object(p, j, end, into: &fields, context: .row, depth: depth + 1)
        case (.row, .resultType), (.status, .errorCode):
            if j < end, p[j] == 0x22 {
                guard let (text, next) = string(p, j, end, &fields) else { return nil }
                readCode(text, into: &fields)
                return next
            }
            guard case .end(let next) = JSONBytes.valueEnd(p, j, end) else { return skip(p, j, end, &fields) }
            if let code = JSONBytes.integer(p, j, next) { fields.errorCode = code }
            return next
        case (.row, .value) where depth == 0 && j < end && p[j] == 0x5B:
            guard case .end(let next) = JSONBytes.valueEnd(p, j, end) else { return skip(p, j, end, &fields) }
            collection = (j, next)
            return next
        case (.deviceDetail, .deviceID):
            return string(p, j, end, &fields).map {
                fields.deviceID = $0.0; return $0.1
            }
        case (.deviceDetail, .displayName):
            return string(p, j, end, &fields).map {
                fields.deviceName = $0.0; return $0.1
            }
        case (.deviceDetail, .operatingSystem):
            return string(p, j, end, &fields).map {
                fields.operatingSystem = $0.0; return $0.1
            }
        default:
            return skip(p, j, end, &fields)
        }
    }

    /// A key written with escapes (`"user\u0050rincipalName"`), classified as the text it stands for.
    private func unescapedKey(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> SignInKey {
        guard to - from <= 256, used + (to - from) <= capacity,
            let written = JSONBytes.unescape(p, from, to, into: scratch + used)
        else { return .other }
        return SignInKey.classify(UnsafePointer(scratch + used), written)
    }

    /// The bit of a key replay reads, for finding one given twice; `type` and `category` (both the table) are two.
    private static func bit(_ key: SignInKey, length: Int) -> UInt64? {
        let index: Int
        switch key {
        case .createdDateTime: index = 0
        case .timeGenerated: index = 1
        case .time: index = 2
        case .userPrincipalName: index = 3
        case .appID: index = 4
        case .appDisplayName: index = 5
        case .isInteractive: index = 6
        case .signInEventTypes: index = 7
        case .deviceDetail: index = 8
        case .status: index = 9
        case .resultType: index = 10
        case .correlationID: index = 11
        case .table: index = length == 4 ? 12 : 13
        case .properties: index = 14
        case .value: index = 15
        case .deviceID: index = 16
        case .displayName: index = 17
        case .errorCode: index = 18
        case .operatingSystem: index = 19
        case .other: return nil
        }
        return 1 << UInt64(index)
    }

    /// A key's name as the documentation spells it.
    private static func spelling(_ key: SignInKey, length: Int) -> String {
        switch key {
        case .createdDateTime: return "createdDateTime"
        case .timeGenerated: return "TimeGenerated"
        case .time: return "time"
        case .userPrincipalName: return "userPrincipalName"
        case .appID: return "appId"
        case .appDisplayName: return "appDisplayName"
        case .isInteractive: return "isInteractive"
        case .signInEventTypes: return "signInEventTypes"
        case .deviceDetail: return "deviceDetail"
        case .status: return "status"
        case .resultType: return "resultType"
        case .correlationID: return "correlationId"
        case .table: return length == 4 ? "Type" : "category"
        case .properties: return "properties"
        case .value: return "value"
        case .deviceID: return "deviceId"
        case .displayName: return "displayName"
        case .errorCode: return "errorCode"
        case .operatingSystem: return "operatingSystem"
        case .other: return "?"
        }
    }

    /// `ResultType` as text: a code (`"50058"`), or `Success` / `Failure` as the non-interactive table may say.
    private func readCode(_ text: ByteSlice, into fields: inout SignInFields) {
        if let start = text.start, let code = JSONBytes.integer(start, 0, text.count) {
            fields.errorCode = code
        } else if !text.isEmpty {
            fields.statusWord = text
        }
    }

    /// An object value, or a string holding one (decoded into the scratch area, then read there).
    private func nested(
        _ p: UnsafePointer<UInt8>, _ j: Int, _ end: Int, into fields: inout SignInFields, context: Context,
        depth: Int
    ) -> Int? {
        guard j < end else {
            fields.fail("a value is missing")
            return nil
        }
        if p[j] == 0x7B { return object(p, j, end, into: &fields, context: context, depth: depth + 1) }
        guard p[j] == 0x22 else { return skip(p, j, end, &fields) }
        guard let (text, next) = string(p, j, end, &fields) else { return nil }
        guard let start = text.start, text.count > 0 else { return next }
        let inner = JSONBytes.skipSpace(start, 0, text.count)
        guard inner < text.count, start[inner] == 0x7B else { return next }
        guard object(start, inner, text.count, into: &fields, context: context, depth: depth + 1) != nil else {
            return nil
        }
        return next
    }

    /// A string value (`null` reads as empty), unescaped when it has escapes.
    private func string(
        _ p: UnsafePointer<UInt8>, _ j: Int, _ end: Int, _ fields: inout SignInFields
    ) -> (ByteSlice, Int)? {
        guard j < end else {
            fields.fail("a value is missing")
            return nil
        }
        if p[j] != 0x22 {
            let first = p[j]
            if first == UInt8(ascii: "n") || first == UInt8(ascii: "t") || first == UInt8(ascii: "f") {
                guard let next = literalEnd(p, j, end, &fields) else { return nil }
                return (first == UInt8(ascii: "n") ? .empty : ByteSlice(p, j, next), next)
            }
            // A number where text was expected is kept as its text (`"appId": 123` is still an id).
            guard ASCII.isDigit(first) || first == UInt8(ascii: "-"),
                case .end(let next) = JSONBytes.valueEnd(p, j, end),
                JSONBytes.integer(p, j, next) != nil
            else {
                fields.fail("expected a string")
                return nil
            }
            return (ByteSlice(p, j, next), next)
        }
        var escaped = false
        guard let close = JSONBytes.stringEnd(p, j, end, escaped: &escaped) else {
            fields.fail("a string is not closed")
            return nil
        }
        guard escaped else { return (ByteSlice(p, j + 1, close - 1), close) }
        let length = close - 1 - (j + 1)
        guard used + length <= capacity,
            let written = JSONBytes.unescape(p, j + 1, close - 1, into: scratch + used)
        else {
            fields.fail("a string has a bad escape")
            return nil
        }
        let slice = ByteSlice(start: UnsafePointer(scratch + used), count: written)
        used += written
        if written > 0, memchr(scratch + used - written, 0, written) != nil {
            fields.fail("a string holds a NUL (\\u0000)")
        }
        return (slice, close)
    }

    private func literalEnd(
        _ p: UnsafePointer<UInt8>, _ j: Int, _ end: Int, _ fields: inout SignInFields
    ) -> Int? {
        guard case .end(let next) = JSONBytes.valueEnd(p, j, end) else {
            fields.fail("a value is cut short")
            return nil
        }
        let word = ByteSlice(p, j, next)
        guard word.equalsIgnoringCase("true") || word.equalsIgnoringCase("false") || word.equalsIgnoringCase("null")
        else {
            fields.fail("expected true, false or null, found " + Self.excerpt(word))
            return nil
        }
        return next
    }

    private func skip(_ p: UnsafePointer<UInt8>, _ j: Int, _ end: Int, _ fields: inout SignInFields) -> Int? {
        switch JSONBytes.valueEnd(p, j, end) {
        case .end(let next): return next
        case .incomplete:
            fields.fail("a value is cut short")
            return nil
        case .malformed:
            fields.fail("expected a value")
            return nil
        }
    }

    private func name(_ key: SignInKey) -> String {
        switch key {
        case .createdDateTime: return "createdDateTime"
        case .timeGenerated: return "TimeGenerated"
        default: return "time"
        }
    }

    /// A value for a message, by its kind (`ValueDescription`): never an account's or a person's text.
    static func excerpt(_ slice: ByteSlice) -> String { ValueDescription.described(slice.string) }
}
