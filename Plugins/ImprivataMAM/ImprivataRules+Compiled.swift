// Generated from ImprivataRule.table by RuleCompiler (Tests/SSOPolicyTestSupport/RuleCompiler.swift): do not
// edit. `SSOPOLICY_REGENERATE=1 swift test --filter ImprivataCompiledRulesTests` rewrites it; that test fails while it differs.

import SSOPolicyProviderKit

extension ImprivataRule {
    /// Whether `rule` fires, nothing recorded: the function of its conditions below.
    @inline(__always)
    static func firesUntraced(_ rule: ImprivataRule, in context: ImprivataContext) -> Bool {
        switch rule {
        case .accessLockerLocked: return accessLockerLockedFires(context)
        case .accessLostMode: return accessLostModeFires(context)
        case .accessEmergencyUnlocked: return accessEmergencyUnlockedFires(context)
        case .accessNotCustodian: return accessNotCustodianFires(context)
        case .accessCustodian: return accessCustodianFires(context)
        case .accessOverdue: return accessOverdueFires(context)
        case .appNoLogin: return appNoLoginFires(context)
        case .sdmAccountReused: return sdmAccountReusedFires(context)
        case .sdmPreviousAccount: return sdmPreviousAccountFires(context)
        case .sdmSignIn: return sdmSignInFires(context)
        case .certificatePreviousUser: return certificatePreviousUserFires(context)
        case .certificateSilent: return certificateSilentFires(context)
        case .appSessionReused: return appSessionReusedFires(context)
        case .appPreviousSession: return appPreviousSessionFires(context)
        case .appSignIn: return appSignInFires(context)
        case .autofillSecondFactor: return autofillSecondFactorFires(context)
        case .autofillFills: return autofillFillsFires(context)
        case .dataPreviousUser: return dataPreviousUserFires(context)
        case .checkOutUnavailable: return checkOutUnavailableFires(context)
        case .checkOutForceRecovery: return checkOutForceRecoveryFires(context)
        case .checkOutPasscodeLocked: return checkOutPasscodeLockedFires(context)
        case .checkOutBadgeEnrolment: return checkOutBadgeEnrolmentFires(context)
        case .checkOutPassword: return checkOutPasswordFires(context)
        case .checkOutPIN: return checkOutPINFires(context)
        case .checkOutBadge: return checkOutBadgeFires(context)
        case .checkOutAutofillSecondFactor: return checkOutAutofillSecondFactorFires(context)
        case .checkOutDevicePasscode: return checkOutDevicePasscodeFires(context)
        case .checkOutMDMAssignment: return checkOutMDMAssignmentFires(context)
        case .checkInNotCheckedOut: return checkInNotCheckedOutFires(context)
        case .logoutErase: return logoutEraseFires(context)
        case .logoutMicrosoftSignOut: return logoutMicrosoftSignOutFires(context)
        case .logoutActionFailed: return logoutActionFailedFires(context)
        case .logoutDialogBlocked: return logoutDialogBlockedFires(context)
        case .logoutColdStartRace: return logoutColdStartRaceFires(context)
        case .logoutCallback: return logoutCallbackFires(context)
        case .logoutClearAppData: return logoutClearAppDataFires(context)
        case .logoutEpicRover: return logoutEpicRoverFires(context)
        case .logoutForceQuitAsLogout: return logoutForceQuitAsLogoutFires(context)
        case .logoutProcessEndsSession: return logoutProcessEndsSessionFires(context)
        case .logoutProcessOnly: return logoutProcessOnlyFires(context)
        case .logoutMicrosoftNotSignedOut: return logoutMicrosoftNotSignedOutFires(context)
        case .logoutNone: return logoutNoneFires(context)
        case .logoutNotifications: return logoutNotificationsFires(context)
        case .checkInFailsOnLogoutError: return checkInFailsOnLogoutErrorFires(context)
        case .checkInAutofillPurged: return checkInAutofillPurgedFires(context)
        case .checkInMicrosoftSignOut: return checkInMicrosoftSignOutFires(context)
        case .checkInMDMReset: return checkInMDMResetFires(context)
        case .checkInMDMIdentityKept: return checkInMDMIdentityKeptFires(context)
        case .checkInPasscodeNotCleared: return checkInPasscodeNotClearedFires(context)
        case .checkInPasscodeCleared: return checkInPasscodeClearedFires(context)
        case .checkInLocks: return checkInLocksFires(context)
        case .overdueLostMode: return overdueLostModeFires(context)
        case .overdueMarked: return overdueMarkedFires(context)
        case .emergencyUnlock: return emergencyUnlockFires(context)
        case .emergencyNoPIN: return emergencyNoPINFires(context)
        case .microsoftButton: return microsoftButtonFires(context)
        case .sdmGlobalSignOut: return sdmGlobalSignOutFires(context)
        case .appSignOut: return appSignOutFires(context)
        case .terminateSessionRestored: return terminateSessionRestoredFires(context)
        case .terminateSessionDropped: return terminateSessionDroppedFires(context)
        case .restartBlocksClearPasscode: return restartBlocksClearPasscodeFires(context)
        }
    }

