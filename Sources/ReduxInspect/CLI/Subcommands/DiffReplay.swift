import Foundation

/// The steps `diff` diffs from replayed (or parsed) states: those whose state before or after
/// is not recorded, and every step under `--path`.
///
/// Keeps the last state it computed, so that a run of such steps replays or parses each state
/// once. Without `--path`, a step is diffed from the states' text (``StateTextDiffer``): a
/// replayed state is encoded straight to the text the recorder would write, and what the step
/// left alone is compared by its bytes. Under `--path`, the values at the path are read from
/// two recorded states' text where they can be (``outputUnderPrefix(at:_:)``); elsewhere, and
/// where the text cannot settle it, the step is diffed from parsed values (``JSONDiff``).
struct DiffReplay {
    /// Where the states come from.
    let timeline: Timeline
    /// Only changes at or under this path, when given.
    let prefix: JSONPath?
    /// The state after the last step diffed here, while the next step is the one after it.
    private var before: State?
    /// Diffs the states' text.
    private var differ = StateTextDiffer()
    /// Steps made ahead on every core, when there is more than one.
    private var ahead: DiffAhead
    /// One past the last step to diff: steps are made ahead up to it, not past it.
    private let end: Int
    /// The value at the prefix after the last step diffed by ``outputUnderPrefix(at:_:)``, or
    /// `nil` in `value` when the state has none there: the next step's value before.
    private var lastUnderPrefix: (index: Int, value: JSONValue?)?
    /// The prefix's JSON Pointer tokens, when the prefix is made of keys and indices only: a
    /// prefix that selects an element by id is diffed from the trees, which find its move.
    private let prefixPointer: [String]?
    /// Whether a state diffed so far has a value at the prefix: when none has, a mistyped
    /// path would otherwise print nothing at all, as if nothing had changed there.
    private(set) var prefixSeen = false
    /// The values at the prefix of a run of recorded states, read from their text ahead on
    /// every core (``readRecordedValues(from:)``): the first step's index, and each value,
    /// `nil` where the text cannot say.
    private var recordedValues: (first: Int, values: [JSONValue??]) = (0, [])

    /// A state, as the way it was diffed needs it.
    private enum State {
        /// Its text, and its tree when the step after which it is the state needed one: the
        /// next step, if it needs one too, need not parse it again.
        case text(StateText, tree: JSONValue?)
        case value(JSONValue)
    }

    /// Creates a replay over `timeline`, keeping only changes under `prefix`, that makes steps
    /// ahead on `cores` cores when there is more than one, up to `end` (one past the last step
    /// to diff; the last step of the timeline when `nil`).
    init(
        timeline: Timeline, prefix: JSONPath?, cores: Int = ProcessInfo.processInfo.activeProcessorCount,
        end: Int? = nil
    ) {
        self.timeline = timeline
        self.prefix = prefix
        prefixPointer = prefix?.pointer?.tokens
        ahead = DiffAhead(cores: cores, prefix: prefix)
        self.end = min(end ?? timeline.count, timeline.count)
    }

    /// Forgets the last state: the steps after it were diffed elsewhere.
    mutating func forgetState() {
        before = nil
    }

    /// The output for step `index`, as UTF-8, diffed from the states before and after it.
    ///
    /// - Parameters:
    ///   - index: 0-based position in the recording's steps.
    ///   - text: How to print the step.
    /// - Throws: `InspectorError` when the step's line or a state cannot be read or replayed.
    mutating func output(at index: Int, _ text: DiffStepText) throws(InspectorError) -> [UInt8] {
        guard prefix == nil else {
            if let output = outputAhead(at: index, text) { return output }
            return try outputFromValues(at: index, text)
        }
        if let output = ahead.output(at: index), let after = ahead.text(after: index) {
            before = .text(after, tree: nil)
            return output
        }
        let old: StateText
        var oldTree: JSONValue?
        switch before {
        case .text(let state, let tree): (old, oldTree) = (state, tree)
        case .value, nil: old = try timeline.comparedStateText(before: index)
        }
        if ahead.cores > 1, ahead.text(after: index) == nil, !timeline.hasRecordedState(at: index) {
            ahead.prepare(from: index, upTo: end, before: old, timeline: timeline, text)
            if let output = ahead.output(at: index), let after = ahead.text(after: index) {
                before = .text(after, tree: nil)
                return output
            }
        }
        let entry = try timeline.entry(at: index)
        let after: StateText
        if let made = ahead.text(after: index) { after = made } else { after = try timeline.comparedStateText(after: index) }
        before = .text(after, tree: nil)
        if let output = Self.output(from: old, to: after, seq: entry.seq, type: entry.type, text, differ: &differ) {
            return output
        }
        if oldTree == nil {
            oldTree = try Self.value(of: old, orElse: { () throws(InspectorError) in try timeline.comparedState(before: index) })
        }
        let afterTree = try Self.value(of: after, orElse: { () throws(InspectorError) in try timeline.comparedState(after: index) })
        // A recording whose states hold placeholders takes this way at every step: the tree
        // made here is the next step's before.
        before = .text(after, tree: afterTree)
        return Self.output(from: oldTree!, to: afterTree, seq: entry.seq, type: entry.type, under: nil, text)
    }

