import SSOPolicyProviderKit

/// A fill-in form for a vendor with no documented export: the vendor console's pages in order, each field by the
/// name the console shows and the value to write for each console choice. `ConsoleTemplate` lays it out as a policy
/// whose every value is `unknown` until the user fills it in.
package struct ConsoleForm: Sendable {
    package struct Field: Sendable {
        package var key: String
        /// The console's field name, and how its choices are written (`Passcode → passcode, …`).
        package var guidance: String

        package init(_ key: String, _ guidance: String) {
            self.key = key
            self.guidance = guidance
        }
    }

    package struct Page: Sendable {
        /// Where the page is in the console (`Groups & Settings > All Settings > …`).
        package var title: String
        /// The public document that describes the page.
        package var source: String
        package var fields: [Field]
    }

    package var provider: String
    package var id: String
    package var title: String
    /// Lines that open the file, after the generic instructions.
    package var introduction: [String]
    package var pages: [Page]
    /// Where the per-app values are in the console, and its fields.
    package var appPage: Page
}
