extension Recording {
    /// The bytes of the action of step `index`, when its line can be read without parsing
    /// it: the line is certainly valid JSON (see `RawJSON.isCertainlyValid`), an object whose
    /// keys are all plain (printable ASCII without escapes, so that a key is the member
    /// ``entry(at:)`` finds by that name exactly when its bytes are the name's), with an
    /// `action` member and a `type` that is a string when there is one. Then ``entry(at:)``
    /// would read the line without a problem and its `action` is the JSON of these bytes.
    /// `nil` otherwise: read the entry, which reports what is wrong.
    ///
    /// What a replay needs of a step it passes through is only its action; parsing the whole
    /// line into a tree cost more than decoding and reducing the action together.
    ///
    /// - Parameter index: 0-based position in ``steps``.
    /// - Returns: The action's bytes, certainly valid JSON too, which live as long as the
    ///   recording.
    func actionText(at index: Int) -> UnsafeBufferPointer<UInt8>? {
        let location = steps[index]
        let line = lineBytes(Int(location.lineIndex))
        guard !line.isEmpty else { return nil }
        if location.checkedActionStart != 0, location.checkedStateStart == 0 {
            // A line the index checked whole: `…,"action":A}` or `…,"action":A,"us":N}`.
            let start = Int(location.checkedActionStart)
            if let end = Self.recorderLastValueEnd(in: line), start < end {
                return UnsafeBufferPointer(rebasing: line[start..<end])
            }
        }
        guard let parts = EntryParts(line) else { return nil }
        return UnsafeBufferPointer(rebasing: line[parts.action])
    }

    /// What `log` shows of step `index`: its type, time and action as compact text. Read from
    /// the line's bytes where ``EntryParts`` can, without the tree of its state, which made
    /// `log` of a recording with states three times as slow as of one without; from
    /// ``entry(at:)`` otherwise, which gives the same, or reports what is wrong with the line.
    ///
    /// - Parameter index: 0-based position in ``steps``.
    /// - Throws: ``RecordingError`` for a malformed line.
    func listedAction(at index: Int) throws(RecordingError) -> ListedAction {
        let location = steps[index]
        let line = lineBytes(Int(location.lineIndex))
        if let listed = recorderListedAction(location, line) { return listed }
        if !line.isEmpty, let parts = EntryParts(line), let type = parts.type.flatMap(parts.raw.plainString) {
            let time = parts.time.flatMap(parts.raw.plainString)
            // A `time` that is not a plain string is read as the entry reads it.
            if parts.time == nil || time != nil {
                let action =
                    parts.raw.isCompactText(parts.action)
                    ? String(decoding: line[parts.action], as: UTF8.self)
                    : try entry(at: index).action.compactText
                return ListedAction(seq: location.seq, type: type, time: time, action: action)
            }
        }
        let entry = try entry(at: index)
        return ListedAction(seq: entry.seq, type: entry.type, time: entry.time, action: entry.action.compactText)
    }
}

extension Recording {
    /// The `type` step `index` writes, or `nil` when it writes none (or its line is
    /// malformed, which reading the entry reports). ``RecordingEntry/type`` cannot tell: it
    /// names an entry without one by its action.
    ///
    /// - Parameter index: 0-based position in ``steps``.
    func writtenType(at index: Int) -> String? {
        let location = steps[index]
        let line = lineBytes(Int(location.lineIndex))
        if let recorder = Self.recorderTimeAndType(location, line) { return recorder.type }
        if !line.isEmpty, let parts = EntryParts(line) {
            guard let type = parts.type else { return nil }
            if let plain = parts.raw.plainString(type) { return plain }
        }
        // A type with escapes, or a line that cannot be read without parsing it.
        return (try? parseLine(Int(location.lineIndex), seq: location.seq))?["type"]?.stringValue
    }
}

