import SSOPolicyProviderKit
import Testing

/// Reading a setting through a declared case: its key comes from the provider's key cache (the case's declaration is
/// built once per enum, not per read), and a recorder attached to the values notes every key read, by case or by
/// string, per block.
@Suite struct SettingReadsTests {
    /// Two enums over one block, as a provider that declares its settings in parts does: positions are per enum.
    enum First: Int, DeclaredSetting {
        case alpha, beta
        var declaration: SettingDeclaration {
            switch self {
            case .alpha: SettingDeclaration("alpha", .bool, default: "false", meaning: "a", sources: [])
            case .beta: SettingDeclaration("beta", .duration, default: "5m", meaning: "b", sources: [])
            }
        }
    }

    enum Second: Int, DeclaredSetting {
        case gamma
        var declaration: SettingDeclaration {
            switch self {
            case .gamma: SettingDeclaration("gamma", .choice(["on", "off"]), default: "on", meaning: "c", sources: [])
            }
        }
    }

    enum Choice: String { case on, off }

    static func values(cache: DeclaredKeyCache?) -> SettingValues {
        var values = SettingValues(blockPosition: SourcePosition(file: "p.yaml", line: 1, column: 1))
        values.set("alpha", .bool(true), at: nil)
        values.set("beta", .seconds(300), at: SourcePosition(file: "p.yaml", line: 3, column: 3))
        values.set("gamma", .word("off"), at: nil)
        if let cache { values.useKeyCache(cache) }
        return values
    }

    @Test(arguments: [true, false])
    func aDeclaredCaseReadsItsOwnKeyWithOrWithoutTheCache(_ cached: Bool) {
        let values = Self.values(cache: cached ? DeclaredKeyCache() : nil)
        for _ in 0..<2 {
            #expect(values.bool(First.alpha))
            #expect(values.seconds(First.beta) == 300)
            #expect(values.choice(Second.gamma, as: Choice.self) == .off)
            #expect(values.isExplicit(First.beta) && !values.isExplicit(First.alpha))
            #expect(values.position(of: First.beta).line == 3)
            #expect(values[Second.gamma] == .word("off"))
        }
    }

    @Test func theCacheAndTheRecorderAreNotPartOfTheValues() {
        var recorded = Self.values(cache: DeclaredKeyCache())
        recorded.recorder = SettingReadRecorder(blocks: 1).tagged(0)
        #expect(recorded == Self.values(cache: nil))
        #expect(recorded.hashValue == Self.values(cache: nil).hashValue)
    }

    @Test func theRecorderNotesEveryKeyReadPerBlock() {
        let recorder = SettingReadRecorder(blocks: 2)
        var settings = Self.values(cache: DeclaredKeyCache())
        settings.recorder = recorder.tagged(0)
        var app = Self.values(cache: nil)
        app.recorder = recorder.tagged(1)
        _ = settings.bool(First.alpha)
        _ = settings.isExplicit(Second.gamma)
        _ = app.word("gamma")
        _ = app["beta"]
        #expect(recorder.read == [["alpha", "gamma"], ["gamma", "beta"]])
        recorder.clear()
        #expect(recorder.read == [[], []])
        // Setting a value is no read.
        settings.set("beta", .seconds(60), at: nil)
        #expect(recorder.read == [[], []])
    }
}
