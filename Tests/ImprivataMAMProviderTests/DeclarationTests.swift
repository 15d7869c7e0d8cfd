import SSOPolicyProviderKit
import Testing

@testable import ImprivataMAMProvider

/// imprivata-mam's ids come from its declaration enums: each case's raw value is its position, so an id cannot
/// point at another entry when a list is reordered.
@Suite("imprivata-mam declarations")
struct DeclarationTests {
    @Test func everyIdIsItsPosition() {
        #expect(ImprivataFact.positionProblems == [])
        #expect(ImprivataEvent.positionProblems == [])
        #expect(ImprivataStepCondition.positionProblems == [])
        #expect(ImprivataDetail.positionProblems == [])
        #expect(ImprivataFinding.positionProblems == [])
        #expect(ImprivataRules.phases.problems == [])
        #expect(ImprivataSetting.positionProblems == [])
        #expect(ImprivataModelOption.positionProblems == [])
        #expect(ImprivataAppKey.positionProblems == [])
        #expect(ImprivataSource.idProblems == [])
    }

    @Test func theDescriptorListsTheEnumsInOrder() {
        let descriptor = ImprivataMAMProvider().descriptor
        #expect(descriptor.facts.map(\.key) == ImprivataFact.allCases.map(\.declaration.key))
        #expect(descriptor.event("check_out") == ImprivataEvent.checkOut.id)
        #expect(descriptor.event("microsoft_sign_in") == ImprivataEvent.microsoftSignIn.id)
        #expect(descriptor.stepCondition("badge") == ImprivataStepCondition.badge.id)
        #expect(descriptor.detail("data_owner") == ImprivataDetail.dataOwner.id)
        #expect(descriptor.finding("emergency-pin-enabled") == ImprivataFinding.emergencyPINEnabled.id)
    }
}
