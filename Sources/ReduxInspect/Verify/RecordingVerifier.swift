import Dispatch
import Redux

/// Verifies one recording against today's reducer: replays it and compares every recorded
/// state (and the `end` marker's final state) with the replayed one.
struct RecordingVerifier: Sendable {
    let inspector: Inspector
    /// `--reducer`, overriding the recordings' headers.
    let reducerName: String?
    /// Replay twice more with two replayers side by side and flag any difference.
    let checksDeterminism: Bool
    /// Go on past the first divergence, collecting the replayed state of every step whose
    /// recorded state differs, for `--update`.
    let collectsUpdates: Bool
    /// `--strict`: a truncated last line is an error, not a warning.
    var strict = false

    /// The result, and for `--update` the replayed states to write, by line index.
    ///
    /// - Parameters:
    ///   - path: The recording.
    ///   - progress: Told of each step replayed: its index, and how many steps there are.
    func verify(_ path: String, progress: ((_ index: Int, _ total: Int) -> Void)? = nil) -> (
        VerifyResult, updates: [Int: JSONValue]
    ) {
        let start = DispatchTime.now().uptimeNanoseconds
        var steps = 0
        var compared = 0
        var afterMissing = 0
        var warnings: [RecordingError] = []
        var updates: [Int: JSONValue] = [:]
        var rewrittenPaths = RewrittenPaths()
        var file: FileBytes?
        func result(_ outcome: VerifyResult.Outcome) -> (VerifyResult, updates: [Int: JSONValue]) {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            // A file another program cut short meanwhile was read on over zeros, so that the
            // other files are verified all the same: whatever came of it, that is its result,
            // and nothing of it is rewritten.
            if file?.wasCutShort == true {
                let cut = VerifyResult(
                    path: path, outcome: .error(.recording(.cutShort(path))), steps: steps, comparedStates: compared,
                    seconds: seconds)
                return (cut, [:])
            }
            var verified = VerifyResult(path: path, outcome: outcome, steps: steps, comparedStates: compared, seconds: seconds)
            verified.warnings = warnings
            verified.rewrittenPaths = rewrittenPaths
            verified.statesAfterMissing = afterMissing
            return (verified, updates)
        }
        do {
            let recording: Recording
            do {
                let bytes = try FileBytes(path: path, recovering: true)
                file = bytes
                recording = try Recording(path: path, bytes: bytes, strict: strict)
                warnings = recording.warnings
            } catch {
                throw InspectorError.recording(error)
            }
            guard let reducer = inspector.reducer(for: recording, override: reducerName) else {
                // A malformed file is reported as such (65) before its missing reducer (64).
                try Self.validate(recording, after: 0)
                throw InspectorError.missingReducer(
                    path: path, named: reducerName ?? recording.reducerName, available: inspector.reducers.map(\.name))
            }
            // A reducer that reads the clock also diverges from its recorded states; report the
            // cause, not the symptom, so check determinism first.
            if checksDeterminism {
                var replayed = 0
                if let difference = try DeterminismCheck(recording: recording, reducer: reducer).run(replayed: &replayed) {
                    steps = replayed
                    try Self.validate(recording, after: replayed)
                    return result(.nondeterministic(difference))
                }
            }
            let run = ReplayRun(recording: recording, reducer: reducer)
            // A header's initial state the reducer reads differently (a property added since,
            // filled in with its default) is rewritten too, so that the first step's diff and
            // `blame` do not give the property to the first action.
            if collectsUpdates, let header = recording.header, let recorded = header.initialState,
                let read = try run.initialStateAsRead(),
                !ReplayRun.initialDivergence(recorded: recorded, read: read).isEmpty
            {
                updates[header.line - 1] = read.keepingRedactions(of: recorded)
            }
            var firstDivergence: VerifyResult.Divergence?
            var lastIndex: Int?
            // The step after the last one whose state was compared: a difference found later
            // may come from any step from there on.
            var uncheckedFrom = 0
            // The state the replay goes on from, when the app's decoder reads stand-ins in it.
            var standIns = try run.initialStandIns()
            let end = try run.check { step throws(InspectorError) in
                steps += 1
                progress?(step.index, recording.steps.count)
                lastIndex = step.index
                guard let divergence = step.divergence else {
                    // A recorded state after entries went missing, taken as it is: the replay
                    // goes on from it, so a difference found later was made after it.
                    if step.after != nil {
                        uncheckedFrom = step.index + 1
                        standIns = step.standIns
                        afterMissing += 1
                    }
                    return true
                }
                compared += 1
                defer { uncheckedFrom = step.index + 1 }
                // A step whose state differs was parsed to be compared.
                guard !divergence.isEmpty, step.gapBefore == nil, let entry = step.entry else { return true }
                if firstDivergence == nil {
                    firstDivergence = Self.divergence(
                        entry, line: entry.line, divergence, in: recording, steps: uncheckedFrom...step.index)
                    firstDivergence?.standIns = standIns
                }
                guard collectsUpdates else { return false }
                rewrittenPaths.add(divergence, seq: step.seq)
                // What the recorder hid stays hidden in the golden.
                let recorded = entry.state
                updates[Int(recording.steps[step.index].lineIndex)] = step.after.map { after in
                    recorded.map { after.keepingRedactions(of: $0) } ?? after
                }
                return true
            }
            // The replay stops at the first divergence unless it collects updates; only a replay
            // that ran to the end has an end comparison. Entries missing after the last recorded
            // state make a different final state expected, as `replay` says: the recording is
            // incomplete there, which is no drift of the reducer.
            if let end, !end.afterGap {
                compared += 1
                if !end.divergence.isEmpty {
                    if firstDivergence == nil {
                        if let lastIndex {
                            let lastEntry = try recording.readEntry(at: lastIndex)
                            let line = recording.endLineIndex.map { $0 + 1 } ?? lastEntry.line
                            firstDivergence = Self.divergence(
                                lastEntry, line: line, end.divergence, in: recording,
                                steps: min(uncheckedFrom, lastIndex)...lastIndex)
                        } else {
                            // No step: the end marker's state is not the initial one.
                            firstDivergence = VerifyResult.Divergence(
                                seq: 0, type: "", action: .null, line: (recording.endLineIndex ?? 0) + 1,
                                changes: end.divergence, redactedPaths: [])
                        }
                        firstDivergence?.standIns = standIns
                    }
                    if let endLine = recording.endLineIndex {
                        updates[endLine] = end.replayed.keepingRedactions(of: end.recorded)
                        rewrittenPaths.add(end.divergence, seq: recording.endSeq ?? 0)
                    }
                }
            }
            if let firstDivergence {
                // Unless it collects updates, the replay stopped there.
                if !collectsUpdates, end == nil { try Self.validate(recording, after: steps) }
                return result(.diverged(firstDivergence))
            }
            return result(.passed)
        } catch let error as InspectorError {
            return result(.error(error.preferringCutShort()))
        } catch {
            return result(.error(.recording(RecordingError(.malformed, path: path, message: "\(error)"))))
        }
    }

