/// What the core itself needs to recognise among a provider's findings: its `verify` properties, the comparison's
/// verdict and the totals read findings by concern, never by name, so a provider that names its findings
/// differently (or misspells one) cannot make a property hold vacuously: a missing mapping fails the provider's
/// self-check at registration.
public enum CoreConcern: String, CaseIterable, Sendable, Hashable {
    /// The acting user works in another user's session with nothing in the way (`no-foreign-session`).
    case foreignSession = "foreign_session"
    /// The acting user reaches another user's session, but only behind that user's passcode or password.
    case foreignSessionBehindPrompt = "foreign_session_behind_prompt"
    /// An app shows or holds a previous user's data for the acting user (`no-previous-user-data`).
    case previousUserData = "previous_user_data"
    /// A sign-out leaves an app's session or data behind (`global-sign-out-complete`).
    case incompleteSignOut = "incomplete_sign_out"

    /// Concerns every provider must map a finding to: `no-foreign-session` and the comparison's verdict are
    /// stated over it. The others are mapped where the provider models them (a kiosk without app data has no
    /// previous user's data to show; its `no-previous-user-data` then holds by construction).
    public static let required: [CoreConcern] = [.foreignSession]

    /// Whether a step with this finding shows the worker another user's session or data (the comparison's
    /// "unsafe").
    public var exposesAnotherUser: Bool {
        switch self {
        case .foreignSession, .foreignSessionBehindPrompt, .previousUserData: return true
        case .incompleteSignOut: return false
        }
    }

    /// In plain words, for `providers`.
    public var meaning: String {
        switch self {
        case .foreignSession: return "the acting user works in another user's session"
        case .foreignSessionBehindPrompt: return "another user's session is reached behind that user's prompt"
        case .previousUserData: return "an app shows a previous user's data"
        case .incompleteSignOut: return "a sign-out leaves a session or data behind"
        }
    }
}

extension ProviderDescriptor {
    /// The findings the provider maps to `concern`.
    public func findings(concern: CoreConcern) -> [FindingID] {
        findings.indices.filter { findings[$0].concern == concern }.map(FindingID.init)
    }

    /// The findings mapped to any concern that exposes another user (`CoreConcern.exposesAnotherUser`).
    public var exposureFindings: FindingSet {
        FindingSet(findings.indices.filter { findings[$0].concern?.exposesAnotherUser == true }.map(FindingID.init))
    }

    /// Problems with the core vocabulary: a required concern without a finding.
    public func vocabularyProblems() -> [String] {
        CoreConcern.required.filter { findings(concern: $0).isEmpty }.map { concern in
            "no finding maps to the core concern '\(concern.rawValue)' (\(concern.meaning)): set "
                + "FindingDeclaration(..., concern: .\(String(describing: concern)))"
        }
    }
}
