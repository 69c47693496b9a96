/// What the steps of a recording changed, computed from the bytes of the states recorded on
/// their lines (see ``RawJSONDiff``) instead of from parsed states.
///
/// The changes of step `index` are those of ``JSONDiff/changes(from:to:)`` between the states
/// ``Timeline/state(after:)`` gives for `index - 1` and `index`: the state before is the
/// header's `initialState` for the first step and the previous entry's `state` otherwise.
///
/// The step's `type` is read as ``RecordingEntry/type`` reads it. The rest of its line is
/// checked as the parser would check it, except for the state, of which only the parts that
/// differ from the state before are parsed; the parts that do not are the same bytes as in the
/// line before, which was checked in the same way (or parsed in full, when it is the first the
/// differ reads). So a line is never taken for valid that the parser would reject: for such a
/// line, and for one whose entry is malformed, the differ returns `nil` and
/// ``Recording/entry(at:)`` reports the problem.
///
/// Walking the steps in order is cheapest: what the differ learned about a line as the state
/// after one step it reuses as the state before the next.
///
/// ```swift
/// var differ = RecordedStateDiffer(recording)
/// for index in recording.steps.indices {
///     guard let step = differ.changes(at: index) else { continue }   // replay instead
///     print(step.seq, step.type, step.changes.count)
/// }
/// ```
public struct RecordedStateDiffer {
    /// The recording.
    public let recording: Recording
    private var walker: RawDiffWalker?
    /// The last new line and where its state starts.
    private var last: (line: Int, stateStart: Int)?

    /// Creates a differ for `recording`.
    ///
    /// - Parameter recording: The indexed recording.
    public init(_ recording: Recording) {
        self.recording = recording
    }

    /// The changes step `index` made, from the recorded bytes.
    ///
    /// - Parameter index: 0-based position in ``Recording/steps``.
    /// - Returns: The step's seq, type and changes; or `nil` when a state is not recorded on a
    ///   line (missing or `null`: it must be replayed) or a line is not well formed, in which
    ///   case ``Recording/entry(at:)`` and the tree diff report the problem.
    public mutating func changes(at index: Int) -> RecordedStepChanges? {
        let steps = recording.steps
        guard steps[index].hasState else { return nil }
        let oldLine: Int
        let oldKey: StaticString
        if index > 0 {
            guard steps[index - 1].hasState else { return nil }
            oldLine = Int(steps[index - 1].lineIndex)
            oldKey = "state"
        } else {
            guard let header = recording.header, header.initialState != nil else { return nil }
            oldLine = header.line - 1
            oldKey = "initialState"
        }
        do {
            return try changes(oldLine: oldLine, oldKey: oldKey, location: steps[index], index: index)
        } catch {
            last = nil
            return nil
        }
    }

    private mutating func changes(
        oldLine: Int, oldKey: StaticString, location: StepLocation, index: Int
    ) throws(RawJSON.Malformed) -> RecordedStepChanges {
        let newLine = Int(location.lineIndex)
        let oldBytes = recording.lineBytes(oldLine)
        let newBytes = recording.lineBytes(newLine)
        guard !oldBytes.isEmpty, !newBytes.isEmpty else { throw RawJSON.Malformed() }
        let depth = JSONParser.Options().maximumDepth
        let old = RawJSON(oldBytes, maximumDepth: depth)
        let new = RawJSON(newBytes, maximumDepth: depth)

        let oldState: Int
        if let last, last.line == oldLine {
            oldState = last.stateStart
        } else {
            // The first line read: parsed in full (the header was, when it was indexed), so
            // that what the new line shares with it is known to be valid.
            if index > 0 {
                do {
                    _ = try JSONParser.parse(oldBytes)
                } catch {
                    throw RawJSON.Malformed()
                }
            }
            var oldEntry = RecordedLine(old)
            guard let start = try oldEntry.member(oldKey) else { throw RawJSON.Malformed() }
            oldState = start
        }
        var newEntry = RecordedLine(new)
        guard let newState = try newEntry.member("state"),
            old[oldState] != UInt8(ascii: "n"), new[newState] != UInt8(ascii: "n")
        else { throw RawJSON.Malformed() }
        last = (newLine, newState)

        if walker == nil {
            walker = RawDiffWalker(old: old, new: new)
        } else {
            walker!.reset(old: old, new: new)
        }
        let newStateEnd: Int
        if old.bytes(oldState..<old.count, equal: newState..<new.count, in: new) {
            // The rest of the lines are the same, so the states are.
            newStateEnd = try walker!.sameTop(oldState, newState, depth: 1)
        } else {
            newStateEnd = try walker!.diffTop(oldState, newState, depth: 1).new
        }
        return RecordedStepChanges(
            seq: location.seq, type: try newEntry.type(after: newStateEnd), changes: walker!.changes)
    }
}

