/// The members and elements of the containers a ``RawDiffWalker`` skimmed in one text, kept so
/// that the next walk, whose old text that is when steps are diffed in order, need not skim
/// them again.
///
/// A step usually changes the same part of the state as the one before (a cart, its items),
/// and every container a walk compares it skims on both sides: the old side's skims are then
/// the new side's of the walk before. A container is known by the text it is in and where it
/// starts there; the lists are those the skim found there, complete, so taking them is the
/// same as skimming again (the same bytes, at the same depth, give the same items).
///
/// The lists of all containers share flat buffers (``RawStack``s), which are cleared, keeping
/// their memory, for the next text.
struct RawSkimCache: ~Copyable {
    /// Where one container's items are in the buffers.
    ///
    /// Not private: the compiler (6.3, without whole-module optimization) emits the cache's
    /// destruction in the files that use it, which must then see the type of its stacks.
    struct Entry {
        let start: Int
        var end: Int
        var items: Range<Int>
        /// For arrays, the ids of the elements when the walk found them all plain and unique:
        /// where they are in `ids`.
        var ids: Range<Int>? = nil
    }

    /// The text the lists are for.
    private(set) var text: UnsafePointer<UInt8>?
    private var objects = RawStack<Entry>()
    private var arrays = RawStack<Entry>()
    private var members = RawStack<RawJSON.Member>(capacity: 256)
    private var elements = RawStack<Range<Int>>(capacity: 256)
    private var ids = RawStack<Range<Int>>(capacity: 64)

    /// Forgets the lists, to keep those of `text` next.
    mutating func reset(for text: UnsafePointer<UInt8>?) {
        self.text = text
        objects.truncate(to: 0)
        arrays.truncate(to: 0)
        members.truncate(to: 0)
        elements.truncate(to: 0)
        ids.truncate(to: 0)
    }

    /// Holds the place of the object at `start`, whose members a walk finds only after it has
    /// compared some of its values (and kept the containers inside them): entries stay in the
    /// order of their starts, which the lookup needs. ``fill(_:end:members:)`` completes it.
    mutating func reserve(objectAt start: Int) -> Int {
        // Until filled, its end is -1, which `object(at:in:)` does not take: a walk that stops
        // at a malformed value leaves it so.
        objects.append(Entry(start: start, end: -1, items: members.count..<members.count))
        return objects.count - 1
    }

    /// Completes the entry `reserve(objectAt:)` made: the object ends at `end` and has the
    /// members `found`.
    mutating func fill(_ slot: Int, end: Int, members found: UnsafeBufferPointer<RawJSON.Member>) {
        let first = members.count
        members.append(contentsOf: found)
        objects[slot].end = end
        objects[slot].items = first..<members.count
    }

    /// Keeps every container `other` kept, moved `shift` bytes on: `other` is what the last
    /// walk skimmed in a value, which this walk's new text holds again, byte for byte, `shift`
    /// bytes further on.
    ///
    /// A step that leaves the whole state alone (a quarter of the shop's) passes on every
    /// container the walk before it kept, not only the state's members: the next step, which
    /// may change any of them, then finds them rather than skimming them again. (Passing on
    /// those inside every unchanged value a walk passes over costs more than it saves: most
    /// are not looked at again before a step changes them.)
    mutating func keep(allOf other: borrowing RawSkimCache, shiftedBy shift: Int) {
        // An object a walk that stopped early left unfilled is not kept.
        for index in 0..<other.objects.count where other.objects[index].end >= 0 {
            let entry = other.objects[index]
            let first = members.count
            for member in other.members.buffer(entry.items) { members.append(member.shifted(by: shift)) }
            objects.append(Entry(start: entry.start + shift, end: entry.end + shift, items: first..<members.count))
        }
        for index in 0..<other.arrays.count {
            let entry = other.arrays[index]
            let first = elements.count
            for element in other.elements.buffer(entry.items) { elements.append(element.shifted(by: shift)) }
            var kept = Entry(start: entry.start + shift, end: entry.end + shift, items: first..<elements.count)
            if let found = entry.ids {
                let firstID = ids.count
                for id in other.ids.buffer(found) { ids.append(id.shifted(by: shift)) }
                kept.ids = firstID..<ids.count
            }
            arrays.append(kept)
        }
    }

    /// Keeps the elements of the array from `start` to `end` in the text; returns where, for
    /// ``keep(ids:ofArray:)``.
    @discardableResult
    mutating func keep(arrayFrom start: Int, to end: Int, elements found: UnsafeBufferPointer<Range<Int>>) -> Int {
        let first = elements.count
        elements.append(contentsOf: found)
        arrays.append(Entry(start: start, end: end, items: first..<elements.count))
        return arrays.count - 1
    }

    /// Keeps the ids of the elements of the array kept at `slot`, one for each, all plain
    /// (see ``RawJSON/isPlainScalar(_:)``) and unique: the next walk, which matches the same
    /// array by id again when a step changes one of its elements, then finds none of them
    /// on the old side, and on the new side only those of the elements that changed.
    mutating func keep(ids found: UnsafeBufferPointer<Range<Int>>, ofArray slot: Int) {
        let first = ids.count
        ids.append(contentsOf: found)
        arrays[slot].ids = first..<ids.count
    }

    /// The end and members of the object at `start` in `text`, when kept; the members stay
    /// valid until the cache next changes.
    func object(at start: Int, in text: RawJSON) -> (end: Int, members: UnsafeBufferPointer<RawJSON.Member>)? {
        guard self.text == text.base, let entry = Self.entry(at: start, in: objects), entry.end >= 0 else {
            return nil
        }
        return (entry.end, members.buffer(entry.items))
    }

    /// The end and elements of the array at `start` in `text`, when kept, and the elements'
    /// ids when they were kept too (see ``keep(ids:ofArray:)``); both stay valid until the
    /// cache next changes.
    func array(at start: Int, in text: RawJSON) -> (
        end: Int, elements: UnsafeBufferPointer<Range<Int>>, ids: UnsafeBufferPointer<Range<Int>>?
    )? {
        guard self.text == text.base, let entry = Self.entry(at: start, in: arrays) else { return nil }
        let elements = elements.buffer(entry.items)
        guard let kept = entry.ids else { return (entry.end, elements, nil) }
        return (entry.end, elements, ids.buffer(kept))
    }

    /// The entry for the container at `start`, found by binary search: a walk keeps containers
    /// in the order it meets them, which is the order of their starts, and a step that
    /// changes every element of a long array keeps one per element, which a linear search
    /// would make quadratic. An entry out of order can only be missed, never mistaken for
    /// another: then the container is skimmed again.
    private static func entry(at start: Int, in entries: borrowing RawStack<Entry>) -> Entry? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].start < start { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].start == start ? entries[low] : nil
    }
}