    /// The step's output from the states' texts, or `nil` when the values' view must make it:
    /// the bytes cannot settle the diff.
    static func output(
        from old: StateText, to new: StateText, seq: Int, type: String, _ text: DiffStepText,
        differ: inout StateTextDiffer
    ) -> [UInt8]? {
        guard let step = differ.rawChanges(from: old, to: new, seq: seq, type: type) else { return nil }
        var output: [UInt8] = []
        return (try? text.write(step, to: &output)) != nil ? output : nil
    }

    /// The output of a step under the prefix whose state is replayed, made ahead with the
    /// steps after it (``DiffAhead``) on more than one core; `nil` when it must be made here.
    private mutating func outputAhead(at index: Int, _ text: DiffStepText) -> [UInt8]? {
        guard ahead.cores > 1, !timeline.hasRecordedState(at: index) else { return nil }
        if !ahead.covers(index) {
            ahead.prepare(from: index, upTo: end, before: nil, timeline: timeline, text)
            if ahead.prefixSeen { prefixSeen = true }
        }
        guard let output = ahead.output(at: index) else { return nil }
        // The next step made here finds its state before anew.
        before = nil
        return output
    }

    /// The step's output from parsed or replayed values.
    private mutating func outputFromValues(at index: Int, _ text: DiffStepText) throws(InspectorError) -> [UInt8] {
        if let output = try outputUnderPrefix(at: index, text) {
            // The next step finds its state before anew: this one made no tree.
            before = nil
            return output
        }
        let old: JSONValue
        switch before {
        case .value(let state): old = state
        case .text(_, let tree?):
            old = tree
        case .text(let state, nil):
            old = try Self.value(of: state, orElse: { () throws(InspectorError) in try timeline.comparedState(before: index) })
        case nil: old = try timeline.comparedState(before: index)
        }
        let entry = try timeline.recording.readListedAction(at: index)
        let after = try timeline.comparedState(after: index)
        if !prefixSeen, let prefix, old.value(at: prefix) != nil || after.value(at: prefix) != nil { prefixSeen = true }
        before = .value(after)
        return Self.output(from: old, to: after, seq: entry.seq, type: entry.type, under: prefix, text)
    }

    /// The output of a step whose value at the prefix is there before and after it (or neither
    /// before nor after it), read from
    /// the two states' text without parsing either (``Recording/stateText(at:)``,
    /// ``StateText/value(at:)``; a replayed state encoded only along the prefix) and diffed as
    /// ``JSONDiff/changes(from:to:under:)`` diffs it; `nil` when the value is missing on a side
    /// (the trees then say where it went or came from), a state is compared with the replay's
    /// values in place of its placeholders (``Timeline/comparedState(after:)``), or the prefix
    /// selects an element by id (whose move is a change too, found in the trees).
    ///
    /// Parsing both whole states of every step made `diff --path` thirty times as slow as
    /// `diff`, though most steps leave a given path alone.
    private mutating func outputUnderPrefix(at index: Int, _ text: DiffStepText) throws(InspectorError) -> [UInt8]? {
        guard let prefix, let pointer = prefixPointer, index > 0 else { return nil }
        func value(at step: Int) -> JSONValue?? {
            if let last = lastUnderPrefix, last.index == step { return last.value }
            // A replayed state, encoded only along the prefix: a member elsewhere that JSON
            // cannot hold (NaN) is no error here.
            if !timeline.recording.steps[step].hasState, !timeline.hasRecordedState(at: step) {
                return replayedValue(at: step)
            }
            // A state compared with the replay's values in place of its placeholders is the
            // timeline's to make.
            guard timeline.recording.steps[step].hasState, !timeline.recording.mayCompareReplayedValues(after: step)
            else {
                return nil
            }
            let offset = step - recordedValues.first
            if offset >= 0, offset < recordedValues.values.count { return recordedValues.values[offset] }
            // Past the run read (not the state before the first step diffed).
            if ahead.cores > 1, offset >= recordedValues.values.count {
                readRecordedValues(from: step)
                if let value = recordedValues.values.first { return value }
            }
            return timeline.recording.stateText(at: step)?.value(at: prefix)
        }
        guard let newValue = value(at: index) else {
            lastUnderPrefix = nil
            return nil
        }
        lastUnderPrefix = (index, newValue)
        if newValue != nil { prefixSeen = true }
        guard let oldValue = value(at: index - 1) else { return nil }
        if oldValue != nil { prefixSeen = true }
        let changes: [JSONChange]
        switch (oldValue, newValue) {
        case (nil, nil):
            changes = []
        case (let old?, let new?):
            var walker = DiffWalker(path: prefix.components, pointer: pointer)
            walker.diff(old, new)
            changes = walker.changes
        default:
            return nil
        }
        let type =
            !changes.isEmpty || text.writesTypeOfUnchangedStep ? try timeline.recording.readListedAction(at: index).type : ""
        var output: [UInt8] = []
        text.write(seq: timeline.recording.steps[index].seq, type: type, changes: changes, to: &output)
        return output
    }

