import Foundation
import Testing

/// Every link of the README and docs/*.md resolves: a relative link names a file or folder of the repository, and
/// an anchor (`page.md#section`, `#section`) a heading of that page.
struct DocumentationLinksTests {
    /// Pages another branch adds, linked ahead of its merge: excused only while missing.
    static let pagesOfOtherBranches: Set<String> = ["docs/http-api.md"]

    @Test(arguments: DocumentationPage.paths)
    func everyLinkOfThePageResolves(path: String) throws {
        let problems = try Self.problems(in: DocumentationPage(path: path))
        #expect(problems.isEmpty, Comment(rawValue: problems.joined(separator: "\n")))
    }

    /// Every page of docs/ is reachable from the README.
    @Test func everyPageIsLinkedFromTheReadme() throws {
        let readme = try DocumentationPage(path: "README.md")
        let linked = Set(readme.links.map { $0.target.split(separator: "#").first.map(String.init) ?? "" })
        for path in DocumentationPage.paths where path != "README.md" {
            #expect(linked.contains(path), "README.md does not link to \(path)")
        }
    }

    /// The README is for users (what it is, quick start, commands, an example per job, links); details live in docs/.
    @Test func theReadmeStaysShort() throws {
        let readme = try String(contentsOfFile: repository + "/README.md", encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines <= 400, "README.md has \(lines) lines: move details to docs/")
    }

    @Test func aDeadLinkOrAnchorIsReported() {
        let page = DocumentationPage(
            path: "docs/page.md",
            text: """
                # A page

                ## Second `part`, with words

                [ok](FORMATS.md#test-suites) [ok](#second-part-with-words) [ok](../README.md) [ok](https://x.invalid/)
                [dead](missing.md) [dead](FORMATS.md#no-such-section) [dead](#nowhere)
                `[in code](missing.md)`, and in a span that crosses a line: `a
                [b](missing.md)`.

                ```md
                [in a block](missing.md)
                ```
                """)
        #expect(page.anchors == ["a-page", "second-part-with-words"])
        #expect(
            Self.problems(in: page) == [
                "docs/page.md:6: missing.md: no such file",
                "docs/page.md:6: FORMATS.md#no-such-section: no such anchor",
                "docs/page.md:6: #nowhere: no such anchor",
            ])
    }

    /// The problems of the page's links, one line each.
    static func problems(in page: DocumentationPage) -> [String] {
        let folder = (page.path as NSString).deletingLastPathComponent
        var problems: [String] = []
        for link in page.links {
            if link.target.contains("://") || link.target.hasPrefix("mailto:") { continue }
            let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let file = String(parts[0])
            let anchor = parts.count > 1 ? String(parts[1]) : nil
            let target =
                file.isEmpty
                ? page.path
                : URL(
                    fileURLWithPath: folder.isEmpty ? file : folder + "/" + file, relativeTo: URL(fileURLWithPath: "/")
                )
                .standardizedFileURL.path.dropFirst().description
            guard file.isEmpty || FileManager.default.fileExists(atPath: repository + "/" + target) else {
                if !pagesOfOtherBranches.contains(target) {
                    problems.append("\(page.path):\(link.line): \(link.target): no such file")
                }
                continue
            }
            guard let anchor else { continue }
            let anchors =
                target == page.path ? page.anchors : (try? DocumentationPage(path: target).anchors) ?? []
            if !anchors.contains(anchor) {
                problems.append("\(page.path):\(link.line): \(link.target): no such anchor")
            }
        }
        return problems
    }
}
