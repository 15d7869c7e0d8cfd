import SSOPolicyProviderKit

/// A fill-in form for a vendor with no documented export: the vendor console's pages in order, each field by the
/// name the console shows and the value to write for each console choice. `ConsoleTemplate` lays it out as a policy
/// whose every value is `unknown` until the user fills it in.
public struct ConsoleForm: Sendable {
    public struct Field: Sendable {
        public var key: String
        /// The console's field name, and how its choices are written (`Passcode → passcode, …`).
        public var guidance: String

        public init(_ key: String, _ guidance: String) {
            self.key = key
            self.guidance = guidance
        }
    }

    public struct Page: Sendable {
        /// Where the page is in the console (`Groups & Settings > All Settings > …`).
        public var title: String
        /// The public document that describes the page.
        public var source: String
        public var fields: [Field]
    }

    public var provider: String
    public var id: String
    public var title: String
    /// Lines that open the file, after the generic instructions.
    public var introduction: [String]
    public var pages: [Page]
    /// Where the per-app values are in the console, and its fields.
    public var appPage: Page
}
