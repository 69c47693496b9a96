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

    init(_ text: RawJSON) {
        self.text = text
    }

    /// Moves to the first member named `name` and returns where its value starts, parsing the
    /// members before it.
    mutating func member(_ name: StaticString) throws(RawJSON.Malformed) -> Int? {
        let state: StaticString = "state"
        if name.utf8CodeUnitCount == state.utf8CodeUnitCount,
            memcmp(name.utf8Start, state.utf8Start, state.utf8CodeUnitCount) == 0,
            let start = recorderState()
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
    /// `{"seq":N,"time":T,"type":S,"action":A,"state":…` without white space, whose values
    /// before the state are certainly valid (``RawJSON/certainlyValidEnd(from:before:depth:)``);
    /// `nil` for any other line, which ``member(_:)`` then reads member by member.
    ///
    /// The names are known here, so the members are checked as ``member(_:)`` checks them,
    /// and the same `type` and `action` are kept, without reading their keys one by one.
    private mutating func recorderState() -> Int? {
        // A copy of the text, small enough to pass in registers, unlike `self`.
        let text = self.text
        var position = 0
        // Keys first and then values: a value only ever starts right after its key.
        guard Self.skip(#"{"seq":"#, in: text, &position), Self.value(in: text, &position) != nil,
            Self.skip(#","time":"#, in: text, &position), Self.value(in: text, &position) != nil,
            Self.skip(#","type":"#, in: text, &position), let type = Self.value(in: text, &position),
            Self.skip(#","action":"#, in: text, &position), let action = Self.value(in: text, &position),
            Self.skip(#","state":"#, in: text, &position)
        else { return nil }
        let state = text.skipSpace(position)
        guard state < text.count else { return nil }
        self.type = type
        self.action = action
        offset = state
        return state
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
