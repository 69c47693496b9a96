/// The interpreter of a `step` session: a cursor over a timeline, and what each command does
/// to it. It reads no input and writes no output: ``execute(_:)`` turns a command into a
/// ``StepReply``.
///
/// States come from the ``Timeline`` (recorded, or replayed from the nearest checkpoint); the
/// session keeps the last few it used, so stepping forward or back one step costs one
/// state, not two, and a replayed recording is replayed one action per `next`.
///
/// Watchpoints and breakpoints are listed here too; `continue` and `reverse-continue` scan the
/// timeline for them (see `StepSession+Breakpoints.swift`).
final class StepSession {
    /// The states of the recording.
    let timeline: Timeline
    /// Where the session is.
    var cursor: TimelineCursor
    /// Recently used states by position, newest last.
    private var recent: [(position: Int, state: JSONValue)] = []
    private static let recentLimit = 4
    /// Watchpoints and breakpoints, by number.
    var breakpoints: [StepBreakpoint] = []
    /// The number the next watchpoint or breakpoint gets.
    var nextBreakpointNumber = 1
    /// Makes the progress line of `continue`, `reverse-continue` and `find` from its label
    /// and the step count it shows ("step N of M"; `nil`: "step N"); `nil` for none. A run
    /// goes through every step on its way, seconds over a long recording without states, but
    /// its replays go one step at a time, too short to be reported to
    /// ``Timeline/replayProgress`` as a jump's is; `find` reads every action on its way. The
    /// session writes no output itself: the `step` command gives it this.
    var makeProgress: ((_ label: String, _ total: Int?) -> StepProgress)?

    /// Starts a session.
    ///
    /// - Parameters:
    ///   - timeline: The recording's states.
    ///   - position: The starting position; `-1` is the initial state.
    init(timeline: Timeline, position: Int = -1) {
        self.timeline = timeline
        self.cursor = TimelineCursor(recording: timeline.recording, position: position)
    }

    /// The name the session's messages give the program, in the commands they suggest.
    var program = "redux-inspect"
    /// The first error a command met reading the recording (a malformed line, an action the
    /// reducer cannot decode), else the first naming a step the recording lacks (`goto 99`),
    /// which a script's exit status reports as other commands report it (65, 64): a malformed
    /// recording met after a mistyped step is what a CI job checking for 65 looks for.
    private(set) var firstError: InspectorError?

    /// Keeps `error` as ``firstError`` when it is the first, or the first of a malformed
    /// recording after usage errors.
    private func note(_ error: InspectorError) {
        guard let kept = firstError else { return firstError = error }
        if ExitCode(for: kept) == .usage, ExitCode(for: error) != .usage { firstError = error }
    }

    /// Runs one command. One the user interrupts (``Timeline/isInterrupted``), or one that
    /// cannot have a state it needs (a malformed line, an action the reducer cannot decode),
    /// leaves the session where it was and says why: the rest of the recording, and the
    /// watchpoints set, are still there to use. (A step whose state cannot be encoded as JSON
    /// is gone to, its changes left out: ``view()``.)
    ///
    /// - Parameter input: The parsed command.
    /// - Returns: What to show.
    /// - Throws: ``InspectorError`` when the file was cut short since the session opened it:
    ///   the recording is no longer the one being stepped through, and the session ends.
    func execute(_ input: StepInput) throws(InspectorError) -> StepReply {
        let before = cursor
        do {
            let reply = try perform(input)
            if let error = reply.reportedError { note(error) }
            return reply
        } catch .interrupted {
            cursor = before
            return .failure("interrupted: still at seq \(cursor.seq)")
        } catch {
            let error = error.preferringCutShort()
            if case .recording(let cause) = error, cause.message == RecordingError.cutShortMessage { throw error }
            cursor = before
            note(error)
            return .failure(error.message(program: program))
        }
    }

