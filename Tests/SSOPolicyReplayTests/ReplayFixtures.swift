import AirWatchSDKProvider
import AppleSharedIPadProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicy
import SSOPolicyCLI
import SSOPolicyReplay
import SSOPolicyTestSupport

/// The hand-composed fixtures (fake tenant contoso.example, fake users and devices) and helpers to replay them.
enum ReplayFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        .path

    static func path(_ name: String) -> String { folder + "/" + name }

    static func bytes(_ name: String) -> [UInt8] {
        Array((try? Data(contentsOf: URL(fileURLWithPath: path(name)))) ?? Data())
    }

    /// A source handing over `bytes` in reads of at most `chunk` bytes (a pipe's small reads).
    static func source(_ name: String, bytes: [UInt8], chunk: Int = 1 << 16) -> SignInSource {
        let stream = ChunkedBytes(bytes, chunk: chunk)
        return SignInSource(name: name) { stream.read(into: $0) }
    }

    static func source(_ name: String, chunk: Int = 1 << 16) -> SignInSource {
        source(path(name), bytes: bytes(name), chunk: chunk)
    }

    /// The canonical day, 2026-05-04 UTC.
    static var day: ReplayOptions {
        var options = ReplayOptions()
        options.from = 1_777_852_800_000  // 2026-05-04T00:00:00Z
        options.to = 1_777_939_200_000  // 2026-05-05T00:00:00Z
        return options
    }

    static func replay(
        _ files: [String], custody: String? = "custody.csv", options: ReplayOptions = day, model: ReplayModel? = nil,
        deviceMap: String? = nil, chunk: Int = 1 << 16
    ) -> ReplayResult {
        ReplayRunner(options: options, model: model).run(
            signIns: files.map { source($0, chunk: chunk) }, custody: custody.map { (path($0), bytes($0)) },
            deviceMap: deviceMap.map { (path($0), bytes($0)) })
    }

    static let registry = ProviderRegistry([
        AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
        AnyPolicyProvider(ImprivataMAMProvider()),
        AnyPolicyProvider(AppleSharedIPadProvider()),
    ])

    /// Runs `ssopolicy` in-process.
    static func ssopolicy(_ arguments: [String], input: [UInt8] = []) -> (code: Int32, out: String, err: String) {
        let capture = Capture()
        let stream = ChunkedBytes(input, chunk: 4096)
        let context = CLIContext(
            registry: registry, write: { capture.out($0) }, writeError: { capture.err($0) },
            readInput: { stream.read(into: $0) })
        let code = CommandLineTool.run(arguments, context: context)
        return (code, capture.output, capture.errors)
    }
}

/// One verdict line of a report, for comparisons: the interval and its deciding rows, without input positions.
struct VerdictLine: Hashable, CustomStringConvertible {
    var custody: Bool
    var device: String
    var who: String
    var verdict: Verdict
    var rows: [String]

    init(_ interval: ReplayInterval, report: ReplayReport) {
        custody = interval.kind == .custody
        device = interval.device
        who =
            interval.custodian.map { (interval.previousCustodian.map { $0 + "->" } ?? "") + $0 }
            ?? interval.accounts.joined(separator: "+")
        verdict = interval.verdict
        rows = interval.evidence.map {
            "\($0.role.rawValue) \(report.time($0.time)) \($0.account) \($0.app) \($0.correlationID ?? "-")"
        }
    }

    var description: String { "\(device) \(who) \(verdict.rawValue) \(rows)" }
}

extension ReplayReport {
    var lines: [VerdictLine] { intervals.map { VerdictLine($0, report: self) } }

    func interval(_ device: String, _ custodian: String) -> ReplayInterval? {
        intervals.first { $0.device == device && $0.custodian == custodian }
    }
}

/// Bytes handed out in reads of at most `chunk` bytes.
final class ChunkedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private let bytes: [UInt8]
    private let chunk: Int
    private var offset = 0

    init(_ bytes: [UInt8], chunk: Int) {
        self.bytes = bytes
        self.chunk = chunk
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        lock.withLock {
            let size = min(buffer.count, bytes.count - offset, chunk)
            for index in 0..<size { buffer[index] = bytes[offset + index] }
            offset += size
            return size
        }
    }
}
