/// `show`: prints the state after one step, or one value inside it.
struct ShowCommand: Subcommand {
    static let spec = CommandSpec(
        name: "show",
        abstract: "Print the state after a step, or the value at a path in it.",
        usage: "show <file> --at <seq> [--path <path>] [--reducer <name>]",
        arguments: [("<file>", "The recording (JSON Lines).")],
        options: [
            .init("--at", value: "<seq>", help: "The step; 0 is the initial state, 'last' the last state the recording knows."),
            .init("--path", value: "<path>", help: "Print only this part of the state, e.g. cart.items[id=3].quantity."),
            .init("--reducer", value: "<name>", help: "Replay with this reducer where the recording holds no state."),
        ],
        discussion: """
            A path ending in .count, such as cart.items.count, prints the number of elements of
            an array, members of an object or characters of a string, as in a predicate (see
            the help of bisect); an object's own member named count wins, and
            cart.items["count"] is always the member. Exits 1 when the path is not present.
            When entries are missing after the last step, the end marker's seq shows the state
            the end marker holds, the only one known after them.
            """ + "\n\n" + CommandSpec.replayWarnings)

    let file: String
    let seq: Int
    let path: String?
    let reducerName: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = try Self.singleFile(arguments)
        guard let seq = try Self.seq(arguments.value("--at"), option: "--at", acceptsLast: true) else {
            throw Self.usage("missing option '--at <seq>'")
        }
        self.seq = seq
        path = arguments.value("--path")
        reducerName = arguments.value("--reducer")
    }

    func run(_ session: CommandSession) throws(InspectorError) -> ExitCode {
        let timeline = try session.open(file, reducerName: reducerName)
        timeline.showsReplayProgress(in: session.context)
        let seq = Self.resolving(self.seq, in: timeline.recording)
        let path = try self.path.map { text throws(InspectorError) in try JSONPath.argument(text) }
        let state: JSONValue
        if seq == timeline.recording.endSeq, let end = try timeline.recording.endAfterGap() {
            // Past the last step, entries are missing: the end marker holds the state after them.
            state = end.state
        } else {
            let index = try timeline.index(ofSeq: seq, offersEndMarker: true)
            // A path of a state recorded on its line is read from the line's text, as blame
            // reads it: a state of tens of megabytes is not made a tree (1.6 GB for 33 million
            // numbers) to print one value of it. Nothing was replayed, so there is nothing to
            // warn about.
            if let path, let text = self.path, index >= 0, timeline.recording.steps[index].hasState,
                let stateText = timeline.recording.stateText(at: index),
                case let value?? = PathReading(path, writtenAs: text).value(in: stateText)
            {
                session.context.print(value.prettyText())
                return .success
            }
            state = try timeline.state(after: index)
            // A replay cannot know what the actions of missing entries did.
            let missing = timeline.missingEntries(replayedThrough: index)
            if missing > 0 {
                session.warn(
                    "\(file): \(missing) \(missing == 1 ? "entry is" : "entries are") missing before seq \(seq) with no recorded state since: the state is replayed without \(missing == 1 ? "its action" : "their actions")")
            }
            if index >= 0 { session.warnAboutRedactedActions(timeline, within: index..<(index + 1)) }
        }
        session.warnAboutStandIns(timeline)
        guard let path, let text = self.path else {
            session.context.print(state.prettyText())
            return .success
        }
        // A last `.count` is a size, as in a predicate, unless the object has a member so named.
        let reading = PathReading(path, writtenAs: text)
        guard let value = reading.value(in: state) else {
            session.context.printError(
                "\(TerminalText.echo(reading.description)): not present in the state after seq \(seq)"
                    + reading.operand.didYouMean(in: state))
            return .failure
        }
        session.context.print(value.prettyText())
        return .success
    }
}
