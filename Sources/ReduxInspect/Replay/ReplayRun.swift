/// One step of a replay: the action, the replayed states around it, and how the replayed
/// state compares with the recorded one.
public struct ReplayStep: Sendable {
    /// The step's 0-based index.
    public let index: Int
    /// The recorded entry.
    public let entry: RecordingEntry
    /// The replayed state before the action. Before the first step it is the initial state as
    /// the reducer reads it (the header's decoded into the app's state and encoded again), as
    /// every state after is the reducer's encoding: diffed against the header's text, the first
    /// step would seem to change numbers only written differently there (`4.50` for `4.5`).
    public let before: JSONValue
    /// The replayed state after the action; the recorded one at the first recorded state
    /// after a gap, since the missing actions cannot be replayed.
    public let after: JSONValue
    /// Recorded → replayed differences when the recording holds a state for this step and
    /// it differs; empty when it matches; `nil` when the recording holds no state here, or
    /// when entries missing before it make the replay unable to match.
    public let divergence: [JSONChange]?
    /// Entries missing just before this step, if any. The replay continues from the next
    /// recorded state.
    public let gapBefore: RecordingGap?
}

/// Replays a recording's actions through a reducer from its initial state, one step at a
/// time, comparing with the recorded states.
public struct ReplayRun {
    /// The recording.
    public let recording: Recording
    let replayer: any StateReplayer

    /// Prepares a replay.
    ///
    /// - Parameters:
    ///   - recording: The recording.
    ///   - reducer: The reducer to replay with.
    public init(recording: Recording, reducer: InspectableReducer) {
        self.recording = recording
        self.replayer = reducer.makeReplayer(for: recording)
    }

    /// How the replayed final state compares with the state in the recording's `end` marker.
    public struct EndComparison: Sendable {
        /// The final state the recording holds.
        public let recorded: JSONValue
        /// The state after the last replayed step.
        public let replayed: JSONValue
        /// Recorded → replayed differences that matter (empty when they match).
        public let divergence: [JSONChange]
        /// Whether entries are missing after the last recorded state before the end, so that
        /// a difference is expected rather than a divergence.
        public let afterGap: Bool
    }

    /// Replays every step (up to `lastSeq`), calling `visit` for each.
    ///
    /// - Parameters:
    ///   - lastSeq: The last `seq` to replay, or `nil` for all.
    ///   - visit: Receives each step; returns `false` to stop.
    /// - Returns: The comparison with the `end` marker's state, when the replay reached the step
    ///   the marker closes and the marker holds a state; `nil` otherwise (also when stopped).
    /// - Throws: ``InspectorError`` for a malformed line or an action that cannot be replayed.
    @discardableResult
    public func run(
        through lastSeq: Int? = nil, _ visit: (ReplayStep) throws(InspectorError) -> Bool
    ) throws(InspectorError) -> EndComparison? {
        var state = JSONValue.null
        return try replay(through: lastSeq, trees: true, comparingStates: true, start: { state = $0 }) { outcome throws(InspectorError) in
            // With trees, every step has its entry and the state after it.
            guard let entry = outcome.entry, let after = outcome.after else { preconditionFailure("a step without its tree") }
            let step = ReplayStep(
                index: outcome.index, entry: entry, before: state, after: after, divergence: outcome.divergence,
                gapBefore: outcome.gapBefore)
            state = after
            return try visit(step)
        }
    }

    /// The differences between a recorded and a replayed state that matter: a recorded
    /// `"<redacted>"` matches whatever the replay produced, a whole value or a leaf of a
    /// redacted value whose shape the recorder kept; a number matches the same number written
    /// another way (`4.50` and `4.5`, `1e2` and `100`), as a golden edited by hand may write it.
    public static func divergence(recorded: JSONValue, replayed: JSONValue) -> [JSONChange] {
        guard recorded != replayed else { return [] }
        let expected = recorded.fillingRedactions(from: replayed) ?? recorded
        guard expected != replayed else { return [] }
        return JSONDiff.changes(from: expected, to: replayed).filter { change in
            change.oldValue?.isRedactionPlaceholder != true && !change.writesTheSameNumberAnotherWay
        }
    }

