/// What `replay` prints for a step, in text or as JSON: made on any thread, ahead of the
/// step's turn (``ReplayRun/runTexts(through:cores:render:_:)``), since printing a million
/// steps on the thread that writes them out took as long as replaying them.
struct ReplayStepPrinter: Sendable {
    /// `text` or `json`.
    let format: String
    /// Prints the changes in text.
    let text: DiffTextFormatter
    /// Whether the heading is coloured.
    let colors: Bool
    /// Whether an action is shown whole, rather than cut to 120 characters.
    let full: Bool
    /// Whether the state after each step is printed too.
    let showsStates: Bool
    /// The header's initial state, which the first step tells apart from the reducer's reading
    /// of it.
    let header: JSONValue?
    /// The recording, to name a step in an error.
    let recording: Recording

    /// The step's lines, each ending in a newline, as UTF-8.
    ///
    /// - Throws: ``InspectorError`` when a state's text does not parse, which a text the replay
    ///   made never does.
    func output(_ step: ReplayTextStep, changes: [JSONChange]) throws(InspectorError) -> [UInt8] {
        // The first step starts from the header's state as the reducer reads it, so its
        // changes leave out what the reading itself changed; that is told apart, here.
        var initialDivergence: [JSONChange] = []
        if step.index == 0, let header {
            initialDivergence = ReplayRun.initialDivergence(recorded: header, read: try step.tree(step.before, in: recording))
        }
        let state = showsStates ? try step.tree(step.after, in: recording) : nil
        var output: [UInt8] = []
        if format == "json" {
            let writer = JSONTextWriter(indent: nil)
            if let gap = step.gapBefore { writer.writeLine(gap.json, to: &output) }
            writer.writeLine(
                ReplayCommand.json(step, changes: changes, state: state, initialDivergence: initialDivergence), to: &output)
            return output
        }
        if !initialDivergence.isEmpty {
            output.append(literal: "! the reducer reads the initial state differently from the header (header → read):\n")
            write(initialDivergence, indent: "  ", to: &output)
        }
        if let gap = step.gapBefore { output.append(line: gap.notice) }
        output.append(line: StepHeading.text(step.entry, colors: colors, actionWidth: full ? nil : 120))
        if changes.isEmpty { output.append(literal: "  (no change)\n") }
        write(changes, indent: "  ", to: &output)
        if let divergence = step.divergence, !divergence.isEmpty {
            output.append(literal: "  ! the recorded state differs from the replay (recorded → replayed):\n")
            write(divergence, indent: "    ", to: &output)
        }
        if let state {
            output.append(literal: "  state: ")
            JSONTextWriter(indent: nil).writeLine(state, to: &output)
        }
        return output
    }

    /// Appends a line for each change, after `indent`.
    private func write(_ changes: [JSONChange], indent: StaticString, to output: inout [UInt8]) {
        for change in changes {
            output.append(literal: indent)
            text.write(change, to: &output)
            output.append(UInt8(ascii: "\n"))
        }
    }
}

extension JSONTextWriter {
    /// Appends `value`'s text and a newline.
    fileprivate func writeLine(_ value: JSONValue, to output: inout [UInt8]) {
        write(value, to: &output, level: 0)
        output.append(UInt8(ascii: "\n"))
    }
}