extension Recording {
    /// A copy of the text of step `index`'s state, when the line can be read without parsing
    /// it and holds a state that is not `null`: a line of the recorder's shape from where the
    /// index found its state, checked to the line's end; any other through ``EntryParts``.
    /// What `blame`, `bisect` and `step`'s watchpoints read a path of, without the tree of
    /// the whole line, which cost them four fifths of their time on a recording with states.
    /// `nil` otherwise: read the entry, which reports what is wrong with the line.
    ///
    /// - Parameter index: 0-based position in ``steps``.
    func stateText(at index: Int) -> StateText? {
        let location = steps[index]
        let line = lineBytes(Int(location.lineIndex))
        guard let state = Self.checkedRecorderState(location, line) ?? (line.isEmpty ? nil : EntryParts(line)?.state),
            KnownMembers.holdsState(state, in: line)
        else { return nil }
        return StateText(copying: UnsafeBufferPointer(rebasing: line[state]))
    }

    /// Where the state is on a line of the recorder's shape whose members before the state
    /// the index checked, when the line ends with `}` or `,"us":N}` right after the state and
    /// the state is valid: checking the state whole and finding it ends there leaves the whole
    /// line checked. (Skimming the line for its members after checking it, as ``EntryParts``
    /// does, reads it twice.) `nil` for any other line.
    fileprivate static func checkedRecorderState(_ location: StepLocation, _ line: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let start = Int(location.checkedStateStart)
        guard start != 0, let end = recorderLastValueEnd(in: line), start < end,
            RawJSON(line, maximumDepth: JSONParser.Options().maximumDepth).compactValidEnd(from: start, depth: 1) == end
        else { return nil }
        return start..<end
    }
}

extension Recording {
    /// ``listedAction(at:)`` of a line of the recorder's shape whose members before the state
    /// the index checked, `{"seq":N,"time":"T","type":"S","action":A,"state":…`: its state and
    /// end are checked (``checkedRecorderState(_:_:)``), which leaves the whole line checked,
    /// and the time, type and action are where that shape puts them. Checking the line again
    /// member by member (``EntryParts``) was most of `log`'s time on a recording with states.
    /// `nil` for any other line, or a time, type or action that is not plain.
    private func recorderListedAction(_ location: StepLocation, _ line: UnsafeBufferPointer<UInt8>) -> ListedAction? {
        guard let stateStart = Self.checkedRecorderState(location, line)?.lowerBound,
            let members = Self.recorderMembers(location, line, stateStart: stateStart),
            RawJSON(line, maximumDepth: JSONParser.Options().maximumDepth).isCompactText(members.action)
        else { return nil }
        let action = String(decoding: UnsafeBufferPointer(rebasing: line[members.action]), as: UTF8.self)
        return ListedAction(seq: location.seq, type: members.type, time: members.time, action: action)
    }

