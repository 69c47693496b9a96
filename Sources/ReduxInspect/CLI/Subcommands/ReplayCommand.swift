/// `replay`: runs every action through the reducer and shows what each one changed.
struct ReplayCommand: Subcommand {
    static let spec = CommandSpec(
        name: "replay",
        abstract: "Replay a recording through the reducer and show each step's action and diff.",
        usage: "replay <file> [--reducer <name>] [--to <seq>] [--states] [--full] [--format <format>]",
        arguments: [("<file>", "The recording (JSON Lines).")],
        options: [
            .init("--reducer", value: "<name>", help: "Replay with this reducer instead of the one the recording names."),
            .init("--to", value: "<seq>", help: "Stop after the step with this seq (or the last before it, where the recording skips it)."),
            .init("--states", help: "Print the whole replayed state after each step."),
            .init(
                "--full",
                help: "Show values and actions in full; by default a value is cut to 80 characters (a changed one around its first difference) and an action to 120."),
            .init("--format", value: "<format>", help: "text (default) or json (one object per step)."),
        ],
        discussion: """
            Starts from the recording's initial state (or the reducer's default) and applies each
            action in turn. Where the recording holds the state after a step and the replayed
            state differs, the step says so, with the difference (recorded → replayed).
            Where the reducer reads the initial state differently from how the header writes
            it (a member its state type does not have), the replay says so before the first
            step, with the difference (header → read); numbers written differently but equal,
            such as 4.50 and 4.5, are no difference. Where the initial state, or a state the
            replay goes on from after missing entries, holds a redacted number the app's
            decoder can only read as 0 (a Bool as false, a Data as empty, a UUID as the
            all-zero one), a warning names its paths.
            """)

    let file: String
    let reducerName: String?
    let lastSeq: Int?
    let showsStates: Bool
    let full: Bool
    let format: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = try Self.singleFile(arguments)
        reducerName = arguments.value("--reducer")
        lastSeq = try Self.seq(arguments.value("--to"), option: "--to")
        showsStates = arguments.has("--states")
        full = arguments.has("--full")
        format = try Self.format(arguments, allowed: ["text", "json"])
    }

    func run(_ session: CommandSession) throws(InspectorError) -> ExitCode {
        let timeline = try session.open(file, reducerName: reducerName)
        // `--to` names a step as the end of a `diff` range does: one past the recording's
        // seqs is an error; one it skips (entries are missing there) ends the replay at the
        // step before it, and the line telling the entries missing there follows that step.
        var skippedEnd: RecordingGap?
        if let lastSeq, lastSeq > 0, timeline.recording.index(ofSeq: lastSeq) == nil {
            guard timeline.accountsFor(seq: lastSeq) else { throw timeline.noStep(seq: lastSeq) }
            // (Before no step: past the last one, the gap at the end.)
            let steps = timeline.recording.steps
            skippedEnd = timeline.recording.gap(before: steps.partitionIndex(atOrPast: { $0.seq > lastSeq }))
        }
        guard let reducer = timeline.reducer else {
            throw .missingReducer(
                path: file, named: reducerName ?? timeline.recording.reducerName,
                available: session.inspector.reducers.map(\.name))
        }
        let context = session.context
        let text = DiffTextFormatter(valueWidth: full ? nil : 80, colors: context.colorsOutput)
        var steps = 0
        var compared = 0
        var differing = 0
        let recording = timeline.recording
        let printer = ReplayStepPrinter(
            format: format, text: text, colors: context.colorsOutput, full: full, showsStates: showsStates,
            header: recording.header?.initialState, recording: recording)
        let run = ReplayRun(recording: recording, reducer: reducer)
        // Told once a step is replayed from it: `--to 0` replays none.
        var initialStandIns = try run.initialStandIns()
        let end = try run.runTexts(through: lastSeq, render: printer.output) { step, output throws(InspectorError) in
            steps += 1
            for start in [initialStandIns, step.standIns].compactMap(\.self) { session.warn(about: start, in: file) }
            initialStandIns = nil
            if let divergence = step.divergence {
                compared += 1
                if !divergence.isEmpty { differing += 1 }
            }
            context.output.write(utf8: output)
            return true
        }
        // Entries missing after the last one (an end marker past it), on a replay to the end;
        // or up to a `--to` the recording skips.
        if let gap = lastSeq == nil ? timeline.recording.gapAtEnd : skippedEnd {
            context.print(format == "json" ? gap.json.compactText : gap.notice)
        }
        if format == "json" {
            // After a gap with no recorded state since, a difference is expected: not compared.
            if let end, !end.afterGap, let seq = timeline.recording.endSeq {
                context.print(Self.json(endSeq: seq, divergence: end.divergence).compactText)
            }
        } else {
            // The end marker holds the final state: compare it too (recordings that keep no
            // per-step states are checked by it alone).
            // After a gap with no recorded state since, a difference is expected, not reported.
            if let end, !end.afterGap {
                compared += 1
                if !end.divergence.isEmpty {
                    differing += 1
                    context.print("! the final state in the end marker differs from the replay (recorded → replayed):")
                    for change in end.divergence { context.print("  " + text.line(for: change)) }
                }
            }
            let summary =
                compared == 0
                ? "no recorded state to compare with"
                : differing == 0
                ? "all recorded states match"
                : "\(differing) of \(compared) recorded state\(compared == 1 ? "" : "s") differ\(differing == 1 ? "s" : "") from the replay"
            context.print("\(steps) step\(steps == 1 ? "" : "s") replayed with reducer \(reducer.name); \(summary)")
        }
        return .success
    }

    /// The end marker's final state compared with the replay's:
    /// `{"end":{"seq":SEQ,"matchesRecording":BOOL,"divergence":[…]}}`, the divergence only
    /// when there is one.
    static func json(endSeq: Int, divergence: [JSONChange]) -> JSONValue {
        let members = [("seq", .number(JSONNumber(String(endSeq))))] + comparison(divergence)
        return .object(JSONObject([("end", .object(JSONObject(members)))]))
    }

    /// `"matchesRecording":BOOL`, and `"divergence":[…]` when the replay differs from the
    /// recorded state: how a step and the end marker say so alike.
    private static func comparison(_ divergence: [JSONChange]) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [("matchesRecording", .bool(divergence.isEmpty))]
        if !divergence.isEmpty { members.append(("divergence", DiffJSONFormatter().value(divergence))) }
        return members
    }

    /// One step as a JSON object, with its `changes`, and its `state` after when given;
    /// `initialDivergence`, given with the first step where the reducer reads the header's
    /// initial state differently, is added as `initialDivergence`.
    static func json(
        _ step: ReplayTextStep, changes: [JSONChange], state: JSONValue?, initialDivergence: [JSONChange]
    ) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("seq", .number(JSONNumber(String(step.entry.seq)))),
            ("type", .string(step.entry.type)),
            ("action", step.entry.action),
            ("changes", DiffJSONFormatter().value(changes)),
        ]
        if let divergence = step.divergence { members += comparison(divergence) }
        if !initialDivergence.isEmpty {
            members.append(("initialDivergence", DiffJSONFormatter().value(initialDivergence)))
        }
        if let state { members.append(("state", state)) }
        return .object(JSONObject(members))
    }
}
