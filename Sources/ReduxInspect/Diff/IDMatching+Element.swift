import Redux

extension IDMatching {
    /// Whether the diff of these arrays moves the element with `id`: whether it is kept and
    /// ``MovePlan`` does not let it stay, as when ``DiffWalker`` diffs the whole arrays. An
    /// element of the common prefix or suffix never moves.
    ///
    /// - Parameters:
    ///   - id: The element's id.
    ///   - old: The old array these matchings were made from.
    func moves(_ id: JSONValue, in old: [JSONValue]) -> Bool {
        guard let elementOldIndex = oldIndexByID[id], newIndexByID[id] != nil else { return false }
        var kept: [Int] = []
        var oldIndices: [Int] = []
        var position = 0
        for oldIndex in prefix..<old.count - suffix {
            guard let newIndex = newIndexByID[old[oldIndex]["id"]!] else { continue }
            if oldIndex == elementOldIndex { position = kept.count }
            kept.append(newIndex)
            oldIndices.append(oldIndex)
        }
        return !MovePlan.stayers(kept, oldIndices: oldIndices)[position]
    }

    /// The old index of the nearest element before new index `newIndex` that the old array has
    /// too, or `nil` when there is none: an element put just after it in the old array follows
    /// the same element as in the new one (as ``MovePlan`` puts the elements it moves).
    ///
    /// - Parameters:
    ///   - newIndex: An index of the new array.
    ///   - new: The new array these matchings were made from.
    ///   - oldCount: How many elements the old array has.
    func oldIndexOfPredecessor(of newIndex: Int, in new: [JSONValue], oldCount: Int) -> Int? {
        for index in stride(from: newIndex - 1, through: 0, by: -1) {
            if index < prefix { return index }
            if index >= new.count - suffix { return index - new.count + oldCount }
            if let oldIndex = oldIndexByID[new[index]["id"]!] { return oldIndex }
        }
        return nil
    }
}
