/// One `redux-inspect` subcommand: parsed from its arguments, then run.
protocol Subcommand: Sendable {
    /// The interface, for parsing and help.
    static var spec: CommandSpec { get }
    /// Checks and keeps the arguments.
    ///
    /// - Throws: ``UsageError`` when they are wrong.
    init(_ arguments: ParsedArguments) throws(UsageError)
    /// Does the work.
    ///
    /// - Returns: The exit code.
    /// - Throws: ``InspectorError`` for problems with the recording or a missing reducer.
    func run(_ session: CommandSession) throws(InspectorError) -> ExitCode
    /// Whether the command line's only product is its standard output, so that it may stop
    /// as soon as that cannot be written; `verify` writing a report or rewriting files goes
    /// on.
    static func producesOnlyOutput(_ arguments: [String]) -> Bool
}

extension Subcommand {
    static func producesOnlyOutput(_ arguments: [String]) -> Bool { true }

    /// The error for a wrong argument of this subcommand.
    static func usage(_ message: String) -> UsageError {
        UsageError(message, command: spec.name)
    }

    /// The single `<file>` argument.
    static func singleFile(_ arguments: ParsedArguments, extra: Int = 0) throws(UsageError) -> String {
        guard let file = arguments.positionals.first else { throw usage("missing argument <file>") }
        if arguments.positionals.count > 1 + extra {
            throw usage("unexpected argument '\(TerminalText.echo(arguments.positionals[1 + extra]))'")
        }
        return file
    }

    /// Parses a positive integer option value.
    static func seq(_ text: String?, option: String, acceptsLast: Bool = false) throws(UsageError) -> Int? {
        guard let text else { return nil }
        if acceptsLast, text == "last" { return lastSeq }
        guard let value = Int(text), value >= 0 else {
            let expected = acceptsLast ? "a seq number or 'last'" : "a seq number"
            throw usage("invalid value '\(TerminalText.echo(text))' for '\(option)': expected \(expected)")
        }
        return value
    }

    /// What ``seq(_:option:acceptsLast:)`` gives for `last`, for ``resolving(_:in:)``.
    static var lastSeq: Int { Int.max }

    /// `seq`, or for `last` the seq of the last state the recording knows: its last step's,
    /// or the end marker's after entries missing at the end.
    static func resolving(_ seq: Int, in recording: Recording) -> Int {
        guard seq == lastSeq else { return seq }
        return max(recording.endSeq ?? 0, recording.steps.last?.seq ?? 0)
    }

    /// Parses a `--format` value against the allowed ones.
    static func format(_ arguments: ParsedArguments, allowed: [String]) throws(UsageError) -> String {
        let format = arguments.value("--format") ?? allowed[0]
        guard allowed.contains(format) else {
            throw usage("invalid value '\(TerminalText.echo(format))' for '--format': expected one of \(allowed.joined(separator: ", "))")
        }
        return format
    }
}

/// What a running subcommand has: the streams, and the inspector's reducers.
final class CommandSession {
    let context: CLIContext
    let inspector: Inspector
    /// The `--reducer` of the recording opened last, for the commands warnings suggest.
    private(set) var reducerOverride: String?
    /// Warnings about what the command has shown so far, for when it stops on an error part
    /// way: said before the error, so that a change shown from a state today's reducer no
    /// longer makes is not left unexplained. Set by a command before it shows steps.
    var warningsBeforeAnError: (() -> Void)?

    init(context: CLIContext, inspector: Inspector) {
        self.context = context
        self.inspector = inspector
    }

