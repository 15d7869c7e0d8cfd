import Foundation
import Testing

/// Every file the tool writes goes through `OutputFile` (docs/output-files.md promises its symlink, device and mode
/// rules for every file): no other source of the product opens a file for writing or writes one through Foundation.
/// The build tool that generates the bundled library's source (`Sources/EmbedPolicyLibraryTool`) runs at build time,
/// not in the product, and is left out.
struct OneWriterTests {
    /// The package's root: this file is Tests/SSOPolicyCLITests/OneWriterTests.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let writers = [
        "O_WRONLY", "O_RDWR", "O_CREAT", "fopen(", "creat(", "FileHandle(forWriting", "FileHandle(forUpdating",
        "createFile(", "atomically:", ".write(to: URL", "write(toFile:", "FileManager.default.copyItem",
        "FileManager.default.moveItem", "rename(", "renameat(", "unlink(",
    ]

    @Test func onlyOutputFileWritesFiles() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let allowed: Set = ["SSOPolicyCLI/OutputFile.swift", "SSOPolicyCLI/OutputFileSet.swift"]
        var found: [String] = []
        let walker = FileManager.default.enumerator(atPath: sources.path)
        while let relative = walker?.nextObject() as? String {
            guard relative.hasSuffix(".swift"), !relative.hasPrefix("EmbedPolicyLibraryTool/"),
                !allowed.contains(relative)
            else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for writer in Self.writers where Self.calls(code, writer) {
                    found.append("\(relative):\(number + 1): \(writer)")
                }
            }
        }
        #expect(found.isEmpty, "file writes outside OutputFile: \(found)")
    }

    /// Whether `line` names `writer` as itself, not as the tail of another name (`renaming.rename(` is no `rename(`).
    static func calls(_ line: String, _ writer: String) -> Bool {
        var rest = line[...]
        while let range = rest.range(of: writer) {
            let before = rest[..<range.lowerBound].unicodeScalars.last
            if writer.first == "." { return true }
            guard let before, CharacterSet.alphanumerics.contains(before) || before == "." || before == "_" else {
                return true
            }
            rest = rest[range.upperBound...]
        }
        return false
    }

    @Test func aNameEndingInAWriterIsNoWriter() {
        #expect(!Self.calls("renaming.rename(&renamed, permutation)", "rename("))
        #expect(Self.calls("if rename(temporary, target) != 0 {", "rename("))
        #expect(Self.calls("let fd = open(path, O_WRONLY | O_CREAT)", "O_CREAT"))
    }

    /// The scan sees what it looks for: OutputFile itself opens, creates and renames.
    @Test func theScanFindsOutputFilesOwnWrites() throws {
        let text = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/SSOPolicyCLI/OutputFile.swift"), encoding: .utf8)
        #expect(text.contains("O_CREAT"))
        #expect(text.contains("rename("))
    }
}
