/// Walks two JSON texts together the way ``DiffWalker`` walks two trees, skipping byte-equal
/// values and parsing only what it reports.
///
/// Members and elements found while skimming wait on stacks shared by all levels: each level
/// appends its own and removes them when it is done. A walker can be reused for another pair
/// of texts (``reset(old:new:)``), keeping its stacks' memory. The stacks are ``RawStack``s,
/// which the walker owns alone, so that it cannot be copied either: a walk changes them at
/// every level, and arrays would check they are unique, retain and release them each time.
///
/// The new side is skimmed as little as possible: members or elements that lie wholly in the
/// bytes two containers start with are taken from the old side, and after the first
/// difference each old member or element is tried against the new bytes (``RawJSON/Guide``)
/// before the new one is skimmed. The containers skimmed in the new text are kept
/// (``RawSkimCache``) for the next walk, whose old text this walk's new one is when steps are
/// diffed in order.
///
/// The address of the current place is kept raw (``RawDiffAddress``) and made into a path and
/// a pointer only for a change recorded there, as ``DiffWalker`` would have them.
struct RawDiffWalker: ~Copyable {
    typealias Malformed = RawJSON.Malformed

    private(set) var old: RawJSON
    private(set) var new: RawJSON
    /// The changes found, as addresses and value bytes (see ``RawChange``).
    var changes = RawChanges()
    var address = RawDiffAddress()
    var oldMembers = RawStack<RawJSON.Member>(capacity: 64)
    var newMembers = RawStack<RawJSON.Member>(capacity: 64)
    var oldElements = RawStack<Range<Int>>(capacity: 64)
    var newElements = RawStack<Range<Int>>(capacity: 64)
    /// For each new element the skim took from an old one, that one's index among the old
    /// elements it was guided by; -1 for each it skimmed (see
    /// ``RawJSON/elements(ofArrayAt:resumingAt:depth:into:guide:sources:)``), a stack like the
    /// elements'.
    var sources = RawStack<Int>(capacity: 64)
    /// The ids of id-matched arrays' elements, a stack like the elements'.
    var oldIDs = RawStack<Range<Int>>()
    var newIDs = RawStack<Range<Int>>()
    /// The matches of id-matched arrays (see ``RawIDs/match(_:in:_:in:into:)``), a stack like
    /// the elements'.
    var matches = RawStack<Int?>()
    /// The new index of each element an id-matched array kept, in old order, a stack like the
    /// elements'.
    var kept = RawStack<Int>()
    /// The containers skimmed in the last walk's new text, which may be this walk's old one.
    var previousSkims = RawSkimCache()
    /// The containers skimmed in this walk's new text.
    var skims = RawSkimCache()
    init(old: RawJSON, new: RawJSON) {
        self.old = old
        self.new = new
        skims.reset(for: new.base)
    }

    /// Prepares for comparing another pair of texts, keeping the stacks' memory and the
    /// containers skimmed in the last new text.
    mutating func reset(old: RawJSON, new: RawJSON) {
        self.old = old
        self.new = new
        // The buffers are swapped, not copied, to keep both ones' memory.
        swap(&previousSkims, &skims)
        if previousSkims.text != old.base { previousSkims.reset(for: nil) }
        skims.reset(for: new.base)
        changes.removeAll()
        // A walk that stopped at a malformed value may have left its address behind.
        // (Usually all empty already, which `truncate` finds at once.)
        address.removeAll()
        oldMembers.truncate(to: 0)
        newMembers.truncate(to: 0)
        oldElements.truncate(to: 0)
        newElements.truncate(to: 0)
        sources.truncate(to: 0)
        oldIDs.truncate(to: 0)
        newIDs.truncate(to: 0)
        matches.truncate(to: 0)
        kept.truncate(to: 0)
    }

    /// Compares the values that start at `oldStart` and `newStart` inside `depth` containers,
    /// whose ends the walk finds, and returns those ends. Changes are addressed from these
    /// values.
    mutating func diffTop(_ oldStart: Int, _ newStart: Int, depth: Int = 0) throws(Malformed) -> (
        old: Int, new: Int
    ) {
        switch (old[oldStart], new[newStart]) {
        case (UInt8(ascii: "{"), UInt8(ascii: "{")):
            return try diffObjects(oldStart, newStart, depth: depth)
        case (UInt8(ascii: "["), UInt8(ascii: "[")):
            return try diffArrays(oldStart, newStart, depth: depth)
        default:
            let oldEnd = try old.valueEnd(from: oldStart, depth: depth)
            let newEnd = try new.valueEnd(from: newStart, depth: depth)
            try diffOthers(oldStart..<oldEnd, newStart..<newEnd)
            return (oldEnd, newEnd)
        }
    }

