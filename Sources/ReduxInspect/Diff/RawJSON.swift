import Foundation

/// JSON text seen as bytes: finds where values, members and elements start and end without
/// building them, which is what lets ``RawJSONDiff`` skip unchanged parts of a state.
///
/// The scan checks structure only — brackets, quotes, colons and commas — and is lenient
/// about the rest (it does not check UTF-8, escapes, numbers or literals, nor whether a
/// bracket closes the right kind of container). What it finds is exact for valid JSON;
/// values that matter are then parsed with ``JSONParser``, which checks them fully. It counts
/// nesting so that a text too deep for the parser is refused here too.
struct RawJSON {
    /// Something the scan could not follow; the caller parses the whole text to find out what.
    struct Malformed: Error {}

    /// An object member: the key's bytes between its quotes and its value's bytes.
    struct Member {
        /// The first byte after the key's opening quote.
        var keyStart: Int
        /// The key's closing quote.
        var keyEnd: Int
        /// The value's first byte.
        var valueStart: Int
        /// Just after the value's last byte.
        var valueEnd: Int
        /// The key is printable ASCII without escapes: valid as it is, and equal to another
        /// such key exactly when their bytes are. (Swift compares strings by canonical
        /// equivalence, and a few non-ASCII characters, such as U+212A KELVIN SIGN, are
        /// equivalent to ASCII ones.) Other keys are decoded, which checks them.
        var plainKey: Bool

        var value: Range<Int> { valueStart..<valueEnd }
        var keyCount: Int { keyEnd - keyStart }
    }

    let base: UnsafePointer<UInt8>
    let count: Int
    /// Containers that may be open at once, as in ``JSONParser/Options/maximumDepth``.
    let maximumDepth: Int

