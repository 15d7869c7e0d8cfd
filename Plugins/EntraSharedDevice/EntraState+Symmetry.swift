import SSOPolicyProviderKit

/// Workers are interchangeable for the broker and MSAL: accounts are compared, never ordered, so `verify` may
/// explore states that differ by a renaming of users once.
extension EntraState: UserSymmetricState {
    public mutating func renameUsers(_ permutation: UserPermutation) {
        deviceAccount = permutation(deviceAccount)
        safari = permutation(safari)
        for index in apps.indices {
            apps[index].principal = permutation(apps[index].principal)
            apps[index].tokens = permutation(apps[index].tokens)
            apps[index].dataOwner = permutation(apps[index].dataOwner)
        }
    }

    public func forEachUser(_ body: (UserID) -> Void) {
        if let deviceAccount { body(deviceAccount) }
        if let safari { body(safari) }
        for app in apps {
            if let user = app.principal { body(user) }
            if let user = app.tokens { body(user) }
            if let user = app.dataOwner { body(user) }
        }
    }
}
