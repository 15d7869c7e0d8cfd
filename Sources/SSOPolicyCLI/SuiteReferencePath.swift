import Foundation

/// How an emitted suite names its policy and scenario: relative to the suite's own folder, as the suite loader
/// resolves them, so the suite keeps working wherever the folder tree is moved.
enum SuiteReferencePath {
    static func from(suite: String, to file: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let suiteFolder = URL(fileURLWithPath: suite, relativeTo: URL(fileURLWithPath: current, isDirectory: true))
            .standardizedFileURL.deletingLastPathComponent().pathComponents
        let target = URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: current, isDirectory: true))
            .standardizedFileURL.pathComponents
        var shared = 0
        while shared < suiteFolder.count, shared < target.count, suiteFolder[shared] == target[shared] { shared += 1 }
        let up = Array(repeating: "..", count: suiteFolder.count - shared)
        return (up + target[shared...]).joined(separator: "/")
    }
}
