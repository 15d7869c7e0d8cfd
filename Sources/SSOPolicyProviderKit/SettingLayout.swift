/// Where the values of one kind of block are held: one slot per key, in declaration order. A provider's descriptor
/// builds two, once (`settingLayout`: the settings then the model options; `appKeyLayout`: the per-app keys), and
/// every `SettingValues` of its policies shares them. Immutable.
///
/// A declared case finds its slot from its enum and its position, with no string hashed and no lock: the
/// declarations a descriptor holds carry the case they were made from (`DeclarationOrigin`, stamped by
/// `declarations`), so the layout knows where each declared enum's cases start. Keys read by string (loading,
/// what-if `--setting`, advise) find their slot through `slot(of:)`.
public final class SettingLayout: Sendable {
    /// Where a declared enum's cases sit: slots `base ..< base + count`, in case order.
    @usableFromInline
    struct Segment: Sendable {
        @usableFromInline let type: ObjectIdentifier
        @usableFromInline let base: Int
        @usableFromInline let count: Int
    }

    /// The key of each slot.
    public let keys: [String]
    /// The slot of each key.
    let slotsByKey: [String: Int]
    /// Per declared enum whose cases all sit in order among the declarations: where they start.
    @usableFromInline let segments: [Segment]

    /// The layout of `declarations`, in their order.
    public convenience init(_ declarations: [SettingDeclaration]) {
        self.init(keys: declarations.map(\.key), origins: declarations.map(\.origin))
    }

    init(keys: [String], origins: [DeclarationOrigin]) {
        self.keys = keys
        var slotsByKey: [String: Int] = [:]
        for (slot, key) in keys.enumerated() where slotsByKey[key] == nil { slotsByKey[key] = slot }
        self.slotsByKey = slotsByKey
        // An enum gets a segment when its cases 0..<n are exactly the slots base..<base + n: a list that drops,
        // repeats or reorders cases leaves its enum to the string lookup.
        var segments: [Segment] = []
        var rejected: Set<ObjectIdentifier> = []
        var slot = 0
        while slot < origins.count {
            guard let type = origins[slot].type else {
                slot += 1
                continue
            }
            var count = 0
            while slot + count < origins.count, origins[slot + count].type == type,
                origins[slot + count].index == count
            {
                count += 1
            }
            if count == 0 || segments.contains(where: { $0.type == type }) {
                rejected.insert(type)
                slot += max(count, 1)
            } else {
                segments.append(Segment(type: type, base: slot, count: count))
                slot += count
            }
        }
        self.segments = segments.filter { !rejected.contains($0.type) }
    }

    /// The slot of case `index` of the declared enum `type`; nil when the layout does not hold that enum in order.
    @inlinable @inline(__always)
    public func slot(of type: ObjectIdentifier, _ index: Int) -> Int? {
        var number = 0
        while number < segments.count {
            let segment = segments[number]
            if segment.type == type { return index >= 0 && index < segment.count ? segment.base + index : nil }
            number += 1
        }
        return nil
    }

    /// The slot of `key`; nil when the layout has no such key.
    public func slot(of key: String) -> Int? { slotsByKey[key] }

    /// The keys of `declarations` (this layout's) that were made by a declared enum yet are not placed by it: their
    /// enum's list was not taken whole and in case order, so its cases are read by key.
    package func unplaced(_ declarations: [SettingDeclaration]) -> [String] {
        declarations.enumerated().compactMap { slot, declaration in
            guard let type = declaration.origin.type else { return nil }
            return self.slot(of: type, declaration.origin.index) == slot ? nil : declaration.key
        }
    }

    /// This layout with `key` added in a new last slot (values given a key their layout lacks: tests and tools
    /// that build values by hand).
    func adding(_ key: String) -> SettingLayout {
        var origins = Array(repeating: DeclarationOrigin.none, count: keys.count)
        for segment in segments {
            for index in 0..<segment.count { origins[segment.base + index] = DeclarationOrigin(segment.type, index) }
        }
        return SettingLayout(keys: keys + [key], origins: origins + [.none])
    }
}

/// The declared case a declaration was made from (`DeclaredSetting.declarations` and its kin stamp it), so a
/// `SettingLayout` can place the case's slot. Not part of the declaration's value: any two origins are equal.
public struct DeclarationOrigin: Sendable, Hashable {
    let type: ObjectIdentifier?
    let index: Int

    init(_ type: ObjectIdentifier?, _ index: Int) {
        self.type = type
        self.index = index
    }

    /// No declared case (a declaration written outside a declared enum).
    static let none = DeclarationOrigin(nil, 0)

    public static func == (_: DeclarationOrigin, _: DeclarationOrigin) -> Bool { true }
    public func hash(into _: inout Hasher) {}
}
