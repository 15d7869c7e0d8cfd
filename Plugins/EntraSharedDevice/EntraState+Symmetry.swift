import SSOPolicyProviderKit

/// Workers are interchangeable for the broker and MSAL: accounts are compared, never ordered, so `verify` may
/// explore states that differ by a renaming of users once.
extension EntraState: UserSymmetricState {
    public mutating func renameUsers(_ permutation: UserPermutation) {
        deviceAccount = .known(permutation(deviceAccount.stored))
        safari = .known(permutation(safari.stored))
        for index in apps.indices {
            apps[index].principal = .known(permutation(apps[index].principal.stored))
            apps[index].tokens = .known(permutation(apps[index].tokens.stored))
            apps[index].dataOwner = .known(permutation(apps[index].dataOwner.stored))
        }
    }

    public func forEachUser(_ body: (UserID) -> Void) {
        if let user = deviceAccount.stored { body(user) }
        if let user = safari.stored { body(user) }
        for app in apps {
            if let user = app.principal.stored { body(user) }
            if let user = app.tokens.stored { body(user) }
            if let user = app.dataOwner.stored { body(user) }
        }
    }
}
