extension StateReplayer {
    /// Runs the action of step `index` of `recording`: from `entry` when the step is already
    /// parsed, else decoded from its line's bytes when the line can be read without parsing it
    /// (``Recording/actionText(at:stateCheckedByCaller:)``), else from the entry, parsed now
    /// and kept in `entry`, which reports a malformed line. A failure names the step's entry.
    func applyAction(
        of index: Int, in recording: Recording, entry: inout RecordingEntry?, stateCheckedByCaller: Bool
    ) throws(InspectorError) {
        noteReplaying(index, of: recording)
        defer { noteReplayDone() }
        if entry == nil, let action = recording.actionText(at: index, stateCheckedByCaller: stateCheckedByCaller) {
            do {
                try apply(validActionText: action)
                return
            } catch {
                throw recording.replayFailure(error, at: index)
            }
        }
        let parsed = try recording.readEntry(at: index, keepingIn: &entry)
        do {
            try apply(parsed.action)
        } catch {
            throw .recording(recording.failure(error, at: parsed))
        }
    }
}
