import Foundation

/// A recording line's top-level members, read one at a time: where the state starts, and
/// the other members, checked, with the `type` and `action` the step's type comes from.
struct RecordedLine {
    let text: RawJSON
    /// The first `type` member's value, once seen.
    private var type: Range<Int>?
    /// The first `action` member's value, once seen.
    private var action: Range<Int>?
    private var offset = 0
    /// ``StepLocation/checkedActionStart`` and ``StepLocation/checkedStateStart`` of the
    /// line, 0 when unknown.
    private var checkedAction = 0
    private var checkedState = 0

    init(_ text: RawJSON) {
        self.text = text
    }

    /// The line of the step at `location`, whose index may have found its members before the
    /// state to be ones ``recorderState()`` accepts (``KnownMembers/recorderEntry(_:skippingState:)``
    /// checks them the same way): then they are not read again.
    init(_ text: RawJSON, checked location: StepLocation) {
        self.text = text
        checkedAction = Int(location.checkedActionStart)
        checkedState = Int(location.checkedStateStart)
    }

    /// Moves to the first member named `name` and returns where its value starts, parsing the
    /// members before it.
    mutating func member(_ name: StaticString) throws(RawJSON.Malformed) -> Int? {
        let state: StaticString = "state"
        if name.utf8CodeUnitCount == state.utf8CodeUnitCount,
            memcmp(name.utf8Start, state.utf8Start, state.utf8CodeUnitCount) == 0,
            let start = checkedMembers() ?? recorderState()
        {
            return start
        }
        offset = text.skipSpace(0)
        guard offset < text.count, text[offset] == UInt8(ascii: "{") else { throw RawJSON.Malformed() }
        guard case .more(let first) = try text.firstItem(ofContainerAt: offset, closer: UInt8(ascii: "}")) else {
            return nil
        }
        offset = first
        while true {
            var member = try text.memberKey(at: offset)
            if try text.key(of: member, is: name) { return member.valueStart }
            try readValue(of: &member)
            guard try next(after: member.valueEnd) else { return nil }
        }
    }