    /// The first rule of `list` that fires, nothing recorded: each of the provider's lists unrolled, any other
    /// list interpreted.
    static func firstUntraced(
        _ list: DecisionList<ImprivataRule>, in context: ImprivataContext
    ) -> ImprivataRule? {
        switch list.signature {
        case 0x0000_0005_0403_0201:  // access attempt: the device
            if accessLockerLockedFires(context) { return .accessLockerLocked }
            if accessLostModeFires(context) { return .accessLostMode }
            if accessEmergencyUnlockedFires(context) { return .accessEmergencyUnlocked }
            if accessNotCustodianFires(context) { return .accessNotCustodian }
            if accessCustodianFires(context) { return .accessCustodian }
            return nil
        case 0x0000_0000_0015_1413:  // check-out: is a device handed out
            if checkOutUnavailableFires(context) { return .checkOutUnavailable }
            if checkOutForceRecoveryFires(context) { return .checkOutForceRecovery }
            if checkOutPasscodeLockedFires(context) { return .checkOutPasscodeLocked }
            return nil
        case 0x0000_0000_1918_1716:  // check-out: what the worker is asked
            if checkOutBadgeEnrolmentFires(context) { return .checkOutBadgeEnrolment }
            if checkOutPasswordFires(context) { return .checkOutPassword }
            if checkOutPINFires(context) { return .checkOutPIN }
            if checkOutBadgeFires(context) { return .checkOutBadge }
            return nil
        case 0x0000_0000_0000_3231:  // check-in: the device passcode
            if checkInPasscodeNotClearedFires(context) { return .checkInPasscodeNotCleared }
            if checkInPasscodeClearedFires(context) { return .checkInPasscodeCleared }
            return nil
        case 0x0000_0000_0000_3534:  // time: an unreturned device
            if overdueLostModeFires(context) { return .overdueLostMode }
            if overdueMarkedFires(context) { return .overdueMarked }
            return nil
        case 0x0000_0000_0000_3736:  // emergency unlock
            if emergencyUnlockFires(context) { return .emergencyUnlock }
            if emergencyNoPINFires(context) { return .emergencyNoPIN }
            return nil
        case 0x0000_0000_0000_3a39:  // sign-out from an app
            if sdmGlobalSignOutFires(context) { return .sdmGlobalSignOut }
            if appSignOutFires(context) { return .appSignOut }
            return nil
        case 0x0000_0000_0000_3c3b:  // an app's process ends
            if terminateSessionRestoredFires(context) { return .terminateSessionRestored }
            if terminateSessionDroppedFires(context) { return .terminateSessionDropped }
            return nil
        default:
            for rule in list.rules where table.allHold(rule.rawValue, in: context) { return rule }
            return nil
        }
    }

    // Each rule's conditions, one small function per rule: small enough that each predicate's `holds(in:)`
    // inlines into it, as hand-written code would.