    /// The replay both ``run(through:_:)`` and ``check(through:comparingStates:_:)`` make,
    /// step by step. `start`, when given, receives the state the replay starts from, as the
    /// reducer encodes it; `check` gives none, so that its replay encodes no state it does not
    /// compare.
    ///
    /// With `trees`, every step's entry is parsed and its state after is a tree: the recorded
    /// one, else the replayed one encoded. Without, a step is read only as far as the replay
    /// needs: the action is decoded from its bytes (``Recording/actionText(at:)``), a replayed
    /// state that encodes to exactly the recorded bytes matches without either being parsed,
    /// and only a step whose state differs, follows a gap, or whose line cannot be read
    /// without parsing it is parsed. A replayed state is encoded only where it is compared
    /// (where the recording holds one, and at the end marker), so a state that cannot be
    /// encoded is reported there, not at the step that made it as `run` reports it: encoding
    /// every state made a verify of a recording without states four times slower (a hundred
    /// times with states of a megabyte), for states the app never encoded either (its
    /// recorder did not write them). Without
    /// `comparingStates` either, no state is encoded or compared (a recorded state is used
    /// only after a gap, to go on from), and there is no end comparison.
    ///
    /// With `texts` as well, a replayed state that is not compared is encoded to text
    /// (``ReplayCheck/afterText``) instead of becoming a tree, unless the text would nest
    /// deeper or be longer than the parser reads; and where the replayed state matches the
    /// recorded bytes, those are kept as its text too. With `snapshots` too, such a state is
    /// not encoded but kept (``ReplayCheck/afterSnapshot``), for the caller to encode. With
    /// `texts` alone, a line of the recorder's shape is read without its state
    /// (``Recording/entryLeavingState(at:)``), and its state is parsed only when the replayed
    /// one does not encode to its bytes: the step's entry then has no `state`, and a matching
    /// step no tree after it. With `texts` and `snapshots`, the replay runs as without
    /// `trees`, its actions decoded from their bytes (on another thread, in a long replay), and
    /// a step's entry is parsed only where the replay needs it: elsewhere
    /// ``ReplayCheck/entry`` is `nil`, for the caller to parse, on every core, without its
    /// state (``runTexts(through:cores:render:_:)``). Parsing each line and decoding its action
    /// from the tree, on the replaying thread, took longer than the reducer and made `replay`
    /// of a long recording wait on that one thread.
    ///
    /// Without `trees`, comparing states on more than one `cores`, the replay keeps a copy of
    /// each state to compare and goes on, and the copies are compared a window at a time on
    /// every core (``ComparisonWindow``); `visit` sees the same steps, and the same error
    /// after the same steps, as on one core.
    func replay(
        through lastSeq: Int?, trees: Bool, texts: Bool = false, snapshots: Bool = false, comparingStates: Bool,
        cores: Int = 1, start: ((JSONValue) -> Void)?,
        _ visit: (ReplayCheck) throws(InspectorError) -> Bool
    ) throws(InspectorError) -> EndComparison? {
        try self.start()
        if let start { start(try startingState()) }
        var previousSeq = 0
        var desynchronized = false
        // The tree of the state after the last step, when it was made; else it is the
        // replayer's (an exact match, or a step without a state, read without trees).
        var lastTree: JSONValue?
        var lastIndex: Int?
        // The entry of the step being replayed, once parsed.
        var entry: RecordingEntry?
        // Whether `entry` was read without its state, which the line holds.
        var entryLeavesState = false
        // On more than one core, states are compared a window at a time: without trees, or
        // with texts the caller encodes (whose matching steps need no tree).
        var window = comparingStates && cores > 1 && (!trees || texts && snapshots) ? ComparisonWindow(cores: cores) : nil

        /// Hands a step to `visit`, in order.
        func deliver(_ check: ReplayCheck) throws(InspectorError) -> Bool {
            lastTree = check.after
            lastIndex = check.index
            return try visit(check)
        }

        /// Hands out the steps the window holds; `false` when `visit` stopped.
        func flush() throws(InspectorError) -> Bool {
            guard window?.isEmpty == false else { return true }
            return try window!.flush(of: self, into: deliver)
        }

        /// Step `index`'s entry, its state parsed.
        func parsedEntry(_ index: Int) throws(InspectorError) -> RecordingEntry {
            if entryLeavesState {
                entry = nil
                entryLeavesState = false
            }
            return try recording.readEntry(at: index, keepingIn: &entry)
        }

        /// The rest of step `index` once its action has run: the comparison, and the visit.
        func finish(_ index: Int) throws(InspectorError) -> Bool {
            defer {
                entry = nil
                entryLeavesState = false
            }
            let location = recording.steps[index]
            let gap = recording.gap(before: index)
            if gap != nil { desynchronized = true }
            previousSeq = location.seq
            var after: JSONValue?
            var afterText: StateText?
            var afterSnapshot: ReplaySnapshot?
            var divergence: [JSONChange]?
            var standIns: StandInStart?
            // A line read without parsing it is well formed: it holds a state exactly when
            // the index says so.
            if entryLeavesState || (entry.map({ $0.state != nil }) ?? location.hasState) {
                if desynchronized {
                    // The missing actions make a difference expected here, not a divergence:
                    // carry on from what the app really had.
                    let parsed = try parsedEntry(index)
                    guard let recorded = parsed.state else { preconditionFailure("a state the index saw") }
                    try load(recorded, parsed)
                    after = recorded
                    desynchronized = false
                    standIns = StandInStart(seq: location.seq, state: recorded, loadedIn: replayer)
                } else if !comparingStates {
                    after = nil
                } else if window != nil {
                    var comparison = ComparisonWindow.Comparison(
                        index: index, seq: location.seq, entry: entry, gapBefore: gap, copy: replayer.snapshot())
                    comparison.entryLeavesState = entryLeavesState
                    comparison.keepsText = texts
                    let full = window!.append(
                        .comparing(comparison), lineLength: recording.lines.range(of: Int(location.lineIndex)).count)
                    return full ? try flush() : true
                } else if let bytes = recording.recordedStateBytes(at: index), replayer.currentStateEncodes(as: bytes) {
                    // Byte for byte what the recorder wrote: the same JSON, without building
                    // and comparing a tree of the replayed state.
                    after = entry?.state
                    if texts { afterText = StateText(copying: bytes) }
                    divergence = []
                } else {
                    let parsed = try parsedEntry(index)
                    guard let recorded = parsed.state else { preconditionFailure("a state the index saw") }
                    let replayed = try current(parsed)
                    after = replayed
                    divergence = Self.divergence(recorded: recorded, replayed: replayed)
                }
            } else if trees && texts && snapshots {
                afterSnapshot = replayer.snapshot()
            } else if let entry, trees {
                if texts, let text = try currentText(entry) {
                    afterText = text
                } else {
                    after = try current(entry)
                }
            }
            let check = ReplayCheck(
                index: index, seq: location.seq, entry: entry, after: after, afterText: afterText,
                afterSnapshot: afterSnapshot, divergence: divergence, gapBefore: gap, standIns: standIns)
            // Behind steps still to compare, a step waits its turn.
            guard window?.isEmpty == false else { return try deliver(check) }
            return window!.append(.made(check)) ? try flush() : true
        }

        let end = lastSeq.flatMap { last in recording.steps.firstIndex { $0.seq > last } } ?? recording.steps.count
        if trees && !(texts && snapshots) {
            do throws(InspectorError) {
                for index in 0..<end {
                    if texts && comparingStates, let leaving = recording.entryLeavingState(at: index) {
                        entry = leaving
                        entryLeavesState = true
                        replayer.noteReplaying(index, of: recording)
                        defer { replayer.noteReplayDone() }
                        do {
                            try replayer.apply(leaving.action)
                        } catch {
                            // A line that turns out to be malformed is reported as such, first.
                            throw recording.replayFailure(error, at: index)
                        }
                    } else {
                        entry = try recording.readEntry(at: index)
                        try replayer.applyAction(
                            of: index, in: recording, entry: &entry, stateCheckedByCaller: comparingStates)
                    }
                    guard try finish(index) else { return nil }
                }
            } catch {
                // The steps before the one that failed are handed out first, as on one core.
                guard try flush() else { return nil }
                throw error
            }
            guard try flush() else { return nil }
        } else {
            // Steps are finished in order, whether their actions were decoded ahead or not.
            let finished: Bool
            do {
                finished = try replayer.applyActions(
                    of: 0..<end, in: recording, statesCheckedByCaller: comparingStates,
                    fallback: { index throws(InspectorError) in
                        try replayer.applyAction(
                            of: index, in: recording, entry: &entry, stateCheckedByCaller: comparingStates)
                    },
                    after: finish)
            } catch {
                // The steps before the one that failed are handed out first, as on one core,
                // and one of them may fail first, or stop the replay.
                guard try flush() else { return nil }
                throw error
            }
            guard finished, try flush() else { return nil }
        }
        // Without any step, `previousSeq` is 0: an end marker at seq 0 (no action missing)
        // holds the state the replay starts from.
        guard comparingStates, recording.endSeq == previousSeq, let recorded = try recording.finalState() else {
            return nil
        }
        let replayed: JSONValue
        if let lastTree {
            replayed = lastTree
        } else if let lastIndex {
            // An error here names the last step, as when its tree was made there.
            replayed = try current(try recording.readEntry(at: lastIndex))
        } else {
            do {
                replayed = try replayer.currentState()
            } catch {
                throw .recording(recording.initialStateFailure(error))
            }
        }
        return EndComparison(
            recorded: recorded, replayed: replayed, divergence: Self.divergence(recorded: recorded, replayed: replayed),
            afterGap: desynchronized)
    }