    /// Opens a recording and its timeline, printing its warnings to standard error.
    ///
    /// - Parameters:
    ///   - path: The recording.
    ///   - reducerName: `--reducer`, overriding the recording's header.
    ///   - strict: Treat a truncated last line as an error.
    ///   - printingWarnings: Whether to print the recording's warnings now; `check` prints
    ///     them among its own, in the order of the lines.
    func open(
        _ path: String, reducerName: String?, strict: Bool = false, printingWarnings: Bool = true
    ) throws(InspectorError) -> Timeline {
        if let reducerName, !inspector.reducers.contains(where: { $0.name == reducerName }) {
            throw .unknownReducer(name: reducerName, available: inspector.reducers.map(\.name))
        }
        reducerOverride = reducerName
        let recording: Recording
        do throws(RecordingError) {
            if path == "-" {
                let bytes: FileBytes
                if context.readsStandardInputDirectly {
                    bytes = try FileBytes.standardInput()
                } else if let read = context.readAll() {
                    bytes = FileBytes(bytes: read)
                } else {
                    throw RecordingError(.unreadable, path: "<stdin>", message: "cannot read standard input")
                }
                recording = try Recording(path: "<stdin>", bytes: bytes, strict: strict)
            } else {
                recording = try Recording(path: path, strict: strict)
            }
        } catch {
            throw .recording(error)
        }
        if printingWarnings {
            for warning in recording.warnings { warn(warning.description) }
        }
        let reducer = inspector.reducer(for: recording, override: reducerName)
        return Timeline(recording: recording, reducer: reducer, availableReducers: inspector.reducers.map(\.name))
    }

    /// Warns when the command met steps whose recorded state the reducer does not make from
    /// the replayed state before them (``Timeline/unreproducedSeqs``): the changes shown there
    /// mix the two. Only steps with a seq in `seqs` (the steps the command showed) are named.
    func warnAboutUnreproducedStates(_ timeline: Timeline, within seqs: ClosedRange<Int>? = nil) {
        var found = timeline.unreproducedSeqs.filter { seqs?.contains($0) ?? true }
        guard !found.isEmpty else { return }
        // A replay that ran an action with a redacted number read as 0, the step's own or
        // one since the last recorded state, is expected to miss the state recorded there:
        // that is no change of the reducer, and is warned about as such
        // (``warnAboutRedactedActions(_:within:found:told:)``).
        if timeline.mayHoldPlaceholder {
            found.removeAll { seq in
                guard let index = timeline.recording.index(ofSeq: seq) else { return false }
                return !timeline.actionStandIns(at: index).isEmpty
                    || (index > 0 && !timeline.replayedActionsWithStandIns(within: (index - 1)..<index).isEmpty)
            }
        }
        guard let first = found.first else { return }
        let path = timeline.recording.path
        var listed = found.prefix(3).map(String.init)
        if found.count > 3 { listed.append("\(found.count - 3) more") }
        let steps = listed.count == 1 ? "seq \(first)" : "seq \(listed.dropLast().joined(separator: ", ")) and \(listed.last!)"
        warn(
            "\(path): the reducer does not make the state recorded at \(steps) from the replayed state before it: "
                + "it has changed since the recording, and the changes shown there mix replayed and recorded states; "
                + "to find where they first differ: \(suggested("verify", path))")
    }

    /// Warns about the states replays had to start from although the app's decoder reads a
    /// redacted value in them as a stand-in (``Timeline/standInStarts``): the initial state,
    /// or a state recorded after missing entries. The states replayed from them compute with
    /// `0` or `false` where the app had its own value. Only the initial state and states with a
    /// seq in `seqs` (those before what the command showed) are told, and none in `told` (by
    /// an earlier call in the same `step` session); returns the seqs told, with `told`.
    @discardableResult
    func warnAboutStandIns(_ timeline: Timeline, within seqs: ClosedRange<Int>? = nil, told: Set<Int?> = []) -> Set<Int?> {
        var told = told
        for start in timeline.standInStarts where !told.contains(start.seq) {
            if let seq = start.seq, let seqs, !seqs.contains(seq) { continue }
            told.insert(start.seq)
            warn(about: start, in: timeline.recording.path)
        }
        return told
    }

    /// The command line that runs `subcommand` on the recording at `path`, with `arguments`
    /// and the `--reducer` the command was given: what a warning or a hint suggests.
    func suggested(_ subcommand: String, _ path: String, _ arguments: String...) -> String {
        ([inspector.program, subcommand, ShellWord.path(path)] + arguments.map(ShellWord.quoted)).joined(separator: " ")
            + ShellWord.reducerOption(reducerOverride)
    }