    private func perform(_ input: StepInput) throws(InspectorError) -> StepReply {
        switch input {
        case .next(let steps): return try moved(cursor.next(steps))
        case .back(let steps): return try moved(cursor.back(steps))
        case .first: return try moved(cursor.first())
        case .last:
            let move = cursor.last()
            // The last state shown is no step's but the end marker's after missing entries:
            // where `show --at last` goes, which `last` cannot.
            guard move.moved, move.note == nil, let end = endSeqAfterGap else { return try moved(move) }
            return .moved(try view(), note: endNote(end), moved: true)
        case .goto(let seq):
            let move: TimelineCursor.Move
            do {
                move = try cursor.goto(seq: seq)
            } catch {
                let error = seq == endSeqAfterGap ? .endMarkerAfterGap(seq, last: timeline.recording.steps.last?.seq) : error
                note(.noSuchPlace(path: timeline.recording.path, error))
                return .failure(error.description)
            }
            return try moved(move)
        case .find(let text): return try find(text)
        case .state(let reading?):
            let position = cursor.position
            let state = try readable(at: position, along: [reading.skeletonPath]) { () throws(InspectorError) in
                try self.state(at: position)
            }
            guard let value = reading.value(in: state) else {
                return .failure(
                    "\(TerminalText.echo(reading.description)): not present in the state after seq \(cursor.seq)"
                        + reading.operand.didYouMean(in: state))
            }
            return .value(seq: cursor.seq, path: reading.path, value)
        case .state: return .state(seq: cursor.seq, try state(at: cursor.position))
        case .diff: return .diff(try view())
        case .action: return .action(try view())
        case .whereAmI: return .location(try view())
        case .watch(let paths): return try add(paths.map { .change($0) })
        case .breakpoint(let predicate): return try add([.predicate(predicate)])
        case .unwatch(let paths): return unwatch(paths)
        case .unbreak(let numbers): return delete(numbers, onlyBreakpoints: true)
        case .delete(let numbers): return delete(numbers, onlyBreakpoints: false)
        case .infoWatch:
            let position = cursor.position
            let state = try readable(at: position, along: breakpoints.flatMap(\.paths)) { () throws(InspectorError) in
                try comparedState(at: position)
            }
            return .breakpoints(breakpoints.map { $0.status(in: state) })
        case .resume(let forward): return try resume(forward: forward)
        case .help: return .help
        case .quit: return .quit
        }
    }

    /// The step at the cursor, with the change it made.
    ///
    /// A state before or after the step that cannot be encoded as JSON (a `Double` that is
    /// NaN) leaves the changes out and says why (``StepView/unshownChanges``) rather than
    /// failing: the cursor goes there, so that `next` and `continue` get through such a
    /// stretch, whose watchpoints read only their paths.
    func view() throws(InspectorError) -> StepView {
        let position = cursor.position
        var entry: RecordingEntry?
        var changes: [JSONChange] = []
        var unshown: StepView.Unshown?
        if position >= 0 {
            do throws(InspectorError) {
                changes = try self.changes(at: position)
            } catch where error.isUnencodableReplayedState {
                unshown = StepView.Unshown(error: error, message: error.message(program: program))
            }
            // States kept from earlier moves skip the replay that would have checked this step.
            timeline.checkReplay(at: position)
            entry = try timeline.entry(at: position)
        }
        return StepView(
            seq: cursor.seq, lastSeq: cursor.lastSeq, position: position + 1, count: cursor.count,
            entry: entry,
            changes: changes, source: source(at: position), reducerName: timeline.reducer?.name,
            gapBefore: position >= 0 ? timeline.recording.gap(before: position) : nil,
            missingInReplay: timeline.missingEntries(replayedThrough: position), unshownChanges: unshown)
    }

    /// What the step at `position` changed.
    private func changes(at position: Int) throws(InspectorError) -> [JSONChange] {
        // The state before first: replaying on to the state after is then one action.
        let before = try timeline.heading(to: position) { () throws(InspectorError) in
            // Before the first step, the state its changes are worked out from, which may be
            // the header's as the reducer reads it rather than the initial state shown.
            position == 0 ? try timeline.state(before: 0) : try state(at: position - 1)
        }
        let old =
            timeline.recording.mayCompareReplayedValues(after: position - 1)
            ? try comparedState(at: position - 1) : before
        return JSONDiff.changes(from: old, to: try comparedState(at: position))
    }