    /// Step `index`'s entry with `state` left `nil`, read from the line's bytes without parsing
    /// its state, for a caller that compares the state's bytes with an encoding itself (a
    /// match proves them valid JSON) and reads the entry with ``entry(at:)`` when they differ.
    /// Only for a line of the recorder's shape whose members before the state the index
    /// checked, ending `}` or `,"us":N}` right after a state that is not `null`: then the
    /// rest is the entry ``entry(at:)`` reads, when the line is valid. `nil` for any other line.
    ///
    /// A replay that prints each step's changes finds them from the states' bytes; parsing
    /// every recorded state into a tree as well was two thirds of its time.
    ///
    /// - Parameter index: 0-based position in ``steps``.
    func entryLeavingState(at index: Int) -> RecordingEntry? {
        let location = steps[index]
        let stateStart = Int(location.checkedStateStart)
        guard location.hasState, stateStart != 0 else { return nil }
        let line = lineBytes(Int(location.lineIndex))
        guard let stateEnd = Self.recorderLastValueEnd(in: line), stateStart < stateEnd,
            line[stateStart] != UInt8(ascii: "n"),
            KnownMembers(line, skippingState: true)?.state == stateStart..<stateEnd,
            let members = Self.recorderMembers(location, line, stateStart: stateStart),
            let action = try? JSONParser.parse(UnsafeBufferPointer(rebasing: line[members.action]))
        else { return nil }
        // `,"us":N}` after the state, when the line has it.
        var microseconds: Int?
        if stateEnd < line.count - 1 {
            let digits = line[(stateEnd + #","us":"#.utf8.count)..<(line.count - 1)]
            microseconds = Int(String(decoding: UnsafeBufferPointer(rebasing: digits), as: UTF8.self))
        }
        return RecordingEntry(
            seq: location.seq, type: members.type, action: action, state: nil, time: members.time,
            microseconds: microseconds, line: location.line)
    }

    /// The time, type and action of a line of the recorder's shape whose members before the
    /// state the index checked, `{"seq":N,"time":"T","type":"S","action":A,"state":…`, where
    /// that shape puts them; `nil` when the time or type is not a plain string.
    private static func recorderMembers(_ location: StepLocation, _ line: UnsafeBufferPointer<UInt8>, stateStart: Int)
        -> (time: String, type: String, action: Range<Int>)?
    {
        let actionStart = Int(location.checkedActionStart)
        let actionEnd = stateStart - #","state":"#.utf8.count
        guard let (time, type) = recorderTimeAndType(location, line), actionStart < actionEnd else { return nil }
        return (time, type, actionStart..<actionEnd)
    }

    /// The time and type of a line of the recorder's shape whose members before the state
    /// (or the whole line, without a state) the index checked, where that shape puts them;
    /// `nil` for any other line, or a time or type that is not a plain string.
    private static func recorderTimeAndType(_ location: StepLocation, _ line: UnsafeBufferPointer<UInt8>)
        -> (time: String, type: String)?
    {
        let actionStart = Int(location.checkedActionStart)
        guard actionStart != 0 else { return nil }
        let raw = RawJSON(line, maximumDepth: JSONParser.Options().maximumDepth)
        var position = #"{"seq":"#.utf8.count
        while position < actionStart, line[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        /// The plain string whose opening quote ends `key` at `position`, moving past it.
        func string(after key: StaticString) -> String? {
            let length = key.utf8CodeUnitCount
            guard position + length < actionStart,
                line[position..<(position + length)].elementsEqual(UnsafeBufferPointer(start: key.utf8Start, count: length))
            else { return nil }
            let start = position + length
            guard let quote = line[start..<actionStart].firstIndex(of: UInt8(ascii: "\"")),
                let text = raw.plainString(start - 1..<quote + 1)
            else { return nil }
            position = quote + 1
            return text
        }
        guard let time = string(after: #","time":""#), let type = string(after: #","type":""#),
            line[position..<actionStart].elementsEqual(#","action":"#.utf8)
        else { return nil }
        return (time, type)
    }
}

/// One line of `log`: what ``Recording/listedAction(at:)`` reads of an entry.
struct ListedAction {
    var seq: Int
    var type: String
    var time: String?
    /// The action as ``JSONValue/compactText`` writes it.
    var action: String
}

/// Where the members an entry is read by lie on a line that is certainly valid JSON (see
/// `RawJSON.isCertainlyValid`): an object whose keys are all plain (printable ASCII without
/// escapes, so that a key is the member ``Recording/entry(at:)`` finds by that name exactly
/// when its bytes are the name's), with an `action` member and a `type` that is a string when
/// there is one, and no `end` or `gap` member. Then ``Recording/entry(at:)`` would read the
/// line without a problem, and these are the members it reads (the first of each name).
struct EntryParts {
    let raw: RawJSON
    /// The action's value.
    let action: Range<Int>
    /// The `type` string, quotes included, when there is one.
    let type: Range<Int>?
    /// The `time` member's value, when there is one.
    let time: Range<Int>?
    /// The `state` member's value, when there is one.
    let state: Range<Int>?

    /// The parts of `line`, or `nil` when it is not such a line.
    init?(_ line: UnsafeBufferPointer<UInt8>) {
        let raw = RawJSON(line, maximumDepth: JSONParser.Options().maximumDepth)
        guard raw.isCertainlyValidText else { return nil }
        var offset = raw.skipSpace(0)
        guard raw[offset] == UInt8(ascii: "{") else { return nil }
        offset = raw.skipSpace(offset + 1)
        guard raw[offset] != UInt8(ascii: "}") else { return nil }
        var action: Range<Int>?
        var type: Range<Int>?
        var time: Range<Int>?
        var state: Range<Int>?
        while true {
            guard let member = try? raw.member(at: offset, depth: 1), member.plainKey else { return nil }
            if action == nil, (try? raw.key(of: member, is: "action")) == true {
                action = member.value
            } else if type == nil, (try? raw.key(of: member, is: "type")) == true {
                guard raw[member.valueStart] == UInt8(ascii: "\"") else { return nil }
                type = member.value
            } else if time == nil, (try? raw.key(of: member, is: "time")) == true {
                time = member.value
            } else if state == nil, (try? raw.key(of: member, is: "state")) == true {
                state = member.value
            } else if (try? raw.key(of: member, is: "end")) == true || (try? raw.key(of: member, is: "gap")) == true {
                // A marker's member too, which ``Recording/entry(at:)`` refuses.
                return nil
            }
            offset = raw.skipSpace(member.valueEnd)
            guard raw[offset] == UInt8(ascii: ",") else { break }
            offset = raw.skipSpace(offset + 1)
        }
        guard let action else { return nil }
        (self.raw, self.action, self.type, self.time, self.state) = (raw, action, type, time, state)
    }
}

extension RawJSON {
    /// The text of the string value in `range` (quotes included) when it is plain: printable
    /// ASCII without escapes, so that its bytes between the quotes are its text. `nil` for
    /// any other value.
    func plainString(_ range: Range<Int>) -> String? {
        guard range.count >= 2, base[range.lowerBound] == UInt8(ascii: "\""), isCompactText(range) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: base + range.lowerBound + 1, count: range.count - 2), as: UTF8.self)
    }
}

extension Recording {
    /// Where the last value but the duration ends on an entry line of the recorder's shape,
    /// which ends `,"action":A}` or `,"action":A,"us":N}` (or `"state":S` in place of the
    /// action) with `N` a JSON integer: no value ends with `,"us":` and digits, so the last
    /// `}` or that member (``KnownMembers/durationStart(in:end:after:)``) is where it ends. On
    /// a line whose last byte is not that `}` (white space after it, or a brace missing),
    /// `nil`.
    static func recorderLastValueEnd(in line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let last = line.last, last == UInt8(ascii: "}") else { return nil }
        return KnownMembers.durationStart(in: line, end: line.count - 1, after: 0) ?? line.count - 1
    }

    /// The bytes of step `index`'s action, for a caller that checks the line's state itself:
    /// on a line of the recorder's shape whose members before the state the index checked
    /// (``StepLocation/checkedStateStart``), the action the index found, without checking the
    /// state as ``actionText(at:)`` would; on any other line, ``actionText(at:)``.
    ///
    /// A verify compares each state with the replayed one's encoding, which accepts only valid
    /// JSON, and parses the line (reporting what is wrong with it) when they differ: checking
    /// the state first, a few hundred bytes a line, cost a tenth of the verify.
    func actionText(at index: Int, stateCheckedByCaller: Bool) -> UnsafeBufferPointer<UInt8>? {
        let location = steps[index]
        guard stateCheckedByCaller, location.hasState, location.checkedStateStart != 0 else {
            return actionText(at: index)
        }
        let line = lineBytes(Int(location.lineIndex))
        // The recorder's shape: the action ends where `,"state":` starts.
        let actionEnd = Int(location.checkedStateStart) - #","state":"#.utf8.count
        return UnsafeBufferPointer(rebasing: line[Int(location.checkedActionStart)..<actionEnd])
    }
}
