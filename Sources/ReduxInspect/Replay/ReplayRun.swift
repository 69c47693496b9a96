/// One step of a replay: the action, the replayed states around it, and how the replayed
/// state compares with the recorded one.
public struct ReplayStep: Sendable {
    /// The step's 0-based index.
    public let index: Int
    /// The recorded entry.
    public let entry: RecordingEntry
    /// The replayed state before the action.
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
        self.replayer = reducer.makeReplayer()
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
        var state = try start()
        var previousSeq = 0
        var desynchronized = false
        for index in recording.steps.indices {
            let location = recording.steps[index]
            if let lastSeq, location.seq > lastSeq { break }
            let entry: RecordingEntry
            do {
                entry = try recording.entry(at: index)
            } catch {
                throw .recording(error)
            }
            let gap = recording.gaps(after: previousSeq).last
            if gap != nil { desynchronized = true }
            previousSeq = entry.seq
            do {
                try replayer.apply(entry.action)
            } catch {
                throw .recording(RecordingError(error, path: recording.path, entry: entry))
            }
            let after: JSONValue
            var divergence: [JSONChange]?
            if let recorded = entry.state {
                if desynchronized {
                    // The missing actions make a difference expected here, not a divergence:
                    // carry on from what the app really had.
                    try load(recorded, entry)
                    after = recorded
                    desynchronized = false
                } else if let bytes = recording.recordedStateBytes(at: index), replayer.currentStateEncodes(as: bytes) {
                    // Byte for byte what the recorder wrote: the same JSON, without building
                    // and comparing a tree of the replayed state.
                    after = recorded
                    divergence = []
                } else {
                    after = try current(entry)
                    divergence = Self.divergence(recorded: recorded, replayed: after)
                }
            } else {
                after = try current(entry)
            }
            let step = ReplayStep(index: index, entry: entry, before: state, after: after, divergence: divergence, gapBefore: gap)
            state = after
            if !(try visit(step)) { return nil }
        }
        guard previousSeq > 0, recording.endSeq == previousSeq, let recorded = try recording.finalState() else { return nil }
        return EndComparison(
            recorded: recorded, replayed: state, divergence: Self.divergence(recorded: recorded, replayed: state),
            afterGap: desynchronized)
    }

    /// The differences between a recorded and a replayed state that matter: a recorded
    /// `"<redacted>"` matches whatever the replay produced.
    public static func divergence(recorded: JSONValue, replayed: JSONValue) -> [JSONChange] {
        guard recorded != replayed else { return [] }
        return JSONDiff.changes(from: recorded, to: replayed).filter { change in
            change.oldValue != .string("<redacted>")
        }
    }

    private func start() throws(InspectorError) -> JSONValue {
        if let initial = recording.header?.initialState {
            do {
                try replayer.setState(initial)
            } catch {
                throw .recording(
                    RecordingError(.malformed, path: recording.path, line: recording.header?.line, column: 1, message: error.description))
            }
            return initial
        }
        do {
            return try replayer.defaultInitialState()
        } catch {
            throw .recording(RecordingError(.malformed, path: recording.path, message: error.description))
        }
    }

    private func current(_ entry: RecordingEntry) throws(InspectorError) -> JSONValue {
        do {
            return try replayer.currentState()
        } catch {
            throw .recording(RecordingError(error, path: recording.path, entry: entry))
        }
    }

    private func load(_ state: JSONValue, _ entry: RecordingEntry) throws(InspectorError) {
        do {
            try replayer.setState(state)
        } catch {
            throw .recording(RecordingError(error, path: recording.path, entry: entry))
        }
    }
}
