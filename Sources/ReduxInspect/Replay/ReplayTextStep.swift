import Foundation

/// One step of a replay as `replay` prints it (``ReplayRun/runTexts(through:cores:render:_:)``): a
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
}

extension ReplayTextStep {
    /// What the step changed, as ``JSONDiff/changes(from:to:)`` lists it for the trees: from
    /// the texts' bytes where both states are texts.
    ///
    /// - Parameters:
    ///   - differ: Diffs the texts; give the same one to the steps in order.
    ///   - recording: The recording, to name the step in an error.
    func changes(using differ: inout StateTextDiffer, in recording: Recording) throws(InspectorError) -> [JSONChange] {
        if let changes = textChanges(using: &differ) { return changes }
        return JSONDiff.changes(from: try tree(before, in: recording), to: try tree(after, in: recording))
    }

    /// What the step changed, from the texts' bytes; `nil` when a state is a tree or the bytes
    /// cannot settle it, for ``changes(using:in:)`` to find from the trees.
    private func textChanges(using differ: inout StateTextDiffer) -> [JSONChange]? {
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
    /// copy of each state, its actions decoded from their bytes (ahead of the reducer, on
    /// another thread, in a long replay: ``TypedReplayer/decodeAheadThreshold``); then the
    /// window's entries are parsed and its states encoded, and its steps diffed and rendered,
    /// on every core at once, before its steps are visited in order: encoding a state costs
    /// many times replaying its action, and parsing a line, diffing and printing a step cost as
    /// much again. `visit` sees the same steps and the same error, after the same steps, as on
    /// one core.
    ///
    /// - Parameters:
    ///   - lastSeq: The last `seq` to replay, or `nil` for all.
    ///   - cores: The cores to share the work among.
    ///   - render: Makes what `visit` gets with a step from the step and its changes (as
    ///     ``ReplayTextStep/changes(using:in:)`` finds them); called on any thread, several
    ///     at once, ahead of the step's turn.
    ///   - visit: Receives each step, in order, with what `render` made of it; returns `false`
    ///     to stop.
    /// - Returns: As ``run(through:_:)``.
    /// - Throws: ``InspectorError`` for a malformed line or an action that cannot be replayed,
    ///   or what `render` threw, after the steps before it are visited.
    func runTexts<Output: Sendable>(
        through lastSeq: Int?, cores: Int = ProcessInfo.processInfo.activeProcessorCount,
        render: @escaping @Sendable (ReplayTextStep, [JSONChange]) throws(InspectorError) -> Output,
        _ visit: (ReplayTextStep, Output) throws(InspectorError) -> Bool
    ) throws(InspectorError) -> EndComparison? {
        var state = ReplayTextStep.State.tree(.null)
        var pending: [ReplayCheck] = []
        var window = 2 * cores
        var stopped = false
        let maker = SnapshotJSON(replayer: replayer, recording: recording)
        let recording = recording

        /// Visits the steps kept so far, in order, their entries parsed, states encoded, and
        /// steps diffed and rendered on every core.
        func flush() throws(InspectorError) {
            let batch = pending
            pending = []
            let parts = ParallelMap.map(batch.count, cores: cores) { offsets in
                offsets.map { ReplayTextStep.Parts(of: batch[$0], in: recording, maker: maker) }
            }
            var largest = 1
            var steps: [ReplayTextStep] = []
            steps.reserveCapacity(batch.count)
            var failure: InspectorError?
            for (outcome, part) in zip(batch, parts) {
                let after: ReplayTextStep.State
                let entry: RecordingEntry
                do throws(InspectorError) {
                    entry = try part.entry.get()
                    after = try part.after(of: outcome, entry: entry, in: recording, maker: maker, largest: &largest)
                } catch {
                    // The steps before it are visited first, as on one core.
                    failure = error
                    break
                }
                steps.append(
                    ReplayTextStep(
                        index: outcome.index, entry: entry, before: state, after: after, divergence: outcome.divergence,
                        gapBefore: outcome.gapBefore, standIns: outcome.standIns))
                state = after
            }
            let made = steps
            let outputs = ParallelMap.map(made.count, cores: cores) { offsets in
                var differ = StateTextDiffer()
                return offsets.map { offset in
                    Result { () throws(InspectorError) in
                        try render(made[offset], try made[offset].changes(using: &differ, in: recording))
                    }
                }
            }
            for (step, output) in zip(steps, outputs) {
                guard try visit(step, try output.get()) else {
                    stopped = true
                    return
                }
            }
            if let failure { throw failure }
            // A window at most doubles: a state that grows as it goes (an array an action
            // appends to is copied whole) would make the copies of a long one outgrow the budget.
            window = min(2 * window, Self.textWindow(cores: cores, stateSize: largest))
        }

        let end: EndComparison?
        do {
            end = try replay(
                through: lastSeq, trees: true, texts: true, snapshots: cores > 1, comparingStates: true, cores: cores,
                start: { state = .tree($0) }
            ) { outcome throws(InspectorError) in
                pending.append(outcome)
                // The state may grow as it goes, and a long window would keep many large
                // copies: a state whose text is made counts at once; copies are weighed at 16,
                // 32 and every 64 steps waiting (weighing encodes the state), so that at most 64
                // go unweighed. A state that cannot be weighed counts as large.
                let waiting = pending.count
                if let text = outcome.afterText {
                    window = min(window, Self.textWindow(cores: cores, stateSize: text.bytes.count))
                } else if outcome.afterSnapshot != nil, waiting == 16 || waiting == 32 || waiting % 64 == 0 {
                    let size = replayer.currentStateByteCount() ?? Self.textBudget
                    window = min(window, Self.textWindow(cores: cores, stateSize: size))
                }
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

    /// The text a window of ``runTexts(through:cores:render:_:)`` may hold, which sets how many
    /// steps it takes for the size of the states weighed: small, so that the states are still
    /// in the processor's cache when they are diffed. A state that grows between weighings
    /// (at most 64 steps apart) can make a window hold more.
    static let textBudget = 4 << 20

    /// How many steps a window of ``runTexts(through:cores:render:_:)`` takes on `cores`
    /// cores, for states of `size` bytes of text: up to 1,024, so that handing the work to the
    /// cores, twice a window, costs little beside it; fewer for large states
    /// (``textBudget``); at least two a core.
    static func textWindow(cores: Int, stateSize size: Int) -> Int {
        max(2 * cores, min(1024, textBudget / max(1, size)))
    }
}

extension ReplayTextStep {
    /// What ``ReplayRun/runTexts(through:cores:render:_:)`` makes of a step of the replay on
    /// any core: its entry, and the text of its state after when the replay kept a copy.
    struct Parts: Sendable {
        let entry: Result<RecordingEntry, InspectorError>
        /// The copy's text, `nil` inside when it nests deeper or is longer than the parser
        /// reads, and its length. Kept only as a ``StateText``, so that a window of large states
        /// holds each text once.
        let encoded: Result<(text: StateText?, count: Int), ReplayError>?

        init(of outcome: ReplayCheck, in recording: Recording, maker: SnapshotJSON) {
            if let parsed = outcome.entry {
                entry = .success(parsed)
            } else {
                // The replay read the line without parsing it (which a malformed line fails).
                // Its state matched the replayed one, when it has one, which is kept as text.
                entry = Result { () throws(InspectorError) in
                    if let leaving = recording.entryLeavingState(at: outcome.index) { return leaving }
                    return try recording.readEntry(at: outcome.index)
                }
            }
            encoded = outcome.afterSnapshot.map { copy in
                maker.encoded(copy).map { (ReplayRun.readableText($0), $0.text.count) }
            }
        }

        /// The state after the step: its text, or its tree where the text nests deeper or is
        /// longer than the parser reads; `largest` grows to the longest text seen.
        func after(
            of outcome: ReplayCheck, entry: RecordingEntry, in recording: Recording, maker: SnapshotJSON,
            largest: inout Int
        ) throws(InspectorError) -> State {
            if let text = outcome.afterText {
                // A state compared (or taken from the recording) counts for the window too.
                largest = max(largest, text.bytes.count)
                return .text(text)
            }
            if let copy = outcome.afterSnapshot, let encoded {
                switch encoded {
                case .success(let made):
                    largest = max(largest, made.count)
                    if let text = made.text { return .text(text) }
                    return .tree(try maker.json(of: copy, at: outcome.index))
                case .failure(let error):
                    throw .recording(recording.failure(error, at: entry))
                }
            }
            guard let tree = outcome.after else { preconditionFailure("a step without its state") }
            return .tree(tree)
        }
    }
}
