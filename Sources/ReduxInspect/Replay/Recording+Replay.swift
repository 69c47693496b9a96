extension Recording {
    /// Step `index`'s entry, a malformed line reported as the replay's commands report it.
    func readEntry(at index: Int) throws(InspectorError) -> RecordingEntry {
        do {
            return try entry(at: index)
        } catch {
            throw .recording(error)
        }
    }

    /// ``listedAction(at:)``, its error an ``InspectorError``.
    func readListedAction(at index: Int) throws(InspectorError) -> ListedAction {
        do {
            return try listedAction(at: index)
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
            return .recording(failure(error, at: try readEntry(at: index)))
        } catch {
            return error
        }
    }

    /// A replay failure at `entry`, named by its line and by the column of the value that
    /// failed: the part of the action that does not decode, or of the state.
    func failure(_ error: ReplayError, at entry: RecordingEntry) -> RecordingError {
        var failure = RecordingError(
            .malformed, path: path, line: entry.line, column: column(of: error, onLine: entry.line, stateMember: "state"),
            seq: entry.seq, message: error.description)
        failure.replayFailure = error
        return failure
    }

    /// A failure to load the state a replay starts from, or to encode it back: named by the
    /// header's line and the column of the part of its `initialState` that failed, when the
    /// state came from there; by the file alone when it is the reducer's own.
    func initialStateFailure(_ error: ReplayError) -> RecordingError {
        guard let header, header.initialState != nil else {
            return RecordingError(.malformed, path: path, message: error.description)
        }
        return RecordingError(
            .malformed, path: path, line: header.line,
            column: column(of: error, onLine: header.line, stateMember: "initialState"), message: error.description)
    }

    /// The column on line `line` (1-based) of the value `error` is about, or 1 when it is
    /// about no recorded value.
    private func column(of error: ReplayError, onLine line: Int, stateMember: String) -> Int {
        guard let place = error.valuePath(stateMember: stateMember) else { return 1 }
        return ValueLocator.column(of: place, in: lineBytes(line - 1))
    }
}
