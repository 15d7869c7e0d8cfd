import Foundation

/// A JSON Pointer (RFC 6901) into an export, e.g. `/value/0/iosSingleSignOnExtension/enableSharedDeviceMode`: how
/// an imported value says where it came from. Plist values use the same form (`/PayloadContent/0/ExtensionData`).
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    public private(set) var tokens: [String]

    public init(_ tokens: [String] = []) { self.tokens = tokens }

    public static let root = JSONPointer()

    public func appending(_ key: String) -> JSONPointer { JSONPointer(tokens + [key]) }
    public func appending(_ index: Int) -> JSONPointer { JSONPointer(tokens + [String(index)]) }
    public static func / (pointer: JSONPointer, key: String) -> JSONPointer { pointer.appending(key) }
    public static func / (pointer: JSONPointer, index: Int) -> JSONPointer { pointer.appending(index) }

    /// `~` is written `~0` and `/` is written `~1` inside a token; the root is the empty string.
    public var description: String {
        tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
            .joined()
    }
}
