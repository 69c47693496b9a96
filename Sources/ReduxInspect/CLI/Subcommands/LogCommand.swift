import Foundation

/// `log`: one line per recorded action, filterable; needs no reducer.
struct LogCommand: Subcommand {
    static let spec = CommandSpec(
        name: "log",
        abstract: "List the recorded actions, one per line.",
        usage: "log <file> [<steps>] [--type <name>] [--grep <text>] [--full]",
        arguments: [
            ("<file>", "The recording (JSON Lines)."),
            ("<steps>", "Only these steps: a seq (13), a range (10..15, 10..last, 10..) or last, as diff takes them."),
        ],
        options: [
            .init("--type", value: "<name>", help: "Only actions of this type (case name); may be repeated."),
            .init(
                "--grep", value: "<text>",
                help: "Only actions whose type or JSON contains this text, in either Unicode normal form; may be repeated (any of them)."),
            .init("--full", help: "Show long actions in full instead of cutting them at 120 characters."),
        ])

    let file: String
    /// The steps to list; `nil` for all.
    let range: SeqRange?
    let types: [String]
    /// The texts of `--grep`, of which an action listed contains one; empty for all.
    let grep: [String]
    let full: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = try Self.singleFile(arguments, extra: 1)
        range = try Self.seqRange(arguments)
        types = arguments.values["--type"] ?? []
        // Every action contains the empty text, as for grep(1): `--grep ''` lists them all.
        let texts = arguments.values["--grep"] ?? []
        grep = texts.contains("") ? [] : texts
        full = arguments.has("--full")
    }

    func run(_ session: CommandSession) throws(InspectorError) -> ExitCode {
        let timeline = try session.open(file, reducerName: nil)
        let recording = timeline.recording
        let listed = try range?.indices(in: timeline) ?? recording.steps.indices
        // Gaps are shown where entries are missing, filtered or not: a missing entry's type
        // and action are unknown, so it may be one the filter asks for. Each is shown between
        // the listed entries around it, at its place in the file.
        let searches = grep.map(TextSearch.init)
        let seqWidth = recording.seqColumnWidth
        let colors = session.context.colorsOutput
        // The types met, in order, to say so when a `--type` names none of them (a typo
        // would otherwise look like a recording without such actions).
        var seenTypes: [String] = []
        var seen: Set<String> = []
        var shownCount = 0
        // Chunks of steps are read and printed on every core, and written in order: a million
        // lines took a second on one.
        let starts = Self.chunkStarts(recording, within: listed)
        let chunks = OrderedChunks.helpedByCaller(
            count: starts.count - 1, workers: ProcessInfo.processInfo.activeProcessorCount)
        try chunks.run(
            {
                { chunk in
                    lines(starts[chunk]..<starts[chunk + 1], of: recording, searches: searches, seqWidth: seqWidth, colors: colors)
                }
            },
            weight: { $0.output.count },
            consume: { (lines: LogLines) throws(InspectorError) in
                for type in lines.types where seen.insert(type).inserted { seenTypes.append(type) }
                session.context.output.write(utf8: lines.output)
                shownCount += lines.shown
                if let failure = lines.failure { throw failure }
            })
        // Entries missing after the last step listed, as `diff` tells them.
        if let gap = recording.gap(after: listed, endingAt: range?.to ?? .last) { session.context.print(gap.notice) }
        // Where the actions were looked for: the file, or the steps of it listed.
        let place = file + (range.flatMap { _ in recording.seqs(of: listed) }?.seqsText ?? "")
        for type in types where !seen.contains(type) {
            let typesSeen = seenTypes.prefix(12).joined(separator: ", ") + (seenTypes.count > 12 ? ", …" : "")
            session.warn(
                "no action of type '\(TerminalText.echo(type))' in \(place)\(Suggestion.didYouMean(type, among: seenTypes)); "
                    + "\(range == nil ? "its" : "their") types are: \(typesSeen.isEmpty ? "none" : typesSeen)")
        }
        // A text found nowhere (a typo, a value spelt otherwise in JSON) is not silent either,
        // unless types found nowhere already explain the empty list; it names the types that
        // are there.
        let typesThere = types.filter(seen.contains)
        if shownCount == 0, !searches.isEmpty, types.isEmpty || !typesThere.isEmpty {
            let texts = grep.map { "'\(TerminalText.echo($0))'" }.joined(separator: " or ")
            let among = types.isEmpty ? "" : " of type " + typesThere.map { "'\(TerminalText.echo($0))'" }.joined(separator: " or ")
            session.warn("no action\(among) in \(place) contains \(texts)")
        }
        return .success
    }

    /// Where each chunk of `steps` that `log` reads starts, and one past the last: up to 4,096
    /// steps (enough that handing a chunk over costs little beside it), ending at the line that
    /// brings its lines to 4 MiB or more, so that a chunk of large actions shown `--full` holds
    /// little more than its largest line. Each core may hold a chunk at once: a recording of
    /// actions of tens of megabytes takes that much more memory on each.
    static func chunkStarts(_ recording: Recording, within steps: Range<Int>) -> [Int] {
        var starts = [steps.lowerBound]
        var bytes = 0
        for index in steps {
            if index - starts[starts.count - 1] == 4096 || bytes >= 4 << 20 {
                starts.append(index)
                bytes = 0
            }
            bytes += recording.lines.range(of: Int(recording.steps[index].lineIndex)).count
        }
        if starts.last != steps.upperBound { starts.append(steps.upperBound) }
        return starts
    }

    /// The lines of `steps`: each action listed, with the gaps before them; the types met, when
    /// `--type` filters; or the error of the first line that cannot be read, after the lines
    /// before it.
    private func lines(
        _ steps: Range<Int>, of recording: Recording, searches: [TextSearch], seqWidth: Int, colors: Bool
    ) -> LogLines {
        var lines = LogLines()
        var seen: Set<String> = []
        for index in steps {
            let entry: ListedAction
            do {
                entry = try recording.readListedAction(at: index)
            } catch {
                lines.failure = error
                return lines
            }
            if !types.isEmpty, seen.insert(entry.type).inserted { lines.types.append(entry.type) }
            if let gap = recording.gap(before: index) { lines.output.append(line: gap.notice) }
            if !types.isEmpty && !types.contains(entry.type) { continue }
            let action = entry.action
            if !searches.isEmpty,
                !searches.contains(where: { $0.isFound(in: entry.type) || $0.isFound(in: action) })
            {
                continue
            }
            // One line per action: a huge one is cut, as in the headings of replay and step.
            let shown = full ? action : DiffTextFormatter.abbreviate(action, width: 120)
            lines.output.append(line: Self.line(entry, action: shown, seqWidth: seqWidth, colors: colors))
            lines.shown += 1
        }
        return lines
    }

    static func line(_ entry: ListedAction, action: String, seqWidth: Int, colors: Bool) -> String {
        let time = entry.time.map { TerminalText.escape(Self.clockTime($0)) + "  " } ?? ""
        let type = TerminalText.escape(entry.type)
        let seq = "\(entry.seq)".leftPadded(to: seqWidth)
        if colors { return "\u{1B}[1m\(seq)\u{1B}[0m  \(time)\u{1B}[36m\(type)\u{1B}[0m  \(action)" }
        return "\(seq)  \(time)\(type)  \(action)"
    }

    /// `10:00:00.750` from `2026-11-22T10:00:00.750Z`; other text as it is.
    static func clockTime(_ time: String) -> String {
        guard let t = time.firstIndex(of: "T") else { return time }
        return String(time[time.index(after: t)...].prefix { $0 != "Z" && $0 != "+" })
    }
}

extension Recording {
    /// The width of a column of seqs, right-aligned: five digits, or those of the last seq,
    /// so that a recording of a million steps keeps its columns in line.
    var seqColumnWidth: Int {
        max(5, String(steps.last?.seq ?? 0).count)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

/// The lines `log` prints for a run of steps, made on any thread.
struct LogLines: Sendable {
    /// The lines, UTF-8, each ending in a newline: the actions listed and the gaps before them.
    var output: [UInt8] = []
    /// The types met, in the order first met, when `--type` filters.
    var types: [String] = []
    /// How many actions are listed.
    var shown = 0
    /// The error of the first line that cannot be read; the lines before it are in ``output``.
    var failure: InspectorError?
}
