extension JSONDiff {
    /// Lists what changed at and below one path, as a list that is a valid patch on its own.
    ///
    /// Filtering the full list by path does not give a valid patch: pointers into arrays count
    /// on earlier changes to the same arrays, which the filter may drop. This instead compares
    /// the two values found at `prefix` and addresses the changes from where that value is in
    /// `old`, so the patch turns `old` into `old` with the value at `prefix` taken from `new`.
    /// (`diff --path` and `blame` want this.)
    ///
    /// When `prefix` ends in an id step and the full diff moves that element, the list starts
    /// with the move, as the full list has it (`from` and `to` its indices in the two arrays);
    /// in the patch it goes just after the element it follows in `new` that `old` has too (or
    /// to the start), which is where ``MovePlan`` puts it, and the changes inside it follow at
    /// its new place. Moves of its ancestors are not at or under `prefix`, so not listed.
    ///
    /// When `prefix` exists only in `old`, the change is its removal, unless it is an array
    /// position that other elements follow: removing it would move the next one there, so
    /// with `asPatch` the list removes the elements from the last down to it when `new` has
    /// a shorter array, and otherwise (its array gone or replaced) the comparison moves up to
    /// the parent, as for an addition below.
    ///
    /// When `prefix` exists only in `new`, the change is its addition: at its key; for an id
    /// step, just after the element it follows in `new` that `old` has too (or at the start)
    /// when the arrays are matched by id, else at the end of the old array; or at its index
    /// when that is the old array's end. Otherwise — `prefix` past the end of an old array, or
    /// its parent missing or of another type in `old` — a patch cannot add it on its own: with
    /// `asPatch`, the comparison moves up to the parent, so the list shows the ancestor that
    /// was added or replaced; without, the change is still the addition of the value at
    /// `prefix`, as a value that goes with its ancestor is listed as removed at `prefix` (what
    /// `diff --path` prints as text and JSON), its pointer where the value is in `new`.
    ///
    /// - Parameters:
    ///   - old: The value before.
    ///   - new: The value after.
    ///   - prefix: The place to compare; ``JSONPath/root`` gives the same list as
    ///     ``changes(from:to:)``.
    ///   - asPatch: Whether the list must be a patch that applies to `old` (the default);
    ///     when `false`, every change is at or under `prefix`.
    /// - Returns: The changes, with paths that start with `prefix` or, after moving up, with
    ///   one of its ancestors; empty when the path holds equal values or exists on neither side.
    public static func changes(
        from old: JSONValue, to new: JSONValue, under prefix: JSONPath, asPatch: Bool = true
    ) -> [JSONChange] {
        switch (old.value(at: prefix), new.value(at: prefix)) {
        case (nil, nil):
            return []
        case (let oldValue?, let newValue?):
            var walker = DiffWalker(path: prefix.components, pointer: old.pointer(to: prefix)!.tokens)
            if let move = move(of: prefix, from: old, to: new) {
                // The changes inside the element are at the place the move puts it.
                walker.changes.append(move)
                walker.pointer = move.pointer.tokens
            }
            walker.diff(oldValue, newValue)
            return walker.changes
        case (let oldValue?, nil):
            // Removing an element that others follow moves the next one to its index, where
            // `new` has nothing. A patch removes the elements from the last down to it when
            // the array is shorter in `new`, and removes or replaces the array when it is
            // gone or no longer an array, as it adds one.
            let parent = JSONPath(prefix.components.dropLast())
            if asPatch, case .index(let index) = prefix.components.last,
                case .array(let elements) = old.value(at: parent), index + 1 < elements.count
            {
                guard case .array = new.value(at: parent), let parentPointer = old.pointer(to: parent) else {
                    return changes(from: old, to: new, under: parent)
                }
                return (index..<elements.count).reversed().map { position in
                    JSONChange(
                        path: parent.appending(.index(position)), kind: .removed(elements[position]),
                        pointer: parentPointer.appending(String(position)))
                }
            }
            return [JSONChange(path: prefix, kind: .removed(oldValue), pointer: old.pointer(to: prefix)!)]
        case (nil, let newValue?):
            // `prefix` is not the root, which always exists on both sides.
            let parent = JSONPath(prefix.components.dropLast())
            if let parentPointer = old.pointer(to: parent),
                let token = insertionToken(
                    for: prefix.components.last!, in: old.value(at: parent)!, new: new.value(at: parent)!)
            {
                return [
                    JSONChange(path: prefix, kind: .added(newValue), pointer: parentPointer.appending(token))
                ]
            }
            if !asPatch, let pointer = new.pointer(to: prefix) {
                return [JSONChange(path: prefix, kind: .added(newValue), pointer: pointer)]
            }
            return changes(from: old, to: new, under: parent)
        }
    }

    /// Where a member or element missing from `container` can be added, if it can; `new` is
    /// the container in the new value, which holds it.
    private static func insertionToken(
        for component: JSONPath.Component, in container: JSONValue, new: JSONValue
    ) -> String? {
        switch (container, component) {
        case (.object, .key(let key)):
            // As the new value writes it, which may be another Unicode normal form of `key`.
            return new.objectValue?.member(named: key)?.key ?? key
        case (.array(let elements), .index(let index)) where index == elements.count:
            return String(index)
        case (.array(let elements), .id(let id)):
            // Where the full patch adds it, as far as the old array allows: after the element
            // it follows in `new`, rather than at the end, which would misplace it.
            guard case .array(let newElements) = new, let matching = IDMatching(old: elements, new: newElements),
                let newIndex = matching.newIndexByID[id]
            else { return String(elements.count) }
            let predecessor = matching.oldIndexOfPredecessor(
                of: newIndex, in: newElements, oldCount: elements.count)
            return String(predecessor.map { $0 + 1 } ?? 0)
        default:
            return nil
        }
    }

    /// The move of the element `prefix` ends at, when `prefix` ends in an id step and the full
    /// diff of the arrays around it moves that element; `nil` otherwise.
    ///
    /// Its pointers are valid in `old`: it is taken from its place there and put just after
    /// the element it follows in `new` that `old` has too, or at the start.
    private static func move(of prefix: JSONPath, from old: JSONValue, to new: JSONValue) -> JSONChange? {
        guard case .id(let id) = prefix.components.last else { return nil }
        let parent = JSONPath(prefix.components.dropLast())
        guard case .array(let oldElements) = old.value(at: parent),
            case .array(let newElements) = new.value(at: parent),
            let matching = IDMatching(old: oldElements, new: newElements), matching.moves(id, in: oldElements),
            let parentPointer = old.pointer(to: parent)
        else { return nil }
        let from = matching.oldIndexByID[id]!
        let to = matching.newIndexByID[id]!
        // The destination counts positions once the element has been taken out.
        let destination =
            matching.oldIndexOfPredecessor(of: to, in: newElements, oldCount: oldElements.count)
            .map { $0 < from ? $0 + 1 : $0 } ?? 0
        return JSONChange(
            path: prefix, kind: .moved(from: from, to: to), pointer: parentPointer.appending(String(destination)),
            fromPointer: parentPointer.appending(String(from)))
    }
}