    /// Makes the recording's initial state, else the reducer's default, the replayer's state.
    private func start() throws(InspectorError) {
        if let initial = recording.header?.initialState {
            do {
                try replayer.setState(initial)
            } catch {
                throw .recording(recording.initialStateFailure(error))
            }
            return
        }
        // A run made again starts where the first started, not where it ended.
        replayer.reset()
    }

    /// The header's initial state as the reducer reads it and encodes it again (what the first
    /// step starts from), or `nil` when the header holds none: what `verify --update` writes in
    /// its place when the two differ (``initialDivergence(recorded:read:)``).
    func initialStateAsRead() throws(InspectorError) -> JSONValue? {
        guard recording.header?.initialState != nil else { return nil }
        try start()
        return try startingState()
    }

    /// The redacted values the reducer reads as stand-ins in the header's initial state
    /// (``StandInStart``), which replays start from; `nil` when there are none, or when the
    /// replay does not go on from it (the first step follows missing entries and records its
    /// state). A step after missing entries says so of its own state
    /// (``ReplayCheck/standIns``).
    public func initialStandIns() throws(InspectorError) -> StandInStart? {
        guard let initial = recording.header?.initialState, initial.holdsRedactionPlaceholder else { return nil }
        if let first = recording.steps.first, first.hasState, recording.gap(before: 0) != nil { return nil }
        try start()
        return StandInStart(seq: nil, state: initial, loadedIn: replayer)
    }

