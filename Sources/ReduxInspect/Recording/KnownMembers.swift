import Foundation

/// The top-level members of a line that the indexer looks at: the value of the first member
/// with each of these keys, found in one skim of the line by ``TopLevelMembers/scan(_:_:)``,
/// which also decides whether the line is well formed. A key written with escapes
/// (`"st\u0061te"`) is decoded, as the parser decodes it, so that every command finds the
/// members the parser finds.
struct KnownMembers {
    var action: Range<Int>?
    var format: Range<Int>?
    var version: Range<Int>?
    var gap: Range<Int>?
    var end: Range<Int>?
    var seq: Range<Int>?
    var state: Range<Int>?

    /// The members of `line`, or `nil` when it is not a well-formed object.
    ///
    /// - Parameters:
    ///   - line: One line of a recording, without its line ending.
    ///   - skippingState: Whether the value of an entry's `state` may be passed over unread
    ///     (see ``stateEnd(in:from:)``). Only for a line that ends with a newline: a line cut
    ///     short by a crash must be skimmed to the end to be recognised as such.
    init?(_ line: UnsafeBufferPointer<UInt8>, skippingState: Bool = false) {
        guard let base = line.baseAddress else { return nil }
        var found = KnownMembers()
        let wellFormed = TopLevelMembers.scan(
            line,
            skipping: { key, valueStart in
                // Only the first `state`, and only once `action` and `seq` are known: the
                // index takes the first member of each name, so a member after the state can
                // then change nothing it records (another tool may write `seq` last).
                let name: StaticString = "state"
                guard skippingState, key.count == 5, found.state == nil, found.action != nil, found.seq != nil,
                    memcmp(base + key.lowerBound, name.utf8Start, 5) == 0
                else { return nil }
                return Self.stateEnd(in: line, from: valueStart)
            },
            { key, value in
                // Safe: `key` lies inside `line`, which the caller keeps alive during this init.
                found.note(key: UnsafeBufferPointer(start: base + key.lowerBound, count: key.count), value)
            })
        guard wellFormed else { return nil }
        self = found
    }

    /// Where the `state` value that starts at `start` ends, found from the end of the line
    /// without reading the value, or `nil` when the line does not end the way the recorder
    /// ends it.
    ///
    /// The state is most of an entry's bytes and the index needs none of them: only whether it
    /// is `null`, which its first byte tells. The recorder writes it as the last member but
    /// for `us` (an integer), so a line of the shape `…"state":{…}}` or `…"state":{…},"us":12}`,
    /// with white space allowed after the final `}` only, gets the value up to the bracket
    /// before them, when that bracket closes the kind the value opens with. Errors inside that
    /// range, structural ones included, are then found when the entry is read, by the parser.
    /// Any other shape (a scalar state, other members after it, white space) returns `nil`:
    /// the caller skims the value as usual, so such lines index exactly as before.
    private static func stateEnd(in line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        // Safe: every index read is checked to lie in `start..<line.count`.
        guard start < line.count else { return nil }
        let closer: UInt8
        switch line[start] {
        case UInt8(ascii: "{"): closer = UInt8(ascii: "}")
        case UInt8(ascii: "["): closer = UInt8(ascii: "]")
        default: return nil
        }
        var end = line.count
        while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x09 || line[end - 1] == 0x0D { end -= 1 }
        // The line's closing brace.
        guard end > start, line[end - 1] == UInt8(ascii: "}") else { return nil }
        end -= 1
        // `,"us":` and an integer, as `RecordingLine` writes the reducer's duration.
        guard let beforeDuration = durationStart(in: line, end: end, after: start) else { return nil }
        end = beforeDuration
        // The state's own closing bracket: `end` is then just after it.
        guard end - 1 > start, line[end - 1] == closer else { return nil }
        return end
    }

