/// `diff`: the change each step made to the state, as text, RFC 6902 JSON Patch, or JSON.
struct DiffCommand: Subcommand {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show the change between consecutive states: every step, one step, or a range.",
        usage: "diff <file> [<seq> | <from>..[<to>]] [--path <prefix>] [--format <format>] [--full] [--reducer <name>]",
        arguments: [
            ("<file>", "The recording (JSON Lines)."),
            (
                "<seq> | <from>..[<to>]",
                "One step, or the steps from <from> to <to> (an end the recording skips takes the nearest step inside; 'last' is the last step, and so is <to> left out); every step when omitted."
            ),
        ],
        options: [
            .init("--path", value: "<prefix>", help: "Only changes at or under this path, e.g. cart.items."),
            .init("--format", value: "<format>", help: "text (default), json-patch (RFC 6902, one patch per line), or json."),
            .init("--full", help: "Show values in full; by default one is cut to 80 characters, a changed one around its first difference."),
            .init("--reducer", value: "<name>", help: "Replay with this reducer where the recording holds no state."),
        ],
        discussion: """
            Text lines read '~ path: old → new', '+ path: value', '- path: value'. Elements of
            arrays of objects with an "id" are matched by id and shown as items[id=42], so an
            insertion is one '+' line; one whose place among the others changed is one line
            '↕ items[id=42]: index 3 → 0', its index before and after the step (in JSON, kind
            "moved" with "from" and "to"). Other arrays are compared by position, the elements
            unchanged at both ends set aside when the length changed, so a tag put in at the
            front is '+ tags[0]'. With --format json-patch each step prints one RFC 6902
            patch that turns the state before the step into the state after it. Where entries
            are missing, a line '! 3 entries missing after seq 41' (in JSON a "gap" object) comes
            before the step after them, whose change includes theirs. Under --path, a value that
            comes or goes with an ancestor is shown at the path: with --path
            cart.items[id=1].quantity, adding item 1 prints '+ cart.items[id=1].quantity: 2'
            (its JSON Patch adds the whole item, as a patch must).
            """ + "\n\n" + CommandSpec.replayWarnings)

    let file: String
    let range: SeqRange?
    let path: String?
    let format: String
    let full: Bool
    let reducerName: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = try Self.singleFile(arguments, extra: 1)
        range = try Self.seqRange(arguments)
        path = arguments.value("--path")
        format = try Self.format(arguments, allowed: ["text", "json-patch", "json"])
        full = arguments.has("--full")
        reducerName = arguments.value("--reducer")
    }

    func run(_ session: CommandSession) throws(InspectorError) -> ExitCode {
        let timeline = try session.open(file, reducerName: reducerName)
        let prefix = try path.map { text throws(InspectorError) in try JSONPath.argument(text) }
        let steps = timeline.recording.steps
        var indices = steps.indices
        // `last`: the last step, whose change is the last there is to show (the end marker's
        // after missing entries is shown with it).
        if let range { indices = try range.indices(in: timeline) }
        let context = session.context
        let text = DiffStepText(
            format: format, formatter: DiffTextFormatter(valueWidth: full ? nil : 80, colors: context.colorsOutput),
            colors: context.colorsOutput, skipsUnchanged: prefix != nil)
        var replay = DiffReplay(timeline: timeline, prefix: prefix, end: indices.upperBound)
        let recording = timeline.recording
        func write(_ gap: RecordingGap?) {
            guard let gap else { return }
            var output: [UInt8] = []
            text.write(gap, to: &output)
            context.output.write(utf8: output)
        }
        // Entries missing after the last step are told when the output reaches it.
        // (Also those after the range's last step, when the recording skips the seq it ends at.)
        let endGap = recording.gap(after: indices, endingAt: range?.to ?? .last)
        // What the replay found on the way (a state today's reducer no longer makes, a start
        // from stand-ins), also when a step stops the command part way.
        session.warningsBeforeAnError = {
            session.warnAboutStandIns(timeline)
            session.warnAboutUnreproducedStates(timeline, within: recording.seqs(of: indices))
        }
        guard prefix == nil else {
            // Under a prefix, diff just that part of the states (read from their text where
            // it can be, else parsed), so that JSON Patch pointers stay valid. Most steps may
            // leave it alone and print nothing: on a terminal, a line says how far it has got.
            let progress = StepProgress(context, label: "diff", total: steps.count)
            // Also when a step throws: the error's line comes after it.
            defer { progress.clear() }
            for index in indices {
                if let gap = recording.gap(before: index) {
                    progress.willPrint()
                    write(gap)
                }
                let output = try replay.output(at: index, text)
                if !output.isEmpty {
                    progress.willPrint()
                    context.output.write(utf8: output)
                }
                progress.update(index)
            }
            progress.clear()
            write(endGap)
            if !replay.prefixSeen, let path, !indices.isEmpty {
                // A size is read by blame and bisect; here it is a member no array has.
                let size = prefix?.components.last == .key("count") ? "; a size is no place in the state: "
                    + "to list its changes: \(session.suggested("blame", file, path))" : ""
                // The last state diffed says what the path was likely meant to be.
                var meant = ""
                if size.isEmpty, let prefix, let last = try? timeline.state(after: indices.upperBound - 1) {
                    meant = Predicate.Operand.path(prefix).didYouMean(in: last)
                }
                session.warn("no state diffed has a value at \(TerminalText.echo(path))\(size)\(meant)")
            }
            session.warnAboutStandIns(timeline)
            session.warnAboutUnreproducedStates(timeline, within: recording.seqs(of: indices))
            session.warnAboutReplaysWithoutMissing(timeline, within: recording.seqs(of: indices))
            // The states diffed: the one before the first step too.
            session.warnAboutRedactedActions(timeline, within: max(0, indices.lowerBound - 1)..<indices.upperBound)
            return .success
        }
        // Steps whose states before and after are both recorded are diffed from the lines'
        // bytes, parsing only what changed, on every core; the others are replayed here, in
        // order, as the output reaches them.
        try RecordedStateDiffer.forEachChunk(of: recording, steps: indices) { differ, chunk in
            var pieces: [DiffPiece] = []
            // The text of the steps diffed since the last one left to replay (and of the
            // gaps between them), if any, and whether it holds any step.
            var output: [UInt8] = []
            var diffed = false
            func flush() {
                if !output.isEmpty { pieces.append(diffed ? .diffed(output) : .notice(output)) }
                (output, diffed) = ([], false)
            }
            for index in chunk {
                if let gap = recording.gap(before: index) { text.write(gap, to: &output) }
                // A state compared with the replay's values in place of its placeholders is
                // the timeline's to make (``Timeline/comparedState(after:)``).
                guard !recording.mayCompareReplayedValues(after: index - 1),
                    !recording.mayCompareReplayedValues(after: index),
                    let step = differ.rawChanges(at: index), (try? text.write(step, to: &output)) != nil
                else {
                    flush()
                    pieces.append(.replay(index))
                    continue
                }
                diffed = true
            }
            flush()
            return pieces
        } weight: { pieces in
            pieces.reduce(0) { total, piece in
                switch piece {
                case .diffed(let output), .notice(let output): total + output.count
                case .replay: total
                }
            }
        } consume: { (pieces: [DiffPiece]) throws(InspectorError) in
            for piece in pieces {
                switch piece {
                case .diffed(let output):
                    context.output.write(utf8: output)
                    replay.forgetState()
                case .notice(let output):
                    // Only the lines of a gap: the replay's last state is still the one before.
                    context.output.write(utf8: output)
                case .replay(let index):
                    context.output.write(utf8: try replay.output(at: index, text))
                }
            }
        }
        write(endGap)
        session.warnAboutStandIns(timeline)
        session.warnAboutUnreproducedStates(timeline, within: recording.seqs(of: indices))
        session.warnAboutReplaysWithoutMissing(timeline, within: recording.seqs(of: indices))
        // The states diffed: the one before the first step too.
        session.warnAboutRedactedActions(timeline, within: max(0, indices.lowerBound - 1)..<indices.upperBound)
        return .success
    }
}

/// Part of a chunk of `diff` output: the text of steps diffed from their recorded states, or a
/// step to replay.
private enum DiffPiece: Sendable {
    /// The text, as UTF-8, of one or more consecutive steps diffed from their recorded states
    /// (and of gaps between them).
    case diffed([UInt8])
    /// The text of a gap alone, before a step to replay.
    case notice([UInt8])
    /// A step whose state before or after is not recorded (or not well formed), or is
    /// compared with the replay's values in place of its placeholders
    /// (``Timeline/comparedState(after:)``): the main thread diffs it from replayed states,
    /// or reports the problem.
    case replay(Int)
}

extension Recording {
    /// The seqs of the steps at `indices`, from the first to the last; `nil` for no step.
    func seqs(of indices: Range<Int>) -> ClosedRange<Int>? {
        guard let first = indices.first, let last = indices.last else { return nil }
        return steps[first].seq...steps[last].seq
    }
}
