extension JSONDiff {
    /// Lists what changed at and below one path, as a list that is a valid patch on its own.
    ///
    /// Filtering the full list by path does not give a valid patch: pointers into arrays count
    /// on earlier changes to the same arrays, which the filter may drop. This instead compares
    /// the two values found at `prefix` and addresses the changes from where that value is in
    /// `old`, so the patch turns `old` into `old` with the value at `prefix` taken from `new`.
    /// (`diff --path` and `blame` want this.)
    ///
    /// When `prefix` exists only in `new`, the change is its addition: at its key, at the end of
    /// an old array for an id step, or at its index when that is the old array's end. Otherwise
    /// — `prefix` past the end of an old array, or its parent missing or of another type in
    /// `old` — the comparison moves up to the parent, so the list shows the ancestor that was
    /// added or replaced.
    ///
    /// - Parameters:
    ///   - old: The value before.
    ///   - new: The value after.
    ///   - prefix: The place to compare; ``JSONPath/root`` gives the same list as
    ///     ``changes(from:to:)``.
    /// - Returns: The changes, with paths that start with `prefix` or, after moving up, with
    ///   one of its ancestors; empty when the path holds equal values or exists on neither side.
    public static func changes(from old: JSONValue, to new: JSONValue, under prefix: JSONPath) -> [JSONChange]
    {
        switch (old.value(at: prefix), new.value(at: prefix)) {
        case (nil, nil):
            return []
        case (let oldValue?, let newValue?):
            var walker = DiffWalker(path: prefix.components, pointer: old.pointer(to: prefix)!.tokens)
            walker.diff(oldValue, newValue)
            return walker.changes
        case (let oldValue?, nil):
            return [JSONChange(path: prefix, kind: .removed(oldValue), pointer: old.pointer(to: prefix)!)]
        case (nil, let newValue?):
            // `prefix` is not the root, which always exists on both sides.
            let parent = JSONPath(prefix.components.dropLast())
            if let parentPointer = old.pointer(to: parent),
                let token = insertionToken(for: prefix.components.last!, in: old.value(at: parent)!)
            {
                return [
                    JSONChange(path: prefix, kind: .added(newValue), pointer: parentPointer.appending(token))
                ]
            }
            return changes(from: old, to: new, under: parent)
        }
    }

    /// Where a member or element missing from `container` can be added, if it can.
    private static func insertionToken(for component: JSONPath.Component, in container: JSONValue) -> String?
    {
        switch (container, component) {
        case (.object, .key(let key)): key
        case (.array(let elements), .index(let index)) where index == elements.count: String(index)
        case (.array(let elements), .id): String(elements.count)
        default: nil
        }
    }
}
