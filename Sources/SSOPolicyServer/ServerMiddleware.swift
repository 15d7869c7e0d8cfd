import Foundation
import Hummingbird
import Logging

/// Turns every failure into a JSON error answer (unknown routes and oversized bodies included), refuses requests
/// whose Host header names a host this server was not asked to answer for (DNS rebinding: a web page whose name
/// resolves to 127.0.0.1 must not read the API), adds the security headers, and logs each request once it is
/// answered, as structured metadata: method, path, status, duration.
struct ServerMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    let hosts: HostAllowList

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var response: Response
        do {
            try hosts.check(request.head.authority)
            response = try await next(request, context)
        } catch {
            response = APIError.from(error).response
        }
        SecurityHeaders.apply(to: &response.headers, path: request.uri.path)
        let elapsed = ContinuousClock.now - start
        context.logger.info(
            "request",
            metadata: [
                "method": .string(request.method.rawValue), "path": .string(request.uri.path),
                "status": .stringConvertible(response.status.code),
                "duration_ms": .string(String(format: "%.2f", elapsed.inSeconds * 1000)),
            ])
        return response
    }
}

/// The names a request may give in its Host header: loopback names, any IP literal (a literal address cannot be
/// rebound), the address the server was bound to, and the names given with `--allow-host`. A request without a Host
/// header (HTTP/1.0) is let through: browsers, the rebinding vector, always send one.
struct HostAllowList: Sendable {
    var names: Set<String>

    init(bound host: String, allowed: [String]) {
        names = Set(["localhost", host.lowercased()] + allowed.map { $0.lowercased() })
    }

    func check(_ authority: String?) throws {
        guard let authority, !authority.isEmpty else { return }
        let host = Self.hostPart(authority.lowercased())
        if names.contains(host) || host.hasSuffix(".localhost") || Self.isIPLiteral(host) { return }
        throw APIError(
            status: .misdirectedRequest,
            message: "this server does not answer for host '\(host)'; start it with --allow-host \(host) to allow it")
    }

    /// `host:port` or `[v6]:port` without the port (and brackets).
    static func hostPart(_ authority: String) -> String {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<close])
        }
        if let colon = authority.lastIndex(of: ":"), authority.filter({ $0 == ":" }).count == 1 {
            return String(authority[..<colon])
        }
        return authority
    }

    static func isIPLiteral(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}
