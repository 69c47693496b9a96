/// Diffs consecutive states given as JSON text — replayed states, encoded as the recorder
/// encodes them — from their bytes (``RawJSONDiff``), as ``RecordedStateDiffer`` diffs the
/// states recorded on lines: the parts a step left alone are the same bytes on both sides and
/// are compared with `memcmp`, where building and comparing trees costs time in proportion to
/// the whole state at every step.
///
/// Diffing steps in order is cheapest: what the differ skimmed in one step's new text it reuses
/// when that same text is the next step's old one.
struct StateTextDiffer {
    /// The walker, kept for the next step.
    private var walker: RawDiffWalkerBox?
    /// The new text of the walker's last walk. The walker knows what it skimmed there by the
    /// text's address; holding the text keeps that memory from being given to another text
    /// while the walker may still take it for this one.
    private var skimmed: StateText?

    /// The changes from the state `old` to the state `new`, kept as where they are and which
    /// bytes of the texts their values are, as ``RecordedStateDiffer/rawChanges(at:)`` keeps
    /// them; `nil` when the bytes alone cannot settle it (text deeper or longer than the parser
    /// reads, or something the skim does not follow), for the caller to diff parsed values
    /// instead.
    ///
    /// - Parameters:
    ///   - old: The state before the step: valid JSON, as an encoder writes it.
    ///   - new: The state after it.
    ///   - seq: The step's `seq`, for the result.
    ///   - type: The step's type, for the result.
    mutating func rawChanges(
        from old: StateText, to new: StateText, seq: Int, type: String
    ) -> RecordedRawStepChanges? {
        // As `RawJSONDiff` reads a text: the value with the white space around it trimmed.
        guard let (oldText, oldRange) = RawJSONDiff.text(old.bytes), let (newText, newRange) = RawJSONDiff.text(new.bytes)
        else { return nil }
        if walker != nil && isKnownUniquelyReferenced(&walker!) {
            walker!.walker.reset(old: oldText, new: newText)
        } else {
            walker = RawDiffWalkerBox(RawDiffWalker(old: oldText, new: newText))
        }
        skimmed = new
        let box = walker!
        do {
            if !oldText.bytes(oldRange, equal: newRange, in: newText) {
                let ends = try box.walker.diffTop(oldRange.lowerBound, newRange.lowerBound)
                // The value must be all there is, apart from white space.
                guard ends.old == oldRange.upperBound, ends.new == newRange.upperBound else {
                    throw RawJSON.Malformed()
                }
            }
        } catch {
            return nil
        }
        return RecordedRawStepChanges(
            owner: .texts(old, new), seq: seq, type: type, changes: box.walker.changes, old: oldText, new: newText)
    }
}
