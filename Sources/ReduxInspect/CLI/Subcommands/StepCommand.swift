#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `step`: interactive time travel through a recording, one command per line of standard input.
struct StepCommand: Subcommand {
    static let spec = CommandSpec(
        name: "step",
        abstract:
            "Step forward and back through a recording interactively (or from a script on standard input).",
        usage: "step <file> [--at <seq>] [--json] [--reducer <name>]",
        arguments: [("<file>", "The recording (JSON Lines).")],
        options: [
            .init("--at", value: "<seq>", help: "Start at this step, or 'last'; 0 (the initial state) by default."),
            .init("--json", help: "Answer every command with one line of JSON."),
            .init(
                "--reducer", value: "<name>",
                help: "Replay with this reducer where the recording holds no state."),
        ],
        discussion: """
            Reads one command per line: next/n [N], back/b/rn/reverse-next [N], goto/g SEQ (0 is
            the initial state), first (the initial state), last, find/f TEXT (forward to the next
            step whose type or action JSON contains TEXT), state/p/print [PATH], diff/d,
            action/a, where, info [watch], help/h/?, quit/q/exit (or the end of input).

            Watchpoints and breakpoints: watch PATH... (several paths at once; PATH.count is a
            size, as in a predicate), break PRED (a predicate as for bisect, e.g.
            cart.total > 50), info watch (lists both, numbered together), unwatch [PATH...]
            (all watchpoints without PATH), unbreak [N...] (all breakpoints without N), delete
            [N...] (all of both without N). continue/c runs
            forward to the next step that changes a watched path (its state before and after
            differ there) or after which a breakpoint's predicate holds, and says which fired
            with old → new; reverse-continue/rc runs back to the nearest such step before the
            current one. When nothing fires it stops at the last step (or the initial state)
            and says so, naming a watched path that no state on the way had.

            A move prints 'seq 5/22  decrement  {"decrement":{}}' and the step's changes
            indented; state prints the state (or the value at PATH) as indented JSON only.
            A command that cannot be done prints 'error: ...' on standard error ('error: line
            4: ...' in a script, counting every line of it), and the
            session goes on where it was, also when the recording has a malformed line or an
            action the reducer cannot decode on the way. A step whose state before or after
            cannot be encoded as JSON (a Double that is NaN) is the exception: the cursor goes
            there and shows '(changes cannot be shown)' with the error. A script (input not a
            terminal) in which a command failed, or showed such an error, exits with status
            1, or with the error's own status when it met one (65 for a malformed recording
            or a state that cannot be encoded, 64 for a step or reducer that does not exist;
            65 when it met both). On a
            terminal there is a banner and the step the session starts at (not with --json),
            and a prompt whose line is edited as at a shell's (the arrows recall earlier
            commands and move along the line; Ctrl-A, Ctrl-E, Ctrl-U, Ctrl-K, Ctrl-W; Ctrl-R
            searches the commands typed before; Tab completes), and an
            empty line repeats the last command; banner, step and prompt
            go to standard error when standard output is not the terminal, so that the output
            holds only the answers.
            Ctrl-C stops a long replay (a far goto), a continue or reverse-continue, or a long
            find and brings the prompt back, the session where it was; at the prompt it drops
            the line typed. Otherwise there is no
            prompt, no banner, and empty lines and lines starting with # are ignored, so a
            script's output is only the answers.

            With --json every command answers with one line on standard output. Moves,
            where, diff and action: {"seq":5,"type":"decrement","action":{...},"position":5,
            "count":22,"source":"recorded","changes":[...]} (seq and position 0 and a null
            type at the initial state; source is recorded, replayed, header, reducerDefault or
            unavailable; a clamped move adds "note"). state: {"seq":5,"state":{...}}, or
            {"seq":5,"path":"count","value":7}. continue and reverse-continue: the step object
            with "fired":[{"number":1,"kind":"watchpoint","path":"cart.total","old":0,"new":9},
            {"number":2,"kind":"breakpoint","predicate":"cart.total > 50"}] (and a "note" when
            nothing fired). watch and break: {"added":[...]}; info watch: {"watchpoints":[...],
            "breakpoints":[...]}; unwatch, unbreak, delete: {"deleted":[...]}. help:
            {"commands":[...]}. quit: {"quit":true}. A failure: {"error":"..."}, with "line":4 in a script.

            States come from the recording where it holds them, else from replay through the
            reducer from the nearest recorded state or checkpoint. On a terminal, while the
            prompt waits for a command, the recording is replayed ahead (about ten milliseconds
            at a time, between keys), keeping checkpoints, so that a far goto typed once it has
            caught up is answered at once.
            """ + "\n\n" + CommandSpec.replayWarnings)

