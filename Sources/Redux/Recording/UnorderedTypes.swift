/// Remembers which types are an ``UnorderedCollection``, for the streaming encoder that asks
/// about every value it writes: the run-time conformance lookup behind `is` cost more than
/// writing most values.
///
/// A small open-addressed table of metadata addresses, with the answer in the low bit (type
/// metadata is at least 8-byte aligned). When it is full, types it has no room for are
/// checked every time.
struct UnorderedTypes {
    /// Allocated on first use: most encoders made for one value never need it.
    private var slots: [UInt] = []
    private var used = 0

    /// Whether `T` is a dictionary, set or other ``UnorderedCollection``.
    mutating func contains<T>(_ type: T.Type) -> Bool {
        if slots.isEmpty { slots = [UInt](repeating: 0, count: 64) }
        let address = UInt(bitPattern: ObjectIdentifier(type))
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: address >> 4 ^ address >> 10) & mask
        for _ in 0..<slots.count {
            let slot = slots[index]
            if slot & ~1 == address { return slot & 1 != 0 }
            if slot == 0 { break }
            index = (index + 1) & mask
        }
        let answer = type is any UnorderedCollection.Type
        // Keep a quarter of the table free, so that a lookup finds an empty slot quickly.
        if used < slots.count * 3 / 4 && slots[index] == 0 {
            slots[index] = address | (answer ? 1 : 0)
            used += 1
        }
        return answer
    }
}
