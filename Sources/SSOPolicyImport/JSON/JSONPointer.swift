import Foundation

/// A JSON Pointer (RFC 6901) into an export, e.g. `/value/0/iosSingleSignOnExtension/enableSharedDeviceMode`: how
/// an imported value says where it came from. Plist values use the same form (`/PayloadContent/0/ExtensionData`).
package struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    package private(set) var tokens: [String]

    package init(_ tokens: [String] = []) { self.tokens = tokens }

    package static let root = JSONPointer()

    package func appending(_ key: String) -> JSONPointer { JSONPointer(tokens + [key]) }
    package func appending(_ index: Int) -> JSONPointer { JSONPointer(tokens + [String(index)]) }
    package static func / (pointer: JSONPointer, key: String) -> JSONPointer { pointer.appending(key) }
    package static func / (pointer: JSONPointer, index: Int) -> JSONPointer { pointer.appending(index) }

    /// `~` is written `~0` and `/` is written `~1` inside a token; the root is the empty string.
    package var description: String {
        tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
            .joined()
    }
}
