import SSOPolicyProviderKit
import Testing

/// Reading a setting through a declared case: the values are held by slot of a layout (the descriptor's), a case
/// finds its slot from its enum and position, and a recorder attached to the values notes every key read, by case
/// or by string, per block.
@Suite struct SettingReadsTests {
    /// Two enums over one block, as a provider that declares its settings in parts does: positions are per enum.
    enum First: Int, DeclaredSetting {
        static let declaredKeys = DeclaredKeys<Self>()

        case alpha, beta
        var declaration: SettingDeclaration {
            switch self {
            case .alpha: SettingDeclaration("alpha", .bool, default: "false", meaning: "a", sources: [])
            case .beta: SettingDeclaration("beta", .duration, default: "5m", meaning: "b", sources: [])
            }
        }
    }

    enum Second: Int, DeclaredSetting {
        static let declaredKeys = DeclaredKeys<Self>()

        case gamma
        var declaration: SettingDeclaration {
            switch self {
            case .gamma: SettingDeclaration("gamma", .choice(["on", "off"]), default: "on", meaning: "c", sources: [])
            }
        }
    }

    enum Choice: String { case on, off }

    static let position = SourcePosition(file: "p.yaml", line: 1, column: 1)

    /// The values `alpha: true`, `beta: 5m` (written at line 3), `gamma: off`, held in `layout` (keys set in order
    /// when nil).
    static func values(_ layout: SettingLayout?) -> SettingValues {
        var values =
            layout.map { SettingValues(layout: $0, blockPosition: position) }
            ?? SettingValues(blockPosition: position)
        values.set("alpha", .bool(true), at: nil)
        values.set("beta", .seconds(300), at: SourcePosition(file: "p.yaml", line: 3, column: 3))
        values.set("gamma", .word("off"), at: nil)
        return values
    }

    static let declared = SettingLayout(First.declarations + Second.declarations)

    @Test func aLayoutPlacesEachDeclaredEnumWhereItsCasesStart() {
        #expect(Self.declared.keys == ["alpha", "beta", "gamma"])
        #expect(Self.declared.slot(of: ObjectIdentifier(First.self), 1) == 1)
        #expect(Self.declared.slot(of: ObjectIdentifier(Second.self), 0) == 2)
        #expect(Self.declared.slot(of: ObjectIdentifier(Second.self), 1) == nil)
        #expect(Self.declared.slot(of: "gamma") == 2 && Self.declared.slot(of: "delta") == nil)
        // Cases out of order, or some left out, leave the enum to its keys.
        let reordered = SettingLayout(First.declarations.reversed() + Second.declarations)
        #expect(reordered.slot(of: ObjectIdentifier(First.self), 0) == nil)
        #expect(reordered.slot(of: ObjectIdentifier(Second.self), 0) == 2)
        let partial = SettingLayout(Array(First.declarations.dropFirst()))
        #expect(partial.slot(of: ObjectIdentifier(First.self), 0) == nil)
        #expect(Self.declared.unplaced(First.declarations + Second.declarations) == [])
        #expect(partial.unplaced(Array(First.declarations.dropFirst())) == ["beta"])
        // Declarations written outside an enum place no enum.
        let plain = SettingLayout(First.allCases.map(\.declaration))
        #expect(plain.slot(of: ObjectIdentifier(First.self), 0) == nil)
        // The mark is not part of a declaration's value.
        #expect(First.declarations == First.allCases.map(\.declaration))
    }

    @Test(arguments: [0, 1, 2])
    func aDeclaredCaseReadsItsOwnKeyInAnyLayout(_ kind: Int) {
        let layouts = [Self.declared, SettingLayout(First.declarations.reversed() + Second.declarations), nil]
        let values = Self.values(layouts[kind])
        #expect(values.bool(First.alpha))
        #expect(values.seconds(First.beta) == 300)
        #expect(values.choice(Second.gamma, as: Choice.self) == .off)
        #expect(values.isExplicit(First.beta) && !values.isExplicit(First.alpha))
        #expect(values.position(of: First.beta).line == 3)
        #expect(values.position(of: First.alpha) == Self.position)
        #expect(values[Second.gamma] == .word("off"))
        #expect(values["gamma"] == .word("off") && values["delta"] == nil)
        #expect(values.entries.count == 3 && values.entries["beta"]?.position?.line == 3)
    }

