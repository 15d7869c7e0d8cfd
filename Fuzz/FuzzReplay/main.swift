import Foundation
import SSOPolicy
import SSOPolicyReplay

// libFuzzer target over `ssopolicy replay`'s readers: the input bytes are read as a sign-in log (JSON lines, a JSON
// document or CSV, found by content) against a fixed custody, then as a custody timeline and as a device map
// against a fixed log, with the shortest row window and reads of a few bytes at a time so that records cross every
// refill. Every output format is written. Nothing may crash or hang, and every row is accounted for: read, skipped
// as unreadable, or reported.

let custody = Array(
    """
    device,user,checked_out_at,checked_in_at
    dev-07,ana,2026-05-04T05:55:00Z,2026-05-04T13:58:00Z
    dev-07,ben,2026-05-04T14:00:00Z,
    """.utf8)
let log = Array(
    """
    {"createdDateTime":"2026-05-04T06:00:00Z","userPrincipalName":"ana@contoso.example","appDisplayName":"Rounds",\
    "isInteractive":true,"deviceDetail":{"deviceId":"dev-07"},"status":{"errorCode":0},"correlationId":"c1"}
    {"createdDateTime":"2026-05-04T15:00:00Z","userPrincipalName":"ana@contoso.example","appDisplayName":"Rounds",\
    "isInteractive":true,"deviceDetail":{"deviceId":"dev-07"},"status":{"errorCode":0},"correlationId":"c2"}

    """.utf8)

/// A source handing `bytes` over `chunk` bytes at a time.
func source(_ name: String, _ bytes: [UInt8], chunk: Int) -> SignInSource {
    var offset = 0
    return SignInSource(name: name) { buffer in
        let count = min(buffer.count, chunk, bytes.count - offset)
        for index in 0..<count { buffer[index] = bytes[offset + index] }
        offset += count
        return count
    }
}

func render(_ result: ReplayResult) {
    let naming = Naming.pseudonyms(for: result.report)
    var size = 0
    let count: (String) -> Void = { size += $0.utf8.count }
    ReplayJSON.write(result.report, naming: naming, to: count)
    ReplayCSV.write(result.report, naming: naming, to: count)
    ReplayMarkdown.write(result.report, naming: .asWritten, limit: 5, to: count)
    ReplayHTML.write(result.report, naming: naming, limit: 5, to: count)
    size += ReplayText.render(result.report, naming: naming, limit: 5).utf8.count
    precondition(size > 0)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    var options = ReplayOptions()
    options.maxRowBytes = 1024
    let runner = ReplayRunner(options: options)
    let chunk = 1 + (bytes.first.map(Int.init) ?? 0) % 97

    let asLog = runner.run(signIns: [source("fuzz.log", bytes, chunk: chunk)], custody: ("custody.csv", custody))
    let summary = asLog.report.summary
    precondition(summary.rowsUsed + summary.badRows + summary.notUserRows <= summary.rowsRead)
    render(asLog)

    let asCustody = runner.run(signIns: [source("log.jsonl", log, chunk: chunk)], custody: ("fuzz.custody", bytes))
    render(asCustody)
    _ = runner.run(
        signIns: [source("log.jsonl", log, chunk: chunk)], custody: ("custody.csv", custody),
        deviceMap: ("fuzz.map", bytes))
    return 0
}
