/// `bisect`: the first step after which a predicate over the state holds.
struct BisectCommand: Subcommand {
    static let spec = CommandSpec(
        name: "bisect",
        abstract:
            "Find the first step after which a predicate over the state holds, with its action and diff.",
        usage: "bisect <file> [<steps>] --until <predicate> [--format <format>] [--full] [--reducer <name>]",
        arguments: [
            ("<file>", "The recording (JSON Lines)."),
            (
                "<steps>",
                "Only the states after these steps: a range (100..200, 100..last, 100..) or a seq, as diff takes them."
            ),
        ],
        options: [
            .init(
                "--until", value: "<predicate>",
                help: "The condition, e.g. 'cart.total < 0' or 'items.count > 3'."),
            .init("--format", value: "<format>", help: "text (default) or json (one object)."),
            .init("--full", help: "Show values in full; by default one is cut to 80 characters, a changed one around its first difference."),
            .init(
                "--reducer", value: "<name>",
                help: "Replay with this reducer where the recording holds no state."),
        ],
        discussion: """
            Strategy: a linear scan, not a halving search. A predicate need not stay true once it
            holds, so halving could miss the first step; bisect checks the initial state, then
            the state after each step in order, and stops at the first where the predicate holds
            — what a brute-force scan finds. The states are read in one pass: parsed where the
            recording holds them, replayed one action at a time through the reducer otherwise.

            Predicates: PATH OP VALUE, where OP is ==, !=, <, <=, > or >= and VALUE a JSON literal
            or another path; PATH.count (elements, members or characters; count(PATH) always the
            size); exists(PATH); combined with &&, || and !, grouped with parentheses. Numbers
            compare by exact value (2.5 == 2.50), strings by Unicode code points, == and !=
            structurally; <, <=, >, >= on anything but two numbers or two strings are false. A
            comparison with a path that is not in the state is false, != included; a nil
            optional is usually absent rather than null (Codable leaves it out): test it with
            !exists(PATH).

            Given <steps>, only the states after them are checked, not the initial state: the
            first step of the range after which the predicate holds, whatever held before it
            (bisect FILE 500.. --until '!exists(todos[id=7])' finds where a to-do added at seq
            400 went).

            Prints the predicate and the seq where it first holds, that step's action and
            diff, and the step before it. When it already holds in the initial state, says so.
            When entries are missing after the last step and it holds in no step's state but
            in the end marker's, says so, with the change from the last step's state. When it
            never holds, says so and exits 1, with a hint for each compared path that no state
            has (in status == active, active is a path; "active" is the string), and for a
            path of numbers ordered against a string (cart.total > "50") or the other way
            round. With --format json: {"predicate":"...","holds":true,"seq":18,
            "type":"setQuantity","action":{...},"changes":[...],
            "before":{"seq":17,"type":"addPackageToCart"}}, plus "heldBefore":true when it
            held before the first step of <steps> too; seq 0 with null type, action and
            before for the initial state; null type and action, "missingBefore":N and
            "end":true for the end marker's state;
            {"predicate":"...","holds":false,"checked":28} when it never holds, plus
            "absentPaths":[...] when compared paths are in no state and "hints":[...].
            """ + "\n\n" + CommandSpec.replayWarnings)

