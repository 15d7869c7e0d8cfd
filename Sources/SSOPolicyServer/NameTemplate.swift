import Hummingbird

/// An answer with holes where the acting user's name goes: `evaluate` reads a user only as "the acting user", so
/// the same question for another worker has the same bytes with the other name in the same places.
///
/// It is made from two renders of the question, one per stand-in name, and only when the two agree: the stand-ins
/// differ in length and sort below and above every other word, so an answer that depended on the name other than
/// by copying it (sorted by it, cut to a length, spelled another way) gives two renders that differ, and no
/// template is made.
struct NameTemplate: Sendable, Equatable, CacheSized {
    /// The answer with the name taken out.
    let bytes: [UInt8]
    /// Where the name goes in `bytes`, in ascending order (an offset may repeat: the name twice in a row).
    let holes: [Int]

    /// The stand-ins: valid user names, one short and sorting below every word that starts with a letter or digit
    /// (`-` is the lowest character a name may have), one of the longest length a name may have and sorting above
    /// every other name.
    static let standIns = ("-.-", String(repeating: "z", count: 64))

    var byteCount: Int { bytes.count + holes.count * MemoryLayout<Int>.size }

    /// The template of `render`, or nil when its two renders do not agree. Errors of `render` are thrown.
    static func make(_ render: (String) throws -> String) throws -> NameTemplate? {
        let (low, high) = standIns
        let first = NameTemplate(Array(try render(low).utf8), name: Array(low.utf8))
        let second = NameTemplate(Array(try render(high).utf8), name: Array(high.utf8))
        guard first.bytes == second.bytes, first.holes == second.holes else { return nil }
        return first
    }

    /// `text` with every occurrence of `name` taken out and marked as a hole.
    init(_ text: [UInt8], name: [UInt8]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var holes: [Int] = []
        var start = 0
        var index = 0
        let last = text.count - name.count
        while index <= last {
            if text[index] == name[0], text[index..<index + name.count].elementsEqual(name) {
                bytes += text[start..<index]
                holes.append(bytes.count)
                index += name.count
                start = index
            } else {
                index += 1
            }
        }
        bytes += text[start...]
        self.bytes = bytes
        self.holes = holes
    }

    init(bytes: [UInt8], holes: [Int]) {
        self.bytes = bytes
        self.holes = holes
    }

    /// The answer for `name`.
    func filled(with name: String) -> ByteBuffer {
        var name = name
        return name.withUTF8 { name in
            var answer = ByteBufferAllocator().buffer(capacity: bytes.count + holes.count * name.count)
            bytes.withUnsafeBytes { bytes in
                var copied = 0
                for hole in holes {
                    answer.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[copied..<hole]))
                    answer.writeBytes(UnsafeRawBufferPointer(name))
                    copied = hole
                }
                answer.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[copied...]))
            }
            return answer
        }
    }
}
