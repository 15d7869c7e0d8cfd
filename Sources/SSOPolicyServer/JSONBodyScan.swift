import Foundation
import SSOPolicy
import SSOPolicyProviderKit

/// Checks a JSON request body's objects before it is decoded: a key given twice in one object (`JSONDecoder` keeps
/// one of the two silently, so `{"policy": "a", "policy": "b"}` would be answered for a policy the sender may not
/// have meant), an object with more than `maxKeysPerObject` keys, and nesting deeper than `maxDepth`. Keys are
/// compared after unescaping (`"\u0061"` is `"a"`).
///
/// The scan is one pass over the bytes with an explicit stack, and its cost is linear: every key of every object
/// goes into one set, tagged with the number of its object, so no set is ever copied; a body stops being read at
/// its first problem. Text that is not JSON is left to the decoder to report. It runs on the request's compute
/// thread under the `WorkLimiter`, and stops when the request's budget is stopped.
struct JSONBodyScan {
    /// No object the API reads has more than a few dozen keys (a provider's facts or conditions).
    static let maxKeysPerObject = 1000
    /// The API's bodies nest three levels deep.
    static let maxDepth = 64

    enum Problem: Error, Sendable, Hashable {
        case duplicateKey(String)
        case tooManyKeys(limit: Int)
        case tooDeep(limit: Int)

        /// The answer to a body with this problem, found at byte `offset` (counted from 0).
        func apiError(at offset: Int) -> APIError {
            switch self {
            case .duplicateKey(let key):
                // A key may be up to a body long: the message quotes its first 100 scalars.
                let shown = String(String.UnicodeScalarView(key.unicodeScalars.prefix(100)))
                let cut = key.unicodeScalars.count > 100 ? "…" : ""
                return APIError(
                    status: .badRequest,
                    message: "the request body gives the key '\(shown)\(cut)' twice in one object (again at byte "
                        + "\(offset))")
            case .tooManyKeys(let limit):
                return APIError(
                    status: .contentTooLarge,
                    message: "an object in the request body has more than \(limit) keys (the limit per object; key "
                        + "\(limit + 1) is at byte \(offset)); send fewer")
            case .tooDeep(let limit):
                return APIError(
                    status: .badRequest,
                    message: "the request body nests objects and arrays more than \(limit) levels deep (at byte "
                        + "\(offset))")
            }
        }
    }

    var maxKeysPerObject = Self.maxKeysPerObject
    var maxDepth = Self.maxDepth
    /// Counted work of the last scan: keys put into the set, and bytes read (when it found a problem: the offset of
    /// the key or bracket that is one).
    private(set) var keysInserted = 0
    private(set) var bytesRead = 0

    /// The bytes the scan looks for. `UInt8(ascii:)` is a call per comparison in an unoptimized build, which made the
    /// scan of a 1 MB body the largest part of its request there.
    enum Byte {
        static let openBrace: UInt8 = 0x7B
        static let closeBrace: UInt8 = 0x7D
        static let openBracket: UInt8 = 0x5B
        static let closeBracket: UInt8 = 0x5D
        static let comma: UInt8 = 0x2C
        static let quote: UInt8 = 0x22
        static let backslash: UInt8 = 0x5C
    }

    /// A key as the scan keeps it: the number of its object and its unescaped text.
    private struct ObjectKey: Hashable {
        var object: Int
        var key: String
    }

    /// One open container: the number of an object and its keys so far, or an array (`object` nil).
    private struct Frame {
        var object: Int?
        var keys = 0
    }

    /// Bytes between checks of the request's budget.
    static let checkInterval = 1 << 16

    /// The body's first problem, or nil when it has none (or is not JSON).
    mutating func firstProblem(in data: Data) throws(WorkBudget.Stopped) -> Problem? {
        var outcome: Result<Problem?, WorkBudget.Stopped> = .success(nil)
        data.withUnsafeBytes { raw in
            outcome = Result { () throws(WorkBudget.Stopped) -> Problem? in
                try scan(raw.assumingMemoryBound(to: UInt8.self))
            }
        }
        return try outcome.get()
    }

    mutating func firstProblem(in bytes: [UInt8]) throws(WorkBudget.Stopped) -> Problem? {
        try bytes.withUnsafeBufferPointer { buffer throws(WorkBudget.Stopped) in try scan(buffer) }
    }

    /// The scan itself, over the bytes in place (no copy, and no array access per byte in unoptimized builds).
    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(WorkBudget.Stopped) -> Problem? {
        keysInserted = 0
        bytesRead = 0
        var seen = Set<ObjectKey>()
        var stack: [Frame] = []
        var objects = 0
        var expectingKey = false
        var index = 0
        var nextCheck = Self.checkInterval
        defer { bytesRead = min(index, bytes.count) }
        while index < bytes.count {
            if index >= nextCheck {
                try WorkBudget.throwIfStopped()
                nextCheck = index + Self.checkInterval
            }
            switch bytes[index] {
            case Byte.openBrace, Byte.openBracket:
                guard stack.count < maxDepth else { return .tooDeep(limit: maxDepth) }
                let isObject = bytes[index] == Byte.openBrace
                if isObject { objects += 1 }
                stack.append(Frame(object: isObject ? objects : nil))
                expectingKey = isObject
                index += 1
            case Byte.closeBrace, Byte.closeBracket:
                guard !stack.isEmpty else { return nil }
                stack.removeLast()
                expectingKey = false
                index += 1
            case Byte.comma:
                expectingKey = stack.last?.object != nil
                index += 1
            case Byte.quote:
                guard expectingKey, let object = stack.last?.object else {
                    guard let end = Self.end(ofStringIn: bytes, from: index) else { return nil }
                    index = end
                    continue
                }
                guard let (key, end) = Self.string(bytes, from: index) else { return nil }
                stack[stack.count - 1].keys += 1
                guard stack[stack.count - 1].keys <= maxKeysPerObject else {
                    return .tooManyKeys(limit: maxKeysPerObject)
                }
                keysInserted += 1
                if !seen.insert(ObjectKey(object: object, key: key)).inserted { return .duplicateKey(key) }
                expectingKey = false
                index = end
            default:
                index += 1
            }
        }
        return nil
    }

    /// The index after the closing quote of the string starting at `start`, without unescaping it.
    static func end(ofStringIn bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var escaped = false
        return JSONBytes.stringEnd(base, start, bytes.count, escaped: &escaped)
    }

    /// The key starting at the quote at `start`, read by the package's JSON reader, and the index after its
    /// closing quote; nil when it is not a valid JSON string (the decoder reports it).
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (String, Int)? {
        var cursor = JSONCursor(bytes, describe: { _ in "" })
        cursor.index = start
        guard let key = try? cursor.string() else { return nil }
        return (key, cursor.index)
    }
}