    /// Warns about each stretch of steps replayed without the actions of entries missing
    /// before them (``Timeline/replaysWithoutMissing``, or `stretches` when given) that has a
    /// step with a seq in `seqs` (every one, without `seqs`), and is not in `told` (by the
    /// stretch's first seq, told earlier in the same `step` session): the changes shown there,
    /// and at the recorded state that ends it, are not what the actions did. Returns the
    /// stretches told, with `told`.
    @discardableResult
    func warnAboutReplaysWithoutMissing(
        _ timeline: Timeline, within seqs: ClosedRange<Int>? = nil, stretches: [ReplayWithoutMissing]? = nil,
        told: Set<Int> = []
    ) -> Set<Int> {
        let found = (stretches ?? timeline.replaysWithoutMissing).filter { stretch in
            !told.contains(stretch.replayed.lowerBound) && (seqs.map { stretch.seqs.overlaps($0) } ?? true)
        }
        for stretch in found.prefix(3) { warn("\(timeline.recording.path): \(stretch.sentence)") }
        if found.count > 3 {
            let more = found.count - 3
            warn(
                "\(timeline.recording.path): \(more) more stretch\(more == 1 ? " is" : "es are") replayed without the actions of "
                    + "entries missing before \(more == 1 ? "it" : "them")")
        }
        return told.union(found.map(\.replayed.lowerBound))
    }

    /// Warns about the replayed steps among `indices` (every step, without them) whose action
    /// holds a redacted value the app's decoder reads as a stand-in
    /// (``Timeline/replayedActionsWithStandIns(within:)``, or `found` when given), except the
    /// seqs in `told` (by an earlier call of the same `step` session); returns the seqs told,
    /// with `told`. What the command shows from there may not be what the app did: `blame`
    /// said a redacted price was `0 throughout`.
    @discardableResult
    func warnAboutRedactedActions(
        _ timeline: Timeline, within indices: Range<Int>? = nil, found: [RedactedAction]? = nil, told: Set<Int> = []
    ) -> Set<Int> {
        let actions = (found ?? timeline.replayedActionsWithStandIns(within: indices)).filter { !told.contains($0.seq) }
        guard let first = actions.first else { return told }
        var listed = actions.prefix(3).map { String($0.seq) }
        if actions.count > 3 { listed.append("\(actions.count - 3) more") }
        let steps = listed.count == 1 ? "seq \(first.seq)" : "seq \(listed.dropLast().joined(separator: ", ")) and \(listed.last!)"
        let (actionText, hold, them) = actions.count == 1 ? ("action", "holds", "it") : ("actions", "hold", "them")
        // The places of every action listed, each once.
        var places: [String] = []
        for action in actions.prefix(3) {
            for place in action.standIns.map(\.path.description) where !places.contains(place) { places.append(place) }
        }
        let shown = places.prefix(3).joined(separator: ", ") + (places.count > 3 || actions.count > 3 ? ", …" : "")
        warn(
            "\(timeline.recording.path): the \(actionText) of \(steps) \(hold) redacted values that the app's decoder can "
                + "only read as \(StandIn.readings(actions.prefix(3).flatMap(\.standIns))) (\(shown)): the states replayed from "
                + "\(them), up to the next recorded state, compute with those, which may not be the app's values")
        return told.union(actions.map(\.seq))
    }

    /// Warns that the replay of the recording at `path` goes on from `start`, a state holding
    /// redacted values the app's decoder reads as stand-ins.
    func warn(about start: StandInStart, in path: String) {
        warn(
            "\(path): \(start.stateName) holds redacted values that the app's decoder can only read as "
                + "\(StandIn.readings(start.standIns)) (\(start.listedPaths)): the states replayed from it compute with those, which may not be the app's values")
    }

    /// Prints `warning: …` on standard error.
    func warn(_ message: String) {
        let label = context.colorsError ? "\u{1B}[33mwarning:\u{1B}[0m" : "warning:"
        context.flushOutput()
        context.printError("\(label) \(TerminalText.escape(message))")
    }
}

