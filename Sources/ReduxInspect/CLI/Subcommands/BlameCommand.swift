/// `blame`: every step that changed the value at one path of the state — "who changed this?".
struct BlameCommand: Subcommand {
    static let spec = CommandSpec(
        name: "blame",
        abstract: "List every step that changed the value at a path of the state, with old → new.",
        usage: "blame <file> <path> [<steps>] [--format <format>] [--full] [--reducer <name>]",
        arguments: [
            ("<file>", "The recording (JSON Lines)."),
            (
                "<path>",
                "The place in the state, e.g. cart.total, cart.items[id=42].quantity or cart.items.count."
            ),
            (
                "<steps>",
                "Only the changes these steps made: a seq (13), a range (10..15, 10..last, 10..) or last, as diff takes them."
            ),
        ],
        options: [
            .init("--format", value: "<format>", help: "text (default) or json (one object per line)."),
            .init("--full", help: "Show long values in full instead of abbreviating them."),
            .init(
                "--reducer", value: "<name>",
                help: "Replay with this reducer where the recording holds no state."),
        ],
        discussion: """
            Compares the value at <path> in the state before and after each step and lists the
            steps where it differs: the value itself changed, or a parent was added, removed or
            replaced, or something inside it changed. An element selected by id (items[id=42])
            is followed wherever it moves in its array; moving it alone is not a change.
            A path ending in .count is a size, as in a predicate: cart.items.count lists the
            steps that changed how many items there are (an object's own count member, when it
            has one; cart.items["count"] is always the member). Values are compared as diff
            compares them: numbers by their text (1 → 1.0 is a change), objects whatever their
            member order.

            Text lines read '   10  setQuantity  18.99 → 23.49': seq, action type, the value
            before → after, '(absent)' where the state has no value at <path>, and
            '(N entries missing before this step)' after a gap in the recording. When entries
            are missing after the last step, a change in the end marker's state is listed last,
            with '(end marker)' for a type. Values longer than 60 characters are cut with '…'
            around their first difference unless --full is given. When no step changed the
            value, one line says so; when no state has a value at <path> at all (a misspelt
            path, say), a warning on standard error says so, in every format, and blame exits
            1, as show --path does. Given <steps>, only their changes are listed, the first
            from the value before it.

            With --format json each step is one line: {"seq":10,"type":"setQuantity",
            "path":"cart.total","kind":"changed","old":18.99,"new":23.49}; kind is added (no
            "old"), removed (no "new") or changed, and "missingBefore":N follows a gap; the end
            marker's line has "type":null and "end":true. Nothing is printed on standard
            output when no step changed the value.
            """ + "\n\n" + CommandSpec.replayWarnings)

