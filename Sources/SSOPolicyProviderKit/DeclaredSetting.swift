/// A key of `SettingValues` named by a declared case instead of a string: a misspelt key is a compile error.
public protocol SettingKey {
    var key: String { get }
    /// The key, looked up in `cache`: a declared case's key is made once per enum (its declaration is not built on
    /// every read); a key that is only a string is itself.
    func key(in cache: DeclaredKeyCache) -> String
}

extension SettingKey {
    public func key(in cache: DeclaredKeyCache) -> String { key }
}

/// A provider's settings, in declaration order: the descriptor takes `declarations`, and `compile` reads each value
/// through its case (`settings.word(ImprivataSetting.checkOutAuth)`).
public protocol DeclaredSetting: DeclaredIdentifiers, SettingKey where Declaration == SettingDeclaration {}

extension DeclaredSetting {
    public var key: String { declaration.key }
    @inlinable public func key(in cache: DeclaredKeyCache) -> String {
        cache.key(type: ObjectIdentifier(Self.self), index: rawValue) { Self.keyTable } ?? key
    }
}

/// A provider's model options (readings of what the documents leave open), in declaration order.
public protocol DeclaredModelOption: DeclaredIdentifiers, SettingKey where Declaration == ModelOptionDeclaration {}

extension DeclaredModelOption {
    public var key: String { declaration.key }
    @inlinable public func key(in cache: DeclaredKeyCache) -> String {
        cache.key(type: ObjectIdentifier(Self.self), index: rawValue) { Self.keyTable } ?? key
    }
}

/// A provider's per-app keys, in declaration order.
public protocol DeclaredAppKey: DeclaredIdentifiers, SettingKey where Declaration == SettingDeclaration {}

extension DeclaredAppKey {
    public var key: String { declaration.key }
    @inlinable public func key(in cache: DeclaredKeyCache) -> String {
        cache.key(type: ObjectIdentifier(Self.self), index: rawValue) { Self.keyTable } ?? key
    }
}

extension SettingValues {
    /// The key a case names: from the block's key cache when the core filled it, else the case's key. The read is
    /// noted.
    @inline(__always)
    func name(of key: some SettingKey) -> String {
        let name = keyCache.map { key.key(in: $0) } ?? key.key
        recorder?.note(name)
        return name
    }

    @inline(__always)
    func required(_ key: some SettingKey) -> (SettingValue, String) {
        let name = name(of: key)
        return (value(name), name)
    }

    public subscript(key: some SettingKey) -> SettingValue? { entries[name(of: key)]?.value }
    public func word(_ key: some SettingKey) -> String { let (v, n) = required(key); return Self.word(v, n) }
    public func bool(_ key: some SettingKey) -> Bool { let (v, n) = required(key); return Self.bool(v, n) }
    public func seconds(_ key: some SettingKey) -> Int { let (v, n) = required(key); return Self.seconds(v, n) }
    public func integer(_ key: some SettingKey) -> Int { let (v, n) = required(key); return Self.integer(v, n) }
    public func version(_ key: some SettingKey) -> [Int] { let (v, n) = required(key); return Self.version(v, n) }
    public func isExplicit(_ key: some SettingKey) -> Bool { entries[name(of: key)]?.position != nil }
    public func position(of key: some SettingKey) -> SourcePosition {
        entries[name(of: key)]?.position ?? blockPosition
    }

    /// A choice setting read as the provider's enum of its values, whose raw values are the declared words. The
    /// core has checked the word against the declaration, so a word the enum lacks is a provider defect.
    public func choice<Choice: RawRepresentable>(_ key: some SettingKey, as _: Choice.Type = Choice.self) -> Choice
    where Choice.RawValue == String {
        let (value, name) = required(key)
        let word = Self.word(value, name)
        guard let choice = Choice(rawValue: word) else {
            preconditionFailure("setting '\(name)': '\(word)' is not a case of \(Choice.self)")
        }
        return choice
    }

    /// Declared cases read from this block find their keys in `cache` (the core sets one per loaded policy).
    package mutating func useKeyCache(_ cache: DeclaredKeyCache) { keyCache = cache }
}

extension DeclaredIdentifiers where Self: SettingKey {
    /// Every case's key, indexed by raw value (the case's position; `ProviderDescriptor.selfCheck` verifies it).
    @usableFromInline static var keyTable: [String] {
        var table = Array(repeating: "", count: allCases.count)
        for item in allCases where item.rawValue >= 0 && item.rawValue < table.count { table[item.rawValue] = item.key }
        return table
    }
}

/// Each declared enum's keys, made once instead of building a case's declaration on every read. A provider's cache
/// serves its loaded policies from any thread (under a lock); `advise` gives each search its own, confined to the
/// search's thread, with no lock.
public final class DeclaredKeyCache: @unchecked Sendable {
    // Unchecked: `types` and `tables` are touched only under `lock`, or, without one, by the one thread that owns
    // the cache.
    private var types: [ObjectIdentifier] = []
    private var tables: [[String]] = []
    private let lock: KitLock?

    public init() { lock = KitLock() }

    /// A cache only one thread uses (no lock).
    package init(confined: Void) { lock = nil }

    /// The key at `index` of the enum `type`, its table made by `make` the first time; nil past the table.
    @usableFromInline
    func key(type: ObjectIdentifier, index: Int, make: () -> [String]) -> String? {
        lock?.lock()
        defer { lock?.unlock() }
        var slot = 0
        while slot < types.count && types[slot] != type { slot += 1 }
        if slot == types.count {
            types.append(type)
            tables.append(make())
        }
        return index >= 0 && index < tables[slot].count ? tables[slot][index] : nil
    }
}
