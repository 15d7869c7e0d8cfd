import SSOPolicy

/// A sign-in row that decides (or supports) a verdict, as the report shows it.
package struct Evidence: Sendable, Hashable {
    /// What the row shows.
    package enum Role: String, Sendable, Hashable {
        /// Another account signed in interactively, successfully, during the custody.
        case otherAccountInteractive = "other_account_interactive"
        /// Another account's successful background (non-interactive) sign-in during the custody.
        case otherAccountBackground = "other_account_background"
        /// Another account was asked to sign in during the custody: it had no session left.
        case otherAccountPrompted = "other_account_prompted"
        /// The custodian's first interactive sign-in (or first sign-in) during the custody.
        case custodianSignIn = "custodian_sign_in"
        /// The previous worker's sign-in, without a device id, during the custody.
        case previousWorkerNoDevice = "previous_worker_no_device"
        /// The previous worker's sign-in without a device id during the custody, from an operating system this
        /// device is not (a Windows PC's browser while the custody is an iPhone's): not this device.
        case previousWorkerOtherDevice = "previous_worker_other_device"
        /// Custody unknown: an account's first sign-in, while an earlier account's sign-ins go on.
        case laterAccountStarts = "later_account_starts"
        /// Custody unknown: the earlier account's last sign-in, after the later account began.
        case earlierAccountContinues = "earlier_account_continues"
    }

    package var role: Role
    /// Milliseconds since 1970-01-01T00:00Z.
    package var time: Int64
    package var account: String
    /// The app's display name (or its id when the row has no name).
    package var app: String
    package var appID: String?
    package var correlationID: String?
    package var interactivity: Interactivity
    package var outcome: SignInOutcome
    package var errorCode: Int?
    /// Sign-ins a grouped row stands for.
    package var count: Int
    package var deviceID: String?
    package var file: String
    package var line: Int
    package var column: Int

    package var position: SourcePosition { SourcePosition(file: file, line: line, column: column) }
}
