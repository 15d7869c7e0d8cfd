import Hummingbird

/// An answer with holes where its people's names go (the acting user, and the users that facts name): `evaluate`
/// reads a user only as "that user", so the same question asked of other people has the same bytes with the other
/// names in the same places.
///
/// It is made from two renders of the question, each with stand-in names, and only when the two agree once the
/// names are taken out: one render's stand-ins are short and sort below every word that starts with a letter or a
/// digit, in the people's order; the other's are of the longest length a name may have, sort above every other
/// name, in the reverse order. An answer that depended on a name other than by copying it (sorted by it, compared
/// it with another, cut it to a length, spelled it another way) gives two renders that differ, and no template is
/// made.
struct NameTemplate: Sendable, Equatable, CacheSized {
    /// The answer with the names taken out.
    let bytes: [UInt8]
    /// Where a name goes in `bytes` and whose it is, by ascending offset (an offset may repeat: two names in a row).
    let holes: [Hole]

    struct Hole: Sendable, Equatable {
        var offset: Int
        var person: Int
    }

    /// The stand-ins for `count` people (at most 10): `-.-0`, `-.-1`, … and 64 characters each, `z…z`, `z…y`, ….
    static func standIns(_ count: Int) -> (low: [String], high: [String]) {
        let people = 0..<min(count, 10)
        return (
            people.map { "-.-\($0)" },
            people.map { String(repeating: "z", count: 63) + String(UnicodeScalar(UInt8(ascii: "z") - UInt8($0))) }
        )
    }

    var byteCount: Int { bytes.count + holes.count * MemoryLayout<Hole>.stride }

    /// The template of `render` for `people` people, or nil when its two renders do not agree. Errors of `render`
    /// are thrown.
    static func make(people: Int, _ render: ([String]) throws -> String) throws -> NameTemplate? {
        let (low, high) = standIns(people)
        guard low.count == people else { return nil }
        let first = NameTemplate(Array(try render(low).utf8), names: low.map { Array($0.utf8) })
        let second = NameTemplate(Array(try render(high).utf8), names: high.map { Array($0.utf8) })
        guard first == second else { return nil }
        return first
    }

    /// `text` with every occurrence of each of `names` (which start with the same byte and none of which is a
    /// prefix of another) taken out and marked as a hole.
    init(_ text: [UInt8], names: [[UInt8]]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var holes: [Hole] = []
        let first = names[0][0]
        var start = 0
        var index = 0
        while index < text.count {
            guard text[index] == first,
                let person = names.firstIndex(where: {
                    index + $0.count <= text.count && text[index..<index + $0.count].elementsEqual($0)
                })
            else {
                index += 1
                continue
            }
            bytes += text[start..<index]
            holes.append(Hole(offset: bytes.count, person: person))
            index += names[person].count
            start = index
        }
        bytes += text[start...]
        self.bytes = bytes
        self.holes = holes
    }

    /// The answer for `people`, by number.
    func filled(with people: [String]) -> ByteBuffer {
        let names = people.map { Array($0.utf8) }
        let size = bytes.count + holes.reduce(0) { $0 + names[$1.person].count }
        var answer = ByteBufferAllocator().buffer(capacity: size)
        bytes.withUnsafeBytes { bytes in
            var copied = 0
            for hole in holes {
                answer.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[copied..<hole.offset]))
                answer.writeBytes(names[hole.person])
                copied = hole.offset
            }
            answer.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[copied...]))
        }
        return answer
    }
}
