import SSOPolicyProviderKit

/// Findings about the policy itself: a shared mode that cannot be active, and apps whose duties are not met.
enum EntraConfigurationFindings {
    static func make(_ policy: EntraPolicy) -> [PolicyFinding] {
        var findings: [PolicyFinding] = []
        if policy.sharedRequested, let missing = policy.missingRequirement {
            findings.append(PolicyFinding(EntraFinding.sharedModeNotActive, settingKey: missing.settingKey))
        }
        for (index, app) in policy.apps.enumerated() where app.catalog?.isPublicPreview == true {
            findings.append(PolicyFinding(EntraFinding.previewApp, app: AppID(index), settingKey: "catalog"))
        }
        guard policy.sharedRequested else { return findings }
        for (index, app) in policy.apps.enumerated() {
            let id = AppID(index)
            if !app.isAware {
                findings.append(PolicyFinding(EntraFinding.appNotSharedDeviceAware, app: id, settingKey: "msal"))
                continue
            }
            guard policy.deviceShared else { continue }
            if app.isMultipleAccount {
                findings.append(PolicyFinding(EntraFinding.multipleAccountAppUnsupported, app: id, settingKey: "msal"))
            }
            let duties: [(Bool, FindingID, String)] = [
                (app.checksCurrentAccount, EntraFinding.noCurrentAccountCheck, "checks_current_account"),
                (app.comparesAccountIDs, EntraFinding.comparesOnlyNil, "compares_account_ids"),
                (app.clearsData, EntraFinding.appDataNotCleared, "clears_data_on_user_change"),
                (app.listener, EntraFinding.noAccountChangeListener, "account_change_listener"),
                (!policy.isIOS || app.signoutFromBrowser, EntraFinding.noBrowserSignOut, "signout_from_browser"),
                (!app.cachesAccessTokens, EntraFinding.cachesAccessTokens, "caches_access_tokens"),
            ]
            for (met, finding, key) in duties where !met {
                findings.append(PolicyFinding(finding, app: id, settingKey: key))
            }
        }
        if policy.deviceShared {
            findings.append(PolicyFinding(EntraFinding.noAutomaticSignOut, settingKey: "shared_device_mode"))
        }
        return findings
    }
}