    let file: String
    /// The steps whose states are checked; `nil` for the initial state and every step.
    let range: SeqRange?
    let predicate: Predicate
    let format: String
    let full: Bool
    let reducerName: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = try Self.singleFile(arguments, extra: 1)
        range = try Self.seqRange(arguments)
        guard let text = arguments.value("--until") else {
            throw Self.usage("missing option '--until <predicate>'")
        }
        do {
            predicate = try Predicate(parsingSearch: text)
        } catch {
            throw Self.usage("invalid predicate '\(TerminalText.echo(text))': \(error)")
        }
        format = try Self.format(arguments, allowed: ["text", "json"])
        full = arguments.has("--full")
        reducerName = arguments.value("--reducer")
    }

    func run(_ session: CommandSession) throws(InspectorError) -> ExitCode {
        let timeline = try session.open(file, reducerName: reducerName)
        let output = Output(
            predicate: predicate, json: format == "json", valueWidth: full ? nil : 80,
            colors: session.context.colorsOutput)
        let checked = try range?.indices(in: timeline) ?? timeline.recording.steps.indices
        let initialState = range == nil ? try timeline.state(after: -1) : nil
        if let initialState, predicate.holds(in: initialState) {
            for line in output.initialState() { session.context.print(line) }
            return .success
        }
        var first: Int?
        let predicate = self.predicate
        // The kinds of value each compared path has held (none: it is in no state), and
        // then each operand ordered against a literal has given (a size is a number, an
        // object's own `count` what it holds), which explain a predicate that never holds: a
        // path in no state, or a path of numbers ordered against a string.
        let compared = predicate.comparedPaths
        let orderings = predicate.literalOrderings
        let operands = orderings.map(\.operand)
        @Sendable func kindsIn(_ state: JSONValue) -> [Predicate.ValueKinds] {
            compared.map { Predicate.ValueKinds(of: state.value(at: $0)) }
                + operands.map { Predicate.ValueKinds(of: $0.value(in: state)) }
        }
        var kinds = initialState.map(kindsIn) ?? Array(repeating: [], count: compared.count + operands.count)
        // And whether each is missing from some state: one compared with null that is,
        // is most likely a nil optional Codable left out.
        var missingSomewhere = kinds.map(\.isEmpty)
        let progress = StepProgress(session.context, label: "bisect", total: timeline.count)
        // Also when the walk throws: the error's line comes after it.
        defer { progress.clear() }
        let read: @Sendable (JSONValue) -> (Bool, [Predicate.ValueKinds]) = { state in
            (predicate.holds(in: state), kindsIn(state))
        }
        // A replayed state's text need only be read where the predicate looks: a path it
        // only counts, for its size (which keeps its kind).
        let paths =
            predicate.skeletonPaths
            + predicate.paths(countedToo: false, existsToo: false).map { RawJSON.SkeletonPath($0, need: .whole) }
        try timeline.walk(
            checked, projecting: read,
            projectingText: StateTextReading(paths: paths) { text in text.skeleton(for: paths).map(read) }
        ) { index, result throws(InspectorError) in
            if result.0 { first = index }
            for (offset, kind) in result.1.enumerated() {
                kinds[offset].formUnion(kind)
                if kind.isEmpty { missingSomewhere[offset] = true }
            }
            progress.update(index)
            return !result.0
        }
        progress.clear()
        let steps = timeline.recording.steps
        // Entries missing after the last step: the end marker's state is the only one after
        // them, and where the predicate first holds when no step's state has it.
        let endAfterGap = first == nil && checked.upperBound == steps.count ? try timeline.recording.endAfterGap() : nil
        if let end = endAfterGap, predicate.holds(in: end.state) {
            let changes = JSONDiff.changes(from: try timeline.state(after: steps.count - 1), to: end.state)
            let before = steps.isEmpty ? nil : try timeline.entry(at: steps.count - 1)
            for line in output.foundAtEnd(end, changes: changes, before: before) { session.context.print(line) }
            session.warnAboutStandIns(timeline)
            session.warnAboutUnreproducedStates(timeline)
            session.warnAboutReplaysWithoutMissing(timeline)
            session.warnAboutRedactedActions(timeline)
            return .success
        }
        guard let first else {
            let absent = zip(compared, kinds).filter { $0.1.isEmpty }.map(\.0)
            let leftOut = predicate.pathsComparedWithNull.filter { path in
                compared.firstIndex(of: path).map { !kinds[$0].isEmpty && missingSomewhere[$0] } ?? false
            }
            let misordered = zip(orderings, kinds[compared.count...]).compactMap { ordering, kinds in
                predicate.literalOrderingHint(ordering, kinds: kinds)
            }
            // The last state says what an absent path was likely meant to be.
            let lastState = absent.isEmpty || checked.isEmpty ? nil : try? timeline.state(after: checked.upperBound - 1)
            let lines = output.never(
                checked: checked.count + (range == nil ? 1 : 0), steps: Array(steps[checked]), fromInitialState: range == nil,
                endSeq: endAfterGap?.seq, absent: absent, leftOut: leftOut, misordered: misordered, lastState: lastState)
            for line in lines { session.context.print(line) }
            session.warnAboutStandIns(timeline)
            session.warnAboutUnreproducedStates(timeline)
            session.warnAboutReplaysWithoutMissing(timeline)
            session.warnAboutRedactedActions(timeline)
            return .failure
        }
        // As `diff` shows the step (``Timeline/comparedState(after:)``).
        let changes: [JSONChange]
        // A range given is checked from its first step on: the predicate may hold before it.
        var heldBefore = false
        do {
            let before = try timeline.comparedState(before: first)
            changes = JSONDiff.changes(from: before, to: try timeline.comparedState(after: first))
            heldBefore = range != nil && first == checked.lowerBound && predicate.holds(in: before)
        } catch {
            // The answer stands without the step's changes, which need whole states (one the
            // replay makes may hold what JSON cannot, a NaN elsewhere): it comes before the
            // error, in text.
            if format == "text" {
                session.context.print(
                    output.heading(seq: timeline.recording.steps[first].seq, position: first + 1, count: timeline.count))
            }
            throw error
        }
        let entry = try timeline.entry(at: first)
        let previous = first == 0 ? nil : try timeline.entry(at: first - 1)
        let missing = timeline.recording.gap(before: first)?.dropped ?? 0
        let lines = output.found(
            entry, position: first + 1, count: timeline.count, changes: changes, before: previous,
            missingBefore: missing, heldBefore: heldBefore)
        for line in lines { session.context.print(line) }
        // Not the steps after it, which the walk may have replayed ahead.
        session.warnAboutStandIns(timeline, within: Int.min...entry.seq)
        session.warnAboutUnreproducedStates(timeline, within: Int.min...entry.seq)
        session.warnAboutReplaysWithoutMissing(timeline, within: Int.min...entry.seq)
        session.warnAboutRedactedActions(timeline, within: 0..<(first + 1))
        return .success
    }
}
