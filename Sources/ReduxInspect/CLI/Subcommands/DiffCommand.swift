/// `diff`: the change each step made to the state, as text, RFC 6902 JSON Patch, or JSON.
struct DiffCommand: Subcommand {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show the change between consecutive states: every step, one step, or a range.",
        usage: "diff <file> [<seq> | <from>..<to>] [--path <prefix>] [--format <format>] [--full] [--reducer <name>]",
        arguments: [
            ("<file>", "The recording (JSON Lines)."),
            ("<seq> | <from>..<to>", "One step, or the steps from <from> to <to>; every step when omitted."),
        ],
        options: [
            .init("--path", value: "<prefix>", help: "Only changes at or under this path, e.g. cart.items."),
            .init("--format", value: "<format>", help: "text (default), json-patch (RFC 6902, one patch per line), or json."),
            .init("--full", help: "Show long values in full instead of abbreviating them."),
            .init("--reducer", value: "<name>", help: "Replay with this reducer where the recording holds no state."),
        ],
        discussion: """
            Text lines read '~ path: old → new', '+ path: value', '- path: value'. Elements of
            arrays of objects with an "id" are matched by id and shown as items[id=42], so an
            insertion is one '+' line. With --format json-patch each step prints one RFC 6902
            patch that turns the state before the step into the state after it.
            """)

    let file: String
    let range: (from: Int, to: Int)?
    let path: String?
    let format: String
    let full: Bool
    let reducerName: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = try Self.singleFile(arguments, extra: 1)
        if arguments.positionals.count > 1 {
            let text = arguments.positionals[1]
            let parts = text.components(separatedBy: "..")
            guard parts.count <= 2, let from = Int(parts[0]), let to = Int(parts.last!), from >= 1, to >= from else {
                throw Self.usage("invalid step '\(text)': expected a seq such as 5, or a range such as 3..9")
            }
            range = (from, to)
        } else {
            range = nil
        }
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
        if let range {
            let first = try timeline.index(ofSeq: range.from)
            let last = try timeline.index(ofSeq: range.to)
            indices = first..<(last + 1)
        }
        let context = session.context
        let text = DiffTextFormatter(valueWidth: full ? nil : 80, colors: context.colorsOutput)
        // Steps whose states before and after are both recorded are diffed from the lines'
        // bytes, parsing only what changed; the others, and all under --path, from parsed states.
        var differ = RecordedStateDiffer(timeline.recording)
        var before: JSONValue?
        for index in indices {
            let seq: Int
            let type: String
            let changes: [JSONChange]
            if prefix == nil, let step = differ.changes(at: index) {
                (seq, type, changes) = (step.seq, step.type, step.changes)
                before = nil
            } else {
                let old: JSONValue
                if let before { old = before } else { old = try timeline.state(after: index - 1) }
                let entry = try timeline.entry(at: index)
                let after = try timeline.state(after: index)
                // Under a prefix, diff just that part, so that JSON Patch pointers stay valid.
                changes = prefix.map { JSONDiff.changes(from: old, to: after, under: $0) }
                    ?? JSONDiff.changes(from: old, to: after)
                (seq, type) = (entry.seq, entry.type)
                before = after
            }
            switch format {
            case "json-patch":
                context.print(JSONPatchFormatter().format(changes))
            case "json":
                let object: JSONValue = .object(JSONObject([
                    ("seq", .number(JSONNumber(String(seq)))), ("type", .string(type)),
                    ("changes", DiffJSONFormatter().value(changes)),
                ]))
                context.print(object.compactText)
            default:
                // Under --path, steps that leave that part alone are not worth a heading.
                if prefix != nil && changes.isEmpty { continue }
                let heading = "@@ seq \(seq) \(TerminalText.escape(type)) @@"
                context.print(context.colorsOutput ? "\u{1B}[36m\(heading)\u{1B}[0m" : heading)
                for change in changes { context.print(text.line(for: change)) }
            }
        }
        return .success
    }
}
