import Redux

extension RawDiffWalker {
    /// Arrays, matched by id when ``IDMatching`` would match them (every element on both
    /// sides an object with a scalar `id` unique within its array), else by position.
    mutating func diffArrays(_ oldStart: Int, _ newStart: Int, depth: Int) throws(Malformed) -> (
        old: Int, new: Int
    ) {
        let oldBase = oldElements.count
        let newBase = newElements.count
        let oldIDBase = oldIDs.count
        let newIDBase = newIDs.count
        let sourceBase = sources.count
        defer {
            oldElements.truncate(to: oldBase)
            newElements.truncate(to: newBase)
            oldIDs.truncate(to: oldIDBase)
            newIDs.truncate(to: newIDBase)
            sources.truncate(to: sourceBase)
        }
        let oldEnd: Int
        var cachedOldIDs: UnsafeBufferPointer<Range<Int>>?
        if let cached = previousSkims.array(at: oldStart, in: old) {
            oldElements.append(contentsOf: cached.elements)
            oldEnd = cached.end
            cachedOldIDs = cached.ids
        } else {
            oldEnd = try old.elements(ofArrayAt: oldStart, depth: depth, into: &oldElements)
        }
        // Elements wholly inside the bytes both arrays start with are the same on both sides.
        let (shared, _) = Self.sharePrefix(
            of: oldElements.buffer(from: oldBase), old, oldStart..<oldEnd, new, newStart, into: &newElements)
        let newEnd = try new.elements(
            ofArrayAt: newStart, resumingAt: shared > 0 ? newElements[newElements.count - 1].upperBound : nil,
            depth: depth, into: &newElements,
            guide: RawJSON.Guide(text: old, items: oldElements.buffer(from: oldBase + shared)), sources: &sources)
        let slot = skims.keep(arrayFrom: newStart, to: newEnd, elements: newElements.buffer(from: newBase))

        let elements = Elements(
            oldBase: oldBase, newBase: newBase, oldIDBase: oldIDBase, newIDBase: newIDBase, sourceBase: sourceBase,
            shared: shared)
        switch try idKind(elements, oldIDsKept: cachedOldIDs, depth: depth) {
        case .plain:
            skims.keep(ids: newIDs.buffer(from: newIDBase), ofArray: slot)
            try diffByID(elements, depth: depth)
        case .other: try diffParsed(oldStart..<oldEnd, newStart..<newEnd)
        case .none: try diffByPosition(elements, depth: depth)
        }
        return (oldEnd, newEnd)
    }

    /// Where one level's elements and ids are on the stacks, and how many elements at the
    /// start are the same.
    struct Elements {
        let oldBase: Int
        let newBase: Int
        let oldIDBase: Int
        let newIDBase: Int
        /// Where the skim's sources of the new elements after the `shared` ones are on the
        /// ``RawDiffWalker/sources`` stack.
        let sourceBase: Int
        let shared: Int
    }

    /// Whether and how the arrays are matched by id.
    private enum IDKind {
        /// Not at all: an element has no scalar id, or an id repeats.
        case none
        /// By the ids on the id stacks, all plain (see ``RawJSON/isPlainScalar(_:)``), so
        /// compared by bytes.
        case plain
        /// By ids that must be decoded to compare: left to the trees, since rare.
        case other
    }

    /// Pushes the elements' ids onto the id stacks and says how to match the arrays; the ids
    /// are complete only for `.plain`.
    ///
    /// `oldIDsKept` are the old elements' ids when the last walk kept them (all plain and
    /// unique). When the old ids are all plain and unique, the new ids of elements with the
    /// same bytes as old ones are those moved (``newIDsFromOld(_:depth:)``).
    private mutating func idKind(
        _ elements: Elements, oldIDsKept: UnsafeBufferPointer<Range<Int>>?, depth: Int
    ) throws(Malformed) -> IDKind {
        guard oldElements.count > elements.oldBase || newElements.count > elements.newBase else { return .none }
        if let oldIDsKept {
            oldIDs.append(contentsOf: oldIDsKept)
            return try newIDsFromOld(elements, depth: depth)
        }
        guard try Self.ids(in: old, oldElements.buffer(from: elements.oldBase), depth: depth, into: &oldIDs) else {
            return .none
        }
        let oldSlice = oldIDs.buffer(from: elements.oldIDBase)
        let oldPlain = oldSlice.allSatisfy { old.isPlainScalar($0) }
        if oldPlain && RawIDs.areUnique(oldSlice, in: old) {
            return try newIDsFromOld(elements, depth: depth)
        }
        guard try Self.ids(in: new, newElements.buffer(from: elements.newBase), depth: depth, into: &newIDs) else {
            return .none
        }
        guard oldPlain && newIDs.buffer(from: elements.newIDBase).allSatisfy({ new.isPlainScalar($0) }) else {
            return .other
        }
        // Plain old ids that were unique went to `newIDsFromOld`: these repeat.
        return .none
    }

