import AirWatchSDKProvider
import AppleSharedIPadProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicyCLI
import SSOPolicyServer

// The composition root: the one place that knows which providers exist.
let registry = ProviderRegistry([
    AnyPolicyProvider(AirWatchSDKProvider()),
    AnyPolicyProvider(EntraSharedDeviceProvider()),
    AnyPolicyProvider(ImprivataMAMProvider()),
    AnyPolicyProvider(AppleSharedIPadProvider()),
])

let context = CLIContext(
    registry: registry,
    write: { text in StandardStreams.writeOutput(text) },
    writeError: { text in StandardStreams.writeError(text) },
    serve: { options, context in await PolicyServer.run(options, context: context) }
)
exit(await CommandLineTool.main(Array(CommandLine.arguments.dropFirst()), context: context))