    /// The prompt shown before each command on a terminal: the program's name, as gdb's is,
    /// so that an app's own inspector shows its own (`(my-inspector) `).
    static func prompt(program: String) -> String {
        "(\(program)) "
    }

    let file: String
    let startSeq: Int
    let json: Bool
    let reducerName: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = try Self.singleFile(arguments)
        guard file != "-" else {
            throw Self.usage("step reads its commands from standard input: give the recording as a file")
        }
        // `/dev/stdin`, or the file standard input is redirected from: the commands would be
        // read from the recording, or the recording would take the commands.
        if Self.isStandardInput(file) {
            throw Self.usage(
                "step reads its commands from standard input, which '\(TerminalText.echo(file))' is: "
                    + "give the recording as a file of its own")
        }
        startSeq = try Self.seq(arguments.value("--at"), option: "--at", acceptsLast: true) ?? 0
        json = arguments.has("--json")
        reducerName = arguments.value("--reducer")
    }

    /// Whether `path` is the file standard input is open on (the same device and inode).
    private static func isStandardInput(_ path: String) -> Bool {
        var input = stat()
        var named = stat()
        guard fstat(0, &input) == 0, stat(path, &named) == 0 else { return false }
        return input.st_dev == named.st_dev && input.st_ino == named.st_ino
    }

    func run(_ session: CommandSession) throws(InspectorError) -> ExitCode {
        let timeline = try session.open(file, reducerName: reducerName)
        timeline.showsReplayProgress(in: session.context)
        try requireStates(timeline, available: session.inspector.reducers.map(\.name))
        let start: Int
        // `last`: the last step, where the session's `last` goes.
        let startSeq = startSeq == Self.lastSeq ? timeline.recording.steps.last?.seq ?? 0 : self.startSeq
        do {
            start = try timeline.index(ofSeq: startSeq)
        } catch {
            guard startSeq == timeline.recording.endSeqAfterGap else { throw error }
            throw .noSuchPlace(
                path: timeline.recording.path, .endMarkerAfterGap(startSeq, last: timeline.recording.steps.last?.seq))
        }
        let steps = StepSession(timeline: timeline, position: start)
        // A step that cannot be shown (its state, or the one before it, needs an action that no
        // longer decodes) is no place to start, as `goto` would not go there: the session would
        // stand where no command works. The states shown are kept for the first command.
        if start >= 0 { _ = try steps.view() }
        let context = session.context
        let prompt = Self.prompt(program: session.inspector.program)
        steps.makeProgress = { label, total in StepProgress(context, label: label, total: total) }
        steps.program = session.inspector.program
        let renderer: any StepRenderer =
            json
            ? StepJSONRenderer()
            : StepTextRenderer(colors: context.colorsOutput, errorColors: context.colorsError)
        let interactive = context.inputIsTerminal
        // The banner and the prompt are for the person at the terminal, not answers: with
        // standard output sent to a file (a `--json` transcript, say) they go to standard
        // error, as a shell's prompt does, and nowhere when neither is a terminal.
        let promptSink: (any TextSink)? =
            !interactive ? nil : context.outputIsTerminal ? context.output : context.errorIsTerminal ? context.error : nil
        if interactive && !json {
            for line in banner(timeline, program: session.inspector.program) { promptSink?.write(line + "\n") }
            // Where the session starts goes with the banner: no command asked for it.
            if promptSink === context.output {
                emit(renderer.render(try steps.execute(.whereAmI)), context)
            } else if let promptSink {
                let opening = StepTextRenderer(colors: context.colorsError, errorColors: context.colorsError)
                    .render(try steps.execute(.whereAmI))
                for line in opening.lines + opening.errorLines { promptSink.write(line + "\n") }
            }
        }
        // Ctrl-C stops a long replay and brings the prompt back, in the process's own
        // interactive session (not a script, not a test's captured streams). There, lines
        // are typed with the arrows and the history of a shell's prompt, where the terminal
        // can draw them.
        // While the prompt waits, the recording is replayed ahead, so that a far jump finds a
        // checkpoint near it.
        var lineReader: TerminalLineReader?
        var idleReplay: IdleReplay?
        if interactive, context.output as? StandardStream === StandardStream.output {
            let descriptor: Int32? =
                promptSink === context.output ? 1 : promptSink === context.error ? 2 : nil
            if let descriptor, !context.isDumbTerminal { lineReader = TerminalLineReader(drawingOn: descriptor) }
            // A line reader draws the prompt itself, and again after an interrupt.
            StepInterrupt.install(prompt: prompt, descriptor: lineReader == nil ? descriptor : nil)
            timeline.isInterrupted = { StepInterrupt.isRequested }
            idleReplay = IdleReplay(timeline)
            lineReader?.idleReplay = idleReplay
            // Paths complete from the state the session shows, which it has read already.
            lineReader?.completer = { [steps] characters in
                StepCompletion.completion(for: characters) { try? steps.state(at: steps.cursor.position) }
            }
        }
        defer {
            if timeline.isInterrupted != nil {
                timeline.isInterrupted = nil
                StepInterrupt.uninstall()
            }
        }
        var previous: String?
        // A script's failed command must not pass unnoticed where only the exit status is read.
        var aCommandFailed = false
        // The steps where the reducer no longer makes the recorded state that were told of.
        var warnedUnreproduced: Set<Int> = []
        var toldStandIns: Set<Int?> = []
        let replaysWithoutMissing = timeline.replaysWithoutMissing
        var toldReplaysWithoutMissing: Set<Int> = []
        var toldRedactedActions: Set<Int> = []
        // The replayed actions with stand-ins of each stretch of replayed steps looked at, by
        // the stretch's first step.
        var redactedByStretch: [Int: [RedactedAction]] = [:]
        var lastShownSeq: Int?
        // The script's line being run: a failure in a script names it.
        var lineNumber = 0
        /// A failure as a script shows it, with its line.
        func located(_ reply: StepReply) -> StepReply {
            interactive ? reply : reply.located(atLine: lineNumber)
        }
        while true {
            context.flushOutput()
            // Waiting before the prompt shows: an interrupt sent once it is seen drops the line.
            StepInterrupt.setWaitingAtPrompt(true)
            if lineReader == nil { promptSink?.write(prompt) }
            context.flushOutput()
            // A terminal that reads whole lines (`TERM=dumb`) says there is input once one is.
            if lineReader == nil, let replay = idleReplay, !replay.run(untilReadable: 0) { idleReplay = nil }
            let read = lineReader.map { $0.readLine(prompt: prompt) } ?? context.readLine()
            StepInterrupt.setWaitingAtPrompt(false)
            guard var line = read else {
                promptSink?.write("\n")
                break
            }
            lineNumber += 1
            // A script saved by an editor that starts files with a byte order mark.
            if lineNumber == 1, line.unicodeScalars.first == "\u{FEFF}" { line.unicodeScalars.removeFirst() }
            if line.allSatisfy(\.isWhitespace) {
                guard interactive, let previous else { continue }
                line = previous
            }
            let input: StepInput
            do {
                guard let parsed = try StepCommandParser.parse(line) else { continue }
                input = parsed
            } catch {
                emit(renderer.render(located(.failure(error.message))), context)
                aCommandFailed = true
                continue
            }
            previous = line
            let positionBefore = steps.cursor.position
            let reply = try steps.execute(input)
            if StepInterrupt.isRequested, let promptSink {
                // The terminal the prompt is on echoed `^C` where the cursor was: take it away
                // (or, where a line cannot be erased, end it), so that the reply or the next
                // prompt starts a line of its own.
                promptSink.write(context.isDumbTerminal ? "\n" : "\r\u{1B}[K")
            }
            emit(renderer.render(located(reply)), context)
            // The step whose changes the session shows now, once: not the steps a jump or a
            // walk replayed on the way, whose changes it did not show.
            let here = steps.cursor.seq
            if !warnedUnreproduced.contains(here), timeline.unreproducedSeqs.contains(here) {
                session.warnAboutUnreproducedStates(timeline, within: here...here)
                warnedUnreproduced.insert(here)
            }
            if replaysWithoutMissing.contains(where: {
                $0.seqs.contains(here) && !toldReplaysWithoutMissing.contains($0.replayed.lowerBound)
            }) {
                toldReplaysWithoutMissing = session.warnAboutReplaysWithoutMissing(
                    timeline, within: here...here, stretches: replaysWithoutMissing, told: toldReplaysWithoutMissing)
            }
            // The state shown, or at a recorded one, the state before it that its changes are
            // shown from; looked at when the cursor has moved.
            let shownState = steps.cursor.position - (timeline.hasRecordedState(at: steps.cursor.position) ? 1 : 0)
            if here != lastShownSeq, shownState >= 0, !timeline.hasRecordedState(at: shownState) {
                // The actions replayed to make it: its stretch's since the last recorded state,
                // each stretch looked through once.
                let first = timeline.lastRecordedStep(before: shownState) + 1
                let stretch =
                    redactedByStretch[first]
                    ?? timeline.replayedActionsWithStandIns(within: first..<timeline.replayedStretchEnd(from: first))
                redactedByStretch[first] = stretch
                let until = timeline.recording.steps[shownState].seq
                let shown = stretch.prefix { $0.seq <= until }.filter { !toldRedactedActions.contains($0.seq) }
                if !shown.isEmpty {
                    toldRedactedActions = session.warnAboutRedactedActions(timeline, found: Array(shown), told: toldRedactedActions)
                }
            }
            lastShownSeq = here
            // `continue` and `reverse-continue` read every state on their way: what the
            // warnings say of a stretch they walked holds for their answer, as for `bisect`'s.
            if case .resume = input, steps.cursor.position != positionBefore {
                let walked = min(positionBefore, steps.cursor.position)...max(positionBefore, steps.cursor.position)
                let indices = max(walked.lowerBound, 0)..<(walked.upperBound + 1)
                if let seqs = timeline.recording.seqs(of: indices) {
                    let stretches = replaysWithoutMissing.filter {
                        $0.seqs.overlaps(seqs) && !toldReplaysWithoutMissing.contains($0.replayed.lowerBound)
                    }
                    let redacted = timeline.replayedActionsWithStandIns(within: indices).filter {
                        !toldRedactedActions.contains($0.seq)
                    }
                    toldReplaysWithoutMissing = session.warnAboutReplaysWithoutMissing(
                        timeline, stretches: stretches, told: toldReplaysWithoutMissing)
                    toldRedactedActions = session.warnAboutRedactedActions(timeline, found: redacted, told: toldRedactedActions)
                }
            }
            // Not a state only the replay ahead, while the prompt waited, started from.
            toldStandIns = session.warnAboutStandIns(timeline, within: Int.min...here, told: toldStandIns)
            if reply.reportsError { aCommandFailed = true }
            if reply == .quit { break }
        }
        guard aCommandFailed && !interactive else { return .success }
        // A script that met a malformed recording, or a step the recording lacks, says so as
        // other commands do (65, 64).
        return steps.firstError.map { ExitCode(for: $0) } ?? .failure
    }

    /// Fails before the session starts when some step's state would need a reducer the
    /// inspector lacks, rather than in the middle of it. A hand-written file that holds every
    /// step's state but no initial state opens: only the commands that need the state before
    /// the first step fail, and say so.
    private func requireStates(_ timeline: Timeline, available: [String]) throws(InspectorError) {
        guard timeline.reducer == nil else { return }
        let recording = timeline.recording
        if recording.steps.contains(where: { !$0.hasState }) {
            throw .missingReducer(
                path: file, named: reducerName ?? recording.reducerName, available: available)
        }
    }

    private func banner(_ timeline: Timeline, program: String) -> [String] {
        let recording = timeline.recording
        let steps = recording.steps
        var summary = "\(steps.count) step\(steps.count == 1 ? "" : "s")"
        if let first = steps.first, let last = steps.last { summary += " (seq \(first.seq)…\(last.seq))" }
        if let reducer = timeline.reducer { summary += ", reducer \(reducer.name)" }
        return [
            "\(program) step: \(TerminalText.escape(file)): \(TerminalText.escape(summary))",
            "Type 'help' for the commands, 'quit' to leave; an empty line repeats the last command.",
        ]
    }

    /// Writes a reply's lines; standard output is flushed first so the two streams stay in order.
    private func emit(_ output: StepOutput, _ context: CLIContext) {
        for line in output.lines { context.print(line) }
        guard !output.errorLines.isEmpty else { return }
        context.flushOutput()
        for line in output.errorLines { context.printError(line) }
    }
}
