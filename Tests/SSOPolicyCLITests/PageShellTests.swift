import Foundation
import Testing

/// Every whole HTML page starts in `HTMLPage`: no other source writes a doctype or an `<html>` element (the guide's
/// iframe snippet is a `srcdoc` attribute value, not a page the tool writes, and is the one exception).
struct OnePageShellTests {
    /// The package's root: this file is Tests/SSOPolicyCLITests/PageShellTests.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func onlyHTMLPageWritesThePageShell() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        var found: [String] = []
        let walker = FileManager.default.enumerator(atPath: sources.path)
        while let relative = walker?.nextObject() as? String {
            guard relative.hasSuffix(".swift"), relative != "SSOPolicy/Rendering/HTMLPage.swift",
                !relative.hasPrefix("SSOPolicyImport/Plist/")
            else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let lower = line.lowercased()
                guard lower.contains("<!doctype") || lower.contains("<html"),
                    !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                else { continue }
                guard !(relative == "SSOPolicyCLI/Guide/GuideHTMLDocument.swift" && lower.contains("<meta charset"))
                else { continue }
                found.append("\(relative):\(number + 1)")
            }
        }
        #expect(found.isEmpty, "page shells outside HTMLPage: \(found)")
    }
}
