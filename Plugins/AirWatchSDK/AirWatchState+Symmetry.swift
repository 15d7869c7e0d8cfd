import SSOPolicyProviderKit

/// Workers are interchangeable for the SDK: its decisions compare users, never order them, so `verify` may explore
/// states that differ by a renaming of users once. (When several users' data is held, an outcome's `subject` names
/// the lowest-numbered one; that choice is in the outcome only, not in the state, and no property reads it.)
extension AirWatchState: UserSymmetricState {
    public mutating func renameUsers(_ permutation: UserPermutation) {
        for index in apps.indices { apps[index].renameUsers(permutation) }
        for index in stores.indices { stores[index].renameUsers(permutation) }
        checkedOutUser = .known(permutation(checkedOutUser.stored))
    }

    /// Reads the Given fields as stored: listing the users a state holds decides nothing.
    public func forEachUser(_ body: (UserID) -> Void) {
        for app in apps {
            if let user = app.registeredUser.stored { body(user) }
            if let user = app.ownSessionUser.stored { body(user) }
            var data = app.dataUsers.stored
            while data != 0 {
                body(UserID(data.trailingZeroBitCount))
                data &= data - 1
            }
        }
        for store in stores {
            if let user = store.identity.stored { body(user) }
            if let user = store.sessionUser.stored { body(user) }
        }
        if let checkedOutUser = checkedOutUser.stored { body(checkedOutUser) }
    }
}

// Renaming reads the Given fields as stored (it decides nothing) and writes them back, one element access each.
extension AirWatchAppState {
    fileprivate mutating func renameUsers(_ permutation: UserPermutation) {
        registeredUser = .known(permutation(registeredUser.stored))
        ownSessionUser = .known(permutation(ownSessionUser.stored))
        dataUsers = .known(permutation.bits(dataUsers.stored))
    }
}

extension AirWatchStore {
    fileprivate mutating func renameUsers(_ permutation: UserPermutation) {
        identity = .known(permutation(identity.stored))
        sessionUser = .known(permutation(sessionUser.stored))
    }
}
