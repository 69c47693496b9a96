/// Writes `step` replies for people.
///
/// - A move: `seq 5/22  decrement  {"decrement":{}}` (`seq 0/22  (initial state)` at seq 0),
///   after `! 3 entries missing after seq 4` when entries are missing just before it, then
///   the step's changes indented by two spaces — at most ``changeLimit``, values cut at 80
///   characters, `(no change)` when there are none. A clamped move first says
///   `stopped at the last step`; a move that could not go anywhere prints only
///   `already at the last step (seq 22)`.
/// - `where`: the position line, then `  step 5 of 22; state recorded in the file` (or
///   `state replayed with reducer counter`, or where the initial state comes from).
/// - `diff`: every change in full, one per line, as `redux-inspect diff` writes them.
/// - `action`: `seq 5  decrement`, then the action as indented JSON.
/// - `state`: the state, or the value at the path, as indented JSON and nothing else.
/// - `continue` / `reverse-continue`: a line per watchpoint or breakpoint that fired
///   (`watchpoint 1: cart.total: 0 → 9`, `breakpoint 2: cart.total > 50 holds`), or
///   `reached the last step: no watchpoint or breakpoint fired`, then the step as for a move.
/// - `watch`, `break`, `info watch`: a line each, `watchpoint 1: cart.total (now 9)`,
///   `breakpoint 2: cart.total > 50 (does not hold now)`; `unwatch`, `unbreak`, `delete`:
///   `deleted watchpoint 1: cart.total`.
/// - A failure: `error: …` on standard error (`error: line 3: …` in a script). A step whose
///   changes cannot be worked out (a state that cannot be encoded) shows
///   `(changes cannot be shown)` in their place, and the error on standard error.
///
/// Text from the recording is escaped: types with ``TerminalText/escape(_:)``, JSON by its writer.
struct StepTextRenderer: StepRenderer {
    /// Whether standard output takes ANSI colours.
    var colors = false
    /// Whether standard error takes ANSI colours.
    var errorColors = false
    /// The most changes a move shows; `diff` shows all.
    var changeLimit = 10

    /// A move's note, a line for each of its lines.
    private func noteLines(_ note: String?) -> [String] {
        note.map { $0.split(separator: "\n").map(String.init) } ?? []
    }

    /// What a move that stayed where it was says: its note's first line with the seq, and
    /// the lines after it.
    private func unmovedLines(_ note: String?, _ view: StepView) -> [String] {
        let lines = (note ?? "already there").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return ["\(lines[0]) (seq \(view.seq))"] + lines.dropFirst()
    }

    func render(_ reply: StepReply) -> StepOutput {
        switch reply {
        case .moved(let view, let note, let moved):
            guard moved else {
                return StepOutput(lines: unmovedLines(note, view))
            }
            return StepOutput(
                lines: noteLines(note) + gapLines(view) + [positionLine(view)] + changeLines(view),
                errorLines: unshownLines(view))
        case .location(let view):
            return StepOutput(lines: [positionLine(view), "  \(place(view)); \(origin(view))"])
        case .diff(let view):
            guard view.entry != nil else {
                return StepOutput(lines: ["(no change: this is the initial state)"])
            }
            guard view.unshownChanges == nil else {
                return StepOutput(lines: ["(changes cannot be shown)"], errorLines: unshownLines(view))
            }
            guard !view.changes.isEmpty else { return StepOutput(lines: ["(no change)"]) }
            let formatter = DiffTextFormatter(valueWidth: nil, colors: colors)
            return StepOutput(lines: view.changes.map(formatter.line(for:)))
        case .action(let view):
            guard let entry = view.entry else {
                return StepOutput(lines: ["(no action: this is the initial state)"])
            }
            return StepOutput(lines: [
                heading(seq: "seq \(entry.seq)", type: entry.type), entry.action.prettyText(),
            ])
        case .state(_, let state):
            return StepOutput(lines: [state.prettyText()])
        case .value(_, _, let value):
            return StepOutput(lines: [value.prettyText()])
        case .stopped(let view, let fired, let note, let moved):
            guard moved else {
                return StepOutput(lines: unmovedLines(note, view))
            }
            return StepOutput(
                lines: fired.map(firingLine) + noteLines(note) + gapLines(view) + [positionLine(view)]
                    + changeLines(view),
                errorLines: unshownLines(view))
        case .added(let statuses):
            return StepOutput(lines: statuses.flatMap { [statusLine($0)] + $0.hints.map(TerminalText.escape) })
        case .deleted(let removed):
            return StepOutput(
                lines: removed.map { "deleted \($0.kind) \($0.number): \(TerminalText.escape($0.subject))" })
        case .breakpoints(let statuses):
            return StepOutput(
                lines: statuses.isEmpty ? ["no watchpoints or breakpoints"] : statuses.map(statusLine))
        case .help:
            return StepOutput(lines: Self.helpLines)
        case .quit:
            return StepOutput()
        case .failure(let message, let line):
            return StepOutput(errorLines: [errorLine(message, line: line)])
        }
    }

