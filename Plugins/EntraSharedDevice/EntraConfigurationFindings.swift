import SSOPolicyProviderKit

/// Findings about the policy itself: a shared mode that cannot be active, and apps whose duties are not met.
enum EntraConfigurationFindings {
    static func make(_ policy: EntraPolicy) -> [PolicyFinding] {
        var findings: [PolicyFinding] = []
        if policy.device.sharedRequested, let missing = policy.device.missingRequirement {
            findings.append(PolicyFinding(EntraFinding.sharedModeNotActive.id, settingKey: missing.settingKey))
        }
        for (index, app) in policy.apps.enumerated() where app.catalog?.isPublicPreview == true {
            findings.append(PolicyFinding(EntraFinding.previewApp.id, app: AppID(index), settingKey: "catalog"))
        }
        guard policy.device.sharedRequested else { return findings }
        for (index, app) in policy.apps.enumerated() {
            let id = AppID(index)
            if !app.isAware {
                findings.append(PolicyFinding(EntraFinding.appNotSharedDeviceAware.id, app: id, settingKey: "msal"))
                continue
            }
            guard policy.device.deviceShared else { continue }
            if app.isMultipleAccount {
                findings.append(
                    PolicyFinding(EntraFinding.multipleAccountAppUnsupported.id, app: id, settingKey: "msal"))
            }
            let duties: [(Bool, FindingID, String)] = [
                (app.checksCurrentAccount, EntraFinding.noCurrentAccountCheck.id, "checks_current_account"),
                (app.comparesAccountIDs, EntraFinding.comparesOnlyNil.id, "compares_account_ids"),
                (app.clearsData, EntraFinding.appDataNotCleared.id, "clears_data_on_user_change"),
                (app.listener, EntraFinding.noAccountChangeListener.id, "account_change_listener"),
                (
                    !policy.device.isIOS || app.signoutFromBrowser, EntraFinding.noBrowserSignOut.id,
                    "signout_from_browser"
                ),
                (!app.cachesAccessTokens, EntraFinding.cachesAccessTokens.id, "caches_access_tokens"),
            ]
            for (met, finding, key) in duties where !met {
                findings.append(PolicyFinding(finding, app: id, settingKey: key))
            }
        }
        // Managed Home Screen's automatic sign-out after inactivity is an automatic sign-out (Android).
        // With the MHS sign-in type Other, MHS's automatic sign-out does not reach the apps.
        if policy.device.deviceShared && (!policy.device.mhsAutoSignOut || policy.device.mhs.signInOther) {
            findings.append(PolicyFinding(EntraFinding.noAutomaticSignOut.id, settingKey: "shared_device_mode"))
        }
        return findings + EntraManagedHomeScreen.findings(policy)
    }
}