    /// The state after the step at `position` (`-1`: the initial state).
    func state(at position: Int) throws(InspectorError) -> JSONValue {
        if let index = recent.firstIndex(where: { $0.position == position }) {
            return recent[index].state
        }
        let state = try timeline.state(after: position)
        remember(state, at: position)
        return state
    }

    /// The state after the step at `position` as `diff`, `blame` and `bisect` compare it
    /// (``Timeline/comparedState(after:)``): beside a replayed state, a recorded one holding
    /// the recorder's placeholders has the replay's values in their place. `state` prints
    /// the recording.
    func comparedState(at position: Int) throws(InspectorError) -> JSONValue {
        guard timeline.recording.mayCompareReplayedValues(after: position) else { return try state(at: position) }
        return try timeline.comparedState(after: position)
    }

    /// Keeps a state just read, so that showing the step there reads nothing again.
    func remember(_ state: JSONValue, at position: Int) {
        guard !recent.contains(where: { $0.position == position }) else { return }
        recent.append((position, state))
        if recent.count > Self.recentLimit { recent.removeFirst() }
    }

    func moved(_ move: TimelineCursor.Move) throws(InspectorError) -> StepReply {
        .moved(try view(), note: note(of: move), moved: move.moved)
    }

    /// What a move says: where it stopped, and at the last step, the end marker's state after
    /// entries missing there, which `bisect` and `blame` may name and no step can go to.
    func note(of move: TimelineCursor.Move) -> String? {
        guard let note = move.note else { return nil }
        guard move.clamped == .lastStep, let end = endSeqAfterGap else { return note }
        return "\(note)\n\(endNote(end))"
    }

    /// The seq of the end marker's state after entries missing at the end, if the recording
    /// has one.
    private var endSeqAfterGap: Int? {
        timeline.recording.endSeqAfterGap
    }

    /// Where the end marker's state at seq `end`, after missing entries, can be seen, as
    /// `goto` says it (``TimelineCursor/GotoError/endMarkerAfterGap(_:last:)``).
    private func endNote(_ end: Int) -> String {
        TimelineCursor.GotoError.endMarkerAfterGap(end, last: timeline.recording.steps.last?.seq)
    }

    /// Moves to the first step after the cursor whose type or compact action contains `text`.
    ///
    /// A long search shows a progress line (``makeProgress``), "find: step N of M", taken
    /// away before the reply (and before the replay to the step found, which has its own).
    /// Ctrl-C (``Timeline/isInterrupted``, asked every 1,024 steps) stops it where it is.
    private func find(_ text: String) throws(InspectorError) -> StepReply {
        let start = cursor.position + 1
        let search = TextSearch(text)
        let progress = makeProgress?("find", cursor.count)
        defer { progress?.clear() }
        let isInterrupted = timeline.isInterrupted
        for index in start..<max(start, cursor.count) {
            if (index - start) & 1023 == 1023, isInterrupted?() == true { throw .interrupted(step: index) }
            // Read as `log` reads it: the state on the line is not needed.
            let entry = try timeline.recording.readListedAction(at: index)
            if search.isFound(in: entry.type) || search.isFound(in: entry.action) {
                progress?.clear()
                return try moved(cursor.move(to: index))
            }
            progress?.update(index)
        }
        progress?.clear()
        return .failure(
            "no step after seq \(cursor.seq) has \(JSONValue.string(TerminalText.echo(text)).compactText) in its type or action")
    }

    private func source(at position: Int) -> StepView.Source {
        if position >= 0 { return timeline.hasRecordedState(at: position) ? .recorded : .replayed }
        if timeline.hasRecordedState(at: -1) { return .header }
        return timeline.reducer == nil ? .unavailable : .reducerDefault
    }
}
