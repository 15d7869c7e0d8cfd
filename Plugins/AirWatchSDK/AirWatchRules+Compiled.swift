// Generated from AirWatchRule.table by RuleCompiler (Tests/SSOPolicyTestSupport/RuleCompiler.swift): do not
// edit. `SSOPOLICY_REGENERATE=1 swift test --filter CompiledRulesTests` rewrites it; that test fails while it differs.

import SSOPolicyProviderKit

extension AirWatchRule {
    /// Whether `rule` fires, nothing recorded: the function of its conditions below.
    @inline(__always)
    static func firesUntraced(_ rule: AirWatchRule, in context: AirWatchContext) -> Bool {
        switch rule {
        case .identifyRegistered: return identifyRegisteredFires(context)
        case .identifyCommonIdentity: return identifyCommonIdentityFires(context)
        case .identifyManagedToken: return identifyManagedTokenFires(context)
        case .identifyCachedCredentials: return identifyCachedCredentialsFires(context)
        case .identifySilentLogin: return identifySilentLoginFires(context)
        case .identifyCommonAuth: return identifyCommonAuthFires(context)
        case .identifyCommonAuthPasscode: return identifyCommonAuthPasscodeFires(context)
        case .identifyAppLogin: return identifyAppLoginFires(context)
        case .identifyNewIdentitySession: return identifyNewIdentitySessionFires(context)
        case .ssoRequirementMissing: return ssoRequirementMissingFires(context)
        case .ssoNoAnchorApp: return ssoNoAnchorAppFires(context)
        case .ssoAnchorProfile: return ssoAnchorProfileFires(context)
        case .ssoSDKNotInitialized: return ssoSDKNotInitializedFires(context)
        case .sessionShared: return sessionSharedFires(context)
        case .sessionNotShared: return sessionNotSharedFires(context)
        case .sessionTimeoutExpired: return sessionTimeoutExpiredFires(context)
        case .secureColdLaunch: return secureColdLaunchFires(context)
        case .secureDisabled: return secureDisabledFires(context)
        case .securePasscodeCreate: return securePasscodeCreateFires(context)
        case .securePasscodeLive: return securePasscodeLiveFires(context)
        case .securePasscodeEveryAccess: return securePasscodeEveryAccessFires(context)
        case .securePasscodePrompt: return securePasscodePromptFires(context)
        case .securePasscodeChange: return securePasscodeChangeFires(context)
        case .secureUsernamePasswordLive: return secureUsernamePasswordLiveFires(context)
        case .secureUsernamePasswordPrompt: return secureUsernamePasswordPromptFires(context)
        case .secureUsernamePasswordEveryAccess: return secureUsernamePasswordEveryAccessFires(context)
        case .secureUsernamePasswordAppSession: return secureUsernamePasswordAppSessionFires(context)
        case .secureNoRepeatPrompt: return secureNoRepeatPromptFires(context)
        case .exposurePreviousSession: return exposurePreviousSessionFires(context)
        case .exposureBehindPrompt: return exposureBehindPromptFires(context)
        case .exposurePreviousData: return exposurePreviousDataFires(context)
        case .outsideSDKOpen: return outsideSDKOpenFires(context)
        case .outsideSDKOwnLogin: return outsideSDKOwnLoginFires(context)
        case .outsideSDKOwnSession: return outsideSDKOwnSessionFires(context)
        case .outsideSDKOwnSignOut: return outsideSDKOwnSignOutFires(context)
        case .outsideSDKUntouched: return outsideSDKUntouchedFires(context)
        case .statusBeforeInitialCheck: return statusBeforeInitialCheckFires(context)
        case .statusLastKnown: return statusLastKnownFires(context)
        case .statusEffective: return statusEffectiveFires(context)
        case .lockClearsSession: return lockClearsSessionFires(context)
        case .signOutLocksSession: return signOutLocksSessionFires(context)
        case .signOutKeepsIdentity: return signOutKeepsIdentityFires(context)
        case .failedAttemptCount: return failedAttemptCountFires(context)
        case .failedAttemptsWipe: return failedAttemptsWipeFires(context)
        case .failedAttemptsEnterpriseWipe: return failedAttemptsEnterpriseWipeFires(context)
        case .wipeAppDataKept: return wipeAppDataKeptFires(context)
        case .logoutWipes: return logoutWipesFires(context)
        case .checkOutNewUser: return checkOutNewUserFires(context)
        case .checkOutClearPasscode: return checkOutClearPasscodeFires(context)
        case .checkInDevice: return checkInDeviceFires(context)
        case .checkInClearPasscode: return checkInClearPasscodeFires(context)
        case .checkInDataKept: return checkInDataKeptFires(context)
        case .userChangeWipe: return userChangeWipeFires(context)
        case .userChangeAppDataKept: return userChangeAppDataKeptFires(context)
        case .terminateProcessEnds: return terminateProcessEndsFires(context)
        case .terminateSessionExpires: return terminateSessionExpiresFires(context)
        case .terminateDeviceRestart: return terminateDeviceRestartFires(context)
        case .backgroundExtendsSession: return backgroundExtendsSessionFires(context)
        }
    }

