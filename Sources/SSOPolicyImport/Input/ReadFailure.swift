import SSOPolicyProviderKit

/// Why an export could not be read, and where: a byte offset into the bytes that were parsed. Text formats turn
/// it into `line:col`; binary plists and signed profiles report the offset itself.
///
/// Messages say what was expected and what kind of thing was found, never the content found: an export may hold
/// secrets (enrollment tokens, Wi-Fi passwords), and errors must not echo them.
struct ReadFailure: Error, Sendable {
    var offset: Int
    var message: String

    init(at offset: Int, _ message: String) {
        self.offset = offset
        self.message = message
    }

    /// What a byte is, for "found …": structural punctuation by itself, anything else by its class.
    static func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the file" }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"),
            UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "/"),
            UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: ";"):
            return "'\(Character(Unicode.Scalar(byte)))'"
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): return "a letter"
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return "a digit"
        case 0x20, 0x09, 0x0A, 0x0D: return "white space"
        case 0x80...: return "a non-ASCII character"
        default:
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
        }
    }
}

extension DiagnosticsError {
    /// One positioned error, as the failure of a `Result`.
    static func error(at position: SourcePosition, _ message: String) -> DiagnosticsError {
        DiagnosticsError([.error(at: position, message)])
    }

    init(_ diagnostic: Diagnostic) { self.init([diagnostic]) }
}
