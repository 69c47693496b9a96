/// One step of a replay as `replay` prints it (``ReplayRun/runTexts(through:_:)``): a
/// ``ReplayStep`` whose states are, where they can be, the text the recorder would write
/// rather than trees, so that the step's changes come from their bytes.
struct ReplayTextStep {
    /// A state of the step.
    enum State {
        /// The compact text, which the parser reads.
        case text(StateText)
        /// A tree: a state the replay compared with the recorded one, or whose text the parser
        /// would not read.
        case tree(JSONValue)
    }

    /// The step's 0-based index.
    let index: Int
    /// The recorded entry.
    let entry: RecordingEntry
    /// The state before the action, as ``ReplayStep/before``: a tree at the first step.
    let before: State
    /// The state after the action, as ``ReplayStep/after``.
    let after: State
    /// As ``ReplayStep/divergence``.
    let divergence: [JSONChange]?
    /// As ``ReplayStep/gapBefore``.
    let gapBefore: RecordingGap?
}

extension ReplayTextStep {
    /// What the step changed, as ``JSONDiff/changes(from:to:)`` lists it for the trees: from
    /// the texts' bytes where both states are texts.
    ///
    /// - Parameters:
    ///   - differ: Diffs the texts; give the same one to the steps in order.
    ///   - recording: The recording, to name the step in an error.
    func changes(using differ: inout StateTextDiffer, in recording: Recording) throws(InspectorError) -> [JSONChange] {
        if case .text(let old) = before, case .text(let new) = after,
            let step = differ.rawChanges(from: old, to: new, seq: entry.seq, type: entry.type),
            let changes = try? step.jsonChanges()
        {
            return changes
        }
        return JSONDiff.changes(from: try tree(before, in: recording), to: try tree(after, in: recording))
    }

    /// The state as a tree.
    ///
    /// - Throws: ``InspectorError`` when the text does not parse, which a text the replay
    ///   made never does: it is JSON the parser reads, from the recorder's encoder or a
    ///   recorded line the parser read.
    func tree(_ state: State, in recording: Recording) throws(InspectorError) -> JSONValue {
        switch state {
        case .tree(let tree):
            return tree
        case .text(let text):
            do {
                return try JSONParser.parse(text.bytes)
            } catch {
                throw .recording(recording.failure(.cannotEncodeState(detail: error.description), at: entry))
            }
        }
    }
}

extension ReplayRun {
    /// Replays every step (up to `lastSeq`) as ``run(through:_:)`` does, with the same
    /// divergences, errors and end comparison, but keeps a replayed state that it does not
    /// compare as the text the recorder would write, instead of making it a tree: at every
    /// step, a tree costs time in proportion to the whole state, to build, compare and free.
    ///
    /// - Parameters:
    ///   - lastSeq: The last `seq` to replay, or `nil` for all.
    ///   - visit: Receives each step; returns `false` to stop.
    /// - Returns: As ``run(through:_:)``.
    /// - Throws: ``InspectorError`` for a malformed line or an action that cannot be replayed.
    func runTexts(
        through lastSeq: Int?, _ visit: (ReplayTextStep) throws(InspectorError) -> Bool
    ) throws(InspectorError) -> EndComparison? {
        var state = ReplayTextStep.State.tree(.null)
        return try replay(
            through: lastSeq, trees: true, texts: true, comparingStates: true, start: { state = .tree($0) }
        ) { outcome throws(InspectorError) in
            // With trees, every step has its entry, and the state after it as a tree or text.
            guard let entry = outcome.entry else { preconditionFailure("a step without its entry") }
            let after: ReplayTextStep.State
            if let text = outcome.afterText {
                after = .text(text)
            } else if let tree = outcome.after {
                after = .tree(tree)
            } else {
                preconditionFailure("a step without its state")
            }
            let step = ReplayTextStep(
                index: outcome.index, entry: entry, before: state, after: after, divergence: outcome.divergence,
                gapBefore: outcome.gapBefore)
            state = after
            return try visit(step)
        }
    }
}
