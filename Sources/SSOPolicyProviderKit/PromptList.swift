/// The prompts of one access attempt, in order, packed into one integer so the hot path never allocates.
///
/// Holds up to 8 prompts (an access shows at most three in any provider).
public struct PromptList: Sendable, Hashable, Sequence, ExpressibleByArrayLiteral, CustomStringConvertible {
    // Stored under other names so the inlinable members below can write them while `packed` and `count` stay
    // read-only.
    @usableFromInline var storage: UInt64 = 0
    @usableFromInline var length: UInt8 = 0

    @inlinable
    public var packed: UInt64 { storage }
    @inlinable
    public var count: Int { Int(length) }

    public static let capacity = 8

    @inlinable
    public init() {}

    public init(arrayLiteral elements: Prompt...) {
        for prompt in elements { append(prompt) }
    }

    public init<S: Sequence>(_ prompts: S) where S.Element == Prompt {
        for prompt in prompts { append(prompt) }
    }

    @inlinable
    public var isEmpty: Bool { length == 0 }

    /// Appends a prompt.
    @inlinable
    public mutating func append(_ prompt: Prompt) {
        precondition(count < Self.capacity, "PromptList holds at most \(Self.capacity) prompts")
        storage |= UInt64(prompt.rawValue) << (8 * UInt64(length))
        length += 1
    }

    @inlinable
    public func contains(_ prompt: Prompt) -> Bool {
        for candidate in self where candidate == prompt { return true }
        return false
    }

    @inlinable
    public var first: Prompt? { length == 0 ? nil : Prompt(rawValue: UInt8(truncatingIfNeeded: storage)) }

    @inlinable
    public var last: Prompt? {
        length == 0 ? nil : Prompt(rawValue: UInt8(truncatingIfNeeded: storage >> (8 * UInt64(length - 1))))
    }

    @inlinable
    public func makeIterator() -> Iterator { Iterator(packed: storage, remaining: count) }

    public struct Iterator: IteratorProtocol {
        @usableFromInline var packed: UInt64
        @usableFromInline var remaining: Int

        @inlinable
        init(packed: UInt64, remaining: Int) {
            self.packed = packed
            self.remaining = remaining
        }

        @inlinable
        public mutating func next() -> Prompt? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let prompt = Prompt(rawValue: UInt8(truncatingIfNeeded: packed))
            packed >>= 8
            return prompt
        }
    }

    public var names: [String] { map(\.name) }

    public var description: String { "[" + names.joined(separator: ", ") + "]" }
}
