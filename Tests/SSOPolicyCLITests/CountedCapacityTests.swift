import Testing

@testable import SSOPolicy

/// `verify`'s memory bound counts the explorer's array buffers by their growth, never by the capacity the allocator
/// handed out, so the point where the bound stops a search is the same in every run.
struct CountedCapacityTests {
    @Test func aBufferDoublesFromSixteenWheneverAnAppendFindsItFull() {
        var capacity = CountedCapacity()
        #expect(capacity.elements == 0)
        #expect(capacity.bytesAfterAppend(count: 0, size: 8) == 16 * 8)
        capacity.grow(toHold: 1)
        #expect(capacity.elements == 16)
        for count in 2...16 { capacity.grow(toHold: count) }
        #expect(capacity.elements == 16)
        #expect(capacity.bytesAfterAppend(count: 15, size: 8) == 16 * 8)
        // Full: the next append doubles the buffer and holds both copies while it moves.
        #expect(capacity.bytesAfterAppend(count: 16, size: 8) == 48 * 8)
        capacity.grow(toHold: 17)
        #expect(capacity.elements == 32)
        capacity.grow(toHold: 100)
        #expect(capacity.elements == 128)
        #expect(CountedCapacity(holding: 40).elements == 40)
        #expect(CountedCapacity(holding: 3).elements == 16)
    }
}
