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
/// as long as the caller has let go of the last walk's changes (a copy still held keeps the
/// buffers, and the next walk makes new ones).
///
/// The buffers are ``RawStack``s in one object that copies share, rather than arrays: an
/// array checks that it is unique, and may retain and release its buffer, on every append,
/// and clearing one removes its elements one at a time; here a change checks once that the
/// object is unique, and handing the changes out retains one object, not three.
struct RawChanges {
    /// The buffers, shared by copies; copied (or replaced, to clear them) before one changes
    /// them while another holds them too.
    private var buffers = Buffers()

    /// How many changes there are, counting each one found on parsed values.
    private(set) var count = 0

    /// The changes, in the order ``JSONDiff`` lists them.
    var changes: Changes { Changes(buffers: buffers) }

    /// The changes ``DiffWalker`` found on parsed values (``RawChange/Kind/parsed(_:)``).
    var parsed: [JSONChange] { buffers.parsed }

    /// The steps of the address of `change`, one of ``changes``, outermost first.
    func steps(of change: RawChange) -> Steps {
        Steps(buffers: buffers, range: change.address)
    }

    /// Forgets the changes, keeping the buffers unless a copy holds them.
    mutating func removeAll() {
        count = 0
        guard isKnownUniquelyReferenced(&buffers) else {
            buffers = Buffers()
            return
        }
        buffers.changes.truncate(to: 0)
        buffers.steps.truncate(to: 0)
        if !buffers.parsed.isEmpty { buffers.parsed.removeAll(keepingCapacity: true) }
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
        Mark(changes: buffers.changes.count, steps: buffers.steps.count, parsed: buffers.parsed.count, count: count)
    }

    /// Forgets the changes recorded since `mark`.
    mutating func rollBack(to mark: Mark) {
        makeUnique()
        buffers.changes.truncate(to: mark.changes)
        buffers.steps.truncate(to: mark.steps)
        buffers.parsed.removeSubrange(mark.parsed...)
        count = mark.count
    }

    /// Records a change at `address`, with the bytes of its old and new values.
    mutating func append(
        _ kind: RawChange.Kind, at address: borrowing RawDiffAddress, old: Range<Int>, new: Range<Int>
    ) {
        makeUnique()
        let first = buffers.steps.count
        buffers.steps.append(contentsOf: address.steps)
        buffers.changes.append(RawChange(kind: kind, address: first..<buffers.steps.count, old: old, new: new))
        count += 1
    }

    /// Records changes found by ``DiffWalker`` on parsed values.
    mutating func append(parsed found: [JSONChange]) {
        guard !found.isEmpty else { return }
        makeUnique()
        let first = buffers.parsed.count
        buffers.parsed += found
        buffers.changes.append(
            RawChange(kind: .parsed(first..<buffers.parsed.count), address: 0..<0, old: 0..<0, new: 0..<0))
        count += found.count
    }

    /// Gives this value buffers of its own before it changes them.
    @inline(__always)
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&buffers) { buffers = buffers.copy() }
    }

    /// The buffers of ``RawChanges``.
    ///
    /// Their accesses are not checked at run time: a `RawChanges` changes them only when it
    /// holds the only reference, and reads them one access at a time.
    final class Buffers {
        @exclusivity(unchecked) var changes = RawStack<RawChange>(capacity: 16)
        @exclusivity(unchecked) var steps = RawStack<RawDiffAddress.Step>(capacity: 64)
        @exclusivity(unchecked) var parsed: [JSONChange] = []

        init() {}

        /// A copy, for a value that changes buffers another value holds too.
        func copy() -> Buffers {
            let copy = Buffers()
            copy.changes.append(contentsOf: changes.buffer(from: 0))
            copy.steps.append(contentsOf: steps.buffer(from: 0))
            copy.parsed = parsed
            return copy
        }
    }

    /// The changes of a ``RawChanges``, which keeps its buffers alive.
    struct Changes: RandomAccessCollection {
        let buffers: Buffers
        var startIndex: Int { 0 }
        var endIndex: Int { buffers.changes.count }
        subscript(position: Int) -> RawChange { buffers.changes[position] }
    }

    /// The steps of one change's address, which keep the buffers alive.
    struct Steps: RandomAccessCollection {
        let buffers: Buffers
        let range: Range<Int>
        var startIndex: Int { range.lowerBound }
        var endIndex: Int { range.upperBound }
        subscript(position: Int) -> RawDiffAddress.Step {
            precondition(range.contains(position), "index out of range")
            return buffers.steps[position]
        }
    }

    /// The changes as ``JSONChange``s: paths and pointers made from the addresses' bytes,
    /// values parsed from theirs.
    ///
    /// - Parameters:
    ///   - old: The text the old values and old-side keys and ids are in.
    ///   - new: The text of the new ones.
    func jsonChanges(old: RawJSON, new: RawJSON) throws(RawJSON.Malformed) -> [JSONChange] {
        var result: [JSONChange] = []
        result.reserveCapacity(buffers.changes.count)
        for change in changes {
            if case .parsed(let range) = change.kind {
                result += buffers.parsed[range]
                continue
            }
            let (path, pointer) = try RawDiffAddress.build(steps(of: change), old: old, new: new)
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