    /// The new side of ``idKind(_:oldIDsKept:depth:)`` when the old ids, on the id stack, are
    /// all plain and unique: an element with the bytes of an old one (the shared ones, and
    /// those the skim took from the old elements, ``RawJSON/Guide``) has its id moved, without
    /// a skim; only the others' ids are found, checked for plainness, and compared with the
    /// rest for uniqueness (the moved ones are distinct old ones' ids, so unique among
    /// themselves: the guide takes each old element at most once, after the shared ones).
    /// The answer is the one the full check gives.
    private mutating func newIDsFromOld(_ elements: Elements, depth: Int) throws(Malformed) -> IDKind {
        let newCount = newElements.count - elements.newBase
        // The new indices of the elements whose ids are found, on the `kept` stack for now.
        let foundBase = kept.count
        defer { kept.truncate(to: foundBase) }
        var allPlain = true
        for index in 0..<newCount {
            let element = newElements[elements.newBase + index]
            // The old element with this one's bytes, or -1: the skim's sources count from the
            // first old element after the shared ones.
            var source = index
            if index >= elements.shared {
                let taken = sources[elements.sourceBase + index - elements.shared]
                source = taken < 0 ? -1 : elements.shared + taken
            }
            if source >= 0 {
                let oldElement = oldElements[elements.oldBase + source]
                newIDs.append(
                    oldIDs[elements.oldIDBase + source].shifted(by: element.lowerBound - oldElement.lowerBound))
            } else {
                guard let id = try new.scalarID(ofObjectAt: element.lowerBound, depth: depth + 1) else {
                    return .none
                }
                newIDs.append(id)
                kept.append(index)
                allPlain = allPlain && new.isPlainScalar(id)
            }
        }
        guard allPlain else { return .other }
        let newSlice = newIDs.buffer(from: elements.newIDBase)
        let found = kept.count - foundBase
        // Many found ids: hashed, as for a full check.
        if found * newCount > 2 * RawIDs.pairwiseLimit {
            return RawIDs.areUnique(newSlice, in: new) ? .plain : .none
        }
        for index in kept.buffer(from: foundBase) {
            let id = newSlice[index]
            for other in newSlice.indices where other != index {
                if new.bytes(newSlice[other], equal: id, in: new) { return .none }
            }
        }
        return .plain
    }

    /// Appends the ranges of the elements' ids to `ids` and returns `true`, or returns `false`
    /// as soon as one element has none (usually the first, so plain arrays are rejected
    /// without a scan).
    private static func ids(
        in text: RawJSON, _ elements: UnsafeBufferPointer<Range<Int>>, depth: Int, into ids: inout RawStack<Range<Int>>
    ) throws(Malformed) -> Bool {
        for element in elements {
            guard let id = try text.scalarID(ofObjectAt: element.lowerBound, depth: depth + 1) else {
                return false
            }
            ids.append(id)
        }
        return true
    }

    /// ``DiffWalker``'s comparison by position: elements at the same index, after
    /// ``PositionalAlignment`` has set aside the unchanged ones at both ends of arrays of
    /// different lengths. Equal is as the tree diff tells it (`==`: member order and a
    /// string's Unicode normal form aside), read from the bytes
    /// (``RawJSON/value(_:equals:in:depth:)``), so both set aside the same elements.
    private mutating func diffByPosition(_ elements: Elements, depth: Int) throws(Malformed) {
        let oldCount = oldElements.count - elements.oldBase
        let newCount = newElements.count - elements.newBase
        let (prefix, suffix) = try PositionalAlignment.trimmed(oldCount: oldCount, newCount: newCount) {
            (o: Int, n: Int) throws(Malformed) -> Bool in
            if o < elements.shared && o == n { return true }
            let oldElement = oldElements[elements.oldBase + o]
            let newElement = newElements[elements.newBase + n]
            return try old.value(oldElement, equals: newElement, in: new, depth: depth + 1)
        }
        let oldEnd = oldCount - suffix
        let newEnd = newCount - suffix
        let common = min(oldEnd, newEnd)
        for index in max(elements.shared, prefix)..<common {
            let oldElement = oldElements[elements.oldBase + index]
            let newElement = newElements[elements.newBase + index]
            guard !old.bytes(oldElement, equal: newElement, in: new) else { continue }
            enter(.index(index, token: index))
            try diff(oldElement, newElement, depth: depth + 1)
            leave()
        }
        for index in common..<newEnd {
            enter(.index(index, token: index))
            try recordAddition(newElements[elements.newBase + index])
            leave()
        }
        // Listed in old order for people; each removal shifts the next one down to `common`.
        for index in common..<oldEnd {
            enter(.index(index, token: common))
            try recordRemoval(oldElements[elements.oldBase + index])
            leave()
        }
    }

