extension RawDiffWalker {
    /// Arrays, matched by id when ``IDMatching`` would match them (every element on both
    /// sides an object with a scalar `id` unique within its array), else by position.
    mutating func diffArrays(_ oldStart: Int, _ newStart: Int, depth: Int) throws(Malformed) -> (
        old: Int, new: Int
    ) {
        let oldBase = oldElements.count
        let newBase = newElements.count
        defer {
            oldElements.removeLast(oldElements.count - oldBase)
            newElements.removeLast(newElements.count - newBase)
        }
        let oldEnd = try old.elements(ofArrayAt: oldStart, depth: depth, into: &oldElements)
        // Elements wholly inside the bytes both arrays start with are the same on both sides.
        let shared = Self.sharePrefix(
            of: oldElements, from: oldBase, old, oldStart..<oldEnd, new, newStart, into: &newElements)
        let newEnd = try new.elements(
            ofArrayAt: newStart, resumingAt: shared > 0 ? newElements[newElements.count - 1].upperBound : nil,
            depth: depth, into: &newElements,
            guide: RawJSON.Guide(text: old, items: oldElements[(oldBase + shared)...]))

        let elements = Elements(oldBase: oldBase, newBase: newBase, shared: shared)
        switch try idKind(elements, depth: depth) {
        case .plain(let oldIDs, let newIDs): try diffByID(elements, oldIDs, newIDs, depth: depth)
        case .other: try diffParsed(oldStart..<oldEnd, newStart..<newEnd)
        case .none: try diffByPosition(elements, depth: depth)
        }
        return (oldEnd, newEnd)
    }

    /// Where one level's elements are on the stacks, and how many at the start are the same.
    struct Elements {
        let oldBase: Int
        let newBase: Int
        let shared: Int
    }

    /// Whether and how the arrays are matched by id.
    private enum IDKind {
        /// Not at all: an element has no scalar id, or an id repeats.
        case none
        /// By these ids, all plain (see ``RawJSON/isPlainScalar(_:)``), so compared by bytes.
        case plain(old: [Range<Int>], new: [Range<Int>])
        /// By ids that must be decoded to compare: left to the trees, since rare.
        case other
    }

    private func idKind(_ elements: Elements, depth: Int) throws(Malformed) -> IDKind {
        guard oldElements.count > elements.oldBase || newElements.count > elements.newBase,
            let oldIDs = try ids(in: old, oldElements[elements.oldBase...], depth: depth),
            let newIDs = try ids(in: new, newElements[elements.newBase...], depth: depth)
        else { return .none }
        guard oldIDs.allSatisfy({ old.isPlainScalar($0) }) && newIDs.allSatisfy({ new.isPlainScalar($0) })
        else {
            return .other
        }
        guard RawIDs.areUnique(oldIDs, in: old) && RawIDs.areUnique(newIDs, in: new) else { return .none }
        return .plain(old: oldIDs, new: newIDs)
    }

    /// The ranges of the elements' ids, or `nil` as soon as one element has none (usually the
    /// first, so plain arrays are rejected without a scan).
    private func ids(in text: RawJSON, _ elements: ArraySlice<Range<Int>>, depth: Int) throws(Malformed)
        -> [Range<Int>]?
    {
        var ids: [Range<Int>] = []
        ids.reserveCapacity(elements.count)
        for element in elements {
            guard let id = try text.scalarID(ofObjectAt: element.lowerBound, depth: depth + 1) else {
                return nil
            }
            ids.append(id)
        }
        return ids
    }

    /// Elements at the same index are compared; the longer array's tail is added or removed.
    private mutating func diffByPosition(_ elements: Elements, depth: Int) throws(Malformed) {
        let oldCount = oldElements.count - elements.oldBase
        let newCount = newElements.count - elements.newBase
        let common = min(oldCount, newCount)
        for index in elements.shared..<common {
            let oldElement = oldElements[elements.oldBase + index]
            let newElement = newElements[elements.newBase + index]
            guard !old.bytes(oldElement, equal: newElement, in: new) else { continue }
            enter(.index(index), String(index))
            try diff(oldElement, newElement, depth: depth + 1)
            leave()
        }
        for index in common..<newCount {
            enter(.index(index), String(index))
            record(.added(try new.parse(newElements[elements.newBase + index])))
            leave()
        }
        // Listed in old order for people; each removal shifts the next one down to `common`.
        for index in common..<oldCount {
            enter(.index(index), String(common))
            record(.removed(try old.parse(oldElements[elements.oldBase + index])))
            leave()
        }
    }