    /// `error: …`, or `error: line 3: …` in a script.
    private func errorLine(_ message: String, line: Int?) -> String {
        let label = errorColors ? "\u{1B}[1;31merror:\u{1B}[0m" : "error:"
        return "\(label) \(line.map { "line \($0): " } ?? "")\(TerminalText.escape(message))"
    }

    /// Why a step's changes are not shown, as an error.
    private func unshownLines(_ view: StepView) -> [String] {
        view.unshownChanges.map { [errorLine($0.message, line: $0.line)] } ?? []
    }

    /// `seq 5/22  decrement  {"decrement":{}}`, or `seq 0/22  (initial state)`.
    func positionLine(_ view: StepView) -> String {
        let seq = "seq \(view.seq)/\(view.lastSeq)"
        guard let entry = view.entry else { return heading(seq: seq, type: nil) + "  (initial state)" }
        return heading(seq: seq, type: entry.type) + "  "
            + DiffTextFormatter.abbreviate(entry.action.compactText, width: 100)
    }

    /// `! 3 entries missing after seq 41`, before a step that entries are missing before, as
    /// `log`, `replay` and `diff` print it.
    private func gapLines(_ view: StepView) -> [String] {
        view.gapBefore.map { [$0.notice] } ?? []
    }

    private func heading(seq: String, type: String?) -> String {
        let type = type.map(TerminalText.escape)
        if colors { return "\u{1B}[1m\(seq)\u{1B}[0m" + (type.map { "  \u{1B}[36m\($0)\u{1B}[0m" } ?? "") }
        return seq + (type.map { "  \($0)" } ?? "")
    }

    private func changeLines(_ view: StepView) -> [String] {
        guard view.entry != nil else { return [] }
        guard view.unshownChanges == nil else { return ["  (changes cannot be shown)"] }
        guard !view.changes.isEmpty else { return ["  (no change)"] }
        let formatter = DiffTextFormatter(valueWidth: 80, colors: colors)
        var lines = view.changes.prefix(changeLimit).map { "  " + formatter.line(for: $0) }
        if view.changes.count > changeLimit {
            lines.append("  … \(view.changes.count - changeLimit) more changes: type 'diff' to see them all")
        }
        return lines
    }

    private func place(_ view: StepView) -> String {
        if view.count == 0 { return "the recording has no steps" }
        return view.entry == nil ? "before step 1 of \(view.count)" : "step \(view.position) of \(view.count)"
    }

    private func origin(_ view: StepView) -> String {
        let reducer = TerminalText.escape(view.reducerName ?? "?")
        switch view.source {
        case .recorded: return "state recorded in the file"
        case .replayed:
            let missing = view.missingInReplay
            guard missing > 0 else { return "state replayed with reducer \(reducer)" }
            return "state replayed with reducer \(reducer), without the \(missing) \(missing == 1 ? "entry" : "entries") missing since the last recorded state"
        case .header: return "initial state from the file's header"
        case .reducerDefault: return "initial state: reducer \(reducer)'s default"
        case .unavailable: return "initial state: not in the file, and no reducer to make it (give --reducer)"
        }
    }

    /// The session's `help`, from the parser's command table.
    static var helpLines: [String] {
        let verbs = StepCommandParser.verbs
        var lines = ["Commands (one per line; on a terminal an empty line repeats the last one):"]
        for verb in verbs where verb.available {
            let label = verb.names.joined(separator: ", ") + (verb.argument.map { " \($0)" } ?? "")
            lines.append(HelpFormatter.row(label, verb.help))
        }
        return lines
    }
}