    /// ``DiffWalker``'s id matching over the elements' bytes: removals in old order, then
    /// moves, then the new array in order. Its common prefix and suffix are found by comparing
    /// bytes, so they may be shorter than the tree diff's (which compares values); the
    /// elements this leaves in the middle are equal and in place on both sides, so they add no
    /// change, no move and no shift to any pointer, and the list is the same.
    private mutating func diffByID(_ elements: Elements, depth: Int) throws(Malformed) {
        let oldBase = elements.oldBase
        let newBase = elements.newBase
        let oldIDBase = elements.oldIDBase
        let newIDBase = elements.newIDBase
        let oldCount = oldElements.count - oldBase
        let newCount = newElements.count - newBase
        let shorter = min(oldCount, newCount)
        var prefix = elements.shared
        while prefix < shorter
            && old.bytes(oldElements[oldBase + prefix], equal: newElements[newBase + prefix], in: new)
        {
            prefix += 1
        }
        var suffix = 0
        while suffix < shorter - prefix
            && old.bytes(
                oldElements[oldBase + oldCount - 1 - suffix],
                equal: newElements[newBase + newCount - 1 - suffix],
                in: new)
        {
            suffix += 1
        }
        let oldMiddle = prefix..<oldCount - suffix
        let newMiddle = prefix..<newCount - suffix
        let matchBase = matches.count
        let keptBase = kept.count
        defer {
            matches.truncate(to: matchBase)
            kept.truncate(to: keptBase)
        }
        RawIDs.match(
            oldIDs.buffer(oldIDBase + oldMiddle.lowerBound..<oldIDBase + oldMiddle.upperBound), in: old,
            newIDs.buffer(newIDBase + newMiddle.lowerBound..<newIDBase + newMiddle.upperBound), in: new,
            into: &matches)
        // The matches of the old middle, then those of the new one, by index from `prefix`;
        // they are indices in the other middle, so from `prefix` too.
        let newIndexBase = matchBase - prefix
        let oldIndexBase = matchBase + oldMiddle.count - prefix

        // New index of each kept element, in old order.
        var removals = 0
        for oldIndex in oldMiddle {
            if let newIndex = matches[newIndexBase + oldIndex] {
                kept.append(prefix + newIndex)
            } else {
                enter(.id(oldIDs[oldIDBase + oldIndex], side: .old, token: oldIndex - removals))
                try recordRemoval(oldElements[oldBase + oldIndex])
                leave()
                removals += 1
            }
        }

        let keptOrder = kept.buffer(from: keptBase)
        if zip(keptOrder, keptOrder.dropFirst()).contains(where: { $0 >= $1 }) {
            try recordMoves(Array(keptOrder), newIDBase, prefix: prefix, oldIndexBase: oldIndexBase)
        }

        for newIndex in newMiddle {
            let oldIndex = matches[oldIndexBase + newIndex].map { prefix + $0 }
            if let oldIndex,
                old.bytes(oldElements[oldBase + oldIndex], equal: newElements[newBase + newIndex], in: new)
            {
                continue
            }
            let id = newIDs[newIDBase + newIndex]
            if let oldIndex {
                // The id is checked here, where no change may be recorded under it.
                try new.checkScalar(id)
                enter(.id(id, side: .new, token: newIndex))
                try diff(oldElements[oldBase + oldIndex], newElements[newBase + newIndex], depth: depth + 1)
            } else {
                enter(.id(id, side: .new, token: newIndex))
                try recordAddition(newElements[newBase + newIndex])
            }
            leave()
        }
    }

    /// The moves that put the kept elements into new order, as ``DiffWalker`` records them;
    /// the old index of new element `i` is `prefix` on from the match at `oldIndexBase + i`.
    private mutating func recordMoves(
        _ kept: [Int], _ newIDBase: Int, prefix: Int, oldIndexBase: Int
    ) throws(Malformed) {
        let oldIndices = kept.map { prefix + matches[oldIndexBase + $0]! }
        for move in MovePlan.moves(kept, oldIndices: oldIndices) {
            let oldIndex = prefix + matches[oldIndexBase + move.newIndex]!
            enter(.id(newIDs[newIDBase + move.newIndex], side: .new, token: prefix + move.to))
            recordMove(from: oldIndex, to: move.newIndex, fromToken: prefix + move.from)
            leave()
        }
    }
}

extension RawDiffWalker {
    /// Appends to `newItems` those of `oldItems`, the items of the container spanning
    /// `oldSpan` in `oldText`, that lie wholly in the bytes it and the container at `newStart`
    /// in `newText` start with: they are the same on both sides, moved. Returns how many, and
    /// the old text's offset where those bytes end.
    static func sharePrefix<Item: RawJSONItem>(
        of oldItems: UnsafeBufferPointer<Item>, _ oldText: RawJSON, _ oldSpan: Range<Int>,
        _ newText: RawJSON, _ newStart: Int, into newItems: inout RawStack<Item>
    ) -> (count: Int, sameUntil: Int) {
        let sameUntil = oldSpan.lowerBound + oldText.commonPrefix(oldSpan, newStart..<newText.count, in: newText)
        let shift = newStart - oldSpan.lowerBound
        var shared = 0
        while shared < oldItems.count && oldItems[shared].end < sameUntil {
            newItems.append(oldItems[shared].shifted(by: shift))
            shared += 1
        }
        return (shared, sameUntil)
    }
}