    /// `imprivata.access.locker-locked`
    static func accessLockerLockedFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.deviceCheckedIn.holds(in: context)
    }

    /// `imprivata.access.lost-mode`
    static func accessLostModeFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.deviceInLostMode.holds(in: context)
    }

    /// `imprivata.access.emergency-unlocked`
    static func accessEmergencyUnlockedFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.deviceUnlockedByPIN.holds(in: context)
    }

    /// `imprivata.access.not-custodian`
    static func accessNotCustodianFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.deviceOut.holds(in: context)
            && !ImprivataPredicate.actorIsCustodian.holds(in: context)
    }

    /// `imprivata.access.custodian`
    static func accessCustodianFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.actorIsCustodian.holds(in: context)
    }

    /// `imprivata.access.overdue`
    static func accessOverdueFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.deviceOverdue.holds(in: context)
    }

    /// `imprivata.app.no-login`
    static func appNoLoginFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.appLoginNone.holds(in: context)
    }

    /// `imprivata.sdm.account-reused`
    static func sdmAccountReusedFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.appSignsInWithMicrosoft.holds(in: context)
            && ImprivataPredicate.deviceInSharedMode.holds(in: context)
            && ImprivataPredicate.entraAccountIsActor.holds(in: context)
    }

    /// `imprivata.sdm.previous-account`
    static func sdmPreviousAccountFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.appSignsInWithMicrosoft.holds(in: context)
            && ImprivataPredicate.deviceInSharedMode.holds(in: context)
            && ImprivataPredicate.entraAccountIsAnother.holds(in: context)
    }

    /// `imprivata.sdm.sign-in`
    static func sdmSignInFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.appSignsInWithMicrosoft.holds(in: context)
            && ImprivataPredicate.deviceInSharedMode.holds(in: context)
    }

    /// `imprivata.mdm-certificate.previous-user`
    static func certificatePreviousUserFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.appSignsInWithMDMCertificate.holds(in: context)
            && ImprivataPredicate.mdmUserIsAnother.holds(in: context)
    }

    /// `imprivata.mdm-certificate.silent`
    static func certificateSilentFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.appSignsInWithMDMCertificate.holds(in: context)
            && ImprivataPredicate.mdmUserIsActor.holds(in: context)
    }

    /// `imprivata.app.session-reused`
    static func appSessionReusedFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.appSessionIsActor.holds(in: context)
    }

    /// `imprivata.app.previous-session`
    static func appPreviousSessionFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.appSessionIsAnother.holds(in: context)
    }

    /// `imprivata.app.sign-in`
    static func appSignInFires(_ context: ImprivataContext) -> Bool {
        return !ImprivataPredicate.appHasSession.holds(in: context)
    }

    /// `imprivata.autofill.second-factor`
    static func autofillSecondFactorFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.autofillEnabled.holds(in: context)
            && ImprivataPredicate.autofillVaultIsActor.holds(in: context)
            && !ImprivataPredicate.secondFactorDone.holds(in: context)
    }

    /// `imprivata.autofill.fills`
    static func autofillFillsFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.autofillEnabled.holds(in: context)
            && ImprivataPredicate.autofillVaultIsActor.holds(in: context)
    }

    /// `imprivata.data.previous-user`
    static func dataPreviousUserFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.appDataIsAnother.holds(in: context)
    }

    /// `imprivata.check-out.device-not-available`
    static func checkOutUnavailableFires(_ context: ImprivataContext) -> Bool {
        return !ImprivataPredicate.deviceCheckedIn.holds(in: context)
    }

    /// `imprivata.check-out.force-recovery`
    static func checkOutForceRecoveryFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.passcodeLeftOnDevice.holds(in: context)
            && ImprivataPredicate.forceRecoveryOn.holds(in: context)
    }

    /// `imprivata.check-out.passcode-locked`
    static func checkOutPasscodeLockedFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.passcodeLeftOnDevice.holds(in: context)
    }

    /// `imprivata.check-out.badge-enrolment`
    static func checkOutBadgeEnrolmentFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.checkOutUsesBadge.holds(in: context)
            && ImprivataPredicate.badgeNotEnrolled.holds(in: context)
    }

    /// `imprivata.check-out.password`
    static func checkOutPasswordFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.checkOutAsksPassword.holds(in: context)
    }

    /// `imprivata.check-out.badge-pin`
    static func checkOutPINFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.checkOutAsksPIN.holds(in: context)
    }

    /// `imprivata.check-out.badge`
    static func checkOutBadgeFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.checkOutUsesBadge.holds(in: context)
    }

    /// `imprivata.check-out.autofill-second-factor`
    static func checkOutAutofillSecondFactorFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.autofillEnabled.holds(in: context)
            && ImprivataPredicate.secondFactorAfterCheckOut.holds(in: context)
            && !ImprivataPredicate.checkOutHasSecondFactor.holds(in: context)
    }

    /// `imprivata.check-out.device-passcode`
    static func checkOutDevicePasscodeFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.perUserDevicePasscode.holds(in: context)
    }

    /// `imprivata.check-out.mdm-assignment`
    static func checkOutMDMAssignmentFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.assignsMDMUser.holds(in: context)
    }

    /// `imprivata.check-in.not-checked-out`
    static func checkInNotCheckedOutFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.deviceCheckedIn.holds(in: context)
    }

    /// `imprivata.logout.erase`
    static func logoutEraseFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.eraseOnCheckIn.holds(in: context)
    }

    /// `imprivata.logout.microsoft-sign-out`
    static func logoutMicrosoftSignOutFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.appInMicrosoftSharedMode.holds(in: context)
            && ImprivataPredicate.microsoftSignOutRuns.holds(in: context)
    }

    /// `imprivata.logout.action-failed`
    static func logoutActionFailedFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.logoutActionReportsResult.holds(in: context)
            && ImprivataPredicate.logoutReportsError.holds(in: context)
            && ImprivataPredicate.appHoldsAUser.holds(in: context)
    }

    /// `imprivata.logout.interapp-dialog-blocked`
    static func logoutDialogBlockedFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.logoutUsesCustomScheme.holds(in: context)
            && ImprivataPredicate.dialogsBlockUnattended.holds(in: context)
            && !ImprivataPredicate.dialogsAccepted.holds(in: context)
            && ImprivataPredicate.appHoldsAUser.holds(in: context)
    }

    /// `imprivata.logout.ulc-cold-start-race`
    static func logoutColdStartRaceFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.logoutUsesCallback.holds(in: context)
            && !ImprivataPredicate.coldStartSafe.holds(in: context)
            && ImprivataPredicate.appHoldsAUser.holds(in: context)
    }

    /// `imprivata.logout.callback`
    static func logoutCallbackFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.logoutUsesCallback.holds(in: context)
    }

    /// `imprivata.logout.clear-app-data`
    static func logoutClearAppDataFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.logoutClearsAppData.holds(in: context)
    }

    /// `imprivata.logout.epic-rover`
    static func logoutEpicRoverFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.logoutIsEpicRover.holds(in: context)
    }

    /// `imprivata.logout.force-quit-logs-out`
    static func logoutForceQuitAsLogoutFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.logoutIsForceQuit.holds(in: context)
            && ImprivataPredicate.forceQuitReadAsLogout.holds(in: context)
    }

    /// `imprivata.logout.process-ends-session`
    static func logoutProcessEndsSessionFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.logoutEndsProcessOnly.holds(in: context)
            && !ImprivataPredicate.sessionSurvivesRelaunch.holds(in: context)
    }

    /// `imprivata.logout.process-only`
    static func logoutProcessOnlyFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.logoutEndsProcessOnly.holds(in: context)
            && ImprivataPredicate.appHoldsAUser.holds(in: context)
    }

    /// `imprivata.logout.microsoft-not-signed-out`
    static func logoutMicrosoftNotSignedOutFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.appInMicrosoftSharedMode.holds(in: context)
            && ImprivataPredicate.appHoldsAUser.holds(in: context)
    }

    /// `imprivata.logout.none`
    static func logoutNoneFires(_ context: ImprivataContext) -> Bool {
        return !ImprivataPredicate.logoutConfigured.holds(in: context)
            && ImprivataPredicate.appHoldsAUser.holds(in: context)
    }

    /// `imprivata.logout.notifications-remain`
    static func logoutNotificationsFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.appPostsNotificationsWhenLocked.holds(in: context)
            && ImprivataPredicate.appHoldsAUser.holds(in: context)
    }

    /// `imprivata.check-in.fails-on-logout-error`
    static func checkInFailsOnLogoutErrorFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.aLogoutFailed.holds(in: context)
            && ImprivataPredicate.failCheckInOnLogoutError.holds(in: context)
    }

    /// `imprivata.check-in.autofill-purged`
    static func checkInAutofillPurgedFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.autofillEnabled.holds(in: context)
    }

    /// `imprivata.check-in.microsoft-sign-out`
    static func checkInMicrosoftSignOutFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.microsoftSignOutRuns.holds(in: context)
            && ImprivataPredicate.entraAccountSet.holds(in: context)
    }

    /// `imprivata.check-in.mdm-reset`
    static func checkInMDMResetFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.mdmAssignAndReset.holds(in: context)
            && ImprivataPredicate.mdmUserSet.holds(in: context)
    }

    /// `imprivata.check-in.mdm-identity-kept`
    static func checkInMDMIdentityKeptFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.mdmAssignOnly.holds(in: context)
            && ImprivataPredicate.mdmUserSet.holds(in: context)
    }

    /// `imprivata.check-in.passcode-not-cleared`
    static func checkInPasscodeNotClearedFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.devicePasscodeSet.holds(in: context)
            && ImprivataPredicate.clearPasscodeFails.holds(in: context)
    }

    /// `imprivata.check-in.passcode-cleared`
    static func checkInPasscodeClearedFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.devicePasscodeSet.holds(in: context)
    }

    /// `imprivata.check-in.locks`
    static func checkInLocksFires(_ context: ImprivataContext) -> Bool {
        return !ImprivataPredicate.deviceCheckedIn.holds(in: context)
    }

    /// `imprivata.overdue.lost-mode`
    static func overdueLostModeFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.lendingPeriodElapsed.holds(in: context)
            && ImprivataPredicate.overdueLostModeOn.holds(in: context)
    }

    /// `imprivata.overdue.marked`
    static func overdueMarkedFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.lendingPeriodElapsed.holds(in: context)
    }

    /// `imprivata.emergency.unlock`
    static func emergencyUnlockFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.emergencyPINConfigured.holds(in: context)
            && ImprivataPredicate.deviceCheckedIn.holds(in: context)
    }

    /// `imprivata.emergency.no-pin`
    static func emergencyNoPINFires(_ context: ImprivataContext) -> Bool {
        return !ImprivataPredicate.emergencyPINConfigured.holds(in: context)
    }

    /// `imprivata.sdm.check-out-button`
    static func microsoftButtonFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.integrationOn.holds(in: context)
            && ImprivataPredicate.deviceInSharedMode.holds(in: context)
            && ImprivataPredicate.actorIsCustodian.holds(in: context)
            && !ImprivataPredicate.entraAccountSet.holds(in: context)
    }

    /// `imprivata.sdm.sign-out-global`
    static func sdmGlobalSignOutFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.appInMicrosoftSharedMode.holds(in: context)
            && ImprivataPredicate.deviceInSharedMode.holds(in: context)
    }

    /// `imprivata.app.sign-out`
    static func appSignOutFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.appHasSession.holds(in: context)
    }

    /// `imprivata.terminate.session-restored`
    static func terminateSessionRestoredFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.appHasSession.holds(in: context)
            && ImprivataPredicate.sessionSurvivesRelaunch.holds(in: context)
    }

    /// `imprivata.terminate.session-dropped`
    static func terminateSessionDroppedFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.appHasSession.holds(in: context)
    }

    /// `imprivata.restart.blocks-clear-passcode`
    static func restartBlocksClearPasscodeFires(_ context: ImprivataContext) -> Bool {
        return ImprivataPredicate.platformIOS.holds(in: context)
            && ImprivataPredicate.devicePasscodeSet.holds(in: context)
    }
}
