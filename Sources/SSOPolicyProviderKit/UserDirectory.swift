/// The users of a scenario (or an `evaluate` call), interned in order of first appearance.
public struct UserDirectory: Sendable, Hashable {
    public private(set) var names: [String] = []
    private var indices: [String: Int] = [:]

    public init(_ names: [String] = []) {
        for name in names { _ = intern(name) }
    }

    /// The user's id, adding the user if new.
    public mutating func intern(_ name: String) -> UserID {
        if let index = indices[name] { return UserID(index) }
        indices[name] = names.count
        names.append(name)
        return UserID(names.count - 1)
    }

    public func id(_ name: String) -> UserID? { indices[name].map(UserID.init) }

    public func name(_ user: UserID) -> String {
        Int(user.index) < names.count ? names[Int(user.index)] : "user\(user.index)"
    }

    /// `none` for nil.
    public func name(_ user: UserID?) -> String { user.map { name($0) } ?? "none" }
}

/// Builds `FactValues` from text, applying declarations and defaults: the one fact parser behind `given:`,
/// `evaluate --fact`, batch lines and rule examples.
public enum FactBuilder {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var key: String
        public var description: String
    }

    /// Parses one fact value; accounts are interned into `users` (`none` means no account).
    public static func parse(
        _ text: String, for declaration: FactDeclaration, users: inout UserDirectory
    ) throws -> FactValue {
        switch declaration.domain {
        case .choice(let values):
            guard let index = values.firstIndex(of: text) else {
                throw Failure(
                    key: declaration.key,
                    description:
                        "fact '\(declaration.key)': expected \(declaration.domain.expectation), found \(Excerpt.quoted(text))"
                        + Suggestion.didYouMean(text, in: values))
            }
            return .choice(index)
        case .account:
            if text == "none" { return .account(nil) }
            guard Identifier.isValid(text) else {
                throw Failure(
                    key: declaration.key,
                    description:
                        "fact '\(declaration.key)': expected \(declaration.domain.expectation), found \(Excerpt.quoted(text))"
                )
            }
            return .account(users.intern(text))
        }
    }

    /// Device facts from `device` (key → text), per-app facts from `perApp` (app index → key → text), everything
    /// else from the declared defaults. Per-app facts given in `device` apply to every app.
    public static func make(
        _ descriptor: ProviderDescriptor, appCount: Int, device: [String: String] = [:],
        perApp: [Int: [String: String]] = [:], users: inout UserDirectory
    ) throws -> FactValues {
        for key in device.keys where descriptor.fact(key) == nil {
            throw Failure(
                key: key,
                description: "unknown fact '\(key)'" + Suggestion.didYouMean(key, in: descriptor.facts.map(\.key)))
        }
        var values: [FactValue] = []
        for declaration in descriptor.facts {
            values.append(
                try parse(device[declaration.key] ?? declaration.defaultValue, for: declaration, users: &users))
        }
        var appValues = [[FactValue?]](
            repeating: [FactValue?](repeating: nil, count: descriptor.facts.count), count: appCount)
        for (app, facts) in perApp.sorted(by: { $0.key < $1.key }) where app < appCount {
            for (key, text) in facts.sorted(by: { $0.key < $1.key }) {
                guard let id = descriptor.fact(key) else {
                    throw Failure(key: key, description: "unknown fact '\(key)'")
                }
                appValues[app][Int(id.index)] = try parse(text, for: descriptor.facts[Int(id.index)], users: &users)
            }
        }
        return FactValues(device: values, perApp: appValues)
    }
}
