/// `check`: validates a recording line by line and summarises it.
struct CheckCommand: Subcommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Check that a recording is well-formed, and summarise it.",
        usage: "check <file> [--strict] [--reducer <name>]",
        arguments: [("<file>", "The recording (JSON Lines).")],
        options: [
            .init("--strict", help: "Treat a truncated last line as an error, not a warning."),
            .init("--reducer", value: "<name>", help: "Also decode every action with this reducer (by default the recording's, when known)."),
        ],
        discussion: """
            Parses every line, checks that seq increases, reports gaps (the first 20 one per
            line, then how many more), warns about an entry's time that is not a date and time
            or a us that is not a whole number, about a member the header or an entry writes
            twice (the first is read, as JSONDecoder reads it), and about an entry without a
            seq where others have one (it is numbered one past the entry before it). When the
            reducer is known, it decodes every action into its Action type, runs it through
            the reducer, and warns about an entry whose type is not the one the recorder writes
            for its action (the first 20, then how many more), and decodes each recorded state
            that replays start from (one followed by a step without a state) into its State
            type. States are not compared (that is what verify does). Exits 65 at the first
            problem: a line that is not a JSON object at all as the file is read, else the
            problem on the earliest line.
            """)

    /// How many gaps, and how many entries whose type is not their action's, are warned about
    /// one by one: a recording with a gap at every other step would otherwise bury the summary
    /// under a line per gap.
    static let listed = 20

    let file: String
    let strict: Bool
    let reducerName: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = try Self.singleFile(arguments)
        strict = arguments.has("--strict")
        reducerName = arguments.value("--reducer")
    }

    func run(_ session: CommandSession) throws(InspectorError) -> ExitCode {
        let timeline = try session.open(file, reducerName: reducerName, strict: strict, printingWarnings: false)
        let recording = timeline.recording
        // The recording's own warnings go among the others, unless a problem ends the check
        // first: then they come before its error.
        var warnedOfRecording = false
        defer {
            if !warnedOfRecording {
                for warning in recording.warnings { session.warn(warning.description) }
            }
        }
        // Replaying a million steps takes seconds: on a terminal, a line says how far it has
        // got (counted from here, so that it shows at once if the lines took long to check).
        let progress = StepProgress(session.context, label: "check", total: recording.steps.count)
        defer { progress.clear() }
        // Every line parses (syntax first, before any action is decoded); the index already
        // knows which steps hold a state.
        do {
            try recording.validate()
        } catch {
            // The first problem is the earliest line's: an action before the malformed line
            // that does not decode comes first.
            if let reducer = timeline.reducer, let line = error.line,
                let last = recording.steps.last(where: { $0.line < line })
            {
                _ = try ReplayRun(recording: recording, reducer: reducer).check(through: last.seq, comparingStates: false) {
                    step in
                    progress.update(step.index)
                    return true
                }
            }
            throw .recording(error)
        }
        let states = recording.steps.filter(\.hasState).count
        let named = recording.reducerName.map { JSONValue.string($0).compactText } ?? "in the recording"
        var decoded = "actions not decoded: no reducer named \(named)"
        var mislabelled: [MislabelledAction] = []
        if let reducer = timeline.reducer {
            let run = ReplayRun(recording: recording, reducer: reducer)
            run.replayer.namesActions = true
            try run.check(comparingStates: false) { step in
                progress.update(step.index)
                // Hand-edited recordings are where a step's action changed and its type did not.
                // A redacted value decodes as a placeholder, which may name the action otherwise.
                if let replayed = run.replayer.lastActionType,
                    let written = recording.writtenType(at: step.index), written != replayed,
                    !recording.actionHoldsRedaction(at: step.index)
                {
                    let location = recording.steps[step.index]
                    mislabelled.append(
                        MislabelledAction(line: location.line, seq: location.seq, written: written, recorded: replayed))
                }
                return true
            }
            try Self.decodeReplayStarts(of: timeline, with: run)
            decoded = "every action decodes with reducer \(reducer.name)"
        }
        progress.clear()
        let gaps = recording.gapsBetweenSteps
        // In the order of the file, whatever they are about; how many more of a kind, after.
        var warnings = gaps.prefix(Self.listed).map { gap in
            let reason = gap.reason.map { ": \($0)" } ?? ""
            return (line: gap.line, column: 0, text: "\(recording.path):\(gap.line): \(gap.summary)\(reason)")
        }
        warnings += mislabelled.prefix(Self.listed).map {
            let (written, recorded) = (JSONValue.string($0.written).compactText, JSONValue.string($0.recorded).compactText)
            return (
                $0.line, 0,
                "\(recording.path):\($0.line): seq \($0.seq): type \(written), but the recorder writes \(recorded) for its action"
            )
        }
        // Members every reader takes as they come, but that show nothing when written otherwise.
        warnings += (recording.warnings + recording.unusualEntryMembers()).map {
            ($0.line ?? 0, $0.column ?? 0, $0.description)
        }
        warnedOfRecording = true
        warnings.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        for warning in warnings { session.warn(warning.text) }
        let logShowsEach = "; '\(session.inspector.program) log' shows each where it is"
        warnAboutMore(gaps, in: recording.path, session, "gap", "gaps", hint: logShowsEach)
        warnAboutMore(
            mislabelled, in: recording.path, session, "entry whose type is not its action's",
            "entries whose type is not their action's", hint: "")
        let first = recording.steps.first.map { "seq \($0.seq)…\(recording.steps.last!.seq)" } ?? "no steps"
        let gapCount = gaps.isEmpty ? "no gaps" : "\(gaps.count) gap\(gaps.count == 1 ? "" : "s")"
        // The recorder writes the end marker when it is closed; without one, the app may have
        // stopped before writing its last entries.
        let end = recording.endSeq == nil ? ", no end marker (the recorder was not closed, or could not write it)" : ""
        let count = recording.steps.count
        session.context.print(
            "\(TerminalText.escape(recording.path)): ok: \(count) step\(count == 1 ? "" : "s") (\(first)), \(states) with states, \(gapCount)\(end); \(decoded)")
        return .success
    }

    /// Decodes into the app's state each recorded state that commands replay from: one
    /// followed by a step without a state (a recording made with `.every(n)`, or edited). A
    /// state the reducer cannot read would otherwise pass `check` and fail `show` or `diff` of
    /// the steps after it. States after a gap were decoded by the replay already; the others
    /// are shown as written and need not decode (a recording with every state has none).
    ///
    /// - Throws: ``InspectorError`` for the first state that does not decode, named by its line.
    private static func decodeReplayStarts(of timeline: Timeline, with run: ReplayRun) throws(InspectorError) {
        let steps = timeline.recording.steps
        for index in steps.indices.dropLast() where steps[index].hasState && !steps[index + 1].hasState {
            let entry = try timeline.entry(at: index)
            if let state = entry.state { try run.load(state, entry) }
        }
    }

    /// Where `items` are more than the first ``listed``, which are warned about one by one,
    /// says how many more there are in `path`, naming one of them `one` and several `many`,
    /// and adds `hint`.
    private func warnAboutMore<Item>(
        _ items: [Item], in path: String, _ session: CommandSession, _ one: String, _ many: String, hint: String
    ) {
        guard items.count > Self.listed else { return }
        let more = items.count - Self.listed
        session.warn("\(path): \(more) more \(more == 1 ? one : many) not listed\(hint)")
    }
}
