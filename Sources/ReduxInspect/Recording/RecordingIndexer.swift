import Foundation

/// Builds a ``Recording``'s index in one pass over the lines: classifies each line by its
/// top-level keys, takes `seq` and whether a state is present, and parses fully only the
/// header and markers, which are small and rare.
///
/// The index checks each line's layout (``TopLevelMembers``), not its values: those are
/// checked when the entry is read (``Recording/entry(at:)``, and `check` reads them all). An
/// entry's state, most of its bytes, is not even skimmed on a line laid out as the recorder
/// writes it (``KnownMembers/init(_:skippingState:)``): errors inside it, structural ones
/// too, are likewise found when the entry is read.
///
/// A large file's second half can be indexed on another core meanwhile (``TailIndex``, from
/// ``run(splittingAt:)``); the result is the same as one pass's.
struct RecordingIndexer {
    let path: String
    let buffer: UnsafeBufferPointer<UInt8>
    let strict: Bool
    var lines: LineIndex
    var header: RecordingHeader?
    var steps: [StepLocation] = []
    private(set) var gaps: [RecordingGap] = []
    /// For each of ``gaps``, the index of the step it comes before in the file (the number of
    /// steps, after the last): where the entries it counts are missing from.
    private(set) var gapPlaces: [Int] = []
    /// The gap markers since the last entry: the last seq they count as missing, which the
    /// next entry's seq must be past, and how many they count. A jump in `seq` that they do
    /// not account for (actions the recorder's filter left out, between or around dropped
    /// ones) is a gap of its own. `nil` when no marker came since.
    private var marked: (through: Int, count: Int)?
    var endSeq: Int?
    var endLineIndex: Int?
    var endHasState = false
    var warnings: [RecordingError] = []
    /// The last line, when it was cut short and ignored: its number and why it cannot be read.
    private var cutShortLastLine: (line: Int, error: RecordingError)?
    /// How many lines were indexed on another thread (``TailIndex``).
    private(set) var linesFromTail = 0

    /// Whether the buffer ends inside a line longer than a line may be, where reading the
    /// input stopped (``FileBytes/endsInsideOverlongLine``): that line's length is not known.
    let endsInsideOverlongLine: Bool

    init(path: String, buffer: UnsafeBufferPointer<UInt8>, strict: Bool, endsInsideOverlongLine: Bool = false) {
        self.path = path
        self.buffer = buffer
        self.strict = strict
        self.endsInsideOverlongLine = endsInsideOverlongLine
        self.lines = LineIndex(unscanned: buffer)
    }

