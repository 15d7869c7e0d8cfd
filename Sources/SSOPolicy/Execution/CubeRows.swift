/// Cubes of one width kept row after row in one flat buffer of masks: the form the reductions (`PrimeCubes`,
/// `MinimalCover`) make, compare and drop cubes in, with no array per cube.
struct CubeRows {
    /// Facts per cube.
    let width: Int
    /// Row `r`'s mask of fact `f` is at `r * width + f`.
    private(set) var masks: [UInt32] = []
    private(set) var count = 0

    init(width: Int) { self.width = width }

    init(_ cubes: [FactCube], width: Int) {
        self.width = width
        masks.reserveCapacity(cubes.count * width)
        for cube in cubes { append(cube.masks) }
    }

    var isEmpty: Bool { count == 0 }

    /// The rows as cubes.
    var cubes: [FactCube] { (0..<count).map(cube) }

    func cube(_ row: Int) -> FactCube { FactCube(masks: Array(masks[row * width..<(row + 1) * width])) }

    @inline(__always)
    subscript(row: Int, fact: Int) -> UInt32 {
        get { masks[row * width + fact] }
        set { masks[row * width + fact] = newValue }
    }

    mutating func append(_ row: some Collection<UInt32>) {
        masks.append(contentsOf: row)
        count += 1
    }

    /// Appends row `row` of `rows`.
    mutating func append(_ row: Int, of rows: CubeRows) {
        masks.append(contentsOf: rows.masks[row * rows.width..<(row + 1) * rows.width])
        count += 1
    }

    /// Copies row `row` over row `target` (an earlier one, or itself).
    mutating func move(_ row: Int, to target: Int) {
        guard row != target else { return }
        for fact in 0..<width { masks[target * width + fact] = masks[row * width + fact] }
    }

    /// Drops the last `rows` rows.
    mutating func removeLast(_ rows: Int) {
        masks.removeLast(rows * width)
        count -= rows
    }

    /// Drops the rows that row `outer` of `rows` contains, keeping the others in order.
    mutating func removeRows(containedIn outer: Int, of rows: CubeRows) {
        var kept = 0
        let start = outer * width
        for row in 0..<count {
            var inside = true
            for fact in 0..<width
            where rows.masks[start + fact] & masks[row * width + fact] != masks[row * width + fact] {
                inside = false
                break
            }
            if inside { continue }
            if kept != row {
                for fact in 0..<width { masks[kept * width + fact] = masks[row * width + fact] }
            }
            kept += 1
        }
        masks.removeLast((count - kept) * width)
        count = kept
    }

    /// Whether row `outer` of `self` contains row `inner` of `rows`.
    @inline(__always)
    func contains(_ outer: Int, _ inner: Int, of rows: CubeRows) -> Bool {
        let (a, b) = (outer * width, inner * width)
        for fact in 0..<width where masks[a + fact] & rows.masks[b + fact] != rows.masks[b + fact] { return false }
        return true
    }

    /// Whether some row of `self` contains row `inner` of `rows`.
    func anyContains(_ inner: Int, of rows: CubeRows) -> Bool {
        // Row by row through the flat buffer, by offsets: no product per row.
        let b = inner * width
        var start = 0
        let end = count * width
        rows: while start < end {
            for fact in 0..<width where masks[start + fact] & rows.masks[b + fact] != rows.masks[b + fact] {
                start += width
                continue rows
            }
            return true
        }
        return false
    }

    /// Whether row `a` equals row `b` of `rows` but for `fact`.
    @inline(__always)
    func equal(_ a: Int, _ b: Int, of rows: CubeRows, without fact: Int) -> Bool {
        let (x, y) = (a * width, b * width)
        for index in 0..<width where index != fact && masks[x + index] != rows.masks[y + index] { return false }
        return true
    }

    /// Whether row `a` shares a combination with row `b` of `rows`.
    @inline(__always)
    func intersects(_ a: Int, _ b: Int, of rows: CubeRows) -> Bool {
        let (x, y) = (a * width, b * width)
        for fact in 0..<width where masks[x + fact] & rows.masks[y + fact] == 0 { return false }
        return true
    }

    /// `self` followed by the rows of `rows`.
    static func + (lhs: CubeRows, rhs: CubeRows) -> CubeRows {
        var joined = lhs
        joined.masks.append(contentsOf: rhs.masks)
        joined.count += rhs.count
        return joined
    }

    /// A hash of row `row` leaving out `fact` (FNV-1a over the masks).
    @inline(__always)
    func hash(_ row: Int, without fact: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let start = row * width
        for index in 0..<width where index != fact {
            hash = (hash ^ UInt64(masks[start + index])) &* 0x100_0000_01b3
        }
        return hash
    }

    /// Combinations row `a` shares with row `b` of `rows` (the size of their intersection).
    @inline(__always)
    func overlap(_ a: Int, _ b: Int, of rows: CubeRows) -> Int {
        var size = 1
        let (x, y) = (a * width, b * width)
        for fact in 0..<width {
            let both = masks[x + fact] & rows.masks[y + fact]
            if both == 0 { return 0 }
            size = Saturating.product(size, both.nonzeroBitCount)
        }
        return size
    }
}