    /// Where the recorder's duration member, `,"us":` and a JSON integer, starts when it ends
    /// at `end`; `end` itself when no digit comes before `end`; `nil` when digits do, but not
    /// as that member (`,"us":007`: JSON writes no leading zeros). What lies before `after`
    /// is not read.
    ///
    /// The index ends a recorder's state here, and the readers that take a state or an action
    /// from the index's offsets without checking the line's end again rely on it: a line it
    /// accepts ends as the parser would accept it.
    static func durationStart(in line: UnsafeBufferPointer<UInt8>, end: Int, after start: Int) -> Int? {
        var digits = end
        while digits > start, line[digits - 1] &- UInt8(ascii: "0") < 10 { digits -= 1 }
        guard digits < end else { return end }
        guard end - digits == 1 || line[digits] != UInt8(ascii: "0") else { return nil }
        var member = digits
        if member > start, line[member - 1] == UInt8(ascii: "-") { member -= 1 }
        let prefix: StaticString = #","us":"#
        let length = prefix.utf8CodeUnitCount
        guard member - length > start,
            memcmp(line.baseAddress! + member - length, prefix.utf8Start, length) == 0
        else { return nil }
        return member - length
    }

    private init() {}

    /// Keeps `value` when `key` (its bytes between the quotes) is one of the names and the
    /// first with it.
    @inline(__always)
    private mutating func note(key: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) {
        // The shortest escaped spelling of a name is 8 bytes (`s\u0065q`).
        guard key.count < 8 || memchr(key.baseAddress!, Int32(UInt8(ascii: "\\")), key.count) == nil else {
            noteEscaped(key: key, value)
            return
        }
        note(name: key, value)
    }

    /// ``note(key:_:)`` for a key written with escapes: decoded first. One that does not
    /// decode is no name of the format (the skim has let it by; the parser names the error).
    @inline(never)
    private mutating func noteEscaped(key: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) {
        guard var name = TopLevelMembers.decodedKey(key) else { return }
        name.withUTF8 { note(name: $0, value) }
    }

    /// Keeps `value` when `name`, decoded, is one of the names and the first with it.
    @inline(__always)
    private mutating func note(name key: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) {
        @inline(__always)
        func matches(_ name: StaticString) -> Bool {
            memcmp(key.baseAddress!, name.utf8Start, name.utf8CodeUnitCount) == 0
        }
        switch key.count {
        case 3:
            if matches("seq") {
                if seq == nil { seq = value }
            } else if matches("gap") {
                if gap == nil { gap = value }
            } else if matches("end") {
                if end == nil { end = value }
            }
        case 5:
            if state == nil, matches("state") { state = value }
        case 6:
            if matches("action") {
                if action == nil { action = value }
            } else if format == nil, matches("format") {
                format = value
            }
        case 7:
            if version == nil, matches("version") { version = value }
        default:
            break
        }
    }
}

/// The members the index needs of an entry line the recorder wrote
/// (``KnownMembers/recorderEntry(_:skippingState:)``): small, so that it is not copied
/// around as ``KnownMembers`` is.
struct RecorderEntry {
    var seq: Range<Int>
    var action: Range<Int>
    var state: Range<Int>?
    /// ``StepLocation/checkedActionStart``: where the action starts, when every value before
    /// the state is one ``RecordedLine``'s check of the recorder's shape accepts; else 0.
    var checkedActionStart: UInt8 = 0
    /// ``StepLocation/checkedStateStart``: where the state starts, under the same condition.
    var checkedStateStart: UInt16 = 0
}

