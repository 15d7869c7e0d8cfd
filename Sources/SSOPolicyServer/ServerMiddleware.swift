import Foundation
import Hummingbird
import Logging

/// Turns every failure into a JSON error answer (unknown routes and oversized bodies included) and logs each
/// request once it is answered, as structured metadata: method, path, status, duration.
struct ServerMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = APIError.from(error).response
        }
        let elapsed = ContinuousClock.now - start
        context.logger.info(
            "request",
            metadata: [
                "method": .string(request.method.rawValue), "path": .string(request.uri.path),
                "status": .stringConvertible(response.status.code),
                "duration_ms": .string(String(format: "%.2f", elapsed.seconds * 1000)),
            ])
        return response
    }
}