    /// The state ``start()`` loaded, as the reducer encodes it: the header's initial state as
    /// the reducer reads it, not as written, so that the first step's changes, from it to a
    /// state the reducer encoded, are the action's alone.
    private func startingState() throws(InspectorError) -> JSONValue {
        do {
            return try replayer.currentState()
        } catch {
            throw .recording(recording.initialStateFailure(error))
        }
    }

    /// The differences between the header's initial state and the reducer's reading of it
    /// (``ReplayStep/before`` of the first step) that are more than how a number is written: a
    /// member the app's state has no property for, which its decoder drops, or a value it reads
    /// as another. `4.50` read as `4.5` is the same number written two ways, and is left out.
    ///
    /// These are no action's doing, so ``ReplayStep``'s changes leave them out; they are
    /// still worth telling, since the replay does not start from quite the state the header
    /// holds.
    public static func initialDivergence(recorded: JSONValue, read: JSONValue) -> [JSONChange] {
        guard recorded != read else { return [] }
        // A value the recorder redacted is read as a placeholder: no difference of the app's.
        let expected = recorded.fillingRedactions(from: read) ?? recorded
        guard expected != read else { return [] }
        return JSONDiff.changes(from: expected, to: read).filter { !$0.writesTheSameNumberAnotherWay }
    }

    private func current(_ entry: RecordingEntry) throws(InspectorError) -> JSONValue {
        do {
            return try replayer.currentState()
        } catch {
            throw .recording(recording.failure(error, at: entry))
        }
    }

    /// The current state as text, as ``current(_:)`` makes it a tree; `nil` when the text
    /// would nest deeper or be longer than the parser reads, for ``current(_:)`` to make it.
    private func currentText(_ entry: RecordingEntry) throws(InspectorError) -> StateText? {
        do {
            return Self.readableText(try replayer.currentStateText())
        } catch {
            throw .recording(recording.failure(error, at: entry))
        }
    }

    /// The text as a ``StateText``; `nil` when it nests deeper or is longer than the parser
    /// reads, for the state to be made a tree instead.
    static func readableText(_ encoded: (text: [UInt8], depth: Int)) -> StateText? {
        let limits = JSONParser.Options()
        guard encoded.depth <= limits.maximumDepth, encoded.text.count <= limits.maximumLength else { return nil }
        return StateText(encoded.text)
    }

    /// Makes `state`, recorded with `entry`, the replayer's; a state the reducer cannot read is
    /// reported where it was written.
    func load(_ state: JSONValue, _ entry: RecordingEntry) throws(InspectorError) {
        do {
            try replayer.setState(state)
        } catch {
            throw .recording(recording.failure(error, at: entry))
        }
    }
}

extension JSONChange {
    /// Whether the change only writes a number another way: `4.50` for `4.5`, the same value.
    var writesTheSameNumberAnotherWay: Bool {
        guard case .changed(.number(let old), .number(let new)) = kind else { return false }
        return ExactDecimal(old) == ExactDecimal(new)
    }
}