    /// The first rule of `list` that fires, nothing recorded: each of the provider's lists unrolled, any other
    /// list interpreted.
    static func firstUntraced(
        _ list: DecisionList<AirWatchRule>, in context: AirWatchContext
    ) -> AirWatchRule? {
        switch list.signature {
        case 0x0000_0000_0004_0302:  // identify: silent login routes
            if identifyCommonIdentityFires(context) { return .identifyCommonIdentity }
            if identifyManagedTokenFires(context) { return .identifyManagedToken }
            if identifyCachedCredentialsFires(context) { return .identifyCachedCredentials }
            return nil
        case 0x0000_0000_0008_0706:  // identify: after silent login failed
            if identifyCommonAuthFires(context) { return .identifyCommonAuth }
            if identifyCommonAuthPasscodeFires(context) { return .identifyCommonAuthPasscode }
            if identifyAppLoginFires(context) { return .identifyAppLogin }
            return nil
        case 0x0000_0000_0000_0f0e:  // session scope
            if sessionSharedFires(context) { return .sessionShared }
            if sessionNotSharedFires(context) { return .sessionNotShared }
            return nil
        case 0x0000_0000_1615_1413:  // secure: passcode
            if securePasscodeCreateFires(context) { return .securePasscodeCreate }
            if securePasscodeLiveFires(context) { return .securePasscodeLive }
            if securePasscodeEveryAccessFires(context) { return .securePasscodeEveryAccess }
            if securePasscodePromptFires(context) { return .securePasscodePrompt }
            return nil
        case 0x0000_0000_1b1a_1918:  // secure: username and password
            if secureUsernamePasswordLiveFires(context) { return .secureUsernamePasswordLive }
            if secureUsernamePasswordPromptFires(context) { return .secureUsernamePasswordPrompt }
            if secureUsernamePasswordEveryAccessFires(context) { return .secureUsernamePasswordEveryAccess }
            if secureUsernamePasswordAppSessionFires(context) { return .secureUsernamePasswordAppSession }
            return nil
        case 0x0000_0000_0000_1e1d:  // exposure: another user's session
            if exposurePreviousSessionFires(context) { return .exposurePreviousSession }
            if exposureBehindPromptFires(context) { return .exposureBehindPrompt }
            return nil
        case 0x0000_0000_0000_2122:  // open without the SDK
            if outsideSDKOwnSessionFires(context) { return .outsideSDKOwnSession }
            if outsideSDKOwnLoginFires(context) { return .outsideSDKOwnLogin }
            return nil
        case 0x0000_0000_0000_2725:  // SSO status query
            if statusBeforeInitialCheckFires(context) { return .statusBeforeInitialCheck }
            if statusEffectiveFires(context) { return .statusEffective }
            return nil
        default:
            for rule in list.rules where table.allHold(rule.rawValue, in: context) { return rule }
            return nil
        }
    }

    // Each rule's conditions, one small function per rule: small enough that each predicate's `holds(in:)`
    // inlines into it, as hand-written code would.

    /// `airwatch.identify.registered`
    static func identifyRegisteredFires(_ context: AirWatchContext) -> Bool {
        return AirWatchPredicate.registered.holds(in: context)
    }