    /// Indexes the buffer.
    ///
    /// - Parameter tailStart: Where another thread starts indexing the rest of the buffer
    ///   (``TailIndex``), just after a newline; `nil` to index it all on this one.
    mutating func run(splittingAt tailStart: Int? = nil) throws(RecordingError) {
        var task = tailStart.map { TailIndexTask(buffer, from: $0) }
        // The worker reads the buffer: it must be done before the caller may unmap it. It is
        // still at work only when this throws before reaching it, and is then stopped.
        defer { task?.cancel() }
        var tail: TailIndex?
        var nextRun = 0
        guard buffer.count > 0 else {
            throw RecordingError(.malformed, path: path, line: 1, column: 1, message: "empty file: expected a recording")
        }
        if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
            throw RecordingError(
                .malformed, path: path, line: 1, column: 1,
                message: "byte order mark: expected UTF-8 without a BOM")
        }
        if let encoding = Self.wideEncoding(UnsafeBufferPointer(rebasing: buffer[..<min(buffer.count, 4)])) {
            throw RecordingError(
                .malformed, path: path, line: 1, column: 1,
                message: "expected UTF-8, found \(encoding) (convert the file: iconv -f \(encoding) -t UTF-8)")
        }
        // The number of lines is not known before they are indexed: the same guess as the line
        // index's, so that a file of long lines (states) grows neither array. Capacity beyond
        // the steps is never touched, so it costs address space, not memory.
        steps.reserveCapacity(buffer.count / 256 + 1)
        let maximumLength = JSONParser.Options().maximumLength
        // Each line is indexed as soon as it is found, while its bytes are in the cache.
        while true {
            if let pending = task, lines.nextStart >= pending.start {
                task = nil
                tail = pending.wait()
            }
            if let runs = tail?.runs, nextRun < runs.count {
                while nextRun < runs.count, runs[nextRun].start < lines.nextStart { nextRun += 1 }
                if nextRun < runs.count, runs[nextRun].start == lines.nextStart {
                    take(runs[nextRun], of: tail!)
                    nextRun += 1
                }
            }
            guard let range = lines.nextLine(in: buffer) else { break }
            let lineIndex = lines.lineCount - 1
            let line = UnsafeBufferPointer(rebasing: buffer[range])
            // Checked before anything reads the line, so a huge line costs no time at all.
            if line.count > maximumLength {
                let found =
                    endsInsideOverlongLine && lines.isComplete
                    ? "found more than that (reading stopped after \(line.count))" : "found \(line.count)"
                throw RecordingError(
                    .malformed, path: path, line: lineIndex + 1, column: 1,
                    message: "line too long: expected at most \(maximumLength) bytes, \(found)")
            }
            if isBlank(line) { continue }
            let isLast = lines.isComplete
            // A last line cut short is ignored with a warning, wherever it is, unless strict.
            let forgivable = isLast && !lines.lastLineTerminated && !strict
            // The recorder writes the end marker on close, last, and never appends to a file:
            // a line after it (an entry, another marker) means the file was pieced together,
            // and taking either part would compare the wrong final state, or none.
            if let endLineIndex, !(forgivable && Self.isTruncated(line)) {
                throw RecordingError(
                    .malformed, path: path, line: lineIndex + 1, column: 1,
                    message: "a line after the end marker on line \(endLineIndex + 1): expected the end marker to be the last line")
            }
            do {
                // A state is passed over unread (checked when its entry is read) except on a
                // last line without a newline: that may be one cut short, and must then be
                // skimmed to its end to be recognised as such.
                try index(line, lineIndex: lineIndex, skippingState: !isLast || lines.lastLineTerminated)
            } catch let error where forgivable && Self.isTruncated(line) {
                cutShortLastLine = (lineIndex + 1, error)
                warnings.append(
                    RecordingError(
                        .malformed, path: path, line: lineIndex + 1, column: error.column,
                        message: "truncated last line ignored (\(error.message.replacingOccurrences(of: Self.prettyPrintedHint, with: ""))); "
                            + "a crash while recording leaves this"))
            }
        }
        // An end marker past the last entry: the entries between are missing, as at a jump
        // in seq (actions the recorder's filter left out, say), and are reported the same way.
        // (The end marker's seq is the last action's: it is missing too.) Without entries,
        // every action up to it is missing.
        if let endSeq, let endLineIndex, endSeq > (steps.last?.seq ?? 0) {
            addUnmarkedGap(after: steps.last?.seq ?? 0, through: endSeq, line: endLineIndex + 1)
        }
        if steps.isEmpty && header == nil {
            // A file that holds only a line cut short (an app killed while the header was
            // written): that line is what is wrong with it.
            if let cut = cutShortLastLine {
                throw RecordingError(
                    .malformed, path: path, line: cut.line, column: cut.error.column,
                    message: "no entries: the only line is cut short (\(cut.error.message)); a crash while recording leaves this")
            }
            throw RecordingError(
                .malformed, path: path, line: 1, column: 1,
                message: "no entries: expected at least one line with an \"action\"")
        }
    }

    /// Takes the lines of `run`, which starts where the next line does, if they follow on
    /// from the last step as one pass would have found them: each line as the recorder writes
    /// it, the first with the `seq` after the last step's. Otherwise they are indexed here.
    private mutating func take(_ run: TailIndex.Run, of tail: TailIndex) {
        let found = UnsafeBufferPointer(rebasing: tail.steps.elements[run.lines])
        // Never after the end marker: one pass stops at the line after it, and so must this.
        guard endLineIndex == nil, let first = found.first, first.seq == (steps.last?.seq ?? 0) + 1,
            lines.lineCount + found.count <= Int(Int32.max)
        else { return }
        let firstLine = lines.lineCount
        lines.append(UnsafeBufferPointer(rebasing: tail.lineStarts.elements[run.lines]), resumingAt: run.end)
        linesFromTail += found.count
        for (offset, var step) in found.enumerated() {
            step.lineIndex = Int32(firstLine + offset)
            steps.append(step)
        }
    }

    private func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// Whether `line` is the beginning of a JSON text cut short — what a process killed in the
    /// middle of a write leaves — rather than a line with a mistake in it. Only the first is
    /// forgiven on the last line: a hand-edited file without a final newline keeps its errors.
    private static func isTruncated(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        do {
            _ = try JSONParser.parse(line)
            return false
        } catch {
            return error.isTruncation
        }
    }

    private mutating func index(
        _ line: UnsafeBufferPointer<UInt8>, lineIndex: Int, skippingState: Bool
    ) throws(RecordingError) {
        let lineNumber = lineIndex + 1
        // The recorder's own entry lines first, without the general skim; anything else, or
        // anything unexpected in one, takes the general path, which finds the same members.
        if let entry = KnownMembers.recorderEntry(line, skippingState: skippingState) {
            try indexEntry(
                seq: entry.seq, state: entry.state, line, lineIndex: lineIndex,
                checked: (entry.checkedActionStart, entry.checkedStateStart))
            return
        }
        guard let members = KnownMembers(line, skippingState: skippingState) else {
            // Not a well-formed object: parse it to say exactly what is wrong.
            let value = try parse(line, lineNumber: lineNumber)
            guard case .object = value else {
                throw RecordingError(
                    .malformed, path: path, line: lineNumber, column: 1,
                    message: "expected a JSON object on every line, found \(value.kindName)")
            }
            throw RecordingError(.malformed, path: path, line: lineNumber, column: 1, message: "unreadable object")
        }
        try requireOneKind(members, line, lineNumber: lineNumber)
        let reader = RecordingLineReader(path: path, line: lineNumber, bytes: line)
        if members.action != nil {
            try indexEntry(seq: members.seq, state: members.state, line, lineIndex: lineIndex)
        } else if members.format != nil || members.version != nil {
            // Nothing before it: no entry, and no gap marker either (nothing may follow an end
            // marker).
            guard header == nil, steps.isEmpty, gaps.isEmpty, marked == nil else {
                _ = try parse(line, lineNumber: lineNumber)
                throw RecordingError(
                    .malformed, path: path, line: lineNumber, column: 1,
                    message: "a header is allowed only on the first line")
            }
            header = try reader.header(from: parse(line, lineNumber: lineNumber))
        } else if members.gap != nil {
            let gap = try reader.gap(from: parse(line, lineNumber: lineNumber))
            // The recorder writes a marker after the last seq it handed out before the entries
            // it lost: the last entry written, or one its filter left out since. A marker
            // that counts entries already in the file, or already counted, contradicts them.
            let follows = marked?.through ?? steps.last?.seq ?? 0
            if gap.after < follows {
                warnings.append(
                    RecordingError(
                        .malformed, path: path, line: lineNumber,
                        column: ValueLocator.column(of: [.key("gap"), .key("after")], in: line),
                        message: "gap marker after seq \(gap.after), which is not past seq \(follows) before it; its count is taken as given"))
            }
            // The counts come from the file: their sums stop at Int.max rather than trapping.
            let through = gap.after.addingSaturated(gap.dropped)
            marked = (max(through, marked?.through ?? 0), (marked?.count ?? 0).addingSaturated(gap.dropped))
            add(gap)
        } else if members.end != nil {
            let value = try parse(line, lineNumber: lineNumber)
            let seq = try reader.endSeq(from: value)
            // The end marker's seq is the last the recorder handed out: the last entry's, or
            // a later one its filter left out (a gap at the end). An earlier one contradicts
            // the entries, and its state belongs to no step that could be compared with it.
            if let last = steps.last?.seq, seq < last {
                throw RecordingError(
                    .malformed, path: path, line: lineNumber,
                    column: ValueLocator.column(of: [.key("end"), .key("seq")], in: line), seq: seq,
                    message: "end marker's seq goes backwards from \(last) to \(seq): expected the last entry's seq or a later one")
            }
            endSeq = seq
            endLineIndex = lineIndex
            endHasState = (value["end"]?["state"]).map { $0 != .null } ?? false
        } else {
            // What makes the line no entry may be that it is no JSON (`{"seq":x}`): that first.
            _ = try parse(line, lineNumber: lineNumber)
            throw RecordingError(
                .malformed, path: path, line: lineNumber, column: 1,
                message: "expected an entry with an \"action\", a header, or a \"gap\" or \"end\" marker")
        }
    }

    /// Refuses a line that is two kinds at once (`{"gap":{…},"end":{…}}`, an entry with an
    /// `end`): read as the first, the other's content (an end marker's state) would be left
    /// unchecked without a word; a header's `format` with an entry's `action` (the header,
    /// its reducer and version, would be dropped). An entry's `version` alone is a key it does
    /// not know, and ignores. A line that is no JSON says so first.
    ///
    /// An entry whose state the index passes over (``KnownMembers/init(_:skippingState:)``)
    /// hides the members after it; ``RecordingLineReader/entry(from:seq:)`` refuses such an
    /// entry when it is read.
    private func requireOneKind(_ members: KnownMembers, _ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) throws(RecordingError) {
        let isEntry = members.action != nil
        let isHeader = members.format != nil || (!isEntry && members.version != nil)
        // Counted first: this runs for every line the recorder did not write.
        guard (isEntry ? 1 : 0) + (isHeader ? 1 : 0) + (members.gap != nil ? 1 : 0) + (members.end != nil ? 1 : 0) > 1
        else { return }
        _ = try parse(line, lineNumber: lineNumber)
        let kinds: [RecordingLineReader.LineKind] = [
            isEntry ? .entry : nil, isHeader ? (members.format != nil ? .header : .headerVersion) : nil,
            members.gap != nil ? .gap : nil, members.end != nil ? .end : nil,
        ].compactMap(\.self)
        throw RecordingError(
            .malformed, path: path, line: lineNumber, column: ValueLocator.column(of: [.key(kinds[1].key)], in: line),
            seq: isEntry ? Self.leadingSeq(of: line)?.seq : nil, message: RecordingLineReader.twoKinds(kinds[0], kinds[1]))
    }

    /// Records the entry on `line`, whose `seq` and `state` values (the first of each) are
    /// at these ranges; `checked` are ``StepLocation/checkedActionStart`` and
    /// ``StepLocation/checkedStateStart``.
    private mutating func indexEntry(
        seq seqMember: Range<Int>?, state stateMember: Range<Int>?, _ line: UnsafeBufferPointer<UInt8>, lineIndex: Int,
        checked: (action: UInt8, state: UInt16) = (0, 0)
    ) throws(RecordingError) {
        let lineNumber = lineIndex + 1
        let previous = steps.last?.seq
        let seq: Int
        if let member = seqMember {
            guard let value = TopLevelMembers.integer(member, in: line) else {
                throw RecordingError(
                    .malformed, path: path, line: lineNumber, column: JSONParseError.position(of: member.lowerBound, in: line).column,
                    message: "expected \"seq\" to be a positive integer of at most 18 digits")
            }
            seq = value
        } else {
            seq = (previous ?? 0) + 1
        }
        // Errors point at the `seq` value when there is one.
        func seqColumn() -> Int {
            seqMember.map { JSONParseError.position(of: $0.lowerBound, in: line).column } ?? 1
        }
        if let previous, seq <= previous {
            throw RecordingError(
                .malformed, path: path, line: lineNumber, column: seqColumn(), seq: seq,
                message: seq == previous
                    ? "seq \(seq) repeats: expected seq to increase"
                    : "seq goes backwards from \(previous) to \(seq): expected seq to increase")
        }
        if seq == 0 {
            throw RecordingError(
                .malformed, path: path, line: lineNumber, column: seqColumn(), seq: seq, message: "expected seq to start at 1")
        }
        if let through = marked?.through, seqMember != nil, seq <= through {
            warnings.append(
                RecordingError(
                    .malformed, path: path, line: lineNumber, column: seqColumn(), seq: seq,
                    message: "the gap markers before this entry count entries missing up to seq \(through): expected a seq past it"))
        }
        addUnmarkedGap(after: previous ?? 0, through: seq - 1, line: lineNumber)
        let hasState = KnownMembers.holdsState(stateMember, in: line)
        // The index keeps line numbers in 32 bits; a file of more lines is refused, not a trap.
        guard let compactIndex = Int32(exactly: lineIndex) else {
            throw RecordingError(
                .malformed, path: path, line: lineNumber, column: 1, seq: seq,
                message: "too many lines: expected at most \(Int32.max) lines")
        }
        steps.append(
            StepLocation(
                seq: seq, lineIndex: compactIndex, hasState: hasState, checkedActionStart: checked.action,
                checkedStateStart: checked.state))
    }

    /// Records the entries missing after seq `after` up to seq `through` that the gap markers
    /// since `after` do not count, as a gap after `after`, and starts counting markers afresh.
    private mutating func addUnmarkedGap(after: Int, through: Int, line: Int) {
        // Both seqs are at least 0, and the count at most Int.max: no overflow.
        let unmarked = through - after - (marked?.count ?? 0)
        marked = nil
        if unmarked > 0 { add(RecordingGap(after: after, dropped: unmarked, reason: nil, line: line)) }
    }

    /// Records `gap` before the next step.
    private mutating func add(_ gap: RecordingGap) {
        gaps.append(gap)
        gapPlaces.append(steps.count)
    }

    private func parse(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) throws(RecordingError) -> JSONValue {
        do {
            return try JSONParser.parse(line)
        } catch {
            let seq = Self.leadingSeq(of: line).flatMap { $0.end < error.column ? $0.seq : nil }
            // A line that is a lone `{`: a pretty-printed file, which is no recording until each
            // object is on one line again.
            let opening = line.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
            let hint = opening == [UInt8(ascii: "{")] || opening == [UInt8(ascii: "[")] ? Self.prettyPrintedHint : ""
            throw RecordingError(
                .malformed, path: path, line: lineNumber, column: error.column, seq: seq,
                message: error.reason.description + hint)
        }
    }
}

extension JSONValue {
    /// "an object", "a string", … for messages.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
