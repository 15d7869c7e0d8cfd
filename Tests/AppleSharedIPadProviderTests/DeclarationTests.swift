import SSOPolicyProviderKit
import Testing

@testable import AppleSharedIPadProvider

/// apple-shared-ipad's ids come from its declaration enums: each case's raw value is its position, so an id cannot
/// point at another entry when a list is reordered; the values `compile` reads as enums are the declared words.
@Suite("apple-shared-ipad declarations")
struct DeclarationTests {
    @Test func everyIdIsItsPosition() {
        #expect(AppleFact.positionProblems == [])
        #expect(AppleEvent.positionProblems == [])
        #expect(AppleStepCondition.positionProblems == [])
        #expect(AppleDetail.positionProblems == [])
        #expect(AppleFinding.positionProblems == [])
        #expect(AppleRules.phases.problems == [])
        #expect(AppleSetting.positionProblems == [])
        #expect(AppleModelOption.positionProblems == [])
        #expect(AppleAppKey.positionProblems == [])
        #expect(AppleSource.idProblems == [])
    }

    /// `settings.choice(_:as:)` traps on a word its enum lacks: every declared word of a choice must be a case.
    @Test func everyChoiceWordIsACaseOfItsEnum() {
        func words(_ kind: ValueKind) -> [String] {
            if case .choice(let words) = kind { return words }
            return []
        }
        func cases<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) -> [String]
        where Choice.RawValue == String {
            Choice.allCases.map(\.rawValue)
        }
        #expect(words(AppleSetting.device.declaration.kind) == cases(AppleDevice.self))
        #expect(words(AppleSetting.authentication.declaration.kind) == cases(AppleAuthentication.self))
        #expect(words(AppleSetting.temporarySessions.declaration.kind) == cases(TemporarySessions.self))
        #expect(words(AppleSetting.conditionalAccessDeviceGrant.declaration.kind) == cases(DeviceGrant.self))
        #expect(words(AppleAppKey.kind.declaration.kind) == cases(AppleAppKind.self))
        #expect(words(AppleAppKey.license.declaration.kind) == cases(AppLicense.self))
        #expect(words(AppleAppKey.dataLocation.declaration.kind) == cases(DataLocation.self))
        let readings: [(AppleModelOption, [String])] = [
            (.passcodeLockGraceDefault, cases(GraceDefault.self)),
            (.onlineAuthWhenUnset, cases(OnlineAuthWhenUnset.self)),
            (.lockScreenSignOut, cases(LockScreenSignOut.self)), (.restart, cases(RestartReading.self)),
            (.guestOnRestart, cases(GuestOnRestart.self)), (.evictionOrder, cases(EvictionOrder.self)),
            (.deleteLoggedInUser, cases(DeleteLoggedInUser.self)),
            (.inactivityCountsWhileLocked, cases(ModelBool.self)),
            (.m365TokensAfterSignOut, cases(TokensAfterSignOut.self)), (.ssoPlugin, cases(SSOPluginReading.self)),
            (.loginSSOToApps, cases(ModelBool.self)), (.unsupportedCA, cases(UnsupportedCA.self)),
            (.biometricUnlock, cases(BiometricUnlock.self)),
        ]
        #expect(readings.map(\.0) == AppleModelOption.allCases)
        for (option, words) in readings {
            #expect(Set(option.declaration.readings.map(\.value)) == Set(words), "\(option.key)")
        }
    }

    /// The two decisions that span phases are declared in the order the handlers try them.
    @Test func theDecisionListsSpanningPhasesKeepTheirOrder() {
        let lists = AppleSharedIPadProvider().descriptor.decisionLists
        #expect(
            lists.map(\.name) == [
                "sign-in at the login window", "another person's session in the way", "the app inside the partition",
            ])
        #expect(
            lists.first?.rules == [
                "apple.login.guest-blocked", "apple.login.guest", "apple.login.capacity", "apple.login.offline",
                "apple.login.offboarded-refused", "apple.login.passcode-reset", "apple.login.first-federated",
                "apple.login.first-apple", "apple.login.resident", "apple.login.new-to-ipad",
            ])
        #expect(lists.last?.rules.first == "apple.app.entra-disabled")
        #expect(lists.last?.rules.count == 9)
    }

    /// Footprint regions never overlap: the per-user blocks stop before the Microsoft region, apps come after it.
    @Test func footprintRegionsAreDisjoint() {
        let resets = (0..<AppleRegion.users).compactMap { AppleRegion.passcodeResets.user(UserID($0)) }
        let accounts = (0..<AppleRegion.users).compactMap { AppleRegion.entraAccounts.user(UserID($0)) }
        let apps = (0..<64).compactMap { AppleRegion.app($0) }
        let all = [AppleRegion.device.bit, AppleRegion.microsoft.bit] + resets + accounts + apps
        #expect(all.count == 64)
        #expect(all.reduce(0, |) == ~0)
        #expect(all.reduce(0) { $0 + $1.nonzeroBitCount } == 64)
        #expect(AppleRegion.passcodeResets.user(UserID(AppleRegion.users)) == nil)
    }
}
