import Foundation
import Hummingbird
import NIOHTTP1
import SSOPolicy
import SSOPolicyQueries

/// An error answer: JSON with a message and, for input problems, the same positioned diagnostics the command line
/// prints (inline YAML carries its pseudo file name, e.g. `policy.yaml`).
struct APIError: Error, Sendable {
    var status: HTTPResponse.Status
    var message: String
    var diagnostics: [Diagnostic] = []
    /// The limiter's answer to a computation that spent more than its work units: 422 from the API, where it is the
    /// request that asks too much; a playground page answers it 503 with what to try instead.
    var exceededWork = false

    var json: JSONValue {
        .object([
            ("error", .string(message)), ("status", .int(status.code)),
            ("diagnostics", .array(diagnostics.map(CheckRender.diagnostic))),
        ])
    }

    var response: Response { APIResponse.json(JSONAnswer.document(json), status: status) }

    /// Maps what the shared verbs and decoding throw onto statuses: bad input is 422 with diagnostics, a request
    /// that is not the documented JSON is 400.
    static func from(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError: return error
        case let error as DiagnosticsError:
            return APIError(
                status: .unprocessableContent, message: "the input has errors", diagnostics: error.diagnostics)
        case let error as EvaluateError:
            return APIError(
                status: .unprocessableContent, message: "the request has errors", diagnostics: error.diagnostics)
        case let error as DecisionMatrix.TooManyRows:
            return APIError(
                status: .unprocessableContent,
                message: error.description
                    + ": nothing was computed; POST /v1/evaluate gives its distinct answers with "
                    + "their deciding conditions")
        case let error as DecodingError: return APIError(status: .badRequest, message: describe(error))
        case is HTTPParserError: return APIError(status: .badRequest, message: "the request is not well-formed HTTP")
        case let error as any HTTPResponseError:
            let message =
                error.status == .contentTooLarge
                ? "request body over \(PolicyAPI.maxBodyBytes) bytes" : error.status.reasonPhrase
            return APIError(status: error.status, message: message)
        default: return APIError(status: .internalServerError, message: "internal error")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field '\(path(context.codingPath + [key]).dropFirst())'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "field '\(path(context.codingPath).dropFirst())' has the wrong type: \(context.debugDescription)"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "the request body is not valid JSON" }
            return "field '\(path(context.codingPath).dropFirst())': \(context.debugDescription)"
        @unknown default: return "the request body does not match the API"
        }
    }
}

/// Responses with exact bytes: the JSON answers must reach the client byte for byte as the command line prints them.
enum APIResponse {
    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        body(text, contentType: "application/json; charset=utf-8", status: status)
    }

    static func json(_ bytes: ByteBuffer) -> Response {
        body(bytes, contentType: "application/json; charset=utf-8")
    }

    static func body(_ text: String, contentType: String, status: HTTPResponse.Status = .ok) -> Response {
        body(ByteBuffer(string: text), contentType: contentType, status: status)
    }

    static func body(_ bytes: ByteBuffer, contentType: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: bytes))
    }
}
