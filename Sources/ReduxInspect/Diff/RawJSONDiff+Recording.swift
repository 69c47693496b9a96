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
/// line before, which was checked in the same way (or checked in full, when it is the first the
/// differ reads: without a tree where that settles it, else by the parser). So a line is never
/// taken for valid that the parser would reject: for such a line, and for one whose entry is
/// malformed, the differ returns `nil` and ``Recording/entry(at:)`` reports the problem.
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
    /// The walker, kept for the next step; shared by copies of the differ until one of them
    /// walks, which then makes its own.
    private var walker: RawDiffWalkerBox?
    /// The last new line and where its state starts.
    private var last: (line: Int, stateStart: Int)?
    /// The types of the last steps, which the next step likely shares.
    private var recentTypes = RecentStepTypes()

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
        guard let step = rawChanges(at: index), let changes = try? step.jsonChanges() else {
            last = nil
            return nil
        }
        return RecordedStepChanges(seq: step.seq, type: step.type, changes: changes)
    }

    /// The changes step `index` made, as ``changes(at:)`` finds them, kept as where they are
    /// and which bytes of the lines their values are: what `diff`'s text is written from,
    /// without making ``JSONChange``s, which costs as much as finding the changes.
    ///
    /// - Parameter index: 0-based position in ``Recording/steps``.
    /// - Returns: `nil` where ``changes(at:)`` returns `nil`.
    public mutating func rawChanges(at index: Int) -> RecordedRawStepChanges? {
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
    ) throws(RawJSON.Malformed) -> RecordedRawStepChanges {
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
            // The first line read: checked in full (the header was parsed when it was
            // indexed), so that what the new line shares with it is known to be valid. The
            // check without a tree usually settles it; the parser decides the rest.
            if index > 0 && !old.isCertainlyValidText {
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
        var newEntry = RecordedLine(new, checked: location)
        guard let newState = try newEntry.member("state"),
            old[oldState] != UInt8(ascii: "n"), new[newState] != UInt8(ascii: "n")
        else { throw RawJSON.Malformed() }
        last = (newLine, newState)

        if walker != nil && isKnownUniquelyReferenced(&walker!) {
            walker!.walker.reset(old: old, new: new)
        } else {
            walker = RawDiffWalkerBox(RawDiffWalker(old: old, new: new))
        }
        let box = walker!
        let newStateEnd: Int
        if old.bytes(oldState..<old.count, equal: newState..<new.count, in: new) {
            // The rest of the lines are the same, so the states are.
            newStateEnd = try box.walker.sameTop(oldState, newState, depth: 1)
        } else {
            newStateEnd = try box.walker.diffTop(oldState, newState, depth: 1).new
        }
        let type = try newEntry.type(after: newStateEnd, recent: &recentTypes)
        return RecordedRawStepChanges(
            owner: .recording(recording), seq: location.seq, type: type, changes: box.walker.changes, old: old, new: new)
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

/// What one step changed, as ``RecordedStateDiffer/rawChanges(at:)`` finds it: the changes
/// kept as addresses and value bytes in the two lines, which stay mapped as long as the
/// recording, which this holds. Every value's bytes have been checked to be valid JSON.
public struct RecordedRawStepChanges {
    /// What keeps the bytes ``old`` and ``new`` point into alive as long as this is.
    let owner: RawTextOwner
    /// The step's `seq`.
    public var seq: Int
    /// The action's case name, as ``RecordingEntry/type``.
    public var type: String
    /// The changes.
    var changes: RawChanges
    /// The line of the state before, which the old values and keys are in.
    var old: RawJSON
    /// The step's line, which the new values and keys are in.
    var new: RawJSON

    /// How many changes the step made.
    public var count: Int { changes.count }

    /// The changes as ``JSONChange``s, as ``RecordedStateDiffer/changes(at:)`` has them.
    func jsonChanges() throws(RawJSON.Malformed) -> [JSONChange] {
        try changes.jsonChanges(old: old, new: new)
    }
}
