import SSOPolicyProviderKit

/// A safety property `ssopolicy verify` checks on every step of every explored sequence.
///
/// The core's three properties are stated over the shared vocabulary (session user, the spec's finding ids), so
/// they apply to every provider; providers add their own as `PropertyDeclaration`s over their findings.
public struct VerificationProperty: Sendable, Hashable {
    public enum Check: Sendable, Hashable {
        /// The acting user is served a session carrying another identity, or `previous-user-session-active`.
        case noForeignSession
        /// `previous-user-data-visible`.
        case noPreviousUserData
        /// `not-covered-by-global-signout`, or a signed-out user's session served without a new sign-in.
        case globalSignOutComplete
        /// Any of these findings of the provider.
        case findings([String])
    }

    public var id: String
    public var meaning: String
    /// `core` or the provider's id.
    public var origin: String
    public var check: Check

    public init(id: String, meaning: String, origin: String, check: Check) {
        self.id = id
        self.meaning = meaning
        self.origin = origin
        self.check = check
    }

    /// The properties every provider is checked against, in report order. Their ids are stable.
    public static let core: [VerificationProperty] = [
        VerificationProperty(
            id: "no-foreign-session",
            meaning: "a user is never served another user's session (session user differs from the acting user, "
                + "or previous-user-session-active)", origin: "core", check: .noForeignSession),
        VerificationProperty(
            id: "no-previous-user-data",
            meaning: "an app never shows or holds a previous user's data for the acting user "
                + "(previous-user-data-visible)", origin: "core", check: .noPreviousUserData),
        VerificationProperty(
            id: "global-sign-out-complete",
            meaning: "after a user signs out, no app keeps that user's session or data: no "
                + "not-covered-by-global-signout, and the user's session is not served again without a sign-in",
            origin: "core", check: .globalSignOutComplete),
    ]

    /// The core's properties followed by the provider's.
    public static func catalogue(for descriptor: ProviderDescriptor) -> [VerificationProperty] {
        core
            + descriptor.properties.map {
                VerificationProperty(
                    id: $0.id, meaning: $0.meaning, origin: descriptor.id, check: .findings($0.violatedBy))
            }
    }

    /// Every property id known for these providers, core first, without duplicates.
    public static func allIDs(_ descriptors: [ProviderDescriptor]) -> [String] {
        var ids = core.map(\.id)
        for descriptor in descriptors {
            for property in descriptor.properties where !ids.contains(property.id) { ids.append(property.id) }
        }
        return ids
    }
}

/// An assumption that restricts which sequences are explored, so a property can be shown to hold for a
/// configuration used as intended while the sequences that break the assumption are shown to break it.
public enum VerificationAssumption: String, Sendable, Hashable, CaseIterable {
    /// Before another user acts, the user who acted last signed out (a `sign_out` of any app) since their last step.
    case signsOutBeforeHandover = "signs-out-before-handover"
    /// No `terminate: all` (no device restart).
    case noRestart = "no-restart"
    /// Every worker hands over properly: a move by another user than the last one is the provider's declared
    /// handover from the last user to them (its events played as one move).
    case handsOver = "hands-over"

    public var meaning: String {
        switch self {
        case .signsOutBeforeHandover:
            return "every worker signs out (a sign_out of any app) after their last step and before the next user acts"
        case .noRestart: return "the device is never restarted (no 'terminate: all')"
        case .handsOver:
            return "every worker hands over properly: the user changes only through the provider's declared handover"
        }
    }
}
