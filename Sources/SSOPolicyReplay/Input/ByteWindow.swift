#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A byte stream read in chunks into one buffer whose unread part slides to the front when more is needed, so a
/// reader sees each record whole in `base[start..<end]` however the chunks fell, in constant memory. Lines and
/// columns (in Unicode scalars) of bytes not yet dropped are tracked as the reader moves forward.
final class ByteWindow {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int
    /// Valid bytes are `base[0..<end]`.
    private(set) var end = 0
    /// Nothing more to read (end of input or a read error).
    private(set) var exhausted = false
    private(set) var failed = false
    private let read: (UnsafeMutableRawBufferPointer) -> Int

    /// Whether lines and columns are counted (a reader that counts its own turns it off).
    var tracksPositions = true
    /// The position of `base[trackedIndex]`.
    private var trackedIndex = 0
    private(set) var line = 1
    private(set) var column = 1

    /// `maxRecordBytes`: the longest record a reader needs whole; `initial`: bytes already read (a peek), handed
    /// over before the stream's.
    init(maxRecordBytes: Int, initial: [UInt8] = [], read: @escaping (UnsafeMutableRawBufferPointer) -> Int) {
        capacity = max(maxRecordBytes, initial.count) + 64 * 1024
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        self.read = read
        for (index, byte) in initial.enumerated() { base[index] = byte }
        end = initial.count
    }

    deinit { base.deallocate() }

    enum Refill { case more, exhausted, full }

    /// Drops `base[0..<keep]` (its positions are counted first), moves the rest to the front and reads more. Indices
    /// the caller holds shift down by `keep`. `.full` when nothing could be dropped and the buffer is full: the
    /// record being read is longer than the window.
    func refill(keeping keep: Int) -> Refill {
        if tracksPositions { advance(to: keep) }
        if keep > 0 {
            memmove(base, base + keep, end - keep)
            end -= keep
            trackedIndex = max(0, trackedIndex - keep)
        }
        guard !exhausted else { return .exhausted }
        guard end < capacity else { return .full }
        while true {
            let count = read(UnsafeMutableRawBufferPointer(start: base + end, count: capacity - end))
            if count > 0 {
                end += count
                return .more
            }
            exhausted = true
            failed = count < 0
            return .exhausted
        }
    }

    /// Counts lines and columns up to `index` (not before the last index counted).
    func advance(to index: Int) {
        var i = trackedIndex
        guard index > i else { return }
        while i < index {
            if let found = memchr(base + i, 0x0A, index - i) {
                let newline = UnsafeMutablePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                line += 1
                column = 1
                i = newline + 1
            } else {
                for k in i..<index where base[k] & 0xC0 != 0x80 { column += 1 }
                i = index
            }
        }
        trackedIndex = index
    }

    /// Line and column (in Unicode scalars) of `base[index]`.
    func position(of index: Int) -> (line: Int, column: Int) {
        advance(to: index)
        return (line, column)
    }
}
