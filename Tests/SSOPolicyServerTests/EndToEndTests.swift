import Foundation
import SSOPolicyTestSupport
import Testing

/// The real binary serves; headless Chromium loads the page a guide embeds and the DOM shows the comparison.
/// Skipped (with a message) where Chromium is not installed; CI installs it.
@Suite(.serialized)
struct EndToEndTests {
    static let binary = repository + "/.build/debug/ssopolicy"

    /// Lines a child process writes, collected on a background thread.
    final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func append(_ data: Data) { lock.withLock { text += String(decoding: data, as: UTF8.self) } }
        var value: String { lock.withLock { text } }
    }

    @Test(
        .enabled(if: HeadlessChromium.path != nil, HeadlessChromium.notInstalled),
        .timeLimit(.minutes(2)))
    func aGuideEmbedRendersTheComparisonAndTheServerStopsCleanly() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build")
        let server = Process()
        server.executableURL = URL(fileURLWithPath: Self.binary)
        server.arguments = ["serve", "--port", "0"]
        let pipe = Pipe()
        server.standardOutput = pipe
        server.standardError = FileHandle.nullDevice
        let output = Output()
        pipe.fileHandleForReading.readabilityHandler = { handle in output.append(handle.availableData) }
        try server.run()
        defer { if server.isRunning { server.terminate() } }

        var base: String?
        for _ in 0..<300 where base == nil {
            if let line = output.value.split(separator: "\n").first(where: { $0.contains("listening on ") }) {
                base = line.components(separatedBy: "listening on ").last
            } else {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        let url = try #require(base, "the server did not report its address: \(output.value)")

        let embed = try HeadlessChromium.dumpDOM(
            url + "embed?policies=warehouse-airwatch,frontline-entra&scenario=shift-change")
        #expect(embed.contains("<div class=\"ssopolicy-embed\">"))
        #expect(embed.contains("<th scope=\"col\">warehouse-airwatch</th><th scope=\"col\">frontline-entra</th>"))
        #expect(embed.contains("<span class=\"prompts\">passcode</span>"))
        #expect(embed.contains("<span class=\"prompts\">interactive_sign_in</span>"))
        #expect(embed.contains("previous-user-session-active"))

        let timeline = try HeadlessChromium.dumpDOM(
            url + "?policies=frontline-entra,warehouse-airwatch&scenario=lunch-break&view=timeline")
        #expect(timeline.contains("<section id=\"timeline\""))
        #expect(timeline.contains("Link to this view"))

        let whatIf = try HeadlessChromium.dumpDOM(
            url + "?policies=frontline-entra&whatif=frontline-entra&app=inventory&user=bob&fact:signed_in=alice&ask=1")
        #expect(whatIf.contains("<section id=\"whatif-answer\""))
        #expect(whatIf.contains("bob opens inventory under frontline-entra: 3 outcomes"))

        server.interrupt()
        server.waitUntilExit()
        #expect(server.terminationStatus == 0)
        #expect(output.value.contains("ssopolicy serve: stopped"))
    }
}
