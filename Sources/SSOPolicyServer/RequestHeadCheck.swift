import Foundation
import NIOHTTP1

/// The HTTP/1 framing and Host rules a request head must meet before anything reads its body (RFC 9112 sections 3.2
/// and 6.1), checked on the raw head where the version and every header line are still visible:
///
/// - `Transfer-Encoding` may only be plain `chunked`; any other coding (`gzip, chunked`, `chunked, chunked`) is
///   answered 501, since the body would otherwise be read as if the coding were not there. In an HTTP/1.0 request
///   any `Transfer-Encoding` is 400: such a message's framing is faulty.
/// - An HTTP/1.1 request must carry exactly one `Host`; none, two, or one naming two hosts is 400. An HTTP/1.0
///   request may leave it out (clients of that version predate it, and the browsers that DNS rebinding works through
///   always send it), but two are refused there too.
enum RequestHeadCheck {
    struct Refusal: Error, Sendable, Hashable {
        var status: HTTPResponseStatus
        var message: String
    }

    static func refusal(for head: HTTPRequestHead) -> Refusal? {
        let isHTTP11 = head.version.major > 1 || (head.version.major == 1 && head.version.minor >= 1)
        let codings = head.headers["Transfer-Encoding"]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: [" ", "\t"]).lowercased() }
        if !head.headers["Transfer-Encoding"].isEmpty {
            if !isHTTP11 {
                return Refusal(
                    status: .badRequest,
                    message: "an HTTP/1.0 request cannot use Transfer-Encoding; send Content-Length")
            }
            if codings != ["chunked"] {
                return Refusal(
                    status: .notImplemented,
                    message: "Transfer-Encoding '\(quoted(codings.joined(separator: ", ")))' is not supported; "
                        + "send the body with Content-Length or as plain chunked")
            }
        }
        let hosts = head.headers["Host"]
        if hosts.count > 1 {
            return Refusal(status: .badRequest, message: "the request has \(hosts.count) Host headers; send one")
        }
        if let host = hosts.first, host.contains(",") {
            return Refusal(status: .badRequest, message: "the Host header names more than one host; send one")
        }
        if hosts.isEmpty && isHTTP11 {
            return Refusal(status: .badRequest, message: "an HTTP/1.1 request must have a Host header")
        }
        return nil
    }

    /// Header text as a message quotes it: its first 60 scalars, control characters left out.
    static func quoted(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(60)))
    }
}
