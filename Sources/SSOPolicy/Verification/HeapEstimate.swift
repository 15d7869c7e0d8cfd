/// The heap a value holds beyond its inline size, estimated by reflection: the buffers of the arrays, sets and
/// dictionaries among its stored properties (recursively), each with the allocator's overhead. A provider's state
/// keeps its apps in arrays, so each explored state owns buffers that `MemoryLayout.stride` does not see; the
/// explorer counts this estimate per state it holds, so `--max-memory` bounds what the process really holds.
///
/// States share buffers (a move that leaves the apps alone leaves the successor the same apps array, copy on
/// write), so `perValue` counts each buffer of a sample once: the heap a value of the sample holds on average.
/// Deterministic: it reads only the values' shape and which of them share a buffer, not the allocator.
enum HeapEstimate {
    /// What the allocator adds to each block (header and rounding to 16 bytes).
    static let allocationOverhead = 16
    /// A native array's or hashed collection's storage header.
    static let storageHeader = 32

    static func bytes(of value: Any) -> Int {
        var buffers: [UInt: Int] = [:]
        var anonymous = 0
        collect(value, into: &buffers, anonymous: &anonymous)
        return buffers.values.reduce(anonymous, +)
    }

    /// The heap per value of `sample`, each buffer shared by several values counted once.
    static func perValue(_ sample: [Any]) -> Int {
        guard !sample.isEmpty else { return 0 }
        var buffers: [UInt: Int] = [:]
        var anonymous = 0
        for value in sample { collect(value, into: &buffers, anonymous: &anonymous) }
        return (buffers.values.reduce(anonymous, +) + sample.count - 1) / sample.count
    }

    /// Adds each heap buffer `value` holds, by its address (a native array, set, dictionary or class instance is
    /// one reference to its storage), to `buffers`; a buffer whose address cannot be read adds to `anonymous`.
    static func collect(_ value: Any, into buffers: inout [UInt: Int], anonymous: inout Int) {
        // A plain value (numbers, Booleans, enums and structs of them: no reference anywhere) holds no heap, so it
        // is not reflected: most of a state's stored properties are plain, and reflection costs microseconds each.
        guard !isPlain(value) else { return }
        let mirror = Mirror(reflecting: value)
        let children = mirror.children.map(\.value)
        let size: Int
        switch mirror.displayStyle {
        case .collection:
            guard let first = children.first else { return }
            size = block(storageHeader + children.count * stride(of: first))
        case .set, .dictionary:
            guard let first = children.first else { return }
            // Hashed storage: at most three quarters full, a bitmap word per 64 buckets, keys (and values).
            let buckets = max(2, (children.count * 4 + 2) / 3).nextPowerOfTwo
            size = block(storageHeader + buckets * stride(of: first) + buckets / 8)
        case .class:
            size = block(storageHeader)
        default:
            for child in children { collect(child, into: &buffers, anonymous: &anonymous) }
            return
        }
        if let address = reference(value) {
            guard buffers.updateValue(size, forKey: address) == nil else { return }
        } else {
            anonymous += size
        }
        for child in children { collect(child, into: &buffers, anonymous: &anonymous) }
    }

    /// The storage address of a value that is one reference (a native collection, a class instance), else nil.
    static func reference(_ value: Any) -> UInt? {
        func word<T>(_ value: T) -> UInt? {
            guard MemoryLayout<T>.size == MemoryLayout<UInt>.size else { return nil }
            return withUnsafeBytes(of: value) { $0.load(as: UInt.self) }
        }
        return _openExistential(value, do: word)
    }

    /// Whether `value`'s type is plain old data: copied bit by bit, holding no reference to count.
    static func isPlain(_ value: Any) -> Bool {
        func plain<T>(_: T) -> Bool { _isPOD(T.self) }
        return _openExistential(value, do: plain)
    }

    /// A heap block of `size` bytes as the allocator hands it out.
    static func block(_ size: Int) -> Int { (size + allocationOverhead + 15) / 16 * 16 }

    static func stride(of value: Any) -> Int {
        func stride<T>(_: T) -> Int { MemoryLayout<T>.stride }
        return _openExistential(value, do: stride)
    }
}

extension Int {
    fileprivate var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
