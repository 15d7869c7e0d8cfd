import Foundation
import SSOPolicy
import SSOPolicyTestSupport
import Testing

@testable import BadgeKioskProvider

/// The one provider shape, on the example provider: decision phases chain their rule ids, the catalogue of sources
/// is an enum whose ids match, and the walkthrough in docs/writing-a-provider.md names only what the example has.
@Suite struct ProviderShapeTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func phasesChainTheirIds() {
        #expect(BadgeProvider.rulePhases.problems == [])
        #expect(BadgeAccessRule.outsideKiosk.id == RuleID(4))
        #expect(BadgeSignOutRule.signOut.id == RuleID(5))
        #expect(BadgeProvider.declaration.rules[5].id == "badge.sign-out")
    }

    @Test func aPhaseListedOutOfChainOrderIsAProblem() {
        let phases = RulePhases(BadgeSignOutRule.table, BadgeAccessRule.table)
        #expect(
            phases.problems == [
                "the phase of rule 'badge.sign-out' starts at id 5, expected 0: chain its table after the phase listed before it",
                "the phase of rule 'badge.session.live' starts at id 0, expected 1: chain its table after the phase listed before it",
            ])
        var descriptor = BadgeProvider.declaration
        descriptor.ruleProblems = phases.problems
        #expect(descriptor.selfCheck().count == 2)
    }

    @Test func theCatalogueNamesItsDocuments() {
        #expect(BadgeSource.idProblems == [])
        #expect(BadgeProvider.declaration.sources.map(\.id) == ["badge-kiosk-example"])
        #expect(BadgeSource.manual["§PIN"] == Citation("badge-kiosk-example", "§PIN"))
    }

    @Test func settingsAreReadThroughTheirCases() {
        #expect(BadgeSetting.allCases.map(\.key) == ["timeout", "after_timeout"])
        #expect(BadgeModelOption.tapScope.key == "tap_scope")
        #expect(BadgeAppKey.kiosk.key == "kiosk")
    }

    @Test func eventKindsCoverTheRequiredEventsAndTheProvidersOwn() {
        #expect(EventKind<BadgeEvent>(EventID.open).map { "\($0)" } == "open")
        #expect(EventKind<BadgeEvent>(BadgeEvent.tap.id).map { "\($0)" } == "own(BadgeKioskProvider.BadgeEvent.tap)")
        #expect(EventKind<BadgeEvent>(EventID(EventID.requiredCount + 1)) == nil)
    }

    /// Every `Badge…` name a snippet of the walkthrough uses is a name the example declares, so the page cannot
    /// drift from the code it walks through.
    @Test func theWalkthroughNamesOnlyWhatTheExampleDeclares() throws {
        let page = try String(
            contentsOf: Self.repository.appendingPathComponent("docs/writing-a-provider.md"), encoding: .utf8)
        var code = ""
        var inside = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inside.toggle()
            } else if inside {
                code += line + "\n"
            }
        }
        let folder = Self.repository.appendingPathComponent("Examples/BadgeKiosk")
        var source = ""
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            source += try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        }
        let names = Set(code.matches(of: /Badge[A-Z][A-Za-z]*(\.[a-z][A-Za-z]*)?/).map { String($0.output.0) })
        #expect(names.count > 10)
        for name in names.sorted() {
            let parts = name.split(separator: ".").map(String.init)
            #expect(source.contains(parts[0]), "docs name \(parts[0]), which the example lacks")
            if parts.count == 2 {
                #expect(
                    source.contains("case \(parts[1])") || source.contains(", \(parts[1])")
                        || source.contains("let \(parts[1])") || source.contains("var \(parts[1])")
                        || source.contains("func \(parts[1])") || source.contains(".\(parts[1])"),
                    "docs name \(name), which the example lacks")
            }
        }
    }
}
