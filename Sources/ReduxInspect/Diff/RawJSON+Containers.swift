import Foundation

extension RawJSON {
    /// Appends the members of the object whose `{` is at `start` to `members`, and returns
    /// the offset after its `}`. `depth` counts the containers open around the object.
    ///
    /// With `resume`, the members up to one whose value ends at `resume` are already in
    /// `members`, and the skim goes on from there. With a `guide`, the members of a similar
    /// object (the same object in the state before), a member whose bytes are those of the
    /// guide's next member is taken from the guide rather than skimmed.
    func members(
        ofObjectAt start: Int, resumingAt resume: Int? = nil, depth: Int, into members: inout RawStack<Member>,
        guide: Guide<Member>? = nil
    ) throws(Malformed) -> Int {
        guard depth + 1 <= maximumDepth else { throw Malformed() }
        var guide = guide
        let closer = UInt8(ascii: "}")
        var step = try firstStep(ofContainerAt: start, resumingAt: resume, closer: closer)
        while case .more(let offset) = step {
            let member: Member
            if let found = guide?.match(at: offset, in: self, span: { $0.keyStart - 1..<$0.valueEnd }) {
                member = found.member.shifted(by: found.shift)
            } else {
                member = try self.member(at: offset, depth: depth + 1)
            }
            members.append(member)
            step = try followingItem(member.valueEnd, closer: closer)
        }
        return step.closedEnd
    }

    /// Appends the ranges of the elements of the array whose `[` is at `start` to `elements`,
    /// and returns the offset after its `]`. `depth` counts the containers open around it.
    func elements(
        ofArrayAt start: Int, depth: Int, into elements: inout RawStack<Range<Int>>
    ) throws(Malformed) -> Int {
        guard depth + 1 <= maximumDepth else { throw Malformed() }
        let closer = UInt8(ascii: "]")
        var step = try firstItem(ofContainerAt: start, closer: closer)
        while case .more(let offset) = step {
            let end = try valueEnd(from: offset, depth: depth + 1)
            elements.append(offset..<end)
            step = try followingItem(end, closer: closer)
        }
        return step.closedEnd
    }

    /// ``elements(ofArrayAt:depth:into:)`` with `resume` and `guide` as for
    /// ``members(ofObjectAt:resumingAt:depth:into:guide:)``, which also appends to `sources`,
    /// for each element it appends, the index in the guide's items of the one it was taken
    /// from, or -1 for one skimmed: the guide tries its items in order and takes each at most
    /// once, so the indices it gives rise.
    func elements(
        ofArrayAt start: Int, resumingAt resume: Int?, depth: Int, into elements: inout RawStack<Range<Int>>,
        guide: Guide<Range<Int>>, sources: inout RawStack<Int>
    ) throws(Malformed) -> Int {
        guard depth + 1 <= maximumDepth else { throw Malformed() }
        var guide = guide
        let closer = UInt8(ascii: "]")
        var step = try firstStep(ofContainerAt: start, resumingAt: resume, closer: closer)
        while case .more(let offset) = step {
            let end: Int
            if let found = guide.match(at: offset, in: self, span: { $0 }) {
                end = found.member.upperBound + found.shift
                sources.append(found.index)
            } else {
                end = try valueEnd(from: offset, depth: depth + 1)
                sources.append(-1)
            }
            elements.append(offset..<end)
            step = try followingItem(end, closer: closer)
        }
        return step.closedEnd
    }

    /// The members or elements of a container like the one being skimmed, tried in order
    /// against the bytes found, so that what did not change is compared rather than skimmed.
    ///
    /// A guide item matches when its bytes and the byte after them (a `,`, a closing bracket
    /// or white space, where a number ends) are the bytes at the place being skimmed: then the
    /// skim would find the same item there. After an item that matched nothing, the guide
    /// tries the item it expected and the one after it, which follows one inserted, removed or
    /// replaced item; after two in a row, it moves on by one.
    ///
    /// The items are a view of a walker's stack (``RawStack/buffer(from:)``), which must not
    /// change while the guide is used: a plain pointer, so that making and copying a guide
    /// retains nothing.
    struct Guide<Item> {
        let text: RawJSON
        let items: UnsafeBufferPointer<Item>
        /// The next item expected.
        var next = 0
        private var misses = 0