extension KnownMembers {
    /// The members of an entry line written by the recorder, found without the general skim,
    /// or `nil` when the line is not exactly of the recorder's shape: the caller then uses
    /// ``init(_:skippingState:)``, which finds the same `seq`, `action` and `state` for every
    /// line this accepts, and none of the other names.
    ///
    /// The shape is `{"seq":DIGITS,"time":"T","type":"S","action":A,"state":…` with no white
    /// space between the tokens, where `T` is 24 bytes with no `"` or `\`, `S` a string and `A`
    /// a value (skimmed as the general path skims them), and the state is passed over by
    /// ``stateEnd(in:from:)`` — or, with no state, `,"us":INTEGER}` or `}` closing the line.
    /// Each check mirrors a step of the general skim on such a line, so the ranges are the
    /// ones it finds; anything else (white space, other members or order, a state that is
    /// not skipped) returns `nil`.
    ///
    /// The type and the action are read by the differ's compact checks first
    /// (``RawJSON/compactStringEnd(from:)``, ``RawJSON/compactNestedEnd(from:depth:)``): the
    /// ends they find, when they accept, are the skim's (a valid value has only one end), and
    /// that they accepted — with the `seq` and time also as ``RecordedLine`` reads them — is
    /// kept in ``RecorderEntry/checkedStateStart``, so that the differ need not read those
    /// bytes again. A value they refuse is skimmed as before, and nothing is kept.
    @inline(__always)
    static func recorderEntry(_ line: UnsafeBufferPointer<UInt8>, skippingState: Bool) -> RecorderEntry? {
        // Safe: every read is at an offset checked against `count` first.
        guard skippingState, let base = line.baseAddress else { return nil }
        let count = line.count
        // The literals are compared as loaded words, not with `memcmp`: a call per literal
        // cost more than the rest of the check. No load reaches past the line's last byte (the
        // file is mapped, and may end there), nor before the line's first.
        @inline(__always)
        func has(_ literal: StaticString, at offset: Int) -> Bool {
            let length = literal.utf8CodeUnitCount
            guard offset &+ length <= count else { return false }
            let text = literal.utf8Start
            if length >= 8 {
                // Two words, overlapping when the literal is shorter than 16 bytes, cover it.
                precondition(length <= 16)
                return TopLevelMembers.Skim.word(at: base + offset) == TopLevelMembers.Skim.word(at: text)
                    && TopLevelMembers.Skim.word(at: base + (offset &+ length &- 8))
                        == TopLevelMembers.Skim.word(at: text + (length - 8))
            }
            guard offset &+ 8 <= count else { return memcmp(base + offset, text, length) == 0 }
            // A word of which the literal fills the first `length` bytes (little-endian).
            var expected: UInt64 = 0
            for index in 0..<length { expected |= UInt64(text[index]) &<< (8 &* index) }
            let mask: UInt64 = ~0 &>> (64 &- 8 &* length)
            return TopLevelMembers.Skim.word(at: base + offset) & mask == expected
        }
        // `{"seq":` and the digits of the value, which ends at the `,` after them.
        guard has(#"{"seq":"#, at: 0) else { return nil }
        let seqStart = 7
        var offset = seqStart &+ leadingDigits(base, from: seqStart, count: count)
        guard offset > seqStart else { return nil }
        let seq = seqStart..<offset
        // The differ's check takes a `seq` of digits as a whole number only without a leading 0.
        var checked = offset == seqStart &+ 1 || base[seqStart] != UInt8(ascii: "0")
        // `,"time":"`, a timestamp of 24 bytes with neither a quote nor a backslash, `"`.
        guard has(#","time":""#, at: offset) else { return nil }
        offset &+= 9
        guard offset &+ 24 < count else { return nil }
        let skim = TopLevelMembers.Skim(base: base, count: count)
        var special: UInt64 = 0
        // Nonzero when a byte is not one a plain string holds as it is.
        var notPlain: UInt64 = 0
        for word in 0..<3 {
            let bytes = TopLevelMembers.Skim.word(at: base + (offset &+ word &* 8))
            // Nonzero exactly when a byte is one of them.
            special |= TopLevelMembers.Skim.bytes(equalTo: 0x22, in: bytes)
                | TopLevelMembers.Skim.bytes(equalTo: 0x5C, in: bytes)
            notPlain |= RawJSON.specialStringBytes(bytes)
        }
        guard special == 0 else { return nil }
        // ``RawJSON/compactStringEnd(from:)`` reads these three words, finds no such byte, and
        // ends the string at the next one, the closing quote: it accepts the time. Otherwise it
        // may or may not, and the differ is left to find out.
        checked = checked && notPlain == 0
        let json = RawJSON(line, maximumDepth: JSONParser.Options().maximumDepth)
        offset &+= 24
        // The timestamp's closing quote and the type, a string skimmed as the general path does.
        guard has(#"","type":""#, at: offset) else { return nil }
        offset &+= 9
        if let typeEnd = json.compactStringEnd(from: offset) {
            offset = typeEnd
        } else {
            guard let typeEnd = skim.stringEnd(from: offset) else { return nil }
            offset = typeEnd
            checked = false
        }
        guard has(#","action":"#, at: offset) else { return nil }
        offset &+= 10
        let actionStart = offset
        // White space there would be skipped by the general path before the value, and then
        // taken by `valueEnd` as the value's first byte: `"action": ,` would pass.
        guard actionStart < count, base[actionStart] != 0x20, base[actionStart] != 0x09, base[actionStart] != 0x0D
        else { return nil }
        let actionEnd: Int
        // The skim ends a value at the first byte of these after it; a valid value the check
        // ends before another byte (`truex`) is left to the skim, which reads on.
        if let end = json.compactNestedEnd(from: actionStart, depth: 1), end < count,
            TopLevelMembers.Skim.endsScalar(base[end])
        {
            actionEnd = end
        } else {
            guard let end = skim.valueEnd(from: actionStart) else { return nil }
            actionEnd = end
            checked = false
        }
        var found = RecorderEntry(seq: seq, action: actionStart..<actionEnd, state: nil)
        offset = actionEnd
        if has(#","state":"#, at: offset) {
            let stateStart = offset &+ 9
            guard let stateEnd = stateEnd(in: line, from: stateStart), stateEnd > stateStart, stateEnd <= count else {
                return nil
            }
            // `stateEnd` checked that the rest is `}` or `,"us":` and an integer, then `}` and
            // white space: well formed.
            found.state = stateStart..<stateEnd
            if checked, let action = UInt8(exactly: actionStart), let state = UInt16(exactly: stateStart) {
                found.checkedActionStart = action
                found.checkedStateStart = state
            }
            return found
        }
        // No state: `,"us":` and an integer, then the line's `}`, and nothing after it.
        if has(#","us":"#, at: offset) {
            offset &+= 6
            if offset < count, base[offset] == UInt8(ascii: "-") { offset &+= 1 }
            let digits = offset
            while offset < count, base[offset] &- UInt8(ascii: "0") < 10 { offset &+= 1 }
            guard offset > digits else { return nil }
            // JSON has no leading zeros: the general path reports the line.
            checked = checked && (offset == digits &+ 1 || base[digits] != UInt8(ascii: "0"))
        }
        guard offset &+ 1 == count, base[offset] == UInt8(ascii: "}") else { return nil }
        // Every member checked: the whole line is certainly valid JSON. Where the action
        // starts is kept without a state's start (``StepLocation/checkedActionStart``).
        if checked, let action = UInt8(exactly: actionStart) { found.checkedActionStart = action }
        return found
    }
}

extension KnownMembers {
    /// The number of ASCII digits in a row at `offset` in the `count` bytes at `base`.
    ///
    /// The first 8 bytes are looked at as one word when the line has them (a `seq` has fewer
    /// digits than that until the ten millionth entry): a byte-by-byte loop cost more than the
    /// rest of the recorder's fast path over the same bytes.
    @inline(__always)
    static func leadingDigits(_ base: UnsafePointer<UInt8>, from offset: Int, count: Int) -> Int {
        var end = offset
        if offset &+ 8 <= count {
            let word = TopLevelMembers.Skim.word(at: base + offset)
            // The high bit of a byte is set when it is 0x80 or more, or (adding 0x46 carries
            // into it) above `9`, or (taking 0x30 away borrows) below `0`. Carries and borrows
            // go from a byte to the next one up only, so the lowest byte flagged, above digits
            // alone, is exactly the first that is not a digit.
            let notDigits = (word | (word &+ 0x4646_4646_4646_4646) | (word &- 0x3030_3030_3030_3030))
                & 0x8080_8080_8080_8080
            guard notDigits == 0 else { return notDigits.trailingZeroBitCount &>> 3 }
            end = offset &+ 8
        }
        while end < count, base[end] &- UInt8(ascii: "0") < 10 { end &+= 1 }
        return end &- offset
    }

    /// Whether an entry's `state` member, found at `state` in `line`, holds a state: it is
    /// there and not `null` (any other value starting with `n` is not well formed, and is
    /// reported when the entry is read).
    static func holdsState(_ state: Range<Int>?, in line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let state else { return false }
        return !(state.count == 4 && line[state.lowerBound] == UInt8(ascii: "n"))
    }
}
