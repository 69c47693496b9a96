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
/// The lists of all containers share two flat buffers, which are cleared, keeping their
/// memory, for the next text.
struct RawSkimCache {
    /// Where one container's items are in the buffers.
    private struct Entry {
        let start: Int
        let end: Int
        let items: Range<Int>

    }

    /// The text the lists are for.
    private(set) var text: UnsafePointer<UInt8>?
    private var objects: [Entry] = []
    private var arrays: [Entry] = []
    private var members: [RawJSON.Member] = []
    private var elements: [Range<Int>] = []

    /// Forgets the lists, to keep those of `text` next.
    mutating func reset(for text: UnsafePointer<UInt8>?) {
        self.text = text
        objects.truncate(to: 0)
        arrays.truncate(to: 0)
        members.truncate(to: 0)
        elements.truncate(to: 0)
    }

    /// Keeps the members of the object from `start` to `end` in the text.
    mutating func keep(objectFrom start: Int, to end: Int, members found: ArraySlice<RawJSON.Member>) {
        let first = members.count
        members.append(contentsOf: found)
        objects.append(Entry(start: start, end: end, items: first..<members.count))
    }

    /// Keeps the members of the object from `start` to `end` in the text, which are those of
    /// an object with the same bytes `shift` bytes before it (`found`, from there).
    mutating func keep(
        objectFrom start: Int, to end: Int, members found: ArraySlice<RawJSON.Member>, shiftedBy shift: Int
    ) {
        let first = members.count
        for member in found { members.append(member.shifted(by: shift)) }
        objects.append(Entry(start: start, end: end, items: first..<members.count))
    }

    /// Keeps the elements of the array from `start` to `end` in the text.
    mutating func keep(arrayFrom start: Int, to end: Int, elements found: ArraySlice<Range<Int>>) {
        let first = elements.count
        elements.append(contentsOf: found)
        arrays.append(Entry(start: start, end: end, items: first..<elements.count))
    }

    /// The end and members of the object at `start` in `text`, when kept.
    func object(at start: Int, in text: RawJSON) -> (end: Int, members: ArraySlice<RawJSON.Member>)? {
        guard self.text == text.base, let entry = Self.entry(at: start, in: objects) else { return nil }
        return (entry.end, members[entry.items])
    }

    /// The end and elements of the array at `start` in `text`, when kept.
    func array(at start: Int, in text: RawJSON) -> (end: Int, elements: ArraySlice<Range<Int>>)? {
        guard self.text == text.base, let entry = Self.entry(at: start, in: arrays) else { return nil }
        return (entry.end, elements[entry.items])
    }

    /// The entry for the container at `start`, found by binary search: a walk keeps containers
    /// in the order it meets them, which is the order of their starts, and a step that
    /// changes every element of a long array keeps one per element, which a linear search
    /// would make quadratic. An entry out of order can only be missed, never mistaken for
    /// another: then the container is skimmed again.
    private static func entry(at start: Int, in entries: [Entry]) -> Entry? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].start < start { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].start == start ? entries[low] : nil
    }
}
