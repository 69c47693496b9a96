/// A change ``RawDiffWalker`` found, kept as where it is and which bytes its values are,
/// rather than as a ``JSONChange``.
///
/// Making a `JSONChange` (a path and a pointer of strings, parsed values) and freeing it cost
/// as much as finding it. `diff`'s text output needs neither: it writes keys, ids and values
/// from their bytes when they are already in the form it prints (``RawChangeText``). The bytes
/// of every value a raw change names have been checked to be valid JSON when it was recorded,
/// so making the `JSONChange` later (``RawChanges/jsonChanges(old:new:)``) does not fail on
/// them.
struct RawChange {
    /// What happened at the address.
    enum Kind {
        /// The value at ``RawChange/new`` was added.
        case added
        /// The value at ``RawChange/old`` was removed.
        case removed
        /// The value at ``RawChange/old`` became the one at ``RawChange/new``.
        case changed
        /// The element moved from index `from` to `to`; its pointer token before the move is
        /// `fromToken`.
        case moved(from: Int, to: Int, fromToken: Int)
        /// Changes found by ``DiffWalker`` on parsed values, where the bytes alone could not
        /// decide: these ones of ``RawChanges/parsed``.
        case parsed(Range<Int>)
    }

    var kind: Kind
    /// The steps of the change's address in ``RawChanges/steps``.
    var address: Range<Int>
    /// The old value's bytes in the old text; empty when there is none.
    var old: Range<Int>
    /// The new value's bytes in the new text; empty when there is none.
    var new: Range<Int>
}

/// The changes of one walk, in order, in flat buffers that are kept from one walk to the next:
/// recording a change copies a few words and allocates nothing once the buffers have grown,
/// as long as the caller has let go of the last walk's changes (a copy still held makes the
/// next walk copy the buffers before it clears them).
struct RawChanges {
    /// The changes, in the order ``JSONDiff`` lists them.
    private(set) var changes: [RawChange] = []
    /// The address steps of all the changes, each change's after the one before.
    private(set) var steps: [RawDiffAddress.Step] = []
    /// The changes ``DiffWalker`` found on parsed values (``RawChange/Kind/parsed(_:)``).
    private(set) var parsed: [JSONChange] = []

    /// How many changes there are, counting each one found on parsed values.
    private(set) var count = 0

    /// Forgets the changes, keeping the buffers.
    mutating func removeAll() {
        count = 0
        changes.truncate(to: 0)
        steps.truncate(to: 0)
        if !parsed.isEmpty { parsed.removeAll(keepingCapacity: true) }
    }

    /// How far the buffers are filled, to go back to (``rollBack(to:)``).
    struct Mark {
        fileprivate let changes: Int
        fileprivate let steps: Int
        fileprivate let parsed: Int
        fileprivate let count: Int
    }

    /// Where the next change will go.
    var mark: Mark {
        Mark(changes: changes.count, steps: steps.count, parsed: parsed.count, count: count)
    }

    /// Forgets the changes recorded since `mark`.
    mutating func rollBack(to mark: Mark) {
        changes.truncate(to: mark.changes)
        steps.truncate(to: mark.steps)
        parsed.removeSubrange(mark.parsed...)
        count = mark.count
    }

    /// Records a change at `address`, with the bytes of its old and new values.
    mutating func append(
        _ kind: RawChange.Kind, at address: borrowing RawDiffAddress, old: Range<Int>, new: Range<Int>
    ) {
        let first = steps.count
        steps.append(contentsOf: address.steps)
        changes.append(RawChange(kind: kind, address: first..<steps.count, old: old, new: new))
        count += 1
    }

    /// Records changes found by ``DiffWalker`` on parsed values.
    mutating func append(parsed found: [JSONChange]) {
        guard !found.isEmpty else { return }
        let first = parsed.count
        parsed += found
        changes.append(RawChange(kind: .parsed(first..<parsed.count), address: 0..<0, old: 0..<0, new: 0..<0))
        count += found.count
    }

    /// The changes as ``JSONChange``s: paths and pointers made from the addresses' bytes,
    /// values parsed from theirs.
    ///
    /// - Parameters:
    ///   - old: The text the old values and old-side keys and ids are in.
    ///   - new: The text of the new ones.
    func jsonChanges(old: RawJSON, new: RawJSON) throws(RawJSON.Malformed) -> [JSONChange] {
        var result: [JSONChange] = []
        result.reserveCapacity(changes.count)
        for change in changes {
            if case .parsed(let range) = change.kind {
                result += parsed[range]
                continue
            }
            let (path, pointer) = try RawDiffAddress.build(steps[change.address], old: old, new: new)
            let kind: JSONChange.Kind
            var fromPointer: JSONPointer?
            switch change.kind {
            case .added: kind = .added(try new.parse(change.new))
            case .removed: kind = .removed(try old.parse(change.old))
            case .changed: kind = .changed(old: try old.parse(change.old), new: try new.parse(change.new))
            case .moved(let from, let to, let fromToken):
                kind = .moved(from: from, to: to)
                var tokens = pointer
                tokens[tokens.count - 1] = RawDiffAddress.token(fromToken)
                fromPointer = JSONPointer(tokens)
            case .parsed: preconditionFailure("handled above")
            }
            result.append(
                JSONChange(path: JSONPath(path), kind: kind, pointer: JSONPointer(pointer), fromPointer: fromPointer))
        }
        return result
    }
}
