import SSOPolicyProviderKit

/// Workers are interchangeable for custody: the custodian and every account are compared, never ordered, so
/// `verify` may explore states that differ by a renaming of users once.
extension ImprivataState: UserSymmetricState {
    public mutating func renameUsers(_ permutation: UserPermutation) {
        custodian = permutation(custodian)
        passcodeOwner = permutation(passcodeOwner)
        entraAccount = permutation(entraAccount)
        mdmUser = permutation(mdmUser)
        autofillUser = permutation(autofillUser)
        for index in apps.indices {
            apps[index].session = permutation(apps[index].session)
            apps[index].data = permutation(apps[index].data)
        }
    }

    public func forEachUser(_ body: (UserID) -> Void) {
        if let custodian { body(custodian) }
        if let passcodeOwner { body(passcodeOwner) }
        if let entraAccount { body(entraAccount) }
        if let mdmUser { body(mdmUser) }
        if let autofillUser { body(autofillUser) }
        for app in apps {
            if let user = app.session { body(user) }
            if let user = app.data { body(user) }
        }
    }
}
