import Testing

@testable import SSOPolicy

/// `--max-memory` counts each held state's heap by reflection; plain parts (no reference anywhere) hold none and are
/// skipped, which changes no estimate.
@Suite struct HeapEstimateTests {
    struct Plain { var count: Int; var on: Bool }  // stride 16
    enum Mode { case idle, busy(Plain) }
    struct Held {
        var plain: Plain
        var mode: Mode
        var apps: [Plain]
        var names: [String]
    }

    @Test func plainValuesHoldNoHeap() {
        #expect(HeapEstimate.isPlain(Plain(count: 1, on: true)))
        #expect(HeapEstimate.isPlain(Mode.busy(Plain(count: 1, on: false))))
        #expect(!HeapEstimate.isPlain([1, 2]))
        #expect(!HeapEstimate.isPlain("a string"))
        #expect(HeapEstimate.bytes(of: Plain(count: 1, on: true)) == 0)
        #expect(HeapEstimate.bytes(of: Mode.busy(Plain(count: 1, on: false))) == 0)
    }

    @Test func buffersAreCountedOnceWithTheAllocatorsOverhead() {
        let apps = (0..<3).map { Plain(count: $0, on: $0 == 1) }
        let held = Held(plain: Plain(count: 0, on: false), mode: .idle, apps: apps, names: ["a", "b"])
        // apps: 32-byte header + 3 × 16 = 80, + 16 overhead, rounded to 16 → 96; names: 32 + 2 × 16 = 64 → 80
        // (short strings are stored inline).
        #expect(HeapEstimate.bytes(of: held) == 96 + 80)
        var other = held
        other.mode = .busy(Plain(count: 2, on: true))
        // The two values share both buffers: each is counted once, so each value holds half of them.
        #expect(HeapEstimate.perValue([held, other]) == 88)
        other.apps.append(Plain(count: 3, on: false))
        // A new apps buffer of 4 elements (32 + 64 = 96 → 112) beside the shared ones: (176 + 112) / 2.
        #expect(HeapEstimate.perValue([held, other]) == 144)
    }
}
