import MicrosoftApps
import SSOPolicyProviderKit

/// A Microsoft app named in a policy by `catalog: ID`: the shared catalogue's entry (`MicrosoftApps`), which
/// Imprivata's Microsoft integration reads too, so the same app behaves the same under both.
///
/// An entry fills in a broker-enabled single-account MSAL app that meets every duty of a shared-device app (the
/// catalogue says whether it clears the previous user's data at a global sign-out); keys the policy writes itself
/// still win (for example to model an app caveat the list does not mention).
typealias EntraCatalogApp = MicrosoftApp

/// The catalogue's provenance, as this provider cites it.
enum EntraCatalog {
    static let asOf = MicrosoftAppCatalogue.asOf
    static let source = MicrosoftAppCatalogue.listSource
    static var ids: [String] { MicrosoftAppCatalogue.ids }
}