    /// A case's key is its declaration's, read from the keys its enum words once.
    @Test func aCaseKeyIsItsDeclarationsKey() {
        #expect(First.allCases.map(\.key) == ["alpha", "beta"] && Second.gamma.key == "gamma")
        #expect(First.declaredKeys[.beta] == First.beta.declaration.key)
    }

    /// Diagnostics that keep errors only (`advise`, for every set it tries) drop warnings without wording them,
    /// and still count and keep errors.
    @Test func diagnosticsWithoutWarningsKeepErrorsOnly() {
        var quiet = Diagnostics(keepingWarnings: false)
        var worded = 0
        func message() -> String {
            worded += 1
            return "ignored"
        }
        quiet.warning(message(), at: Self.position)
        quiet.error("broken", at: Self.position)
        #expect(worded == 0 && quiet.all.count == 1 && quiet.errorCount == 1 && quiet.hasErrors)
        var full = Diagnostics()
        full.warning(message(), at: Self.position)
        #expect(worded == 1 && full.all.count == 1 && full.errorCount == 0 && !full.hasErrors)
        full.append(contentsOf: quiet)
        #expect(full.errorCount == 1 && full.all.count == 2)
    }

    @Test func aKeyTheLayoutLacksGetsASlotOfItsOwn() {
        var values = SettingValues(layout: Self.declared, blockPosition: Self.position)
        values.set("delta", .integer(4), at: nil)
        values.set("gamma", .word("on"), at: nil)
        #expect(values.integer("delta") == 4 && values.word(Second.gamma) == "on")
        #expect(values.layout.keys == ["alpha", "beta", "gamma", "delta"])
        #expect(values.layout.slot(of: ObjectIdentifier(Second.self), 0) == 2)
        #expect(Self.declared.keys.count == 3)
    }

    @Test func valuesAreEqualWhenTheirEntriesAreWhateverTheirLayouts() {
        var recorded = Self.values(Self.declared)
        recorded.recorder = SettingReadRecorder(blocks: 1).tagged(0)
        let byHand = Self.values(nil)
        #expect(recorded == byHand && recorded.hashValue == byHand.hashValue)
        #expect(recorded == Self.values(Self.declared))
        var moved = byHand
        moved.set("alpha", .bool(true), at: Self.position)
        #expect(moved != recorded && moved != byHand)
        var changed = Self.values(Self.declared)
        changed.set("gamma", .word("on"), at: nil)
        #expect(changed != recorded)
        #expect(SettingValues(layout: Self.declared, blockPosition: Self.position) != Self.values(nil))
        #expect(
            SettingValues(layout: Self.declared, blockPosition: Self.position)
                == SettingValues(blockPosition: Self.position))
    }

    @Test func theRecorderNotesEveryKeyReadPerBlock() {
        let recorder = SettingReadRecorder(blocks: 2)
        var settings = Self.values(Self.declared)
        settings.recorder = recorder.tagged(0)
        var app = Self.values(nil)
        app.recorder = recorder.tagged(1)
        _ = settings.bool(First.alpha)
        _ = settings.isExplicit(Second.gamma)
        _ = settings["delta"]
        _ = app.word("gamma")
        _ = app["beta"]
        #expect(recorder.read.count == 2)
        #expect(recorder.read[0].keys == ["alpha", "gamma", "delta"])
        #expect(recorder.read[1].keys == ["gamma", "beta"])
        #expect(recorder.read[0].contains("gamma") && !recorder.read[0].contains("beta"))
        #expect(recorder.read[1].contains("beta") && !recorder.read[1].contains("alpha"))
        // Values of another layout noting into the same block keep what was read before.
        var other = Self.values(nil)
        other.recorder = recorder.tagged(0)
        _ = other.seconds(First.beta)
        #expect(recorder.read[0].keys == ["alpha", "beta", "gamma", "delta"])
        recorder.clear()
        #expect(recorder.read[0].isEmpty && recorder.read[1].isEmpty)
        // Setting a value is no read.
        settings.set("beta", .seconds(60), at: nil)
        #expect(recorder.read[0].isEmpty)
    }
}
