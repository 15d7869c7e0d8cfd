@_exported import BadgeKioskProvider
import Foundation
import SSOPolicy

/// Helpers for tests: temporary files, an engine with the test provider, and the position of a marker.
public enum Fixtures {
    public static let registry = ProviderRegistry([AnyPolicyProvider(BadgeProvider())])
    public static let engine = SSOPolicyEngine(registry: registry)

    /// A fresh folder under `root`.
    public static func folder(_ name: String = #function) -> String {
        let base =
            root + "/" + name.filter { $0.isLetter || $0.isNumber } + "-" + String(UInt32.random(in: 0...UInt32.max))
        try? FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        return base
    }

    /// The one folder that holds every folder of this test process, removed when the process exits, so a test run
    /// leaves nothing behind in the temporary directory (a crashed run leaves its own root only).
    public static let root: String = {
        let root =
            NSTemporaryDirectory() + "ssopolicy-tests/run-\(ProcessInfo.processInfo.processIdentifier)-"
            + String(UInt32.random(in: 0...UInt32.max))
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Fixtures.root) }
        return root
    }()

    /// Writes `text` to `folder/name` and returns the path.
    @discardableResult
    public static func write(_ text: String, to name: String, in folder: String) -> String {
        let path = folder + "/" + name
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// The diagnostics of loading a policy from text, rendered, or [] if it loads.
    public static func policyErrors(_ yaml: String, engine: SSOPolicyEngine = engine) -> [String] {
        do {
            _ = try engine.loadPolicy(yaml: yaml, file: "p.yaml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    public static func scenarioErrors(_ yaml: String, engine: SSOPolicyEngine = engine) -> [String] {
        do {
            _ = try engine.loadScenario(yaml: yaml, file: "s.yaml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }
}
