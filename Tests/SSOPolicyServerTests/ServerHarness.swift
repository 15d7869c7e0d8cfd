import AirWatchSDKProvider
import AppleSharedIPadProvider
import EntraSharedDeviceProvider
import Foundation
import Hummingbird
import HummingbirdTesting
import ImprivataMAMProvider
import SSOPolicy
import SSOPolicyCLI
import SSOPolicyServer
import SSOPolicyTestSupport

/// Both shipped providers, as the composition root registers them.
let registry = ProviderRegistry([
    AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
    AnyPolicyProvider(ImprivataMAMProvider()),
    AnyPolicyProvider(AppleSharedIPadProvider()),
])

/// The repository root, found from this file's location.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// Runs the command line in-process and returns exit code and standard output.
func cli(_ arguments: [String]) -> (code: Int32, out: String) {
    let capture = Capture()
    let context = CLIContext(registry: registry, write: { capture.out($0) }, writeError: { capture.err($0) })
    return (CommandLineTool.run(arguments, context: context), capture.output)
}

/// The server's router in-process, with the same context the executable builds.
func application(_ options: ServeOptions = .underTest) -> some ApplicationProtocol {
    let context = QueryContext(registry: registry, write: { _ in }, writeError: { _ in })
    return Application(router: PolicyServer.router(options, context: context))
}

/// One request against the in-process router: status and body text. A POST says its body is JSON unless `headers`
/// say otherwise.
extension ServeOptions {
    /// The defaults with a generous time budget: the test process plays hundreds of tests on two cores at once, and
    /// a request that is not about budgets must not get a 503 because the machine is busy.
    static var underTest: ServeOptions { ServeOptions(timeBudgetSeconds: 120) }
}

func request(
    _ method: HTTPRequest.Method, _ uri: String, body: String? = nil, headers: HTTPFields = [:],
    options: ServeOptions = .underTest
) async throws -> (status: Int, body: String) {
    let answer = try await exchange(method, uri, body: body, headers: headers, options: options)
    return (answer.status, answer.body)
}

/// One request against the in-process router: status, headers and body text.
func exchange(
    _ method: HTTPRequest.Method, _ uri: String, body: String? = nil, headers: HTTPFields = [:],
    options: ServeOptions = .underTest
) async throws -> (status: Int, headers: HTTPFields, body: String) {
    var headers = headers
    if method == .post, headers[.contentType] == nil { headers[.contentType] = "application/json" }
    let sent = headers
    return try await application(options).test(.router) { client in
        try await client.execute(uri: uri, method: method, headers: sent, body: body.map { ByteBuffer(string: $0) }) {
            response in (response.status.code, response.headers, String(buffer: response.body))
        }
    }
}

/// A JSON string literal for `text`, to put inline YAML into request bodies (the product's JSON writer: the
/// escaping itself is tested against a scalar reference in `ByteScanTests`).
func quoted(_ text: String) -> String { JSONValue.string(text).serialized(pretty: false) }
