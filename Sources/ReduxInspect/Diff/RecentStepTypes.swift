import Foundation

/// The step types a ``RecordedStateDiffer`` read last, each with the bytes of the `type`
/// member it was decoded from, so that a line whose `type` has the same bytes as one of them
/// takes its name without decoding it again.
///
/// A recording's actions are of a few kinds, which follow each other in any order: keeping a
/// few names rather than the last one finds almost every step's type here. The bytes are a
/// recording's own, which live as long as the recording the differ holds.
struct RecentStepTypes {
    /// A name and the bytes of the `type` member, quotes included, it was decoded from.
    private struct Entry {
        let bytes: UnsafeBufferPointer<UInt8>
        let name: String
    }

    /// The types kept, at most ``capacity``, in no particular order.
    private var types: [Entry] = []
    /// The slot the next new type replaces once ``capacity`` are kept.
    private var replaced = 0

    /// Types kept at most: more than most reducers have actions, few enough to search in turn.
    static let capacity = 16

    /// The name of the type whose `type` member has `bytes`, when one is kept.
    func name(of bytes: UnsafeBufferPointer<UInt8>) -> String? {
        for type in types where type.bytes.count == bytes.count {
            // Safe: both buffers hold `bytes.count` bytes, and neither is empty (a string
            // member's bytes include its quotes), so both have a base address.
            if memcmp(type.bytes.baseAddress!, bytes.baseAddress!, bytes.count) == 0 { return type.name }
        }
        return nil
    }

    /// Keeps `name`, decoded from a `type` member whose bytes are `bytes`, in place of the
    /// type kept longest when there is no room.
    mutating func add(_ name: String, of bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        let type = Entry(bytes: bytes, name: name)
        if types.count < Self.capacity {
            types.append(type)
        } else {
            types[replaced] = type
            replaced = (replaced + 1) % Self.capacity
        }
    }
}
