/// The state in a recording's end marker when entries are missing between the last step and
/// it (the filter left out the last actions, or the app dropped them): the only state known
/// after them, which no step reaches, so commands that go step by step name it on its own.
struct EndAfterGap {
    /// The end marker's `seq`.
    let seq: Int
    /// The entries missing before it.
    let gap: RecordingGap
    /// The state it holds.
    let state: JSONValue
}

extension Recording {
    /// The seq of the `end` marker's state after entries missing at the end (``endAfterGap()``),
    /// found without reading its state.
    var endSeqAfterGap: Int? {
        guard endHasState, let endSeq, endSeq > steps.last?.seq ?? 0, gapAtEnd != nil else { return nil }
        return endSeq
    }

    /// The end marker's state when entries are missing after the last step, else `nil`.
    ///
    /// - Throws: ``InspectorError`` for a malformed end marker.
    func endAfterGap() throws(InspectorError) -> EndAfterGap? {
        guard let endSeq = endSeqAfterGap, let gap = gapAtEnd, let state = try finalState() else {
            return nil
        }
        return EndAfterGap(seq: endSeq, gap: gap, state: state)
    }
}
