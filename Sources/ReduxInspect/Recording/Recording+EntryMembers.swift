import Foundation

extension Recording {
    /// Entry members that every reader takes as they come, and that say nothing when written
    /// another way: `time`, which `log` shows, a string holding a date and time such as
    /// `2026-11-22T10:00:00.250Z` (a number, say, is not shown at all); and `us`, the reducer's
    /// time, a whole number of microseconds. For `check`: a warning for each of them that some
    /// entry writes otherwise, at the first such entry, with how many do.
    ///
    /// And a member the header or an entry writes twice (`"seq":1,…,"seq":5`), which a hand
    /// edit that appends a member leaves: JSON leaves it to the reader which one counts, and
    /// every reader here takes the first, as `JSONDecoder` does, where `jq` and
    /// `JSONSerialization` take the last. (Members
    /// inside an action or a state are not looked at: that would mean reading every value.)
    func unusualEntryMembers() -> [RecordingError] {
        // Every entry is looked at, on every core: a million of them take a few tenths of a second.
        let count = steps.count
        let cores = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count))
        let parts = ParallelMap.map(cores, cores: cores) { chunks in
            chunks.map { chunk in unusualEntryMembers(in: (chunk * count / cores)..<((chunk + 1) * count / cores)) }
        }
        var found = UnusualMembers()
        for part in parts { found.add(part) }
        var warnings: [RecordingError] = []
        /// A warning at `offset` in the line at `lineIndex`, and how many entries write so.
        func warning(
            line lineIndex: Int, offset: Int, _ count: Int, _ message: String, so written: String = "write it so"
        ) {
            let others = count == 1 ? "" : " (\(count) entries \(written))"
            warnings.append(
                RecordingError(
                    .malformed, path: path, line: lineIndex + 1,
                    column: JSONParseError.position(of: offset, in: lineBytes(lineIndex)).column, seq: nil,
                    message: message + others))
        }
        func warning(_ first: (index: Int, offset: Int), _ count: Int, _ message: String, so written: String = "write it so") {
            warning(line: Int(steps[first.index].lineIndex), offset: first.offset, count, message, so: written)
        }
        // The header's first: its line comes first.
        if let header, let repeated = Self.repeatedMember(in: lineBytes(header.line - 1)) {
            warning(line: header.line - 1, offset: repeated.offset, 1, Self.repeatedMemberMessage(repeated.key, in: "header"))
        }
        if let firstTime = found.firstTime {
            warning(firstTime, found.times, #"expected "time" to be a date and time such as "2026-11-22T10:00:00.250Z"; log shows it as it is"#)
        }
        if let firstDuration = found.firstDuration {
            warning(firstDuration, found.durations, #"expected "us" to be a whole number of microseconds; it is left out"#)
        }
        if let firstRepeat = found.firstRepeat {
            warning(
                firstRepeat.at, found.repeats, Self.repeatedMemberMessage(firstRepeat.key, in: "entry"),
                so: "write a member twice")
        }
        // A hand-written file may number none of its entries; one that numbers some but not
        // all most likely lost a `seq` to an edit, and its entry took the number after the
        // one before it, which moves a gap and what a command compares there.
        if let first = found.firstUnnumbered, found.numbered > 0 {
            warning(
                line: Int(steps[first].lineIndex), offset: 0, found.unnumbered,
                "expected \"seq\", which other entries write; this entry is numbered \(steps[first].seq), "
                    + (first == 0 ? "as the first" : "one past the entry before it"), so: "have no seq")
        }
        return warnings
    }

    /// What ``unusualEntryMembers()`` finds in the entries at `indices`: the first entry (and
    /// the offset in its line) whose `time`, and whose `us`, is written otherwise, and how many.
    private func unusualEntryMembers(in indices: Range<Int>) -> UnusualMembers {
        var found = UnusualMembers()
        for index in indices {
            let line = lineBytes(Int(steps[index].lineIndex))
            if let entry = KnownMembers.recorderEntry(line, skippingState: true), Self.isOneValue(entry.state, in: line) {
                // The recorder's shape: `,"time":"` and 24 bytes right after the seq, and a
                // `us` of digits if any. Only the time's form is left to look at.
                let start = entry.seq.upperBound + #","time":""#.utf8.count
                if !Self.isTimestamp(line[start..<(start + 24)]) { found.noteTime(index, start - 1) }
                found.numbered += 1
                continue
            }
            // Lines `check` has already read in full: well formed.
            guard let members = TopLevelMembers(line) else { continue }
            if let repeated = Self.repeatedMember(members, in: line) { found.noteRepeat(index, repeated) }
            if members.member("seq", in: line) == nil { found.noteUnnumbered(index) } else { found.numbered += 1 }
            if let time = members.member("time", in: line)?.value, !line[time].elementsEqual("null".utf8),
                !(time.count >= 2 && line[time.lowerBound] == UInt8(ascii: "\"")
                    && line[time.upperBound - 1] == UInt8(ascii: "\"")
                    && Self.isTimestamp(line[(time.lowerBound + 1)..<(time.upperBound - 1)]))
            {
                found.noteTime(index, time.lowerBound)
            }
            if let duration = members.member("us", in: line)?.value, !line[duration].elementsEqual("null".utf8),
                !(line[duration].allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
                    && (duration.count == 1 || line[duration.lowerBound] != UInt8(ascii: "0")))
            {
                found.noteDuration(index, duration.lowerBound)
            }
        }
        return found
    }

    /// Whether the recorder's shape found the state to be one value: it takes the state to run
    /// to the line's closing brace, so a member appended after it by hand (`"state":{…}`
    /// again) is in that range, and the line is then read member by member.
    private static func isOneValue(_ state: Range<Int>?, in line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let state, let base = line.baseAddress else { return true }
        return TopLevelMembers.Skim(base: base, count: line.count).valueEnd(from: state.lowerBound) == state.upperBound
    }

    /// The first member of a line's object whose key an earlier member already has: its key,
    /// and the offset of its opening quote. Keys are compared as JSON reads them, so
    /// `"s\u0065q"` repeats `"seq"` (which `jq` would read last, where every command reads
    /// the first by its bytes).
    private static func repeatedMember(
        _ members: TopLevelMembers, in line: UnsafeBufferPointer<UInt8>
    ) -> (key: String, offset: Int)? {
        let backslash = UInt8(ascii: "\\")
        if members.members.count <= 16, !members.members.contains(where: { line[$0.key].contains(backslash) }) {
            // A handful of plain keys, as usual: compared in pairs, by their bytes.
            for (position, member) in members.members.enumerated() {
                let key = line[member.key]
                if members.members[..<position].contains(where: { line[$0.key].elementsEqual(key) }) {
                    return (String(decoding: key, as: UTF8.self), member.key.lowerBound - 1)
                }
            }
            return nil
        }
        var seen: Set<[UInt8]> = []
        for member in members.members {
            var key = Array(line[member.key])
            if key.contains(backslash), case .string(let text)? = try? JSONParser.parse(#"""# + String(decoding: key, as: UTF8.self) + #"""#) {
                key = Array(text.utf8)
            }
            guard seen.insert(key).inserted else {
                return (String(decoding: key, as: UTF8.self), member.key.lowerBound - 1)
            }
        }
        return nil
    }

    private static func repeatedMember(in line: UnsafeBufferPointer<UInt8>) -> (key: String, offset: Int)? {
        TopLevelMembers(line).flatMap { repeatedMember($0, in: line) }
    }

    private static func repeatedMemberMessage(_ key: String, in what: String) -> String {
        "the \(what) writes \"\(key)\" a second time here; every command reads the first one, "
            + "as JSONDecoder does (jq reads this one)"
    }

    /// The unusual `time` and `us` members of a run of entries, and those written twice.
    private struct UnusualMembers: Sendable {
        var firstTime: (index: Int, offset: Int)?
        var firstDuration: (index: Int, offset: Int)?
        var firstRepeat: (at: (index: Int, offset: Int), key: String)?
        /// The first entry without a `seq`.
        var firstUnnumbered: Int?
        var times = 0
        var durations = 0
        var repeats = 0
        /// Entries without a `seq`, and with one.
        var unnumbered = 0
        var numbered = 0

        mutating func noteUnnumbered(_ index: Int) {
            unnumbered += 1
            if firstUnnumbered == nil { firstUnnumbered = index }
        }

        mutating func noteRepeat(_ index: Int, _ repeated: (key: String, offset: Int)) {
            repeats += 1
            if firstRepeat == nil { firstRepeat = ((index, repeated.offset), repeated.key) }
        }

        mutating func noteTime(_ index: Int, _ offset: Int) {
            times += 1
            if firstTime == nil { firstTime = (index, offset) }
        }

        mutating func noteDuration(_ index: Int, _ offset: Int) {
            durations += 1
            if firstDuration == nil { firstDuration = (index, offset) }
        }

        /// Adds what a later run of entries found.
        mutating func add(_ later: UnusualMembers) {
            firstTime = firstTime ?? later.firstTime
            firstDuration = firstDuration ?? later.firstDuration
            firstRepeat = firstRepeat ?? later.firstRepeat
            firstUnnumbered = firstUnnumbered ?? later.firstUnnumbered
            unnumbered += later.unnumbered
            numbered += later.numbered
            times += later.times
            durations += later.durations
            repeats += later.repeats
        }
    }

    /// Whether `text` (a string's bytes, no quotes) is an ISO 8601 date and time:
    /// `YYYY-MM-DDTHH:MM:SS`, then fractions of a second, and `Z` or an offset, or nothing.
    static func isTimestamp(_ text: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
        // Read in place, without a copy: `check` asks this of every entry.
        let shape: StaticString = "0000-00-00T00:00:00"
        let length = shape.utf8CodeUnitCount
        guard text.count >= length else { return false }
        func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
        var index = text.startIndex
        for offset in 0..<length {
            let byte = text[index]
            switch shape.utf8Start[offset] {
            case UInt8(ascii: "0"): guard isDigit(byte) else { return false }
            case UInt8(ascii: "T"): guard byte == UInt8(ascii: "T") || byte == UInt8(ascii: "t") || byte == 0x20 else { return false }
            case let expected: guard byte == expected else { return false }
            }
            index += 1
        }
        if index < text.endIndex, text[index] == UInt8(ascii: ".") {
            index += 1
            guard index < text.endIndex, isDigit(text[index]) else { return false }
            while index < text.endIndex, isDigit(text[index]) { index += 1 }
        }
        let rest = text.endIndex - index
        if rest == 0 { return true }
        if rest == 1 { return text[index] == UInt8(ascii: "Z") || text[index] == UInt8(ascii: "z") }
        return rest == 6 && (text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-"))
            && isDigit(text[index + 1]) && isDigit(text[index + 2]) && text[index + 3] == UInt8(ascii: ":")
            && isDigit(text[index + 4]) && isDigit(text[index + 5])
    }
}
