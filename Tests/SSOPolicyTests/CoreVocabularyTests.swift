import SSOPolicy
import SSOPolicyTestSupport
import Testing

/// The core reads findings by concern, never by name: a provider maps its findings to `CoreConcern`s, and one that
/// lacks a required mapping fails its self-check (and registration).
struct CoreVocabularyTests {
    @Test func theExampleProviderMapsEveryRequiredConcern() {
        var descriptor = BadgeProvider.declaration
        #expect(descriptor.vocabularyProblems() == [])
        #expect(descriptor.findings(concern: .foreignSession) == [FindingID(0)])
        descriptor.findings[0].concern = nil
        let problems = descriptor.vocabularyProblems()
        #expect(problems.count == 1)
        #expect(problems[0].contains("'foreign_session'"))
        #expect(descriptor.selfCheck().contains(problems[0]))
    }

    @Test func aMisspelledFindingIdNoLongerMakesAPropertyHoldVacuously() {
        // A finding renamed by its provider is still what `no-foreign-session` watches, through its concern.
        var descriptor = BadgeProvider.declaration
        descriptor.findings[0].id = "foreign-session-served"
        #expect(descriptor.vocabularyProblems() == [])
        #expect(descriptor.findings(concern: .foreignSession) == [FindingID(0)])
        #expect(descriptor.exposureFindings.contains(FindingID(0)))
        #expect(!descriptor.exposureFindings.contains(FindingID(1)))
    }
}
