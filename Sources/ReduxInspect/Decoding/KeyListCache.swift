import Foundation

/// The `allKeys` answers given before for objects of one member, by key type and member name.
///
/// An enum's synthesized `init(from:)` asks its container for `allKeys` on every value, and
/// answering from scratch makes a string of the name, a key from the string and an array of
/// the key, which with a key type known only at run time is a ninth of a small action's decode.
/// Answering from here is a hash and a byte comparison.
///
/// It relies on a key type making the same key from the same name, as every synthesized key
/// type's `init?(stringValue:)` does. It holds at most 64 answers, more than the cases of the
/// enums a decode usually meets, each for a name of at most 64 bytes. When a new one would be
/// the 65th, it forgets them all, unless they were found again fewer times than there are of
/// them: names that seldom repeat, such as the keys of one-member dictionaries, would then
/// cost every miss the keeping for nothing, so it keeps the table as it is for the next 4,096
/// misses, and only then forgets it and keeps the names that come.
struct KeyListCache {
    /// One answer: the key type, the name's bytes, and the keys.
    private struct Slot {
        let type: ObjectIdentifier
        let name: [UInt8]
        /// A ``KeyList`` of `type`.
        let keys: AnyObject
    }

    /// Twice the answers kept, so that a probe for a name soon meets its slot or an empty one.
    private static let slotBits = 7
    private static let slotCount = 1 << slotBits
    private static let maximumCount = slotCount / 2
    private static let longestName = 64
    private static let restingMissCount = 4_096

    /// Empty until the first answer is kept: a decoder used once need not clear them all.
    /// An answer is in the first slot free, from its hash's on, when it was kept.
    private var slots: [Slot?] = []
    private var count = 0
    /// Answers found since the table was last emptied.
    private var hits = 0
    /// Misses still to let by without keeping their answers.
    private var restingMisses = 0

    /// The keys answered before for key type `Key` and a member named `name`, if any.
    @inline(__always)
    mutating func keys<Key: CodingKey>(_ type: Key.Type, named name: UnsafeBufferPointer<UInt8>) -> [Key]? {
        guard let list = list(ObjectIdentifier(Key.self), named: name) else { return nil }
        hits &+= 1
        // The list was kept for `Key`, so it is a `KeyList<Key>`; a checked cast would look
        // up that type's metadata, which is much of what the cache saves.
        return unsafeDowncast(list, to: KeyList<Key>.self).keys
    }

    /// Keeps `keys`, the answer for a member named `name` of an object keyed by `Key`, which
    /// ``keys(_:named:)`` did not have.
    mutating func keep<Key: CodingKey>(_ keys: [Key], named name: UnsafeBufferPointer<UInt8>) {
        guard name.count <= Self.longestName else { return }
        if count == Self.maximumCount {
            if restingMisses > 0 {
                restingMisses -= 1
                // The rest's last miss empties the table for the names that come now.
                if restingMisses > 0 { return }
            } else if hits < count {
                restingMisses = Self.restingMissCount
                return
            }
        }
        if slots.isEmpty || count == Self.maximumCount {
            slots = Array(repeating: nil, count: Self.slotCount)
            count = 0
            hits = 0
        }
        let type = ObjectIdentifier(Key.self)
        var index = Self.slot(type, name)
        while slots[index] != nil { index = (index + 1) & (Self.slotCount - 1) }
        slots[index] = Slot(type: type, name: Array(name), keys: KeyList(keys))
        count += 1
    }

    /// The ``KeyList`` kept for `type` and `name`, if any. Not generic, so that it is compiled
    /// for the types it handles rather than for any.
    private func list(_ type: ObjectIdentifier, named name: UnsafeBufferPointer<UInt8>) -> AnyObject? {
        guard !slots.isEmpty else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            var index = Self.slot(type, name)
            while let slot = slots[index] {
                if slot.type == type, slot.name.hasSameBytes(as: name) {
                    return slot.keys
                }
                index = (index + 1) & (Self.slotCount - 1)
            }
            return nil
        }
    }

    /// The slot of a name and type: FNV-1a over the name's bytes, starting from the type, then
    /// a shift and a multiplication so that the top bits, which pick the slot, depend on all of
    /// them. (Without the shift, one type's names sit in slots a fixed distance from another's.)
    private static func slot(_ type: ObjectIdentifier, _ name: UnsafeBufferPointer<UInt8>) -> Int {
        var hash = 0xcbf2_9ce4_8422_2325 ^ UInt64(UInt(bitPattern: type))
        for byte in name {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        hash = (hash ^ hash >> 32) &* 0x9e37_79b9_7f4a_7c15
        return Int(truncatingIfNeeded: hash >> (64 - slotBits))
    }
}

/// Keys of one type, held as an object so that a ``KeyListCache`` slot of any key type can
/// hold them.
final class KeyList<Key: CodingKey> {
    let keys: [Key]

    init(_ keys: [Key]) {
        self.keys = keys
    }
}
