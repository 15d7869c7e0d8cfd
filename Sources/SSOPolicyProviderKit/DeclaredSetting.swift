/// A key of `SettingValues` named by a declared case instead of a string: a misspelt key is a compile error.
public protocol SettingKey {
    var key: String { get }
}

/// A provider's settings, in declaration order: the descriptor takes `declarations`, and `compile` reads each value
/// through its case (`settings.word(ImprivataSetting.checkOutAuth)`).
public protocol DeclaredSetting: DeclaredIdentifiers, SettingKey where Declaration == SettingDeclaration {}

extension DeclaredSetting {
    public var key: String { declaration.key }
}

/// A provider's model options (readings of what the documents leave open), in declaration order.
public protocol DeclaredModelOption: DeclaredIdentifiers, SettingKey where Declaration == ModelOptionDeclaration {}

extension DeclaredModelOption {
    public var key: String { declaration.key }
}

/// A provider's per-app keys, in declaration order.
public protocol DeclaredAppKey: DeclaredIdentifiers, SettingKey where Declaration == SettingDeclaration {}

extension DeclaredAppKey {
    public var key: String { declaration.key }
}

extension SettingValues {
    public subscript(key: some SettingKey) -> SettingValue? { self[key.key] }
    public func word(_ key: some SettingKey) -> String { word(key.key) }
    public func bool(_ key: some SettingKey) -> Bool { bool(key.key) }
    public func seconds(_ key: some SettingKey) -> Int { seconds(key.key) }
    public func integer(_ key: some SettingKey) -> Int { integer(key.key) }
    public func version(_ key: some SettingKey) -> [Int] { version(key.key) }
    public func isExplicit(_ key: some SettingKey) -> Bool { isExplicit(key.key) }
    public func position(of key: some SettingKey) -> SourcePosition { position(of: key.key) }

    /// A choice setting read as the provider's enum of its values, whose raw values are the declared words. The
    /// core has checked the word against the declaration, so a word the enum lacks is a provider defect.
    public func choice<Choice: RawRepresentable>(_ key: some SettingKey, as _: Choice.Type = Choice.self) -> Choice
    where Choice.RawValue == String {
        let word = word(key.key)
        guard let choice = Choice(rawValue: word) else {
            preconditionFailure("setting '\(key.key)': '\(word)' is not a case of \(Choice.self)")
        }
        return choice
    }
}