    /// Records that the new text's top-level object, at `newStart`, has the same bytes as the
    /// old text's at `oldStart`, and returns its end, skimming it only when the old text's
    /// members are not known; they are kept, moved, for the new text, with every container
    /// inside it the old text's walk kept (that walk began at this object, so it kept no other).
    mutating func sameTop(_ oldStart: Int, _ newStart: Int, depth: Int) throws(Malformed) -> Int {
        guard let top = previousSkims.object(at: oldStart, in: old) else {
            return try new.valueEnd(from: newStart, depth: depth)
        }
        let shift = newStart - oldStart
        skims.keep(allOf: previousSkims, shiftedBy: shift)
        return top.end + shift
    }

    /// Compares two values inside `depth` containers.
    mutating func diff(_ oldRange: Range<Int>, _ newRange: Range<Int>, depth: Int) throws(Malformed) {
        // The cheap early exit that keeps unchanged parts of a large state nearly free.
        guard !old.bytes(oldRange, equal: newRange, in: new) else { return }
        switch (old[oldRange.lowerBound], new[newRange.lowerBound]) {
        case (UInt8(ascii: "{"), UInt8(ascii: "{")):
            _ = try diffObjects(oldRange.lowerBound, newRange.lowerBound, depth: depth)
        case (UInt8(ascii: "["), UInt8(ascii: "[")):
            _ = try diffArrays(oldRange.lowerBound, newRange.lowerBound, depth: depth)
        default:
            try diffOthers(oldRange, newRange)
        }
    }

    /// Scalars, or values of different types: one change unless the values are equal.
    private mutating func diffOthers(_ oldRange: Range<Int>, _ newRange: Range<Int>) throws(Malformed) {
        // Plain scalars (numbers, literals, strings of printable ASCII without escapes) are
        // equal exactly when their bytes are: a number is compared by its text, as written.
        if old.isPlainScalarText(oldRange) && new.isPlainScalarText(newRange) {
            if !old.bytes(oldRange, equal: newRange, in: new) { recordChange(old: oldRange, new: newRange) }
            return
        }
        let oldValue = try old.parse(oldRange)
        let newValue = try new.parse(newRange)
        if oldValue != newValue { recordChange(old: oldRange, new: newRange) }
    }

    /// Parses both values and lets ``DiffWalker`` compare them, at the current address.
    mutating func diffParsed(_ oldRange: Range<Int>, _ newRange: Range<Int>) throws(Malformed) {
        let oldValue = try old.parse(oldRange)
        let newValue = try new.parse(newRange)
        let (path, pointer) = try address.build(old: old, new: new)
        var walker = DiffWalker(path: path, pointer: pointer)
        walker.diff(oldValue, newValue)
        changes.append(parsed: walker.changes)
    }

    /// Goes one step down the address.
    @inline(__always)
    mutating func enter(_ step: RawDiffAddress.Step) {
        address.push(step)
    }

    /// Goes back up the step `enter` went down.
    @inline(__always)
    mutating func leave() {
        address.pop()
    }

    /// Records that the value in `range` of the new text was added at the current address,
    /// once it is known to be valid JSON.
    mutating func recordAddition(_ range: Range<Int>) throws(Malformed) {
        try new.checkValue(range)
        changes.append(.added, at: address, old: 0..<0, new: range)
    }

    /// Records that the value in `range` of the old text was removed at the current address,
    /// once it is known to be valid JSON.
    mutating func recordRemoval(_ range: Range<Int>) throws(Malformed) {
        try old.checkValue(range)
        changes.append(.removed, at: address, old: range, new: 0..<0)
    }

    /// Records that the value at the current address changed, between values already checked.
    mutating func recordChange(old oldRange: Range<Int>, new newRange: Range<Int>) {
        changes.append(.changed, at: address, old: oldRange, new: newRange)
    }

    /// Records that the element at the current address moved, as ``DiffWalker`` does: its
    /// pointer token before the move, `fromToken`, replaces the address's last one.
    mutating func recordMove(from: Int, to: Int, fromToken: Int) {
        changes.append(.moved(from: from, to: to, fromToken: fromToken), at: address, old: 0..<0, new: 0..<0)
    }
}
