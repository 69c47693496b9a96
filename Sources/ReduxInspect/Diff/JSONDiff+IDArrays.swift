import Redux

/// How two arrays that can be matched by id line up: every element on both sides is an object
/// whose `id` member is a scalar unique within its array.
///
/// Elements equal at the start and at the end of both arrays (the common prefix and suffix) are
/// left out of the matching: they are the same elements in the same places, so they cannot be
/// added, removed or moved, and in the usual step — one item edited or inserted in a long list —
/// this keeps the hashing to the ids of the few elements in between.
struct IDMatching {
    /// Number of equal elements at the start of both arrays.
    let prefix: Int
    /// Number of equal elements at the end of both arrays.
    let suffix: Int
    /// Index of each id of the old array's middle part.
    let oldIndexByID: [JSONValue: Int]
    /// Index of each id of the new array's middle part.
    let newIndexByID: [JSONValue: Int]

    /// Returns `nil` when the arrays do not qualify, in which case they are compared by position.
    init?(old: [JSONValue], new: [JSONValue]) {
        guard !old.isEmpty || !new.isEmpty,
            let oldIDs = IDMatching.ids(of: old), let newIDs = IDMatching.ids(of: new)
        else { return nil }
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        // The prefix and suffix hold the same ids on both sides: check them once.
        var commonIDs: Set<JSONValue> = []
        commonIDs.reserveCapacity(prefix + suffix)
        for id in oldIDs[..<prefix] + oldIDs[(old.count - suffix)...] {
            guard commonIDs.insert(id).inserted else { return nil }
        }
        let oldMiddle = prefix..<old.count - suffix
        let newMiddle = prefix..<new.count - suffix
        guard let oldIndexByID = IDMatching.indexByID(oldIDs, oldMiddle, excluding: commonIDs),
            let newIndexByID = IDMatching.indexByID(newIDs, newMiddle, excluding: commonIDs)
        else { return nil }
        self.prefix = prefix
        self.suffix = suffix
        self.oldIndexByID = oldIndexByID
        self.newIndexByID = newIndexByID
    }

    /// The elements' ids, or `nil` as soon as one element has none (usually the first, so plain
    /// arrays are rejected without a scan).
    private static func ids(of elements: [JSONValue]) -> [JSONValue]? {
        var ids: [JSONValue] = []
        ids.reserveCapacity(elements.count)
        for element in elements {
            guard case .object(let object) = element, let id = object["id"] else { return nil }
            switch id {
            case .array, .object: return nil
            case .null, .bool, .number, .string: ids.append(id)
            }
        }
        return ids
    }

    /// The index of each id in `range`, or `nil` when one repeats or is in `excluded`.
    private static func indexByID(
        _ ids: [JSONValue], _ range: Range<Int>, excluding excluded: Set<JSONValue>
    ) -> [JSONValue: Int]? {
        var indexByID: [JSONValue: Int] = [:]
        indexByID.reserveCapacity(range.count)
        for index in range {
            guard !excluded.contains(ids[index]), indexByID.updateValue(index, forKey: ids[index]) == nil
            else {
                return nil
            }
        }
        return indexByID
    }
}

extension DiffWalker {
    /// Records an id-matched array's changes in an order a JSON Patch can follow. Only the
    /// middle part between the common prefix and suffix takes part; positions below stay
    /// absolute, since the prefix is never touched.
    ///
    /// 1. Removals, in old order. Each pointer index is the old index minus the removals before
    ///    it, since those have already shifted the array down.
    /// 2. Moves. The kept elements are now in old order; those ``MovePlan`` lets stay (every one
    ///    at the same index before and after, and a longest run already in new order around
    ///    them) stay, and every other one, in ascending new order, is moved to
    ///    just after its predecessor in new order (or to the start of the middle). Invariant:
    ///    the elements that stayed or have been moved are in new relative order, so once all
    ///    have been handled, the middle is the kept elements in new order. Positions are found
    ///    by replaying the moves on a list of indices, not on the values.
    /// 3. The new array in order. At new index `j`, every element before `j` in the new array is
    ///    present and nothing else is before it, so an addition inserts at `j` and a kept
    ///    element is at `j` for the changes inside it.
    mutating func diffByID(_ old: [JSONValue], _ new: [JSONValue], _ matching: IDMatching) {
        let oldMiddle = matching.prefix..<old.count - matching.suffix
        let newMiddle = matching.prefix..<new.count - matching.suffix
        // New and old index of each kept element, in old order.
        var kept: [Int] = []
        var keptOldIndices: [Int] = []
        kept.reserveCapacity(min(oldMiddle.count, newMiddle.count))
        keptOldIndices.reserveCapacity(min(oldMiddle.count, newMiddle.count))
        var removals = 0
        for oldIndex in oldMiddle {
            let id = old[oldIndex]["id"]!
            if let newIndex = matching.newIndexByID[id] {
                kept.append(newIndex)
                keptOldIndices.append(oldIndex)
            } else {
                enter(.id(id), String(oldIndex - removals))
                record(.removed(old[oldIndex]))
                leave()
                removals += 1
            }
        }

        recordMoves(kept, keptOldIndices, new, matching)

        for newIndex in newMiddle {
            let id = new[newIndex]["id"]!
            enter(.id(id), String(newIndex))
            if let oldIndex = matching.oldIndexByID[id] {
                diff(old[oldIndex], new[newIndex])
            } else {
                record(.added(new[newIndex]))
            }
            leave()
        }
    }

    /// Step 2 of `diffByID`: the moves that put the kept elements into new order.
    private mutating func recordMoves(
        _ kept: [Int], _ keptOldIndices: [Int], _ new: [JSONValue], _ matching: IDMatching
    ) {
        for move in MovePlan.moves(kept, oldIndices: keptOldIndices) {
            let id = new[move.newIndex]["id"]!
            enter(.id(id), String(matching.prefix + move.to))
            record(
                .moved(from: matching.oldIndexByID[id]!, to: move.newIndex), from: String(matching.prefix + move.from))
            leave()
        }
    }
}