    /// A view of `bytes`, which must not be empty.
    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        base = bytes.baseAddress!
        self.count = bytes.count
        self.maximumDepth = maximumDepth
    }

    @inline(__always)
    subscript(offset: Int) -> UInt8 { base[offset] }

    /// The bytes of `range`.
    func buffer(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Whether `range` here holds the same bytes as `other` in `text`.
    @inline(__always)
    func bytes(_ range: Range<Int>, equal other: Range<Int>, in text: RawJSON) -> Bool {
        range.count == other.count
            && memcmp(base + range.lowerBound, text.base + other.lowerBound, range.count) == 0
    }

    /// The 8 bytes at `pointer`, in memory order (compare them, or convert them to little
    /// endian to find a byte's position).
    @inline(__always)
    static func word(at pointer: UnsafePointer<UInt8>) -> UInt64 {
        UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
    }

    /// The decoded key of `member`.
    func key(_ member: Member) throws(Malformed) -> String {
        try key(member.key, plain: member.plainKey)
    }

    /// The decoded key whose bytes between its quotes are `range`; `plain` when they are
    /// printable ASCII without escapes (see ``Member/plainKey``), and so the key itself.
    func key(_ range: Range<Int>, plain: Bool) throws(Malformed) -> String {
        if plain { return String(decoding: buffer(range), as: UTF8.self) }
        guard case .string(let key) = try parse(range.lowerBound - 1..<range.upperBound + 1) else {
            throw Malformed()
        }
        return key
    }

    /// Whether `member`'s key is `name`, an ASCII name without characters that need escapes.
    func key(of member: Member, is name: StaticString) throws(Malformed) -> Bool {
        if member.plainKey {
            return member.keyCount == name.utf8CodeUnitCount
                && memcmp(base + member.keyStart, name.utf8Start, member.keyCount) == 0
        }
        return try key(member) == name.description
    }

    /// The offset of the first byte from `offset` on that is not JSON white space.
    @inline(__always)
    func skipSpace(_ offset: Int) -> Int {
        var offset = offset
        while offset < count && Self.isSpace(base[offset]) { offset += 1 }
        return offset
    }

    /// Whether `byte` is JSON white space: space, tab, line feed or carriage return.
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The end of the value that starts at `start`, inside `depth` open containers.
    func valueEnd(from start: Int, depth: Int) throws(Malformed) -> Int {
        guard start < count else { throw Malformed() }
        switch base[start] {
        case UInt8(ascii: "\""):
            return try stringEnd(from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return try containerEnd(from: start, depth: depth)
        default:
            var offset = start
            while offset < count {
                switch base[offset] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"),
                    UInt8(ascii: "\""),
                    UInt8(ascii: "{"), UInt8(ascii: "["), 0x20, 0x0A, 0x0D, 0x09:
                    guard offset > start else { throw Malformed() }
                    return offset
                default: offset += 1
                }
            }
            return offset
        }
    }

    /// The offset after the closing quote of the string whose opening quote is at `quote`.
    @inline(__always)
    func stringEnd(from quote: Int) throws(Malformed) -> Int {
        var offset = quote + 1
        while true {
            while offset &+ 8 <= count {
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                let flags = Self.bytes(equalTo: 0x22, in: word) | Self.bytes(equalTo: 0x5C, in: word)
                if flags != 0 {
                    // The lowest flag is exact; false positives only sit above a true one.
                    offset &+= flags.trailingZeroBitCount >> 3
                    break
                }
                offset &+= 8
            }
            guard offset < count else { throw Malformed() }
            switch base[offset] {
            case UInt8(ascii: "\""): return offset + 1
            case UInt8(ascii: "\\"): offset += 2
            default: offset += 1
            }
        }
    }

    /// The offset after the closing quote of the key whose opening quote is at `quote`, and
    /// whether the key is plain: printable ASCII without escapes.
    @inline(__always)
    private func keyEnd(from quote: Int) throws(Malformed) -> (end: Int, plain: Bool) {
        var offset = quote + 1
        while offset < count {
            let byte = base[offset]
            if byte == UInt8(ascii: "\"") { return (offset + 1, true) }
            if byte == UInt8(ascii: "\\") || byte >= 0x80 || byte < 0x20 {
                return (try stringEnd(from: quote), false)
            }
            offset += 1
        }
        throw Malformed()
    }

    /// The member whose key's opening quote is at `offset`, its value inside `depth` containers.
    @inline(__always)
    func member(at offset: Int, depth: Int) throws(Malformed) -> Member {
        var member = try memberKey(at: offset)
        member.valueEnd = try valueEnd(from: member.valueStart, depth: depth)
        return member
    }

    /// The member whose key's opening quote is at `offset`, up to where its value starts: its
    /// `valueEnd` is not known yet.
    @inline(__always)
    func memberKey(at offset: Int) throws(Malformed) -> Member {
        guard offset < count, base[offset] == UInt8(ascii: "\"") else { throw Malformed() }
        let (keyEnd, plain) = try keyEnd(from: offset)
        var valueStart = keyEnd
        if valueStart < count && base[valueStart] == UInt8(ascii: ":") {
            valueStart += 1
        } else {
            valueStart = skipSpace(valueStart)
            guard valueStart < count, base[valueStart] == UInt8(ascii: ":") else { throw Malformed() }
            valueStart += 1
        }
        valueStart = skipSpace(valueStart)
        guard valueStart < count else { throw Malformed() }
        return Member(
            keyStart: offset + 1, keyEnd: keyEnd - 1, valueStart: valueStart, valueEnd: valueStart,
            plainKey: plain)
    }

    /// The length of the longest common prefix of `range` here and `other` in `text`.
    ///
    /// Compares 32 bytes a step (four words, one branch) while they are equal, then 8. Words
    /// may reach past the end of the shorter range as long as both texts have 8 bytes left
    /// there (the answer is capped at that range's length), so the byte-by-byte tail is only
    /// for the last bytes of a text. Nothing past either text's end is read.
    func commonPrefix(_ range: Range<Int>, _ other: Range<Int>, in text: RawJSON) -> Int {
        let limit = min(range.count, other.count)
        let left = base + range.lowerBound
        let right = text.base + other.lowerBound
        let readable = min(count &- range.lowerBound, text.count &- other.lowerBound)
        var offset = 0
        // 32 bytes a step while the words are equal, then 8 (the last step ends at or past
        // `limit`, or before the last 8 bytes readable from both).
        let stop32 = min(limit, readable &- 31)
        while offset < stop32 {
            let difference =
                (Self.word(at: left + offset) ^ Self.word(at: right + offset))
                | (Self.word(at: left + (offset &+ 8)) ^ Self.word(at: right + (offset &+ 8)))
                | (Self.word(at: left + (offset &+ 16)) ^ Self.word(at: right + (offset &+ 16)))
                | (Self.word(at: left + (offset &+ 24)) ^ Self.word(at: right + (offset &+ 24)))
            guard difference == 0 else { break }
            offset &+= 32
        }
        let stop8 = min(limit, readable &- 7)
        while offset < stop8 {
            let difference = UInt64(littleEndian: Self.word(at: left + offset) ^ Self.word(at: right + offset))
            if difference != 0 {
                return min(offset &+ (difference.trailingZeroBitCount &>> 3), limit)
            }
            offset &+= 8
        }
        if offset >= limit { return limit }
        while offset < limit && left[offset] == right[offset] { offset &+= 1 }
        return offset
    }

    /// The high bit of each byte of `word` equal to `byte`, plus maybe some above the first.
    @inline(__always)
    private static func bytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
        let matches = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (matches &- 0x0101_0101_0101_0101) & ~matches & 0x8080_8080_8080_8080
    }
}

/// An item of a container skimmed by ``RawJSON``: an object's member or an array element's
/// range, which can be moved to where the same bytes stand in another text.
protocol RawJSONItem {
    /// The offset after the item's value.
    var end: Int { get }
    /// The same item at another place: the same bytes `shift` bytes further on.
    func shifted(by shift: Int) -> Self
}

extension RawJSON.Member: RawJSONItem {
    /// The range of the key's bytes between its quotes.
    var key: Range<Int> { keyStart..<keyEnd }

    var end: Int { valueEnd }

    /// The same member at another place: the same bytes `shift` bytes further on.
    func shifted(by shift: Int) -> RawJSON.Member {
        RawJSON.Member(
            keyStart: keyStart + shift, keyEnd: keyEnd + shift, valueStart: valueStart + shift,
            valueEnd: valueEnd + shift, plainKey: plainKey)
    }
}

extension Range<Int>: RawJSONItem {
    var end: Int { upperBound }

    /// The same range `shift` further on.
    func shifted(by shift: Int) -> Range<Int> {
        lowerBound + shift..<upperBound + shift
    }
}