    /// Where the `state` starts on a line of the shape the recorder writes,
    /// `{"seq":N,"time":T,"type":S,"action":A,"state":…` with no white space around the keys
    /// (a value may have some before it), whose values before the state are certainly valid
    /// (``RawJSON/certainlyValidEnd(from:before:depth:)``); `nil` for any other line, which
    /// ``member(_:)`` then reads member by member.
    ///
    /// The names are known here, so the members are checked as ``member(_:)`` checks them,
    /// and the same `type` and `action` are kept, without reading their keys one by one.
    private mutating func recorderState() -> Int? {
        // A copy of the text, small enough to pass in registers, unlike `self`.
        let text = self.text
        var position = 0
        // Keys first and then values: a value only ever starts right after its key. Each value
        // is read first as the recorder writes it, in line; any other goes to `value(in:_:)`.
        guard Self.skip(#"{"seq":"#, in: text, &position) else { return nil }
        if !Self.wholeNumber(in: text, &position) {
            guard Self.value(in: text, &position) != nil else { return nil }
        }
        guard Self.skip(#","time":"#, in: text, &position) else { return nil }
        guard Self.string(in: text, &position) != nil || Self.value(in: text, &position) != nil,
            Self.skip(#","type":"#, in: text, &position),
            let type = Self.string(in: text, &position) ?? Self.value(in: text, &position),
            Self.skip(#","action":"#, in: text, &position),
            let action = Self.object(in: text, &position) ?? Self.value(in: text, &position),
            Self.skip(#","state":"#, in: text, &position)
        else { return nil }
        let state = text.skipSpace(position)
        guard state < text.count else { return nil }
        self.type = type
        self.action = action
        offset = state
        return state
    }

    /// What ``recorderState()`` finds on a line the index found to be of the recorder's shape
    /// with every value before the state accepted by the same checks, from the offsets it kept
    /// (0 when it did not): the line is `{"seq":DIGITS,"time":"` and 24 bytes, then
    /// `","type":` and the type, `,"action":` and the action, `,"state":` and the state.
    private mutating func checkedMembers() -> Int? {
        let action = checkedAction
        let state = checkedState
        // `{"seq":` with a digit, the time, and at least a byte for each value: not the bounds
        // of every such line, but enough that offsets which are not this line's read nothing
        // outside it.
        guard state > 0, state < text.count, action >= 61, state >= action &+ 10 else { return nil }
        let typeStart = 49 &+ KnownMembers.leadingDigits(text.base, from: 7, count: text.count)
        guard typeStart &+ 12 <= action else { return nil }
        type = typeStart..<(action &- 10)
        self.action = action..<(state &- 9)
        offset = state
        return state
    }

    /// A whole number without a sign, `0` or `[1-9][0-9]*`, at `position` and followed by `,`,
    /// as the recorder writes `seq`: moves `position` past it and returns `true`; otherwise
    /// returns `false` and leaves `position` as it was.
    ///
    /// A `,` is no byte of a number, so the general check (``RawJSON/compactValidEnd(from:depth:)``)
    /// accepts such a number and ends it there too.
    @inline(__always)
    private static func wholeNumber(in text: RawJSON, _ position: inout Int) -> Bool {
        var offset = position
        guard offset < text.count else { return false }
        let first = text.base[offset] &- UInt8(ascii: "0")
        guard first < 10 else { return false }
        offset &+= 1
        if first != 0 {
            while offset < text.count && text.base[offset] &- UInt8(ascii: "0") < 10 { offset &+= 1 }
        }
        guard offset < text.count, text.base[offset] == UInt8(ascii: ",") else { return false }
        position = offset
        return true
    }

    /// The string that starts exactly at `position`, when ``RawJSON/compactStringEnd(from:)``
    /// accepts it; moves `position` past it. `nil` leaves `position` as it was.
    @inline(__always)
    private static func string(in text: RawJSON, _ position: inout Int) -> Range<Int>? {
        let start = position
        guard start < text.count, text.base[start] == UInt8(ascii: "\""),
            let end = text.compactStringEnd(from: start)
        else { return nil }
        position = end
        return start..<end
    }

    /// The value (the recorder's action is an object) that starts exactly at `position`, when
    /// ``RawJSON/compactNestedEnd(from:depth:)`` accepts it; moves `position` past it.
    /// `nil` leaves `position` as it was.
    @inline(__always)
    private static func object(in text: RawJSON, _ position: inout Int) -> Range<Int>? {
        let start = position
        guard let end = text.compactNestedEnd(from: start, depth: 1) else { return nil }
        position = end
        return start..<end
    }

    /// Moves `position` past `literal` when `text` has it there.
    ///
    /// (Static, with `position` passed in: a nested function that captures a variable it
    /// writes may check it for exclusive access at run time, and a method copies `self`.)
    @inline(__always)
    private static func skip(_ literal: StaticString, in text: RawJSON, _ position: inout Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard position + length <= text.count,
            memcmp(text.base + position, literal.utf8Start, length) == 0
        else { return false }
        position += length
        return true
    }

    /// The value at `position` in `text` (after optional white space), which must be
    /// certainly valid; moves `position` past it.
    @inline(__always)
    private static func value(in text: RawJSON, _ position: inout Int) -> Range<Int>? {
        let start = text.skipSpace(position)
        guard let end = validEnd(in: text, from: start) else { return nil }
        position = end
        return start..<end
    }

    /// Parses the members after the value that ends at `valueEnd`, and returns the step's type
    /// as ``RecordingLineReader`` reads it. A `type` with the bytes of one kept in `recent` is
    /// that one's name, which was read from them; another is decoded and kept there.
    mutating func type(after valueEnd: Int, recent: inout RecentStepTypes) throws(RawJSON.Malformed) -> String {
        if try next(after: valueEnd) {
            while true {
                var member = try text.memberKey(at: offset)
                try readValue(of: &member)
                guard try next(after: member.valueEnd) else { break }
            }
        }
        guard let action else { throw RawJSON.Malformed() }
        if let type {
            let bytes = text.buffer(type)
            if let name = recent.name(of: bytes) { return name }
            guard case .string(let name) = try text.parse(type) else { throw RawJSON.Malformed() }
            recent.add(name, of: bytes)
            return name
        }
        switch try text.parse(action) {
        case .object(let object) where object.count == 1: return object[0].key
        case .string(let string): return string
        default: return "action"
        }
    }

    /// Finds the end of the value of `member`, whose key has been read, and checks the member,
    /// keeping it when it is the first `type` or `action`.
    ///
    /// The value is checked while its end is found; only a value that check cannot vouch for
    /// is skimmed and parsed, as ``read(_:)`` does.
    private mutating func readValue(of member: inout RawJSON.Member) throws(RawJSON.Malformed) {
        if let end = Self.validEnd(in: text, from: member.valueStart) {
            member.valueEnd = end
            try readKey(member)
        } else {
            member.valueEnd = try text.valueEnd(from: member.valueStart, depth: 1)
            try read(member)
        }
    }

    /// The end of the top-level value that starts at `start`, when it is certainly valid
    /// (``RawJSON/certainlyValidEnd(from:before:depth:)``).
    ///
    /// The compact check comes first: it finds the same end for the values it accepts, the
    /// recorder's, in fewer instructions, and refuses the rest, which the general one reads.
    @inline(__always)
    private static func validEnd(in text: RawJSON, from start: Int) -> Int? {
        text.compactValidEnd(from: start, depth: 1)
            ?? text.certainlyValidEnd(from: start, before: text.count, depth: 1)
    }

    /// Checks `member`, keeping it when it is the first `type` or `action`.
    private mutating func read(_ member: RawJSON.Member) throws(RawJSON.Malformed) {
        if !text.isCertainlyValid(member.value, depth: 1) { _ = try text.parse(member.value) }
        try readKey(member)
    }

    /// Checks the key of `member`, whose value is valid, keeping the member when it is the
    /// first `type` or `action`.
    private mutating func readKey(_ member: RawJSON.Member) throws(RawJSON.Malformed) {
        if !member.plainKey { _ = try text.key(member) }
        if type == nil, try text.key(of: member, is: "type") {
            type = member.value
        } else if action == nil, try text.key(of: member, is: "action") {
            action = member.value
        }
    }

    /// Moves past the `,` after a member's value and returns `true`, or past the final `}`
    /// and returns `false`; only white space may follow it.
    private mutating func next(after valueEnd: Int) throws(RawJSON.Malformed) -> Bool {
        switch try text.followingItem(valueEnd, closer: UInt8(ascii: "}")) {
        case .more(let next):
            offset = next
            return true
        case .closed(let end):
            guard text.skipSpace(end) == text.count else { throw RawJSON.Malformed() }
            return false
        }
    }
}
