import Foundation

extension Timeline {
    /// Visits steps in order with the states before and after each — the walk that `step`'s
    /// `continue` makes.
    ///
    /// Each state is read once: recorded states are parsed from their lines, others replayed one
    /// action per step from the state before. The state before the first step is the one
    /// ``state(before:)`` gives, so that a replayed first step changes only what its action did.
    /// A recorded state beside a replayed one is taken as ``comparedState(after:)`` gives it,
    /// with the replay's values in place of its placeholders.
    ///
    /// - Parameters:
    ///   - indices: The steps, as 0-based indices; an empty range visits nothing.
    ///   - visit: Receives a step's index, the state before it and the state after it; returns
    ///     `false` to stop.
    /// - Throws: ``InspectorError`` when a state cannot be had, or what `visit` throws.
    public func walk(
        _ indices: Range<Int>,
        _ visit: (_ index: Int, _ before: JSONValue, _ after: JSONValue) throws(InspectorError) -> Bool
    ) throws(InspectorError) {
        guard !indices.isEmpty else { return }
        var before = try comparedState(before: indices.lowerBound)
        for index in indices {
            let after = try comparedState(after: index)
            guard try visit(index, before, after) else { return }
            before = after
        }
    }

    /// Finds the last step before `end` that `matches` accepts, walking back from `end - 1`.
    ///
    /// Going back one step at a time would replay from a checkpoint for every step. Instead the
    /// steps are taken in windows of ``checkpointInterval``, from the last window to the first,
    /// and each window is walked forward. A window starts two steps after a checkpointed step (a
    /// multiple of the interval), so the state before it is one action away from the checkpoint
    /// and the whole window costs about one action per step. A recording that holds its states
    /// is read the same way, a window at a time.
    ///
    /// - Parameters:
    ///   - end: One past the last step to consider.
    ///   - matches: Receives a step's index and the states before and after it.
    /// - Returns: The index of the last matching step below `end`, or `nil`.
    /// - Throws: ``InspectorError`` when a state cannot be had (``InspectorError/interrupted(step:)``
    ///   when ``isInterrupted`` says so, between windows), or what `matches` throws.
    public func lastStep(
        before end: Int,
        where matches: (_ index: Int, _ before: JSONValue, _ after: JSONValue) throws(InspectorError) -> Bool
    ) throws(InspectorError) -> Int? {
        try lastStep(before: end, projecting: { $0 }, projectingText: nil, where: matches)
    }

    /// ``lastStep(before:where:)`` for a test that reads only `project`'s value of each state,
    /// which lets each window be walked as ``walk(_:projecting:projectingText:_:)`` walks: the
    /// states made or read on every core, from their text where `projectText` can.
    ///
    /// - Parameters:
    ///   - end: One past the last step to consider.
    ///   - project: What to keep of each state; it must not depend on the order of calls.
    ///   - projectText: The same from a state's text, where it can say.
    ///   - matches: Receives a step's index and the values of the states before and after it.
    /// - Returns: The index of the last matching step below `end`, or `nil`.
    /// - Throws: ``InspectorError`` when a state cannot be had (``InspectorError/interrupted(step:)``
    ///   when ``isInterrupted`` says so, between windows), or what `matches` throws.
    func lastStep<Value: Sendable>(
        before end: Int, projecting project: @Sendable (JSONValue) -> Value,
        projectingText projectText: StateTextReading<Value>?,
        where matches: (_ index: Int, _ before: Value, _ after: Value) throws(InspectorError) -> Bool
    ) throws(InspectorError) -> Int? {
        var high = min(end, count) - 1
        let isInterrupted = self.isInterrupted
        while high >= 0 {
            // Ctrl-C in a `step` session, asked once a window (each a walk too short to ask).
            if high < min(end, count) - 1, isInterrupted?() == true { throw .interrupted(step: high + 1) }
            let low = high < 2 ? 0 : ((high - 2) / checkpointInterval) * checkpointInterval + 2
            var found: Int?
            // The state before the window is walked to as well, so that it too is read only
            // as far as `projectText` reads (a state that cannot be encoded whole, a `Double`
            // that is NaN, can be read along paths that avoid it).
            var previous = low == 0 ? project(try comparedState(before: 0)) : nil
            try walk(max(low - 1, 0)..<(high + 1), projecting: project, projectingText: projectText) {
                index, value throws(InspectorError) in
                if let before = previous, index >= low, try matches(index, before, value) { found = index }
                previous = value
                return true
            }
            if let found { return found }
            high = low - 1
        }
        return nil
    }