    /// Reads the lines after the first `replayed` steps, which a replay that stopped early
    /// did not: one that does not parse (a state cut off inside) makes the file malformed,
    /// as `check` and `replay` say, not a drift of the reducer.
    private static func validate(_ recording: Recording, after replayed: Int) throws(InspectorError) {
        do {
            try recording.validate(from: replayed)
        } catch {
            throw .recording(error)
        }
    }

    /// The divergence seen at `entry`, which any of the steps at `candidates` (indices, the
    /// last `entry`'s) may have caused.
    static func divergence(
        _ entry: RecordingEntry, line: Int, _ changes: [JSONChange], in recording: Recording,
        steps candidates: ClosedRange<Int>
    ) -> VerifyResult.Divergence {
        let redacted = changes.filter { change in
            [change.oldValue, change.newValue].contains { $0?.holdsRedactionPlaceholder == true }
        }.map(\.path)
        var divergence = VerifyResult.Divergence(
            seq: entry.seq, type: entry.type, action: entry.action, line: line, changes: changes, redactedPaths: redacted)
        if candidates.count > 1 {
            divergence.candidates = recording.steps[candidates.lowerBound].seq...recording.steps[candidates.upperBound].seq
        }
        // Looked for only once a file has failed: on a recording without states that is
        // every action of the file, read as bytes.
        let redactedActions = candidates.filter { recording.actionHoldsRedaction(at: $0) }
        divergence.redactedActionSeq = redactedActions.first.map { recording.steps[$0].seq }
        divergence.redactedActions = redactedActions.count
        return divergence
    }
}

extension Recording {
    /// Whether the action of step `index` holds the recorder's `"<redacted>"` placeholder as
    /// a string value (the quotes included); `false` when the action cannot be read.
    func actionHoldsRedaction(at index: Int) -> Bool {
        if let text = actionText(at: index) {
            return text.firstRange(of: Self.quotedPlaceholder) != nil
        }
        guard let action = try? readEntry(at: index).action else { return false }
        return action.holdsRedactionPlaceholder
    }

    /// `"<redacted>"`, quotes included, as the recorder writes it; made once, since a failed
    /// `verify` of a recording without states looks through every action for it.
    private static let quotedPlaceholder = Array("\"\(RecordingEncoder.redactedPlaceholder)\"".utf8)
}