extension Timeline {
    /// The step index of `seq`, or `-1` for seq 0 (the initial state).
    ///
    /// - Parameters:
    ///   - offersInitialState: Whether the command takes seq 0, the initial state, so that the
    ///     error names it among the seqs to choose from.
    ///   - offersEndMarker: Whether the command takes the seq of an end marker after missing
    ///     entries, for the state it holds (`show`), so that the error names it too; such a seq
    ///     is no step's, and the caller reads the state before asking for an index.
    /// - Throws: ``InspectorError/noSuchStep(path:seq:first:last:)``, or
    ///   ``InspectorError/noSuchPlace(path:_:)`` when it offers the initial state.
    func index(ofSeq seq: Int, offersInitialState: Bool = true, offersEndMarker: Bool = false) throws(InspectorError) -> Int {
        if seq == 0 { return -1 }
        if let index = recording.index(ofSeq: seq) { return index }
        if offersEndMarker, let end = try recording.endAfterGap() {
            let (first, last) = (recording.steps.first?.seq, recording.steps.last?.seq)
            throw .noSuchPlace(path: recording.path, .noSuchSeqBeforeEnd(seq, first: first, last: last, end: end.seq))
        }
        throw noStep(seq: seq, offersInitialState: offersInitialState)
    }

    /// The error for `seq`, which no step has, as ``index(ofSeq:offersInitialState:)`` gives it.
    func noStep(seq: Int, offersInitialState: Bool = true) -> InspectorError {
        let (first, last) = (recording.steps.first?.seq, recording.steps.last?.seq)
        guard offersInitialState else { return .noSuchStep(path: recording.path, seq: seq, first: first, last: last) }
        return .noSuchPlace(path: recording.path, TimelineCursor.GotoError.noSuchSeq(seq, first: first, last: last))
    }

    /// The steps of the seqs `from` through `to`. An end the recording skips (entries are
    /// missing there, such as actions the recorder's filter left out, before the first step
    /// too, or after the last up to the end marker's seq) stands for the nearest step inside
    /// the range, so that a range copied from one recording works on another of the same
    /// session; an end past every seq the recording accounts for is an error, as for one seq.
    ///
    /// - Throws: ``InspectorError/noSuchStep(path:seq:first:last:)`` for an end past them,
    ///   ``InspectorError/noStepInRange(path:from:to:)`` when no step lies in the range.
    func indices(ofSeqs from: Int, through to: Int) throws(InspectorError) -> Range<Int> {
        let steps = recording.steps
        guard let first = steps.first?.seq, let last = steps.last?.seq else {
            throw .noSuchStep(path: recording.path, seq: from, first: nil, last: nil)
        }
        for seq in [from, to] where !accountsFor(seq: seq) {
            throw .noSuchStep(path: recording.path, seq: seq, first: first, last: last)
        }
        let lower = steps.partitionIndex(atOrPast: { $0.seq >= from })
        let upper = steps.partitionIndex(atOrPast: { $0.seq > to })
        guard lower < upper else { throw .noStepInRange(path: recording.path, from: from, to: to) }
        return lower..<upper
    }

    /// Whether `seq` is a step's or one the recording says it skips: from 1 to the last
    /// step's seq, or to the end marker's when that is later.
    func accountsFor(seq: Int) -> Bool {
        guard let last = recording.steps.last?.seq else { return false }
        return (1...max(last, recording.endSeq ?? last)).contains(seq)
    }
}

extension JSONPath {
    /// Parses a path given on the command line.
    static func argument(_ text: String) throws(InspectorError) -> JSONPath {
        do {
            return try JSONPath(parsing: text)
        } catch {
            throw .badPath(text, error)
        }
    }
}

extension RecordingGap {
    /// `3 entries missing after seq 41`, for messages.
    var summary: String { "\(dropped) \(dropped == 1 ? "entry" : "entries") missing after seq \(after)" }

    /// `! 3 entries missing after seq 41 (queue full)`: the line `log`, `replay` and `diff`
    /// print where entries are missing, the reason escaped as any text from a recording is.
    var notice: String {
        "! \(summary)" + (reason.map { " (\(TerminalText.escape($0)))" } ?? "")
    }

    /// The gap in the JSON formats of `replay` and `diff`, as the recording's own marker writes
    /// it: `{"gap":{"after":SEQ,"dropped":N,"reason":…}}`, the reason when there is one.
    var json: JSONValue { .object(JSONObject([("gap", details)])) }

    /// `{"after":SEQ,"dropped":N,"reason":…}`: the marker's own object, which `step --json`
    /// puts in the step it comes before.
    var details: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("after", .number(JSONNumber(String(after)))),
            ("dropped", .number(JSONNumber(String(dropped)))),
        ]
        if let reason { members.append(("reason", .string(reason))) }
        return .object(JSONObject(members))
    }
}
