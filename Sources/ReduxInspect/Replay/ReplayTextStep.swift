import Foundation

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
    /// As ``ReplayCheck/standIns``.
    let standIns: StandInStart?
    /// The step's changes, when they were found ahead, on another thread.
    var changesFound: [JSONChange]? = nil
}

extension ReplayTextStep {
    /// What the step changed, as ``JSONDiff/changes(from:to:)`` lists it for the trees: from
    /// the texts' bytes where both states are texts.
    ///
    /// - Parameters:
    ///   - differ: Diffs the texts; give the same one to the steps in order.
    ///   - recording: The recording, to name the step in an error.
    func changes(using differ: inout StateTextDiffer, in recording: Recording) throws(InspectorError) -> [JSONChange] {
        if let changes = changesFound ?? textChanges(using: &differ) { return changes }
        return JSONDiff.changes(from: try tree(before, in: recording), to: try tree(after, in: recording))
    }

    /// What the step changed, from the texts' bytes; `nil` when a state is a tree or the bytes
    /// cannot settle it, for ``changes(using:in:)`` to find from the trees.
    func textChanges(using differ: inout StateTextDiffer) -> [JSONChange]? {
        guard case .text(let old) = before, case .text(let new) = after,
            let step = differ.rawChanges(from: old, to: new, seq: entry.seq, type: entry.type)
        else { return nil }
        return try? step.jsonChanges()
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
    /// On more than one core, the replay runs ahead of `visit` by a window of steps, keeping a
    /// copy of each state, and the window's states are encoded on every core at once before
    /// its steps are visited in order: encoding a state costs many times replaying its action.
    /// `visit` sees the same steps and the same error, after the same steps, as on one core.
    ///
    /// - Parameters:
    ///   - lastSeq: The last `seq` to replay, or `nil` for all.
    ///   - cores: The cores to encode states on.
    ///   - visit: Receives each step; returns `false` to stop.
    /// - Returns: As ``run(through:_:)``.
    /// - Throws: ``InspectorError`` for a malformed line or an action that cannot be replayed.
    func runTexts(
        through lastSeq: Int?, cores: Int = ProcessInfo.processInfo.activeProcessorCount,
        _ visit: (ReplayTextStep) throws(InspectorError) -> Bool
    ) throws(InspectorError) -> EndComparison? {
        var state = ReplayTextStep.State.tree(.null)
        var pending: [ReplayCheck] = []
        var window = 2 * cores
        var stopped = false
        let maker = SnapshotJSON(replayer: replayer, recording: recording)

        /// Visits the steps kept so far, in order, their states encoded on every core.
        func flush() throws(InspectorError) {
            let batch = pending
            pending = []
            let copies = batch.compactMap(\.afterSnapshot)
            let encoded = ParallelMap.map(copies.count, cores: cores) { offsets in offsets.map { maker.encoded(copies[$0]) } }
            var next = 0
            var largest = 1
            var steps: [ReplayTextStep] = []
            steps.reserveCapacity(batch.count)
            var failure: InspectorError?
            outcomes: for outcome in batch {
                // With trees, every step has its entry, and the state after it as a tree, text or copy.
                guard let entry = outcome.entry else { preconditionFailure("a step without its entry") }
                let after: ReplayTextStep.State
                if let text = outcome.afterText {
                    // A state compared (or taken from the recording) counts for the window too.
                    largest = max(largest, text.bytes.count)
                    after = .text(text)
                } else if let copy = outcome.afterSnapshot {
                    defer { next += 1 }
                    switch encoded[next] {
                    case .success(let text):
                        largest = max(largest, text.text.count)
                        if let readable = Self.readableText(text) {
                            after = .text(readable)
                        } else {
                            do {
                                after = .tree(try maker.json(of: copy, at: outcome.index))
                            } catch {
                                failure = error
                                break outcomes
                            }
                        }
                    case .failure(let error):
                        // The steps before it are visited first, as on one core.
                        failure = .recording(recording.failure(error, at: entry))
                        break outcomes
                    }
                } else if let tree = outcome.after {
                    after = .tree(tree)
                } else {
                    preconditionFailure("a step without its state")
                }
                steps.append(
                    ReplayTextStep(
                        index: outcome.index, entry: entry, before: state, after: after, divergence: outcome.divergence,
                        gapBefore: outcome.gapBefore, standIns: outcome.standIns))
                state = after
            }
            // The changes between texts, found on every core too.
            let made = steps
            let changes = ParallelMap.map(made.count, cores: cores) { offsets in
                var differ = StateTextDiffer()
                return offsets.map { made[$0].textChanges(using: &differ) }
            }
            for (step, changes) in zip(steps, changes) {
                var step = step
                step.changesFound = changes
                guard try visit(step) else {
                    stopped = true
                    return
                }
            }
            if let failure { throw failure }
            window = DiffAhead.windowSize(cores: cores, stateSize: largest)
        }

        let end: EndComparison?
        do {
            end = try replay(
                through: lastSeq, trees: true, texts: true, snapshots: cores > 1, comparingStates: true, cores: cores,
                start: { state = .tree($0) }
            ) { outcome throws(InspectorError) in
                pending.append(outcome)
                // Steps whose states were compared or taken from the recording wait too: their
                // changes are found on every core with the others'.
                if pending.count >= window { try flush() }
                return !stopped
            }
        } catch {
            // The steps before the one that failed are visited first, as on one core.
            try flush()
            if stopped { return nil }
            throw error
        }
        try flush()
        return stopped ? nil : end
    }
}
