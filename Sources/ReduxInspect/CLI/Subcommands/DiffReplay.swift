/// The steps `diff` diffs from parsed (or replayed) states: those whose state before or after
/// is not recorded, and every step under `--path`.
///
/// Keeps the last state it computed, so that a run of such steps parses or replays each
/// state once.
struct DiffReplay {
    /// Where the states come from.
    let timeline: Timeline
    /// Only changes at or under this path, when given.
    let prefix: JSONPath?
    /// The state after the last step diffed here, while the next step is the one after it.
    private var before: JSONValue?

    /// Creates a replay over `timeline`, keeping only changes under `prefix`.
    init(timeline: Timeline, prefix: JSONPath?) {
        self.timeline = timeline
        self.prefix = prefix
    }

    /// Forgets the last state: the steps after it were diffed elsewhere.
    mutating func forgetState() {
        before = nil
    }

    /// The output for step `index`, diffed from the states before and after it.
    ///
    /// - Parameters:
    ///   - index: 0-based position in the recording's steps.
    ///   - text: How to print the step.
    /// - Throws: `InspectorError` when the step's line or a state cannot be read or replayed.
    mutating func text(at index: Int, _ text: DiffStepText) throws(InspectorError) -> String {
        let old: JSONValue
        if let before { old = before } else { old = try timeline.state(before: index) }
        let entry = try timeline.entry(at: index)
        let after = try timeline.state(after: index)
        // Under a prefix, diff just that part, so that JSON Patch pointers stay valid.
        // One state may be recorded, with the recorder's placeholders, and the other replayed.
        let states = JSONDiff.matchingRedactions(old, after)
        let changes =
            prefix.map { JSONDiff.changes(from: states.before, to: states.after, under: $0) }
            ?? JSONDiff.changes(from: states.before, to: states.after)
        before = after
        return text.lines(seq: entry.seq, type: entry.type, changes: changes)
    }
}