    /// Reads the values at the prefix of the recorded states from step `first` on, up to the
    /// first step whose state must be replayed or compared, or ``recordedRun`` steps, on
    /// every core: finding a value in a state's text skims the members before it, most of
    /// `diff --path`'s time over recorded states, and each state's skim is its own.
    private mutating func readRecordedValues(from first: Int) {
        guard let prefix else { return }
        let recording = timeline.recording
        // The run before is let go of first: its values are trees, larger than their text.
        recordedValues = (first, [])
        var last = first
        var bytes = 0
        let limit = min(end, first + Self.recordedRun)
        // The values are kept until the walk reaches them, as trees several times the size of
        // their text: a run holds at most 4 MiB of lines (one line at least), so that states
        // of megabytes are read one at a time, as they were before runs, in as much memory.
        while last < limit, recording.steps[last].hasState, !recording.mayCompareReplayedValues(after: last) {
            let size = recording.lines.range(of: Int(recording.steps[last].lineIndex)).count
            if last > first, bytes + size > Self.recordedBytes { break }
            bytes += size
            last += 1
        }
        let values = ParallelMap.map(last - first, cores: ahead.cores) { offsets in
            offsets.map { offset -> JSONValue?? in recording.stateText(at: first + offset)?.value(at: prefix) }
        }
        recordedValues = (first, values)
    }

    /// The most recorded states whose values ``readRecordedValues(from:)`` reads at once.
    private static let recordedRun = 4096
    /// The most bytes of lines whose values ``readRecordedValues(from:)`` reads at once,
    /// unless one line alone is more.
    private static let recordedBytes = 4 << 20

    /// The value at the prefix in the replayed state after step `index`, encoded only along
    /// the prefix; `nil` when it cannot be had so (for the timeline's state to say why).
    private func replayedValue(at index: Int) -> JSONValue?? {
        guard let prefix, let keptPaths = ahead.keptPaths, let maker = timeline.snapshotJSON,
            let snapshot = try? timeline.replayedSnapshots(index..<(index + 1)).first,
            let text = maker.text(of: snapshot, keeping: keptPaths)
        else { return nil }
        return text.value(at: prefix)
    }

    /// The step's output from the values before and after it.
    static func output(
        from old: JSONValue, to after: JSONValue, seq: Int, type: String, under prefix: JSONPath?, _ text: DiffStepText
    ) -> [UInt8] {
        // Under a prefix, diff just that part, so that JSON Patch pointers stay valid; a value
        // that comes with an ancestor is added at the prefix, as one that goes with it is
        // removed there, except in a patch, which must add the ancestor.
        // The states are the timeline's compared ones (``Timeline/comparedState(after:)``):
        // beside a replayed state, a recorded one has the replay's values in place of its
        // placeholders; a placeholder is not filled from the other side of the step, which
        // would hide what the step did to the value.
        let changes =
            prefix.map { JSONDiff.changes(from: old, to: after, under: $0, asPatch: text.writesPatch) }
            ?? JSONDiff.changes(from: old, to: after)
        var output: [UInt8] = []
        text.write(seq: seq, type: type, changes: changes, to: &output)
        return output
    }

    /// The parsed text, or what `tree` gives when the parser refuses it (a state nested
    /// deeper than it reads): the timeline's value, which it makes another way.
    private static func value(
        of state: StateText, orElse tree: () throws(InspectorError) -> JSONValue
    ) throws(InspectorError) -> JSONValue {
        if let value = try? JSONParser.parse(state.bytes) { return value }
        return try tree()
    }
}