/// What one step changed, as ``RecordedStateDiffer`` finds it.
public struct RecordedStepChanges: Sendable, Equatable {
    /// The step's `seq`.
    public var seq: Int
    /// The action's case name, as ``RecordingEntry/type``.
    public var type: String
    /// The changes, as ``JSONDiff/changes(from:to:)`` lists them.
    public var changes: [JSONChange]
}

/// A recording line's top-level members, read one at a time: where the state starts, and
/// the other members, checked, with the `type` and `action` the step's type comes from.
private struct RecordedLine {
    let text: RawJSON
    /// The first `type` member's value, once seen.
    private var type: Range<Int>?
    /// The first `action` member's value, once seen.
    private var action: Range<Int>?
    private var offset = 0

    init(_ text: RawJSON) {
        self.text = text
    }

    /// Moves to the first member named `name` and returns where its value starts, parsing the
    /// members before it.
    mutating func member(_ name: StaticString) throws(RawJSON.Malformed) -> Int? {
        offset = text.skipSpace(0)
        guard offset < text.count, text[offset] == UInt8(ascii: "{") else { throw RawJSON.Malformed() }
        guard case .more(let first) = try text.firstItem(ofContainerAt: offset, closer: UInt8(ascii: "}")) else {
            return nil
        }
        offset = first
        while true {
            var member = try text.memberKey(at: offset)
            if try text.key(of: member, is: name) { return member.valueStart }
            try readValue(of: &member)
            guard try next(after: member.valueEnd) else { return nil }
        }
    }

    /// Parses the members after the value that ends at `valueEnd`, and returns the step's type
    /// as ``RecordingLineReader`` reads it.
    mutating func type(after valueEnd: Int) throws(RawJSON.Malformed) -> String {
        if try next(after: valueEnd) {
            while true {
                var member = try text.memberKey(at: offset)
                try readValue(of: &member)
                guard try next(after: member.valueEnd) else { break }
            }
        }
        guard let action else { throw RawJSON.Malformed() }
        if let type {
            guard case .string(let name) = try text.parse(type) else { throw RawJSON.Malformed() }
            return name
        }
        switch try text.parse(action) {
        case .object(let object) where object.count == 1: return object[0].key
        case .string(let name): return name
        default: return "action"
        }
    }

    /// Finds the end of the value of `member`, whose key has been read, and checks the member,
    /// keeping it when it is the first `type` or `action`.
    ///
    /// The value is checked while its end is found; only a value that check cannot vouch for
    /// is skimmed and parsed, as ``read(_:)`` does.
    private mutating func readValue(of member: inout RawJSON.Member) throws(RawJSON.Malformed) {
        if let end = text.certainlyValidEnd(from: member.valueStart, before: text.count, depth: 1) {
            member.valueEnd = end
            try readKey(member)
        } else {
            member.valueEnd = try text.valueEnd(from: member.valueStart, depth: 1)
            try read(member)
        }
    }

    /// Checks `member`, keeping it when it is the first `type` or `action`.
    private mutating func read(_ member: RawJSON.Member) throws(RawJSON.Malformed) {
        if !text.isCertainlyValid(member.value, depth: 1) { _ = try text.parse(member.value) }
        try readKey(member)
    }

    /// Checks the key of `member`, whose value is valid, keeping the member when it is the
    /// first `type` or `action`.
    private mutating func readKey(_ member: RawJSON.Member) throws(RawJSON.Malformed) {
        if !member.plainKey { _ = try text.key(member) }
        if type == nil, try text.key(of: member, is: "type") {
            type = member.value
        } else if action == nil, try text.key(of: member, is: "action") {
            action = member.value
        }
    }

    /// Moves past the `,` after a member's value and returns `true`, or past the final `}`
    /// and returns `false`; only white space may follow it.
    private mutating func next(after valueEnd: Int) throws(RawJSON.Malformed) -> Bool {
        switch try text.followingItem(valueEnd, closer: UInt8(ascii: "}")) {
        case .more(let next):
            offset = next
            return true
        case .closed(let end):
            guard text.skipSpace(end) == text.count else { throw RawJSON.Malformed() }
            return false
        }
    }
}
