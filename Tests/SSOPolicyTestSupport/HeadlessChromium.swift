import Foundation
import Testing

/// Headless Chromium for the tests that load a page as a person would: the guide, its embeds, the playground.
/// Tests that need it are skipped where it is not installed (`HeadlessChromium.path == nil`); CI installs it.
public enum HeadlessChromium {
    public static let path: String? = ["chromium", "chromium-browser"].lazy.compactMap { name -> String? in
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }.first

    public static let notInstalled: Comment = "chromium is not installed: apt-get install -y chromium (CI does)"

    /// The DOM of `url` once its scripts have run (for up to `virtualTimeBudget` ms of page time). A browser that has
    /// not finished after `timeout` seconds is stopped, so it fails its test instead of holding the whole run.
    public static func dumpDOM(_ url: String, virtualTimeBudget: Int? = nil, timeout: Double = 120) throws -> String {
        guard let path else { return "" }
        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: path)
        browser.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--user-data-dir=" + Fixtures.folder("chromium"),
            ] + (virtualTimeBudget.map { ["--virtual-time-budget=\($0)"] } ?? []) + ["--dump-dom", url]
        let pipe = Pipe()
        browser.standardOutput = pipe
        browser.standardError = FileHandle.nullDevice
        try browser.run()
        let watchdog = DispatchWorkItem { if browser.isRunning { browser.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        browser.waitUntilExit()
        watchdog.cancel()
        return String(decoding: data, as: UTF8.self)
    }
}
