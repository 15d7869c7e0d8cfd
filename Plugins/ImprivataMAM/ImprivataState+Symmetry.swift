import SSOPolicyProviderKit

/// Workers are interchangeable for custody: the custodian and every account are compared, never ordered, so
/// `verify` may explore states that differ by a renaming of users once.
extension ImprivataState: UserSymmetricState {
    public mutating func renameUsers(_ permutation: UserPermutation) {
        custodian = .known(permutation(custodian.stored))
        passcodeOwner = .known(permutation(passcodeOwner.stored))
        entraAccount = .known(permutation(entraAccount.stored))
        mdmUser = .known(permutation(mdmUser.stored))
        autofillUser = .known(permutation(autofillUser.stored))
        for index in apps.indices {
            apps[index].session = .known(permutation(apps[index].session.stored))
            apps[index].data = .known(permutation(apps[index].data.stored))
        }
    }

    public func forEachUser(_ body: (UserID) -> Void) {
        if let user = custodian.stored { body(user) }
        if let user = passcodeOwner.stored { body(user) }
        if let user = entraAccount.stored { body(user) }
        if let user = mdmUser.stored { body(user) }
        if let user = autofillUser.stored { body(user) }
        for app in apps {
            if let user = app.session.stored { body(user) }
            if let user = app.data.stored { body(user) }
        }
    }
}
