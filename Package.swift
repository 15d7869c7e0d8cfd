// swift-tools-version:6.1
import PackageDescription

/// ssopolicy: a plugin-based policy engine for SSO on shared mobile devices.
///
/// Layout (see ARCHITECTURE.md):
/// - `SSOPolicyProviderKit`: the provider API and shared vocabulary; the only module a provider imports.
/// - `SSOPolicy`: the vendor-neutral engine (YAML loading, scenarios, comparison, rendering, suites).
/// - `Plugins/<Provider>`: one module per vendor model, registered in the executable's composition root.
/// - `Plugins/MicrosoftApps`: the catalogue of Microsoft apps' shared-device behaviour that Entra and Imprivata share.
/// - `SSOPolicyQueries`: the verbs the command line and the server share.
/// - `SSOPolicyReplay`: `ssopolicy replay`, real sign-in logs against custody (Microsoft's formats live here).
/// - `SSOPolicyCLI`: the command line as a library; `ssopolicy` is its thin executable.
/// - `SSOPolicyServer`: the HTTP API and playground (Hummingbird); it does not link ArgumentParser.
let package = Package(
    name: "ssopolicy",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SSOPolicy", targets: ["SSOPolicy"]),
        .library(name: "SSOPolicyProviderKit", targets: ["SSOPolicyProviderKit"]),
        .library(name: "AirWatchSDKProvider", targets: ["AirWatchSDKProvider"]),
        .library(name: "EntraSharedDeviceProvider", targets: ["EntraSharedDeviceProvider"]),
        .library(name: "ImprivataMAMProvider", targets: ["ImprivataMAMProvider"]),
        .library(name: "AppleSharedIPadProvider", targets: ["AppleSharedIPadProvider"]),
        .executable(name: "ssopolicy", targets: ["ssopolicy"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Already in the graph through Hummingbird; named so the server tests can stop a live server gracefully.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .target(name: "SSOPolicyProviderKit"),
        .target(
            name: "SSOPolicy",
            dependencies: ["SSOPolicyProviderKit", .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "AirWatchSDKProvider",
            dependencies: ["SSOPolicyProviderKit"],
            path: "Plugins/AirWatchSDK"
        ),
        // One catalogue of Microsoft apps' shared-device behaviour, imported by every provider that signs Microsoft
        // apps in or out (Entra, and Imprivata's Microsoft integration); it imports the provider kit only.
        .target(
            name: "MicrosoftApps",
            dependencies: ["SSOPolicyProviderKit"],
            path: "Plugins/MicrosoftApps"
        ),
        .target(
            name: "EntraSharedDeviceProvider",
            dependencies: ["SSOPolicyProviderKit", "MicrosoftApps"],
            path: "Plugins/EntraSharedDevice"
        ),
        .target(
            name: "ImprivataMAMProvider",
            dependencies: ["SSOPolicyProviderKit", "MicrosoftApps"],
            path: "Plugins/ImprivataMAM"
        ),
        .target(
            name: "AppleSharedIPadProvider",
            dependencies: ["SSOPolicyProviderKit", "MicrosoftApps"],
            path: "Plugins/AppleSharedIPad"
        ),
        // A complete example provider to copy from (docs/writing-a-provider.md); the tests register it, the
        // executable does not.
        .target(
            name: "BadgeKioskProvider",
            dependencies: ["SSOPolicyProviderKit"],
            path: "Examples/BadgeKiosk"
        ),
        .executableTarget(name: "embed-policy-library", path: "Sources/EmbedPolicyLibraryTool"),
        .plugin(
            name: "EmbedPolicyLibrary",
            capability: .buildTool(),
            dependencies: ["embed-policy-library"],
            path: "Plugins/EmbedPolicyLibrary"
        ),
        .target(
            name: "SSOPolicyBundledLibrary",
            plugins: ["EmbedPolicyLibrary"]
        ),
        // Readers of vendor exports (Microsoft Graph JSON, Apple configuration profiles) and console forms, for
        // `ssopolicy import`: vendor knowledge stays out of the core.
        .target(name: "SSOPolicyImport", dependencies: ["SSOPolicyProviderKit"]),
        // The verbs the command line and the server share (Queries, DocumentResolver, JSONAnswer, the bundled
        // catalogue, the server's options): neither front end depends on the other.
        .target(
            name: "SSOPolicyQueries",
            dependencies: ["SSOPolicy", "SSOPolicyBundledLibrary"]
        ),
        // Replaying real sign-in logs against custody (and a policy): Microsoft's log formats and the custody sources
        // are vendor-specific, so they live here, outside the vendor-neutral core.
        .target(name: "SSOPolicyReplay", dependencies: ["SSOPolicy"]),
        .target(
            name: "SSOPolicyCLI",
            dependencies: [
                "SSOPolicy",
                "SSOPolicyQueries",
                "SSOPolicyReplay",
                "SSOPolicyBundledLibrary",
                "SSOPolicyImport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "SSOPolicyServer",
            dependencies: [
                "SSOPolicy", "SSOPolicyQueries", "SSOPolicyBundledLibrary",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "ssopolicy",
            dependencies: [
                "SSOPolicyCLI", "SSOPolicyServer", "AirWatchSDKProvider", "EntraSharedDeviceProvider",
                "ImprivataMAMProvider", "AppleSharedIPadProvider",
            ]
        ),
        .target(
            name: "SSOPolicyTestSupport",
            // The shipped providers: `ProviderConformance` registers them beside the provider under test, since the
            // bundled scenarios its suites play name every provider's events.
            dependencies: [
                "SSOPolicy", "BadgeKioskProvider", "AirWatchSDKProvider", "EntraSharedDeviceProvider",
                "ImprivataMAMProvider", "AppleSharedIPadProvider",
            ],
            path: "Tests/SSOPolicyTestSupport"
        ),
        .testTarget(name: "SSOPolicyTests", dependencies: ["SSOPolicy", "SSOPolicyTestSupport"]),
        .testTarget(
            name: "AirWatchSDKProviderTests",
            dependencies: ["AirWatchSDKProvider", "SSOPolicy", "SSOPolicyTestSupport"]
        ),
        .testTarget(
            name: "EntraSharedDeviceProviderTests",
            dependencies: ["EntraSharedDeviceProvider", "SSOPolicy", "SSOPolicyTestSupport"]
        ),
        .testTarget(
            name: "ImprivataMAMProviderTests",
            dependencies: [
                "ImprivataMAMProvider", "SSOPolicy", "SSOPolicyTestSupport", "AirWatchSDKProvider",
                "EntraSharedDeviceProvider", "MicrosoftApps", "AppleSharedIPadProvider",
            ]
        ),
        .testTarget(
            name: "AppleSharedIPadProviderTests",
            dependencies: [
                "AppleSharedIPadProvider", "SSOPolicy", "SSOPolicyTestSupport", "AirWatchSDKProvider",
                "EntraSharedDeviceProvider", "ImprivataMAMProvider",
            ]
        ),
        .testTarget(
            name: "SSOPolicyServerTests",
            dependencies: [
                "SSOPolicyServer", "SSOPolicy", "SSOPolicyCLI", "SSOPolicyTestSupport", "AirWatchSDKProvider",
                "EntraSharedDeviceProvider", "ImprivataMAMProvider", "AppleSharedIPadProvider", "ssopolicy",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "SSOPolicyReplayTests",
            dependencies: [
                "SSOPolicyReplay", "SSOPolicyCLI", "SSOPolicyTestSupport", "AirWatchSDKProvider",
                "EntraSharedDeviceProvider", "ImprivataMAMProvider", "AppleSharedIPadProvider",
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "SSOPolicyImportTests",
            dependencies: [
                "SSOPolicyImport", "SSOPolicy", "SSOPolicyCLI", "SSOPolicyTestSupport", "AirWatchSDKProvider",
                "EntraSharedDeviceProvider", "ImprivataMAMProvider", "AppleSharedIPadProvider",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SSOPolicyCLITests",
            dependencies: [
                "SSOPolicyCLI", "SSOPolicyTestSupport", "AirWatchSDKProvider", "EntraSharedDeviceProvider",
                "ImprivataMAMProvider", "AppleSharedIPadProvider", "BadgeKioskProvider", "ssopolicy",
            ]
        ),
    ]
)

// libFuzzer targets (Fuzz/), only with SSOPOLICY_FUZZ=1 so that plain `swift build` and `swift test` never see them:
//   SSOPOLICY_FUZZ=1 swift build --sanitize=fuzzer --sanitize=address --scratch-path .build-fuzz --product FuzzLoader
if Context.environment["SSOPOLICY_FUZZ"] == "1" {
    // The fuzz targets need no embedded library: without the plugin, the fuzz build does not compile its tool
    // with the fuzzer's sanitizer (whose own `main` would clash with the tool's).
    for target in package.targets where target.name == "SSOPolicyBundledLibrary" { target.plugins = [] }
    for name in ["FuzzLoader", "FuzzBatch", "FuzzImport", "FuzzReplay"] {
        package.targets.append(
            .executableTarget(
                name: name,
                dependencies: [
                    "SSOPolicy", "AirWatchSDKProvider", "EntraSharedDeviceProvider", "ImprivataMAMProvider",
                    "AppleSharedIPadProvider",
                ] + (name == "FuzzImport" ? ["SSOPolicyImport"] : [])
                    + (name == "FuzzReplay" ? ["SSOPolicyReplay"] : []),
                path: "Fuzz/" + name))
    }
}
