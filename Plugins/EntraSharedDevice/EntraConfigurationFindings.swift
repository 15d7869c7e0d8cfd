import SSOPolicyProviderKit

/// Findings about the policy itself: a shared mode that cannot be active, and apps whose duties are not met.
enum EntraConfigurationFindings {
    static func make(_ policy: EntraPolicy) -> [PolicyFinding] {
        var findings: [PolicyFinding] = []
        if policy.device.sharedRequested, let missing = policy.device.missingRequirement {
            findings.append(PolicyFinding(EntraFinding.sharedModeNotActive.id, settingKey: missing.setting.key))
        }
        for (index, app) in policy.apps.enumerated() where app.catalog?.isPublicPreview == true {
            findings.append(
                PolicyFinding(EntraFinding.previewApp.id, app: AppID(index), settingKey: EntraAppKey.catalog.key))
        }
        guard policy.device.sharedRequested else { return findings }
        for (index, app) in policy.apps.enumerated() {
            let id = AppID(index)
            if !app.isAware {
                findings.append(
                    PolicyFinding(EntraFinding.appNotSharedDeviceAware.id, app: id, settingKey: EntraAppKey.msal.key))
                continue
            }
            guard policy.device.deviceShared else { continue }
            if app.isMultipleAccount {
                findings.append(
                    PolicyFinding(
                        EntraFinding.multipleAccountAppUnsupported.id, app: id, settingKey: EntraAppKey.msal.key))
            }
            let duties: [(Bool, EntraFinding, EntraAppKey)] = [
                (app.checksCurrentAccount, .noCurrentAccountCheck, .checksCurrentAccount),
                (app.comparesAccountIDs, .comparesOnlyNil, .comparesAccountIDs),
                (app.clearsData, .appDataNotCleared, .clearsDataOnUserChange),
                (app.listener, .noAccountChangeListener, .accountChangeListener),
                (!policy.device.isIOS || app.signoutFromBrowser, .noBrowserSignOut, .signoutFromBrowser),
                (!app.cachesAccessTokens, .cachesAccessTokens, .cachesAccessTokens),
            ]
            for (met, finding, key) in duties where !met {
                findings.append(PolicyFinding(finding.id, app: id, settingKey: key.key))
            }
        }
        // Managed Home Screen's automatic sign-out after inactivity is an automatic sign-out (Android).
        // With the MHS sign-in type Other, MHS's automatic sign-out does not reach the apps.
        if policy.device.deviceShared && (!policy.device.mhsAutoSignOut || policy.device.mhs.signInOther) {
            findings.append(
                PolicyFinding(EntraFinding.noAutomaticSignOut.id, settingKey: EntraSetting.sharedDeviceMode.key))
        }
        return findings + EntraManagedHomeScreen.findings(policy)
    }
}