    let file: String
    /// The path, read as a predicate reads it (`cart.items.count` is a size).
    let path: PathReading
    /// The steps whose changes are listed; `nil` for all.
    let range: SeqRange?
    let format: String
    let full: Bool
    let reducerName: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = try Self.singleFile(arguments, extra: 2)
        guard arguments.positionals.count >= 2 else { throw Self.usage("missing argument <path>") }
        let text = arguments.positionals[1]
        do {
            path = PathReading(try JSONPath(parsing: text), writtenAs: text)
        } catch {
            throw Self.usage("invalid path '\(TerminalText.echo(text))': \(error)")
        }
        range = try Self.seqRange(arguments, at: 2)
        format = try Self.format(arguments, allowed: ["text", "json"])
        full = arguments.has("--full")
        reducerName = arguments.value("--reducer")
    }

    func run(_ session: CommandSession) throws(InspectorError) -> ExitCode {
        let timeline = try session.open(file, reducerName: reducerName)
        let recording = timeline.recording
        let context = session.context
        // What the first step's change is measured from: for a replayed first step, the header's
        // state as the reducer reads it, so that `0.0` in the header is not blamed on it.
        let path = self.path
        let steps = try range?.indices(in: timeline) ?? recording.steps.indices
        // Given steps after the first, the value before them is read by the walk, which starts
        // a step early for it.
        var previous = steps.lowerBound == 0 ? path.value(in: try timeline.state(before: 0)) : nil
        var changed = false
        let progress = StepProgress(context, label: "blame", total: recording.steps.count)
        // Entries missing after the last step: the end marker's state is the only one after
        // them, and its change belongs to none of the steps listed.
        let endAfterGap = steps.upperBound == recording.steps.count ? try recording.endAfterGap() : nil
        let seqWidth = max(recording.seqColumnWidth, endAfterGap.map { String($0.seq).count } ?? 0)
        defer { progress.clear() }
        // What the replay found on the way, also when a step stops the command part way.
        let seqs = range.flatMap { _ in recording.seqs(of: steps) }
        session.warningsBeforeAnError = {
            session.warnAboutStandIns(timeline, within: seqs)
            session.warnAboutUnreproducedStates(timeline, within: seqs)
        }
        try timeline.walk(
            max(steps.lowerBound - 1, 0)..<steps.upperBound, projecting: { path.value(in: $0) },
            projectingText: StateTextReading(paths: [path.skeletonPath]) { path.value(in: $0) }
        ) {
            index, value throws(InspectorError) in
            defer {
                previous = value
                progress.update(index)
            }
            guard index >= steps.lowerBound, value != previous else { return true }
            changed = true
            progress.willPrint()
            let entry = try recording.readListedAction(at: index)
            let gap = recording.gap(before: index)?.dropped
            let place = Place(seq: entry.seq, type: entry.type, missingBefore: gap)
            context.print(line(place, old: previous, new: value, seqWidth: seqWidth, colors: context.colorsOutput))
            return true
        }
        progress.clear()
        if let end = endAfterGap, case let value = path.value(in: end.state), value != previous {
            changed = true
            let place = Place(seq: end.seq, type: nil, missingBefore: end.gap.dropped)
            context.print(line(place, old: previous, new: value, seqWidth: seqWidth, colors: context.colorsOutput))
            previous = value
        }
        let place = TerminalText.escape(path.description)
        // The steps looked at, when not all: `from seq 10 to 20`.
        let within = seqs?.seqsText ?? ""
        if !changed, let previous, format == "text" {
            context.print("no step\(within) changed \(place); it is \(show(previous)) throughout")
        } else if !changed, previous == nil {
            // No answer, a misspelt path most likely: a warning, as `diff --path` gives one, in
            // every format, so that standard output holds only answers.
            // The last state, where the walk ended, says what the path was likely meant to be.
            let last = try? timeline.state(after: steps.upperBound - 1)
            session.warn(
                "no step\(within) changed \(TerminalText.echo(path.description)): \(range == nil ? "no state has" : "none of their states has") a value there"
                    + (last.map(path.operand.didYouMean) ?? ""))
        }
        session.warnAboutStandIns(timeline, within: seqs)
        session.warnAboutUnreproducedStates(timeline, within: seqs)
        session.warnAboutReplaysWithoutMissing(timeline, within: seqs)
        session.warnAboutRedactedActions(timeline, within: range == nil ? nil : steps)
        // A path no state has, a misspelt one most likely, is no answer: as `show --path`.
        return !changed && previous == nil ? .failure : .success
    }

    /// Where a value changed: a step, or the end marker's state after entries missing at the
    /// end, which no action of the recording made.
    struct Place {
        let seq: Int
        /// The action's type; `nil` for the end marker.
        let type: String?
        /// The entries missing just before it, if any.
        let missingBefore: Int?
    }

    /// The line for a change at `place`, in the format asked for.
    func line(_ place: Place, old: JSONValue?, new: JSONValue?, seqWidth: Int, colors: Bool) -> String {
        format == "json"
            ? jsonLine(place, old: old, new: new)
            : textLine(place, old: old, new: new, seqWidth: seqWidth, colors: colors)
    }

    /// `   10  setQuantity  18.99 → 23.49`; for the end marker,
    /// `   12  (end marker)  2 → 9  (1 entry missing before it)`.
    func textLine(_ place: Place, old: JSONValue?, new: JSONValue?, seqWidth: Int, colors: Bool) -> String {
        let seq = String(place.seq).leftPadded(to: seqWidth)
        let label =
            place.type.map { colors ? "\u{1B}[36m\(TerminalText.escape($0))\u{1B}[0m" : TerminalText.escape($0) }
            ?? "(end marker)"
        var line = colors ? "\u{1B}[1m\(seq)\u{1B}[0m  \(label)  " : "\(seq)  \(label)  "
        let (before, after) = full ? (show(old), show(new)) : Self.abbreviate(old, new, width: 60)
        line += "\(before) → \(after)"
        if let gap = place.missingBefore {
            let entries = "\(gap) \(gap == 1 ? "entry" : "entries")"
            line += "  (\(entries) missing before \(place.type == nil ? "it" : "this step"))"
        }
        return line
    }

    /// `{"seq":10,"type":"setQuantity","path":"cart.total","kind":"changed","old":18.99,"new":23.49}`;
    /// for the end marker, `"type":null` and `"end":true`.
    func jsonLine(_ place: Place, old: JSONValue?, new: JSONValue?) -> String {
        var members: [JSONObject.Element] = [
            ("seq", .number(JSONNumber(String(place.seq)))),
            ("type", place.type.map(JSONValue.string) ?? .null), ("path", .string(path.description)),
            ("kind", .string(old == nil ? "added" : new == nil ? "removed" : "changed")),
        ]
        if let old { members.append(("old", old)) }
        if let new { members.append(("new", new)) }
        if let gap = place.missingBefore {
            members.append(("missingBefore", .number(JSONNumber(String(gap)))))
        }
        if place.type == nil { members.append(("end", .bool(true))) }
        return JSONValue.object(JSONObject(members)).compactText
    }

    /// Both values cut to `width` characters as `diff` cuts a change's two values
    /// (``DiffTextFormatter/abbreviate(_:_:width:)``: from a little before their first
    /// difference when they share a long beginning); `(absent)` for a value that is not there.
    static func abbreviate(_ old: JSONValue?, _ new: JSONValue?, width: Int) -> (String, String) {
        guard let old, let new else {
            let show = { (value: JSONValue?) in
                value.map { DiffTextFormatter.abbreviate($0.compactText, width: width) } ?? "(absent)"
            }
            return (show(old), show(new))
        }
        return DiffTextFormatter.abbreviate(old.compactText, new.compactText, width: width)
    }

    private func show(_ value: JSONValue?) -> String {
        guard let value else { return "(absent)" }
        let text = value.compactText
        return full ? text : DiffTextFormatter.abbreviate(text, width: 60)
    }
}