    /// `airwatch.identify.common-identity`
    static func identifyCommonIdentityFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0002 == 0x0000_0000_0000_0002
            && !AirWatchPredicate.registered.holds(in: context)
            && AirWatchPredicate.commonIdentity.holds(in: context)
    }

    /// `airwatch.identify.managed-token`
    static func identifyManagedTokenFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0008 == 0x0000_0000_0000_0008
            && !AirWatchPredicate.registered.holds(in: context)
            && !AirWatchPredicate.managedTokenUsed.holds(in: context)
    }

    /// `airwatch.identify.cached-credentials`
    static func identifyCachedCredentialsFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0060 == 0x0000_0000_0000_0060
            && bits & 0x0000_0000_0000_0002 == 0
            && !AirWatchPredicate.registered.holds(in: context)
    }

    /// `airwatch.identify.silent-login`
    static func identifySilentLoginFires(_ context: AirWatchContext) -> Bool {
        return !AirWatchPredicate.registered.holds(in: context)
            && AirWatchPredicate.silentLoginSucceeded.holds(in: context)
    }

    /// `airwatch.identify.common-auth`
    static func identifyCommonAuthFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0002 == 0x0000_0000_0000_0002
            && !AirWatchPredicate.silentLoginSucceeded.holds(in: context)
    }

    /// `airwatch.identify.common-auth-passcode`
    static func identifyCommonAuthPasscodeFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0100 == 0x0000_0000_0000_0100
            && bits & 0x0000_0000_0000_0002 == 0
            && !AirWatchPredicate.silentLoginSucceeded.holds(in: context)
    }

    /// `airwatch.identify.app-login`
    static func identifyAppLoginFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0102 == 0
            && !AirWatchPredicate.silentLoginSucceeded.holds(in: context)
    }

    /// `airwatch.identify.new-identity-session`
    static func identifyNewIdentitySessionFires(_ context: AirWatchContext) -> Bool {
        return AirWatchPredicate.identifyPrompted.holds(in: context)
            && AirWatchPredicate.sessionOfAnotherIdentity.holds(in: context)
    }

    /// `airwatch.sso.requirement-missing`
    static func ssoRequirementMissingFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_1800 == 0x0000_0000_0000_1800
    }

    /// `airwatch.sso.requirement-missing.anchor-app`
    static func ssoNoAnchorAppFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_2800 == 0x0000_0000_0000_2800
    }

    /// `airwatch.sso.requirement-missing.anchor-profile`
    static func ssoAnchorProfileFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_4800 == 0x0000_0000_0000_4800
    }

    /// `airwatch.sso.requirement-missing.sdk-not-initialized`
    static func ssoSDKNotInitializedFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_8800 == 0x0000_0000_0000_8800
    }

    /// `airwatch.session.shared`
    static func sessionSharedFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0002 == 0x0000_0000_0000_0002
    }

    /// `airwatch.session.not-shared`
    static func sessionNotSharedFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0002 == 0
    }

    /// `airwatch.session.timeout-expired`
    static func sessionTimeoutExpiredFires(_ context: AirWatchContext) -> Bool {
        return AirWatchPredicate.storeHoldsSession.holds(in: context)
            && AirWatchPredicate.timeoutPassed.holds(in: context)
    }

    /// `airwatch.secure.cold-launch`
    static func secureColdLaunchFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0004_0000 == 0x0000_0000_0004_0000
            && bits & 0x0000_0000_0020_0000 == 0
            && !AirWatchPredicate.unlockedInProcess.holds(in: context)
            && AirWatchPredicate.storeSessionLive.holds(in: context)
    }

    /// `airwatch.secure.disabled.no-prompt`
    static func secureDisabledFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0020_0000 == 0x0000_0000_0020_0000
    }

    /// `airwatch.secure.passcode.create`
    static func securePasscodeCreateFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0100 == 0x0000_0000_0000_0100
            && !AirWatchPredicate.passcodeExists.holds(in: context)
    }

    /// `airwatch.secure.passcode.live-session`
    static func securePasscodeLiveFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0100_0100 == 0x0000_0000_0100_0100
            && AirWatchPredicate.passcodeExists.holds(in: context)
            && AirWatchPredicate.sessionLive.holds(in: context)
    }

    /// `airwatch.secure.passcode.every-access`
    static func securePasscodeEveryAccessFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0100 == 0x0000_0000_0000_0100
            && bits & 0x0000_0000_0200_0002 == 0
            && AirWatchPredicate.passcodeExists.holds(in: context)
    }

    /// `airwatch.secure.passcode.prompt`
    static func securePasscodePromptFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0100 == 0x0000_0000_0000_0100
            && AirWatchPredicate.passcodeExists.holds(in: context)
            && !AirWatchPredicate.sessionLive.holds(in: context)
    }

    /// `airwatch.secure.passcode.change-expired`
    static func securePasscodeChangeFires(_ context: AirWatchContext) -> Bool {
        return AirWatchPredicate.passcodeEntered.holds(in: context)
            && AirWatchPredicate.passcodeExpired.holds(in: context)
    }

    /// `airwatch.secure.username-password.live-session`
    static func secureUsernamePasswordLiveFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_9000_0000 == 0x0000_0000_9000_0000
            && AirWatchPredicate.credentialKeyExists.holds(in: context)
            && AirWatchPredicate.sessionLive.holds(in: context)
    }

    /// `airwatch.secure.username-password.prompt`
    static func secureUsernamePasswordPromptFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_1000_0002 == 0x0000_0000_1000_0002
            && !AirWatchPredicate.credentialSessionLive.holds(in: context)
    }

    /// `airwatch.secure.username-password.every-access`
    static func secureUsernamePasswordEveryAccessFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_1000_0000 == 0x0000_0000_1000_0000
            && bits & 0x0000_0001_0000_0002 == 0
    }

    /// `airwatch.secure.username-password.app-session`
    static func secureUsernamePasswordAppSessionFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0001_1000_0000 == 0x0000_0001_1000_0000
            && bits & 0x0000_0000_0000_0002 == 0
            && !AirWatchPredicate.credentialSessionLive.holds(in: context)
    }

    /// `airwatch.secure.no-repeat-prompt`
    static func secureNoRepeatPromptFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0040 == 0x0000_0000_0000_0040
            && AirWatchPredicate.identifyAskedSamePrompt.holds(in: context)
    }

    /// `airwatch.exposure.previous-user-session`
    static func exposurePreviousSessionFires(_ context: AirWatchContext) -> Bool {
        return AirWatchPredicate.sessionOfAnotherUser.holds(in: context)
            && !AirWatchPredicate.barrierAsked.holds(in: context)
    }

    /// `airwatch.exposure.previous-user-session-behind-prompt`
    static func exposureBehindPromptFires(_ context: AirWatchContext) -> Bool {
        return AirWatchPredicate.sessionOfAnotherUser.holds(in: context)
            && AirWatchPredicate.barrierAsked.holds(in: context)
    }

    /// `airwatch.exposure.previous-user-data`
    static func exposurePreviousDataFires(_ context: AirWatchContext) -> Bool {
        return AirWatchPredicate.anotherUsersData.holds(in: context)
    }

    /// `airwatch.without-sdk.open`
    static func outsideSDKOpenFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_8000 == 0x0000_0000_0000_8000
    }

    /// `airwatch.without-sdk.own-login`
    static func outsideSDKOwnLoginFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_8000 == 0x0000_0000_0000_8000
            && AirWatchPredicate.ownLoginAsked.holds(in: context)
    }

    /// `airwatch.without-sdk.own-session`
    static func outsideSDKOwnSessionFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_8000 == 0x0000_0000_0000_8000
            && AirWatchPredicate.ownSessionServes.holds(in: context)
    }

    /// `airwatch.without-sdk.own-sign-out`
    static func outsideSDKOwnSignOutFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_8000 == 0x0000_0000_0000_8000
            && AirWatchPredicate.ownSessionRunning.holds(in: context)
    }

    /// `airwatch.without-sdk.untouched`
    static func outsideSDKUntouchedFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_8000 == 0x0000_0000_0000_8000
            && AirWatchPredicate.holdsUserSessionOrData.holds(in: context)
    }

    /// `airwatch.status.before-initial-check`
    static func statusBeforeInitialCheckFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0002 == 0x0000_0000_0000_0002
            && AirWatchPredicate.beforeInitialCheck.holds(in: context)
    }

    /// `airwatch.status.last-known`
    static func statusLastKnownFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0400_0000_0002 == 0x0000_0400_0000_0002
            && AirWatchPredicate.beforeInitialCheck.holds(in: context)
    }

    /// `airwatch.status.effective`
    static func statusEffectiveFires(_ context: AirWatchContext) -> Bool {
        return AirWatchPredicate.ssoStatusSettled.holds(in: context)
    }

    /// `airwatch.lock.clears-session`
    static func lockClearsSessionFires(_ context: AirWatchContext) -> Bool {
        return AirWatchPredicate.storeHoldsSession.holds(in: context)
    }

    /// `airwatch.sign-out.lock-session`
    static func signOutLocksSessionFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_8000 == 0
    }

    /// `airwatch.sign-out.identity-kept`
    static func signOutKeepsIdentityFires(_ context: AirWatchContext) -> Bool {
        return AirWatchPredicate.storeHoldsIdentity.holds(in: context)
    }

    /// `airwatch.failed-attempts.count`
    static func failedAttemptCountFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0020_0000 == 0
    }

    /// `airwatch.failed-attempts.wipe`
    static func failedAttemptsWipeFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_2000_0000_0000 == 0x0000_2000_0000_0000
            && AirWatchPredicate.maxFailedAttemptsReached.holds(in: context)
    }

    /// `airwatch.failed-attempts.enterprise-wipe`
    static func failedAttemptsEnterpriseWipeFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_8000_0000_0000 == 0x0000_8000_0000_0000
            && AirWatchPredicate.maxFailedAttemptsReached.holds(in: context)
    }

    /// `airwatch.wipe.app-data-kept`
    static func wipeAppDataKeptFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0004_0000_0000_0000 == 0
            && AirWatchPredicate.sdkDataWiped.holds(in: context)
            && !AirWatchPredicate.wipeReachesEveryApp.holds(in: context)
    }

    /// `airwatch.logout.wipes`
    static func logoutWipesFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_8000 == 0
    }

    /// `airwatch.check-out.new-user`
    static func checkOutNewUserFires(_ context: AirWatchContext) -> Bool {
        return AirWatchPredicate.checkOutChangesUser.holds(in: context)
    }

    /// `airwatch.check-out.clear-passcode`
    static func checkOutClearPasscodeFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0010_0000_0000_0000 == 0x0010_0000_0000_0000
            && AirWatchPredicate.anyPasscodeExists.holds(in: context)
    }

    /// `airwatch.check-in.device`
    static func checkInDeviceFires(_ context: AirWatchContext) -> Bool {
        return AirWatchPredicate.checkingIn.holds(in: context)
    }

    /// `airwatch.check-in.clear-passcode`
    static func checkInClearPasscodeFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0010_0000_0000_0000 == 0x0010_0000_0000_0000
            && AirWatchPredicate.anyPasscodeOrSession.holds(in: context)
    }

    /// `airwatch.check-in.app-data-kept`
    static func checkInDataKeptFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0200_0000_0000_0000 == 0
            && AirWatchPredicate.holdsUserData.holds(in: context)
    }

    /// `airwatch.user-change.wipe`
    static func userChangeWipeFires(_ context: AirWatchContext) -> Bool {
        return AirWatchPredicate.hubCheckedOutUser.holds(in: context)
            && AirWatchPredicate.registeredToAnotherUser.holds(in: context)
    }

    /// `airwatch.user-change.app-data-kept`
    static func userChangeAppDataKeptFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0200_0000_0000_0000 == 0
            && AirWatchPredicate.userChangeWiped.holds(in: context)
    }

    /// `airwatch.terminate.process-ends`
    static func terminateProcessEndsFires(_ context: AirWatchContext) -> Bool {
        return AirWatchPredicate.processEnds.holds(in: context)
    }

    /// `airwatch.terminate.session-expires`
    static func terminateSessionExpiresFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x0000_0000_0004_0000 == 0x0000_0000_0004_0000
    }

    /// `airwatch.terminate.device-restart`
    static func terminateDeviceRestartFires(_ context: AirWatchContext) -> Bool {
        return AirWatchPredicate.deviceRestart.holds(in: context)
            && AirWatchPredicate.anyStoreHoldsSession.holds(in: context)
    }

    /// `airwatch.background.extends-session`
    static func backgroundExtendsSessionFires(_ context: AirWatchContext) -> Bool {
        let bits = AirWatchPredicate.bits(in: context)
        return bits & 0x2000_0000_0000_0000 == 0x2000_0000_0000_0000
            && AirWatchPredicate.storeHoldsSession.holds(in: context)
    }
}
