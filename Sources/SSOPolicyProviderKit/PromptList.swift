/// The prompts of one access attempt, in order, packed into one integer so the hot path never allocates.
///
/// Holds up to 8 prompts (an access shows at most three in any provider).
public struct PromptList: Sendable, Hashable, Sequence, ExpressibleByArrayLiteral, CustomStringConvertible {
    public private(set) var packed: UInt64 = 0
    public private(set) var count: Int = 0

    public static let capacity = 8

    public init() {}

    public init(arrayLiteral elements: Prompt...) {
        for prompt in elements { append(prompt) }
    }

    public init<S: Sequence>(_ prompts: S) where S.Element == Prompt {
        for prompt in prompts { append(prompt) }
    }

    public var isEmpty: Bool { count == 0 }

    /// Appends a prompt; a prompt already last in the list is not asked twice in a row.
    public mutating func append(_ prompt: Prompt) {
        precondition(count < Self.capacity, "PromptList holds at most \(Self.capacity) prompts")
        packed |= UInt64(prompt.rawValue) << (8 * UInt64(count))
        count += 1
    }

    public func contains(_ prompt: Prompt) -> Bool {
        for candidate in self where candidate == prompt { return true }
        return false
    }

    public var last: Prompt? {
        count == 0 ? nil : Prompt(rawValue: UInt8(truncatingIfNeeded: packed >> (8 * UInt64(count - 1))))
    }

    public func makeIterator() -> Iterator { Iterator(packed: packed, remaining: count) }

    public struct Iterator: IteratorProtocol {
        var packed: UInt64
        var remaining: Int

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
