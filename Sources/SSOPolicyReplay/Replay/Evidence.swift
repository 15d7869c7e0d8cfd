import SSOPolicy

/// A sign-in row that decides (or supports) a verdict, as the report shows it.
public struct Evidence: Sendable, Hashable {
    /// What the row shows.
    public enum Role: String, Sendable, Hashable {
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

    public var role: Role
    /// Milliseconds since 1970-01-01T00:00Z.
    public var time: Int64
    public var account: String
    /// The app's display name (or its id when the row has no name).
    public var app: String
    public var appID: String?
    public var correlationID: String?
    public var interactivity: Interactivity
    public var outcome: SignInOutcome
    public var errorCode: Int?
    /// Sign-ins a grouped row stands for.
    public var count: Int
    public var deviceID: String?
    public var file: String
    public var line: Int
    public var column: Int

    public var position: SourcePosition { SourcePosition(file: file, line: line, column: column) }
}
