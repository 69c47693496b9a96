extension Recording {
    /// Step `index`'s entry, a malformed line reported as the replay's commands report it.
    func readEntry(at index: Int) throws(InspectorError) -> RecordingEntry {
        do {
            return try entry(at: index)
        } catch {
            throw .recording(error)
        }
    }

    /// Step `index`'s entry: `parsed` when it is there, else read now and kept there, so that
    /// a step is parsed at most once however many places need its entry.
    func readEntry(at index: Int, keepingIn parsed: inout RecordingEntry?) throws(InspectorError) -> RecordingEntry {
        if let parsed { return parsed }
        let entry = try readEntry(at: index)
        parsed = entry
        return entry
    }

    /// What to throw when step `index`, not parsed yet, fails to replay with `error`: the error
    /// located at the step's entry, or the line's own error when the line turns out to be
    /// malformed, which comes first.
    func replayFailure(_ error: ReplayError, at index: Int) -> InspectorError {
        do {
            return .recording(RecordingError(error, path: path, entry: try readEntry(at: index)))
        } catch {
            return error
        }
    }
}