    /// Visits steps in order with a value computed from the state after each — the walk of
    /// `blame` (the value at a path) and `bisect` (whether a predicate holds).
    ///
    /// Where the recording holds the states, a window of steps is read and projected on every
    /// core at once, and the results are then visited in order; elsewhere the states are
    /// replayed one action per step as in ``walk(_:_:)``, a window at a time, and the replayed
    /// states made JSON and projected on every core at once (making a state JSON costs many
    /// times replaying its action). Either way `visit` sees every step in order, and an error
    /// is thrown only when the walk reaches the step it belongs to. A recorded state beside a
    /// replayed one is taken as ``comparedState(after:)`` gives it.
    ///
    /// With `projectText`, a state is projected from its text, without a tree, where
    /// `projectText` can (it returns `nil` where it cannot, and `project` then takes the
    /// tree): a recorded state from its line, a replayed one encoded to the text the recorder
    /// would write, as far as the paths `projectText` reads need. Making a large state a tree
    /// costs several times encoding it, and reading a whole line into a tree most of what
    /// these walks cost on a recording with states.
    ///
    /// - Parameters:
    ///   - indices: The steps, as 0-based indices.
    ///   - project: What to keep of each state; it must not depend on the order of calls.
    ///   - projectText: The same from a state's text, where it can say.
    ///   - visit: Receives a step's index and its projected state; returns `false` to stop.
    /// - Throws: ``InspectorError`` when a state cannot be had (``InspectorError/interrupted(step:)``
    ///   when ``isInterrupted`` says so, between windows), or what `visit` throws.
    public func walk<Value: Sendable>(
        _ indices: Range<Int>, projecting project: @Sendable (JSONValue) -> Value,
        _ visit: (_ index: Int, _ value: Value) throws(InspectorError) -> Bool
    ) throws(InspectorError) {
        try walk(indices, projecting: project, projectingText: nil, visit)
    }

    /// ``walk(_:projecting:_:)`` with `projectText` for states' text, recorded or replayed.
    func walk<Value: Sendable>(
        _ indices: Range<Int>, projecting project: @Sendable (JSONValue) -> Value,
        projectingText projectText: StateTextReading<Value>?,
        _ visit: (_ index: Int, _ value: Value) throws(InspectorError) -> Bool
    ) throws(InspectorError) {
        let steps = recording.steps
        let cores = walkCores
        let window = 64 * cores
        let isInterrupted = self.isInterrupted
        var start = indices.lowerBound
        while start < indices.upperBound {
            // Ctrl-C in a `step` session, asked once a window: a replay asks as it goes, but
            // recorded states are read without one.
            if start > indices.lowerBound, isInterrupted?() == true { throw .interrupted(step: start - 1) }
            var end = min(start + window, indices.upperBound)
            var results: [Result<Value, InspectorError>?]?
            // Also on one core: a replayed state is then read as far as `projectText` reads,
            // which costs less than a whole one, and can be read where a whole one cannot be.
            if steps[start].hasState {
                end = steps[start..<end].firstIndex(where: { !$0.hasState }) ?? end
                results = projectRecorded(start..<end, cores: cores, project, fromText: projectText)
            } else if !hasRecordedState(at: start), let maker = snapshotJSON {
                let snapshots = try replayedSnapshots(start..<indices.upperBound)
                // A step that cannot be replayed is visited alone: it reports its error.
                end = start + max(1, snapshots.count)
                results = Self.project(snapshots, from: start, cores: cores, maker, project, fromText: projectText)
            }
            for index in start..<end {
                let value: Value
                if recording.mayCompareReplayedValues(after: index) {
                    value = project(try comparedState(after: index))
                } else if let results, index - start < results.count, let result = results[index - start] {
                    value = try result.get()
                } else {
                    value = project(try state(after: index))
                }
                guard try visit(index, value) else { return }
            }
            start = end
        }
    }

    /// Makes replayed states JSON and projects them on `cores` threads: from their text with
    /// `projectText` where it can say (encoded only as far as it reads), else from their tree.
    private static func project<Value: Sendable>(
        _ snapshots: [ReplaySnapshot], from first: Int, cores: Int, _ maker: SnapshotJSON,
        _ project: @Sendable (JSONValue) -> Value, fromText projectText: StateTextReading<Value>?
    ) -> [Result<Value, InspectorError>?] {
        inParallel(snapshots.count, cores: cores) { offset in
            let snapshot = snapshots[offset]
            if let projectText, let text = maker.text(of: snapshot, keeping: projectText.keptPaths),
                let value = projectText.read(text)
            {
                return .success(value)
            }
            return Result { () throws(InspectorError) in project(try maker.json(of: snapshot, at: first + offset)) }
        }
    }

    /// Projects recorded states on `cores` threads: from their text with `projectText` where
    /// the line can be read without parsing it (``Recording/stateText(at:)``) and
    /// `projectText` can say, else from the parsed entry; `nil` where an entry turns out to
    /// hold no state after all, for ``state(after:)`` to find it.
    private func projectRecorded<Value: Sendable>(
        _ indices: Range<Int>, cores: Int, _ project: @Sendable (JSONValue) -> Value,
        fromText projectText: StateTextReading<Value>?
    ) -> [Result<Value, InspectorError>?] {
        let recording = self.recording
        return Self.inParallel(indices.count, cores: cores) { offset in
            if let projectText, let text = recording.stateText(at: indices.lowerBound + offset),
                let value = projectText.read(text)
            {
                return .success(value)
            }
            do throws(RecordingError) {
                return try recording.entry(at: indices.lowerBound + offset).state.map { .success(project($0)) }
            } catch {
                return .failure(.recording(error))
            }
        }
    }

    /// The results of `slot` for offsets `0..<count`, worked out on `cores` threads.
    private static func inParallel<Value: Sendable>(
        _ count: Int, cores: Int, _ slot: @Sendable (Int) -> Result<Value, InspectorError>?
    ) -> [Result<Value, InspectorError>?] {
        ParallelMap.map(count, cores: cores) { offsets in offsets.map(slot) }
    }
}
