// Generated from EntraRule.table by RuleCompiler (Tests/SSOPolicyTestSupport/RuleCompiler.swift): do not
// edit. `SSOPOLICY_REGENERATE=1 swift test --filter EntraCompiledRulesTests` rewrites it; that test fails while it differs.

import SSOPolicyProviderKit

extension EntraRule {
    /// Whether `rule` fires, nothing recorded: the function of its conditions below.
    @inline(__always)
    static func firesUntraced(_ rule: EntraRule, in context: EntraContext) -> Bool {
        switch rule {
        case .modeShared: return modeSharedFires(context)
        case .modeRequirementMissing: return modeRequirementMissingFires(context)
        case .appNotAware: return appNotAwareFires(context)
        case .appOwnSignIn: return appOwnSignInFires(context)
        case .appLocalSessionReused: return appLocalSessionReusedFires(context)
        case .androidMultipleAccountInitFails: return androidMultipleAccountInitFailsFires(context)
        case .iosMultipleAccountUnsupported: return iosMultipleAccountUnsupportedFires(context)
        case .currentAccountChanged: return currentAccountChangedFires(context)
        case .currentAccountNotChecked: return currentAccountNotCheckedFires(context)
        case .onlyNilCheck: return onlyNilCheckFires(context)
        case .dataCleared: return dataClearedFires(context)
        case .dataNotCleared: return dataNotClearedFires(context)
        case .signInGlobal: return signInGlobalFires(context)
        case .signInSilentReuse: return signInSilentReuseFires(context)
        case .previousUserServed: return previousUserServedFires(context)
        case .iosSecondUserRejected: return iosSecondUserRejectedFires(context)
        case .androidSecondUserRefused: return androidSecondUserRefusedFires(context)
        case .localRefreshTokenFallback: return localRefreshTokenFallbackFires(context)
        case .notificationOnSignIn: return notificationOnSignInFires(context)
        case .signOutGlobal: return signOutGlobalFires(context)
        case .signOutBrokerFailed: return signOutBrokerFailedFires(context)
        case .signOutDataCleared: return signOutDataClearedFires(context)
        case .signOutDataKept: return signOutDataKeptFires(context)
        case .browserKept: return browserKeptFires(context)
        case .browserSignedOut: return browserSignedOutFires(context)
        case .signOutNotCovered: return signOutNotCoveredFires(context)
        case .signOutCachedAccessTokens: return signOutCachedAccessTokensFires(context)
        case .signOutAppOnly: return signOutAppOnlyFires(context)
        case .otherAppsStaySignedIn: return otherAppsStaySignedInFires(context)
        case .defaultAppSessionReused: return defaultAppSessionReusedFires(context)
        case .defaultBrokerSSO: return defaultBrokerSSOFires(context)
        case .defaultSignIn: return defaultSignInFires(context)
        case .deviceInfoReported: return deviceInfoReportedFires(context)
        case .deviceInfoUnavailable: return deviceInfoUnavailableFires(context)
        case .browserWebSSO: return browserWebSSOFires(context)
        case .browserSignIn: return browserSignInFires(context)
        case .accountSurvivesTermination: return accountSurvivesTerminationFires(context)
        case .iosSignInServedExisting: return iosSignInServedExistingFires(context)
        case .authenticatorBrokerRoute: return authenticatorBrokerRouteFires(context)
        }
    }

    /// The first rule of `list` that fires, nothing recorded: each of the provider's lists unrolled, any other
    /// list interpreted.
    static func firstUntraced(
        _ list: DecisionList<EntraRule>, in context: EntraContext
    ) -> EntraRule? {
        switch list.signature {
        case 0x0000_0000_0000_0504:  // app that is not shared-device aware: own login or own session
            if appOwnSignInFires(context) { return .appOwnSignIn }
            if appLocalSessionReusedFires(context) { return .appLocalSessionReused }
            return nil
        case 0x0000_0000_0000_0c0b:  // data of another user: cleared or kept
            if dataClearedFires(context) { return .dataCleared }
            if dataNotClearedFires(context) { return .dataNotCleared }
            return nil
        case 0x0000_0000_000f_0e0d:  // device session in shared mode
            if signInGlobalFires(context) { return .signInGlobal }
            if signInSilentReuseFires(context) { return .signInSilentReuse }
            if previousUserServedFires(context) { return .previousUserServed }
            return nil
        case 0x0000_0000_0026_1011:  // explicit sign-in by a second user
            if androidSecondUserRefusedFires(context) { return .androidSecondUserRefused }
            if iosSecondUserRejectedFires(context) { return .iosSecondUserRejected }
            if iosSignInServedExistingFires(context) { return .iosSignInServedExisting }
            return nil
        case 0x0000_0000_0020_1f1e:  // default mode: app session, broker SSO or sign-in
            if defaultAppSessionReusedFires(context) { return .defaultAppSessionReused }
            if defaultBrokerSSOFires(context) { return .defaultBrokerSSO }
            if defaultSignInFires(context) { return .defaultSignIn }
            return nil
        case 0x0000_0000_0000_1514:  // broker sign-out in shared mode
            if signOutGlobalFires(context) { return .signOutGlobal }
            if signOutBrokerFailedFires(context) { return .signOutBrokerFailed }
            return nil
        case 0x0000_0000_0000_1716:  // the signing-out app's data
            if signOutDataClearedFires(context) { return .signOutDataCleared }
            if signOutDataKeptFires(context) { return .signOutDataKept }
            return nil
        case 0x0000_0000_0000_1918:  // Safari at a global sign-out
            if browserKeptFires(context) { return .browserKept }
            if browserSignedOutFires(context) { return .browserSignedOut }
            return nil
        case 0x0000_0000_0000_2221:  // getDeviceInformation
            if deviceInfoReportedFires(context) { return .deviceInfoReported }
            if deviceInfoUnavailableFires(context) { return .deviceInfoUnavailable }
            return nil
        case 0x0000_0000_0000_2423:  // Safari: web SSO or web sign-in
            if browserWebSSOFires(context) { return .browserWebSSO }
            if browserSignInFires(context) { return .browserSignIn }
            return nil
        default:
            for rule in list.rules where table.allHold(rule.rawValue, in: context) { return rule }
            return nil
        }
    }

