import SSOPolicyProviderKit

/// A safety property `ssopolicy verify` checks on every step of every explored sequence.
///
/// The core's three properties are stated over the shared vocabulary (session user, the spec's finding ids), so
/// they apply to every provider; providers add their own as `PropertyDeclaration`s over their findings.
package struct VerificationProperty: Sendable, Hashable {
    package enum Check: Sendable, Hashable {
        /// The acting user is served a session carrying another identity, or `previous-user-session-active`.
        case noForeignSession
        /// `previous-user-data-visible`.
        case noPreviousUserData
        /// `not-covered-by-global-signout`, or a signed-out user's session served without a new sign-in.
        case globalSignOutComplete
        /// Any of these findings of the provider.
        case findings([String])
    }

    package var id: String
    package var meaning: String
    /// `core` or the provider's id.
    package var origin: String
    package var check: Check
    /// A property about what a sign-out leaves behind: only a sign-out step, or a step exposing a user who signed out
    /// earlier on the path (and has not used the device since), can break it (`PropertyDeclaration.afterSignOut`).
    package var afterSignOut: Bool
    /// The property applies only to policies whose settings meet these (empty: always).
    package var appliesWhen: [PropertyDeclaration.Requirement]
    /// Why the property is `n/a` where it does not apply.
    package var notApplicableBecause: String

    package init(
        id: String, meaning: String, origin: String, check: Check, afterSignOut: Bool = false,
        appliesWhen: [PropertyDeclaration.Requirement] = [], notApplicableBecause: String = ""
    ) {
        self.id = id
        self.meaning = meaning
        self.origin = origin
        self.check = check
        self.afterSignOut = afterSignOut
        self.appliesWhen = appliesWhen
        self.notApplicableBecause = notApplicableBecause
    }

    /// Why the property does not apply to `policy` (its provider declares it inapplicable, or the policy's settings
    /// miss a requirement), or nil when it applies.
    package func notApplicable(to policy: CompiledPolicy) -> String? {
        if let declared = policy.descriptor.inapplicableProperties.first(where: { $0.id == id }) {
            return declared.because
        }
        let settings = policy.configuration.settings
        for requirement in appliesWhen {
            guard let value = settings[requirement.setting]?.description, requirement.values.contains(value) else {
                return notApplicableBecause
            }
        }
        return nil
    }

    /// The properties every provider is checked against, in report order. Their ids are stable.
    package static let core: [VerificationProperty] = [
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
                + "not-covered-by-global-signout at or after the sign-out, and the signed-out user's session is not "
                + "served to another user (the user reopening their own app is no leak)",
            origin: "core", check: .globalSignOutComplete, afterSignOut: true),
    ]

    /// The core's properties followed by the provider's.
    package static func catalogue(for descriptor: ProviderDescriptor) -> [VerificationProperty] {
        core
            + descriptor.properties.map {
                VerificationProperty(
                    id: $0.id, meaning: $0.meaning, origin: descriptor.id, check: .findings($0.violatedBy),
                    afterSignOut: $0.afterSignOut, appliesWhen: $0.appliesWhen,
                    notApplicableBecause: $0.notApplicableBecause)
            }
    }

    /// Every property id known for these providers, core first, without duplicates.
    package static func allIDs(_ descriptors: [ProviderDescriptor]) -> [String] {
        var ids = core.map(\.id)
        for descriptor in descriptors {
            for property in descriptor.properties where !ids.contains(property.id) { ids.append(property.id) }
        }
        return ids
    }
}

/// An assumption that restricts which sequences are explored, so a property can be shown to hold for a
/// configuration used as intended while the sequences that break the assumption are shown to break it.
package enum VerificationAssumption: String, Sendable, Hashable, CaseIterable {
    /// Before another user acts, the user who acted last signed out (a `sign_out` of any app) since their last step.
    case signsOutBeforeHandover = "signs-out-before-handover"
    /// No `terminate: all` (no device restart).
    case noRestart = "no-restart"
    /// Every worker hands over properly: a move by another user than the last one is the provider's declared
    /// handover from the last user to them (its events played as one move).
    case handsOver = "hands-over"

    /// What `verify` assumes when it is asked for no assumption: the vendor's documented handover (`hands-over`) for
    /// a provider that declares one, so each vendor is judged under its own procedure; nothing for one that does not.
    package static func documentedHandover(for descriptor: ProviderDescriptor) -> [VerificationAssumption] {
        descriptor.handover == nil ? [] : [.handsOver]
    }

    package var meaning: String {
        switch self {
        case .signsOutBeforeHandover:
            return "every worker signs out (a sign_out of any app) after their last step and before the next user acts"
        case .noRestart: return "the device is never restarted (no 'terminate: all')"
        case .handsOver:
            return "every worker hands over properly: the user changes only through the provider's declared handover"
        }
    }
}
