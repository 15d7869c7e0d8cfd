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
}