    // Each rule's conditions, one small function per rule: small enough that each predicate's `holds(in:)`
    // inlines into it, as hand-written code would.

    /// `entra.mode.shared`
    static func modeSharedFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_100f == 0x0000_0000_0000_100f
    }

    /// `entra.mode.requirement-missing`
    static func modeRequirementMissingFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0011 == 0x0000_0000_0000_0011
    }

    /// `entra.app.not-shared-device-aware`
    static func appNotAwareFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_1000 == 0
    }

    /// `entra.app.own-sign-in`
    static func appOwnSignInFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_1000 == 0
            && !EntraPredicate.appHoldsSession.holds(in: context)
    }

    /// `entra.app.local-session-reused`
    static func appLocalSessionReusedFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_1000 == 0
            && EntraPredicate.appHoldsSession.holds(in: context)
    }

    /// `entra.android.multiple-account-init-fails`
    static func androidMultipleAccountInitFailsFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_2020 == 0x0000_0000_0000_2020
            && bits & 0x0000_0000_0000_0040 == 0
    }

    /// `entra.ios.multiple-account-unsupported`
    static func iosMultipleAccountUnsupportedFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_2060 == 0x0000_0000_0000_2060
    }

    /// `entra.current-account.changed`
    static func currentAccountChangedFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_4000 == 0x0000_0000_0000_4000
            && EntraPredicate.callsCurrentAccount.holds(in: context)
            && EntraPredicate.accountChanged.holds(in: context)
    }

    /// `entra.current-account.not-checked`
    static func currentAccountNotCheckedFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_4000 == 0x0000_0000_0000_4000
            && !EntraPredicate.callsCurrentAccount.holds(in: context)
            && EntraPredicate.accountChanged.holds(in: context)
    }

    /// `entra.current-account.only-nil-check`
    static func onlyNilCheckFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0001_0000 == 0
            && EntraPredicate.foreignData.holds(in: context)
            && EntraPredicate.currentAccountPresent.holds(in: context)
    }

    /// `entra.data.cleared`
    static func dataClearedFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0002_0000 == 0x0000_0000_0002_0000
            && EntraPredicate.foreignData.holds(in: context)
            && EntraPredicate.noticesChange.holds(in: context)
    }

    /// `entra.data.not-cleared`
    static func dataNotClearedFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0002_0000 == 0
            && EntraPredicate.foreignData.holds(in: context)
            && EntraPredicate.noticesChange.holds(in: context)
    }

    /// `entra.sign-in.global`
    static func signInGlobalFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_4000 == 0x0000_0000_0000_4000
            && !EntraPredicate.accountSignedIn.holds(in: context)
    }

    /// `entra.sign-in.silent-reuse`
    static func signInSilentReuseFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_4000 == 0x0000_0000_0000_4000
            && EntraPredicate.userIsDeviceAccount.holds(in: context)
    }

    /// `entra.sign-in.previous-user-served`
    static func previousUserServedFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_4000 == 0x0000_0000_0000_4000
            && EntraPredicate.otherUserSignedIn.holds(in: context)
    }

    /// `entra.ios.second-user-rejected`
    static func iosSecondUserRejectedFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_4040 == 0x0000_0000_0000_4040
            && bits & 0x0000_0000_0000_0100 == 0
            && EntraPredicate.otherUserSignedIn.holds(in: context)
    }

    /// `entra.android.second-user-refused`
    static func androidSecondUserRefusedFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_4000 == 0x0000_0000_0000_4000
            && bits & 0x0000_0000_0000_0040 == 0
            && EntraPredicate.otherAccountHeld.holds(in: context)
    }

    /// `entra.silent.local-rt-fallback`
    static func localRefreshTokenFallbackFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0240 == 0x0000_0000_0000_0240
            && !EntraPredicate.callsCurrentAccount.holds(in: context)
            && !EntraPredicate.explicitSignIn.holds(in: context)
            && EntraPredicate.staleLocalToken.holds(in: context)
    }

    /// `entra.notification.on-sign-in`
    static func notificationOnSignInFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0400 == 0x0000_0000_0000_0400
    }

    /// `entra.sign-out.global`
    static func signOutGlobalFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_4000 == 0x0000_0000_0000_4000
            && EntraPredicate.accountSignedIn.holds(in: context)
            && !EntraPredicate.brokerSignOutFails.holds(in: context)
    }

    /// `entra.sign-out.broker-failed`
    static func signOutBrokerFailedFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_4000 == 0x0000_0000_0000_4000
            && EntraPredicate.accountSignedIn.holds(in: context)
            && EntraPredicate.brokerSignOutFails.holds(in: context)
    }

    /// `entra.sign-out.app-data-cleared`
    static func signOutDataClearedFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0002_0000 == 0x0000_0000_0002_0000
            && EntraPredicate.appHoldsData.holds(in: context)
    }

    /// `entra.sign-out.app-data-kept`
    static func signOutDataKeptFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0002_0000 == 0
            && EntraPredicate.appHoldsData.holds(in: context)
    }

    /// `entra.sign-out.browser-kept`
    static func browserKeptFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0840 == 0x0000_0000_0000_0840
            && bits & 0x0000_0000_0004_0000 == 0
            && EntraPredicate.safariSession.holds(in: context)
    }

    /// `entra.sign-out.browser-signed-out`
    static func browserSignedOutFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0008_0040 == 0x0000_0000_0008_0040
            && EntraPredicate.safariSession.holds(in: context)
    }

    /// `entra.sign-out.not-covered`
    static func signOutNotCoveredFires(_ context: EntraContext) -> Bool {
        return EntraPredicate.signedOutGlobally.holds(in: context)
            && EntraPredicate.userKeptByAnApp.holds(in: context)
    }

    /// `entra.sign-out.cached-access-tokens`
    static func signOutCachedAccessTokensFires(_ context: EntraContext) -> Bool {
        return EntraPredicate.signedOutGlobally.holds(in: context)
            && EntraPredicate.userTokensCached.holds(in: context)
    }

    /// `entra.sign-out.app-only`
    static func signOutAppOnlyFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_4000 == 0
    }

    /// `entra.sign-out.other-apps-stay-signed-in`
    static func otherAppsStaySignedInFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_4000 == 0
            && EntraPredicate.userStillHeld.holds(in: context)
    }

    /// `entra.default.app-session-reused`
    static func defaultAppSessionReusedFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_8000 == 0x0000_0000_0000_8000
            && EntraPredicate.appHoldsSession.holds(in: context)
    }

    /// `entra.default.broker-sso`
    static func defaultBrokerSSOFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_8080 == 0x0000_0000_0000_8080
            && !EntraPredicate.appHoldsSession.holds(in: context)
            && EntraPredicate.userIsDeviceAccount.holds(in: context)
    }

    /// `entra.default.sign-in`
    static func defaultSignInFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_8000 == 0x0000_0000_0000_8000
            && !EntraPredicate.appHoldsSession.holds(in: context)
            && !EntraPredicate.brokerHasUser.holds(in: context)
    }

    /// `entra.device-info.reported`
    static func deviceInfoReportedFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_1000 == 0x0000_0000_0000_1000
    }

    /// `entra.device-info.unavailable`
    static func deviceInfoUnavailableFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_1000 == 0
    }

    /// `entra.browser.web-sso`
    static func browserWebSSOFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0040 == 0x0000_0000_0000_0040
            && EntraPredicate.safariSession.holds(in: context)
    }

    /// `entra.browser.sign-in`
    static func browserSignInFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0040 == 0x0000_0000_0000_0040
            && !EntraPredicate.safariSession.holds(in: context)
    }

    /// `entra.lifecycle.account-survives`
    static func accountSurvivesTerminationFires(_ context: EntraContext) -> Bool {
        return EntraPredicate.accountSignedIn.holds(in: context)
    }

    /// `entra.ios.sign-in-existing-session-served`
    static func iosSignInServedExistingFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_4140 == 0x0000_0000_0000_4140
            && EntraPredicate.otherUserSignedIn.holds(in: context)
    }

    /// `entra.ios.authenticator-broker-route`
    static func authenticatorBrokerRouteFires(_ context: EntraContext) -> Bool {
        let bits = EntraPredicate.bits(in: context)
        return bits & 0x0000_0000_0000_0044 == 0x0000_0000_0000_0044
            && bits & 0x0000_0000_0000_0008 == 0
    }
}
