/// Replays a recording with two replayers side by side and reports the first step where
/// their states differ: a reducer that reads the clock, a random source or global state.
struct DeterminismCheck {
    let recording: Recording
    let reducer: InspectableReducer

    /// The first difference between the two replays, or `nil` when they agree throughout.
    ///
    /// - Parameter replayed: Set to the number of steps both replays ran, the one that
    ///   differs included, for the summary's count.
    func run(replayed: inout Int) throws(InspectorError) -> VerifyResult.Divergence? {
        let first = reducer.makeReplayer(for: recording)
        let second = reducer.makeReplayer(for: recording)
        if let initial = recording.header?.initialState {
            do {
                try first.setState(initial)
                try second.setState(initial)
            } catch {
                throw .recording(RecordingError(.malformed, path: recording.path, line: recording.header?.line, message: error.description))
            }
        }
        for index in recording.steps.indices {
            replayed = index + 1
            let entry = try recording.readEntry(at: index)
            first.noteReplaying(index, of: recording)
            second.noteReplaying(index, of: recording)
            defer {
                first.noteReplayDone()
                second.noteReplayDone()
            }
            do {
                try first.apply(entry.action)
                try second.apply(entry.action)
                let one = try first.currentState()
                let other = try second.currentState()
                if one != other {
                    return RecordingVerifier.divergence(
                        entry, line: entry.line, JSONDiff.changes(from: one, to: other), in: recording,
                        steps: index...index)
                }
            } catch {
                throw .recording(recording.failure(error, at: entry))
            }
        }
        return nil
    }
}