    /// ``DiffWalker``'s id matching over the elements' bytes: removals in old order, then
    /// moves, then the new array in order. Its common prefix and suffix are found by comparing
    /// bytes, so they may be shorter than the tree diff's (which compares values); the
    /// elements this leaves in the middle are equal and in place on both sides, so they add no
    /// change, no move and no shift to any pointer, and the list is the same.
    private mutating func diffByID(
        _ elements: Elements, _ oldIDs: [Range<Int>], _ newIDs: [Range<Int>], depth: Int
    ) throws(Malformed) {
        let oldBase = elements.oldBase
        let newBase = elements.newBase
        let oldCount = oldIDs.count
        let newCount = newIDs.count
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
        let matches = RawIDs.match(oldIDs[oldMiddle], in: old, newIDs[newMiddle], in: new)

        // New index of each kept element, in old order.
        var kept: [Int] = []
        kept.reserveCapacity(min(oldMiddle.count, newMiddle.count))
        var removals = 0
        for oldIndex in oldMiddle {
            if let newIndex = matches.newIndex[oldIndex - prefix] {
                kept.append(newIndex)
            } else {
                enter(.id(try old.parse(oldIDs[oldIndex])), String(oldIndex - removals))
                record(.removed(try old.parse(oldElements[oldBase + oldIndex])))
                leave()
                removals += 1
            }
        }

        if zip(kept, kept.dropFirst()).contains(where: { $0 >= $1 }) {
            try recordMoves(kept, newIDs, prefix: prefix, oldIndex: { matches.oldIndex[$0 - prefix]! })
        }

        for newIndex in newMiddle {
            let oldIndex = matches.oldIndex[newIndex - prefix]
            if let oldIndex,
                old.bytes(oldElements[oldBase + oldIndex], equal: newElements[newBase + newIndex], in: new)
            {
                continue
            }
            enter(.id(try new.parse(newIDs[newIndex])), String(newIndex))
            if let oldIndex {
                try diff(oldElements[oldBase + oldIndex], newElements[newBase + newIndex], depth: depth + 1)
            } else {
                record(.added(try new.parse(newElements[newBase + newIndex])))
            }
            leave()
        }
    }

    /// The moves that put the kept elements into new order, as ``DiffWalker`` records them.
    private mutating func recordMoves(
        _ kept: [Int], _ newIDs: [Range<Int>], prefix: Int, oldIndex: (Int) -> Int
    ) throws(Malformed) {
        for move in MovePlan.moves(kept) {
            enter(.id(try new.parse(newIDs[move.newIndex])), String(prefix + move.to))
            record(.moved(from: oldIndex(move.newIndex), to: move.newIndex), from: String(prefix + move.from))
            leave()
        }
    }
}

extension RawDiffWalker {
    /// Appends to `newItems` the items of the container spanning `oldSpan` in `oldText`, from
    /// `oldBase` on, that lie wholly in the bytes it and the container at `newStart` in
    /// `newText` start with: they are the same on both sides, moved. Returns how many.
    static func sharePrefix<Item: RawJSONItem>(
        of oldItems: [Item], from oldBase: Int, _ oldText: RawJSON, _ oldSpan: Range<Int>,
        _ newText: RawJSON, _ newStart: Int, into newItems: inout [Item]
    ) -> Int {
        let sameUntil = oldSpan.lowerBound + oldText.commonPrefix(oldSpan, newStart..<newText.count, in: newText)
        let shift = newStart - oldSpan.lowerBound
        var shared = 0
        while oldBase + shared < oldItems.count && oldItems[oldBase + shared].end < sameUntil {
            newItems.append(oldItems[oldBase + shared].shifted(by: shift))
            shared += 1
        }
        return shared
    }
}
