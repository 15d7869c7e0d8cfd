/// A key of `SettingValues` named by a declared case instead of a string: a misspelt key is a compile error.
public protocol SettingKey {
    var key: String { get }
    /// The slot of this key in `layout`, nil when the layout lacks it: a declared case finds its slot from its enum
    /// and position (no string is built or hashed); a key that is only a string looks itself up.
    func slot(in layout: SettingLayout) -> Int?
}

extension SettingKey {
    public func slot(in layout: SettingLayout) -> Int? { layout.slot(of: key) }
}

/// A provider's settings, in declaration order: the descriptor takes `declarations`, and `compile` reads each value
/// through its case (`settings.word(ImprivataSetting.checkOutAuth)`).
public protocol DeclaredSetting: DeclaredIdentifiers, SettingKey where Declaration == SettingDeclaration {
    /// Each case's key, worded once for the enum: `static let declaredKeys = DeclaredKeys<Self>()`.
    static var declaredKeys: DeclaredKeys<Self> { get }
}

extension DeclaredSetting {
    public var key: String { Self.declaredKeys[self] }
    @inlinable public func slot(in layout: SettingLayout) -> Int? { declaredSlot(in: layout) }

    /// Every case's declaration, in case order, each marked with its case (so the descriptor's layout places it).
    public static var declarations: [SettingDeclaration] { marked { $0.origin = $1 } }
}

/// A provider's model options (readings of what the documents leave open), in declaration order.
public protocol DeclaredModelOption: DeclaredIdentifiers, SettingKey where Declaration == ModelOptionDeclaration {
    /// Each case's key, worded once for the enum: `static let declaredKeys = DeclaredKeys<Self>()`.
    static var declaredKeys: DeclaredKeys<Self> { get }
}

extension DeclaredModelOption {
    public var key: String { Self.declaredKeys[self] }
    @inlinable public func slot(in layout: SettingLayout) -> Int? { declaredSlot(in: layout) }

    /// Every case's declaration, in case order, each marked with its case (so the descriptor's layout places it).
    public static var declarations: [ModelOptionDeclaration] { marked { $0.origin = $1 } }
}

/// A provider's per-app keys, in declaration order.
public protocol DeclaredAppKey: DeclaredIdentifiers, SettingKey where Declaration == SettingDeclaration {
    /// Each case's key, worded once for the enum: `static let declaredKeys = DeclaredKeys<Self>()`.
    static var declaredKeys: DeclaredKeys<Self> { get }
}

extension DeclaredAppKey {
    public var key: String { Self.declaredKeys[self] }
    @inlinable public func slot(in layout: SettingLayout) -> Int? { declaredSlot(in: layout) }

    /// Every case's declaration, in case order, each marked with its case (so the descriptor's layout places it).
    public static var declarations: [SettingDeclaration] { marked { $0.origin = $1 } }
}

/// The keys of a declared enum's cases, in case order, worded once per enum (`static let declaredKeys =
/// DeclaredKeys<Self>()`): a case's `key` is read here rather than from its whole declaration, which it would
/// otherwise build (sources, values and all) each time, as a finding that names its setting does at every compile.
public struct DeclaredKeys<Key: DeclaredIdentifiers>: Sendable {
    let keys: [String]

    init(_ key: (Key.Declaration) -> String) { keys = Key.allCases.map { key($0.declaration) } }

    /// The key of `item`.
    public subscript(_ item: Key) -> String { keys[item.rawValue] }
}

extension DeclaredKeys where Key.Declaration == SettingDeclaration {
    /// The keys of settings or app keys.
    public init() { self.init { $0.key } }
}

extension DeclaredKeys where Key.Declaration == ModelOptionDeclaration {
    /// The keys of model options.
    public init() { self.init { $0.key } }
}

extension DeclaredIdentifiers {
    /// Every case's declaration, in case order, each marked by `mark` with the case it was made from.
    static func marked(_ mark: (inout Declaration, DeclarationOrigin) -> Void) -> [Declaration] {
        allCases.map { item in
            var declaration = item.declaration
            mark(&declaration, DeclarationOrigin(ObjectIdentifier(Self.self), item.rawValue))
            return declaration
        }
    }
}

extension DeclaredIdentifiers where Self: SettingKey {
    /// The case's slot: from its enum's segment of `layout`, or by its key when the layout does not hold the enum in
    /// order (values built by hand, declarations not made by `declarations`).
    @inlinable func declaredSlot(in layout: SettingLayout) -> Int? {
        layout.slot(of: ObjectIdentifier(Self.self), rawValue) ?? layout.slot(of: key)
    }
}

extension SettingValues {
    /// The slot `key` names, noting the read; nil when the values have no such key.
    @inlinable
    func slot(_ key: some SettingKey) -> Int? {
        guard let slot = key.slot(in: layout) else {
            recorder?.note(key.key)
            return nil
        }
        recorder?.note(slot, of: layout)
        return slot
    }

    /// The value `key` names, noting the read; a key the values lack is a provider defect.
    @inlinable
    func required(_ key: some SettingKey) -> SettingValue {
        guard let slot = slot(key), let value = values[slot] else {
            preconditionFailure("undeclared setting '\(key.key)'")
        }
        return value
    }

    @inlinable public subscript(key: some SettingKey) -> SettingValue? {
        guard let slot = slot(key) else { return nil }
        return values[slot]
    }
    @inlinable public func word(_ key: some SettingKey) -> String { Self.word(required(key), key.key) }
    @inlinable public func bool(_ key: some SettingKey) -> Bool { Self.bool(required(key), key.key) }
    @inlinable public func seconds(_ key: some SettingKey) -> Int { Self.seconds(required(key), key.key) }
    @inlinable public func integer(_ key: some SettingKey) -> Int { Self.integer(required(key), key.key) }
    @inlinable public func version(_ key: some SettingKey) -> [Int] { Self.version(required(key), key.key) }
    @inlinable public func isExplicit(_ key: some SettingKey) -> Bool {
        guard let slot = slot(key) else { return false }
        return positions[slot] != nil
    }
    @inlinable public func position(of key: some SettingKey) -> SourcePosition {
        guard let slot = slot(key) else { return blockPosition }
        return positions[slot] ?? blockPosition
    }

    /// A choice setting read as the provider's enum of its values, whose raw values are the declared words. The
    /// core has checked the word against the declaration, so a word the enum lacks is a provider defect.
    @inlinable
    public func choice<Choice: RawRepresentable>(_ key: some SettingKey, as _: Choice.Type = Choice.self) -> Choice
    where Choice.RawValue == String {
        let word = Self.word(required(key), key.key)
        guard let choice = Choice(rawValue: word) else {
            preconditionFailure("setting '\(key.key)': '\(word)' is not a case of \(Choice.self)")
        }
        return choice
    }
}