        init(text: RawJSON, items: UnsafeBufferPointer<Item>) {
            self.text = text
            self.items = items
        }

        /// The item whose bytes are at `offset` in `other`, how far it moves to get there, and
        /// its index in ``items``.
        mutating func match(
            at offset: Int, in other: RawJSON, span: (Item) -> Range<Int>
        ) -> (member: Item, shift: Int, index: Int)? {
            for candidate in next..<max(next, min(next + 2, items.endIndex)) {
                let range = span(items[candidate])
                // The byte after the item is compared too: it ends a number.
                guard range.upperBound < text.count, offset + range.count < other.count,
                    memcmp(text.base + range.lowerBound, other.base + offset, range.count + 1) == 0
                else { continue }
                next = candidate + 1
                misses = 0
                return (items[candidate], offset - range.lowerBound, candidate)
            }
            misses += 1
            if misses > 1 { next += 1 }
            return nil
        }
    }

    /// The value's range of the first member named `id` of the object at `start`, when it is
    /// a scalar: the id ``JSONDiff`` matches array elements by. `nil` when `start` is not an
    /// object, has no such member, or its `id` is an array or object.
    func scalarID(ofObjectAt start: Int, depth: Int) throws(Malformed) -> Range<Int>? {
        guard base[start] == UInt8(ascii: "{") else { return nil }
        // Usually the first member: skim one member at a time and stop there.
        let closer = UInt8(ascii: "}")
        var step = try firstItem(ofContainerAt: start, closer: closer)
        while case .more(let offset) = step {
            let member = try member(at: offset, depth: depth + 1)
            if try key(of: member, is: "id") {
                switch base[member.valueStart] {
                case UInt8(ascii: "{"), UInt8(ascii: "["): return nil
                default: return member.value
                }
            }
            step = try followingItem(member.valueEnd, closer: closer)
        }
        return nil
    }

    /// Where a container's items go on: at the next item's offset, or closed, with the
    /// offset after its closing bracket.
    enum ItemStep {
        case more(Int)
        case closed(Int)

        /// The offset after the closing bracket, read once a loop over `.more` has ended.
        var closedEnd: Int {
            guard case .closed(let end) = self else { preconditionFailure("the container has more items") }
            return end
        }
    }

    /// The first step through the items of the container at `start`: from its opening
    /// bracket, or on from an item that ends at `resume` when the items up to it are known.
    @inline(__always)
    func firstStep(ofContainerAt start: Int, resumingAt resume: Int?, closer: UInt8) throws(Malformed) -> ItemStep {
        if let resume { return try followingItem(resume, closer: closer) }
        return try firstItem(ofContainerAt: start, closer: closer)
    }

    /// The first item of the container whose opening bracket is at `start`.
    @inline(__always)
    func firstItem(ofContainerAt start: Int, closer: UInt8) throws(Malformed) -> ItemStep {
        let offset = skipSpace(start + 1)
        guard offset < count else { throw Malformed() }
        return base[offset] == closer ? .closed(offset + 1) : .more(offset)
    }

    /// What follows an item ending at `itemEnd` in a container closed by `closer`: a comma and
    /// the next item, or the closer; anything else is malformed.
    @inline(__always)
    func followingItem(_ itemEnd: Int, closer: UInt8) throws(Malformed) -> ItemStep {
        let offset = skipSpace(itemEnd)
        guard offset < count else { throw Malformed() }
        switch base[offset] {
        case UInt8(ascii: ","): return .more(skipSpace(offset + 1))
        case closer: return .closed(offset + 1)
        default: throw Malformed()
        }
    }
}
