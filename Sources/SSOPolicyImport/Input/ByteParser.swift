/// What the import's hand-written parsers (JSON, XML property lists) share: a byte buffer, a position in it, the
/// limits they count against, and failures positioned at a byte.
protocol ByteParser {
    var bytes: [UInt8] { get }
    var index: Int { get set }
}

extension ByteParser {
    /// The byte at the position, nil at the end.
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// A failure at `offset`, or at the position.
    func failure(_ message: String, at offset: Int? = nil) -> ReadFailure {
        ReadFailure(at: offset ?? index, message)
    }

    /// Moves past spaces, tabs and line ends (JSON's and XML's whitespace alike).
    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }
}
