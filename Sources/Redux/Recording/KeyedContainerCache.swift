/// Where a ``StreamKeyedContainer`` writes: its encoder and its frame. A class, so that a
/// container ``KeyedContainerCache`` keeps can be pointed at the next frame of its key type.
final class StreamKeyedTarget {
    /// Not retained: a cached container must not keep its encoder alive (the encoder keeps
    /// the cache). While the encoder encodes a value it is alive anyway; a container that
    /// outlives that value (kept by the value's `encode(to:)`) gets `owner` set.
    unowned(unsafe) let sink: StreamingEncoder
    /// Keeps ``sink`` alive for a container that is not (or no longer) in the cache.
    var owner: StreamingEncoder?
    var level: Int
    var generation: Int

    init(sink: StreamingEncoder, level: Int, generation: Int) {
        self.sink = sink
        self.level = level
        self.generation = generation
    }
}

/// The keyed containers a ``StreamingEncoder`` made, kept for reuse by key type.
///
/// A `KeyedEncodingContainer` is a box the standard library allocates around the encoder's
/// container; making one for a key type only known at run time took two generic metadata
/// lookups (the container type and its box), a witness table lookup and an allocation:
/// ~1,200 instructions, 18 times per shop entry, a sixth of the recorder's writer thread.
/// Handing out a kept one costs a probe of this table and one metadata lookup
/// (`KeyedEncodingContainer<Key>`, for `unsafeBitCast`'s size check), ~600 in all.
///
/// A kept box is handed out again only when the cache holds the only reference to it
/// (`isKnownUniquelyReferenced`): then no container a value's `encode(to:)` kept can see its
/// target change, and stale containers are still caught by their old frame and generation.
/// The box is kept as the `KeyedEncodingContainer`'s own bits (the struct holds only its box),
/// which is checked by size before a container is kept; a layout that does not match just
/// goes without the cache.
struct KeyedContainerCache {
    private struct Entry {
        let type: ObjectIdentifier
        /// The `KeyedEncodingContainer`, as the box it holds.
        var box: AnyObject
        /// Retained by the container in `box`.
        unowned(unsafe) let target: StreamKeyedTarget
    }

    /// Room for `maxEntries`, allocated on first use. Raw memory, as a buffer's subscript:
    /// the uniqueness test must see the element itself, which it did not through an array
    /// element or a pointer's `pointee` (always "not unique" in a debug build, or in both), and
    /// a read of an array here cost a retain and a release.
    private var entries: UnsafeMutableBufferPointer<Entry>?
    private var count = 0
    /// Open addressing by the key type's metadata address: an index into `entries` plus one,
    /// 0 for an empty slot. Allocated with `entries`.
    private var slots: UnsafeMutablePointer<Int>?
    /// Whether a container was handed out since the last ``reclaim()``.
    private var lent = false

    /// Boxes kept per key type: a recursive value nests containers of one key type.
    private static let perType = 8
    private static let slotCount = 256
    /// A quarter of the table stays free, so that a lookup finds an empty slot quickly.
    private static let maxEntries = slotCount * 3 / 4

    /// Frees the memory and the boxes; called by the encoder's `deinit`.
    func deallocate() {
        guard let entries, let slots else { return }
        entries.baseAddress!.deinitialize(count: count)
        entries.deallocate()
        slots.deallocate()
    }

    /// A keyed container writing to the frame at `level` of `sink`.
    mutating func container<Key: CodingKey>(
        _: Key.Type, sink: StreamingEncoder, level: Int, generation: Int
    ) -> KeyedEncodingContainer<Key> {
        if entries == nil {
            entries = .allocate(capacity: Self.maxEntries)
            slots = .allocate(capacity: Self.slotCount)
            slots!.initialize(repeating: 0, count: Self.slotCount)
        }
        guard let entries, let slots else { fatalError("allocated above") }
        let type = ObjectIdentifier(Key.self)
        let mask = Self.slotCount - 1
        var index = Self.hash(type) & mask
        var sameType = 0
        while slots[index] != 0 {
            let entry = slots[index] - 1
            if entries[entry].type == type {
                if isKnownUniquelyReferenced(&entries[entry].box) {
                    let target = entries[entry].target
                    target.level = level
                    target.generation = generation
                    lent = true
                    return unsafeBitCast(entries[entry].box, to: KeyedEncodingContainer<Key>.self)
                }
                sameType += 1
            }
            index = (index + 1) & mask
        }
        guard sameType < Self.perType && count < Self.maxEntries,
            MemoryLayout<KeyedEncodingContainer<Key>>.size == MemoryLayout<AnyObject>.size
        else {
            return Self.owned(Key.self, sink: sink, level: level, generation: generation)
        }
        let (container, target) = Self.make(
            Key.self, sink: sink, level: level, generation: generation, owned: false)
        let box = unsafeBitCast(container, to: AnyObject.self)
        (entries.baseAddress! + count).initialize(to: Entry(type: type, box: box, target: target))
        count += 1
        slots[index] = count
        lent = true
        return container
    }

    private static func hash(_ type: ObjectIdentifier) -> Int {
        let address = UInt(bitPattern: type)
        return Int(truncatingIfNeeded: address >> 4 ^ address >> 10)
    }

    /// A container that is not kept, and keeps `sink` alive itself.
    static func owned<Key: CodingKey>(
        _: Key.Type, sink: StreamingEncoder, level: Int, generation: Int
    ) -> KeyedEncodingContainer<Key> {
        make(Key.self, sink: sink, level: level, generation: generation, owned: true).container
    }

    private static func make<Key: CodingKey>(
        _: Key.Type, sink: StreamingEncoder, level: Int, generation: Int, owned: Bool
    ) -> (container: KeyedEncodingContainer<Key>, target: StreamKeyedTarget) {
        let target = StreamKeyedTarget(sink: sink, level: level, generation: generation)
        if owned { target.owner = sink }
        return (KeyedEncodingContainer(StreamKeyedContainer<Key>(target: target)), target)
    }

    /// Called when the encoder is done with a value: containers the value's `encode(to:)`
    /// still holds leave the cache, and from now on keep the encoder alive themselves.
    /// (Walks every entry: for the shop's dozen key types, cheaper than listing those lent.)
    mutating func reclaim() {
        guard lent, let entries, let slots else { return }
        lent = false
        var kept = 0
        let base = entries.baseAddress!
        for index in 0..<count {
            if isKnownUniquelyReferenced(&entries[index].box) {
                // Moved down over the entries dropped before it.
                if kept < index { (base + kept).moveInitialize(from: base + index, count: 1) }
                kept += 1
            } else {
                let target = entries[index].target
                target.owner = target.sink
                (base + index).deinitialize(count: 1)
            }
        }
        guard kept < count else { return }
        // Rare: only a value whose `encode(to:)` keeps its container (in a global, say)
        // gets here. The table is made again for the entries left.
        count = kept
        slots.update(repeating: 0, count: Self.slotCount)
        let mask = Self.slotCount - 1
        for index in 0..<count {
            var slot = Self.hash(entries[index].type) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = index + 1
        }
    }
}
