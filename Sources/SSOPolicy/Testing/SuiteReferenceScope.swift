import Foundation
import SSOPolicyProviderKit

/// Where a suite's `policy:` and `scenario:` may point: inside the folder tree being tested.
///
/// Suites are contributed files that CI runs; a suite naming `../../.git-credentials` would have us read a file
/// outside the project and quote it in an error. References are compared after resolving symbolic links, so a
/// link inside the tree cannot lead out of it either. `--allow-outside-references` lifts the rule.
public struct SuiteReferenceScope: Sendable, Hashable {
    /// Whether references may name any file.
    public var allowsOutside: Bool

    public init(allowsOutside: Bool = false) { self.allowsOutside = allowsOutside }

    /// The trees a file found under `paths` may reach into: the folder argument it was found in, or, for a file
    /// named directly, its own folder and the current folder.
    public static func roots(of file: String, among paths: [String]) -> [String] {
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
            else { continue }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            if file.hasPrefix(base + "/") { return [base] }
        }
        let folder = (file as NSString).deletingLastPathComponent
        return [folder.isEmpty ? "." : folder, FileManager.default.currentDirectoryPath]
    }

    /// An error for each reference of the suite that leads outside every one of `roots`.
    public func problems(in suite: TestSuite, roots: [String]) -> [Diagnostic] {
        if allowsOutside { return [] }
        let trees = roots.map(Self.canonical)
        var problems: [Diagnostic] = []
        for (kind, path, position) in [
            ("policy", suite.policyPath, suite.policyPosition),
            ("scenario", suite.scenarioPath, suite.scenarioPosition),
        ] {
            let target = Self.canonical(path)
            if trees.contains(where: { target == $0 || target.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) {
                continue
            }
            problems.append(
                .error(
                    at: position,
                    "\(kind) '\(path)' is outside the folder being tested (\(roots.joined(separator: " or "))); "
                        + "suites may only name files inside it (--allow-outside-references lifts this)"))
        }
        return problems
    }

    /// The absolute path with `.`, `..` and symbolic links resolved (as far as the path exists).
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
