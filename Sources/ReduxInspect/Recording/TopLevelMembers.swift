import Foundation

/// Finds the members of a one-line JSON object and the byte range of each value, without
/// building the values.
///
/// Indexing a recording needs only each line's kind, `seq` and whether it holds a state;
/// skipping over the (possibly large) state instead of parsing it is what lets the index be
/// built at close to read speed. It checks structure only: a line it accepts may still hold
/// an invalid value, which the full parser reports when the line is read. It returns `nil`
/// for anything that is not a well-formed object, and the caller then parses the line to
/// find and report the error precisely.
///
/// What "well formed" means here, exactly (the skim is fast, and its verdicts must not move):
/// - the line is `{`, members separated by `,`, `}`, with spaces, tabs and carriage returns
///   around every token; a member is a `"`-quoted key, `:` and a value;
/// - a value is a run of bytes in which strings are closed (a `"` preceded by an even number
///   of backslashes ends one), brackets of either kind balance, `,` and `:` appear only
///   inside brackets, and which ends, outside brackets, at `,`, `}`, `]` or white space.
///
/// A caller may take a value's extent as given instead (``scan(_:skipping:_:)``): the indexer
/// does so for an entry's state, whose bytes it then never reads.
struct TopLevelMembers {
    /// A member's key (its raw bytes between the quotes) and its value's range in the line.
    struct Member {
        let key: Range<Int>
        let value: Range<Int>
    }

    let members: [Member]

    init?(_ line: UnsafeBufferPointer<UInt8>) {
        var found: [Member] = []
        let wellFormed = Self.scan(line) { key, value in
            found.append(Member(key: key, value: value))
        }
        guard wellFormed else { return nil }
        members = found
    }

    /// Skims `line` and calls `body` with each member's key (the bytes between its quotes) and
    /// value, in order; returns whether the line is a well-formed object (see the type's
    /// discussion). `body` may have been called for the first members of a line that turns out
    /// not to be.
    @inline(__always)
    static func scan(
        _ line: UnsafeBufferPointer<UInt8>, _ body: (_ key: Range<Int>, _ value: Range<Int>) -> Void
    ) -> Bool {
        scan(line, skipping: { _, _ in nil }, body)
    }

    /// ``scan(_:_:)``, except that a value may be taken as given instead of skimmed: before a
    /// member's value is skimmed, `skip` receives its key and the offset where the value
    /// starts, and may return the offset just after the value (greater than the start, at most
    /// the line's length). The bytes in between are then not looked at, and the line counts as
    /// well formed when the rest of it is; the caller answers for what it skipped. (An offset
    /// out of range makes the line not well formed: no byte is read outside it.)
    @inline(__always)
    static func scan(
        _ line: UnsafeBufferPointer<UInt8>,
        skipping skip: (_ key: Range<Int>, _ valueStart: Int) -> Int?,
        _ body: (_ key: Range<Int>, _ value: Range<Int>) -> Void
    ) -> Bool {
        // Safe: every read below is at an offset checked against `count`, or a word load
        // whose 8 bytes are checked to end at or before it (`Skim`). The pointer does not
        // outlive this call.
        guard let base = line.baseAddress else { return false }
        let skim = Skim(base: base, count: line.count)
        let count = line.count
        var index = skim.skipSpace(0)
        guard index < count, base[index] == UInt8(ascii: "{") else { return false }
        index = skim.skipSpace(index + 1)
        if index < count, base[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                index = skim.skipSpace(index)
                guard index < count, base[index] == UInt8(ascii: "\"") else { return false }
                let keyStart = index + 1
                guard let keyEnd = skim.stringEnd(from: index) else { return false }
                index = skim.skipSpace(keyEnd)
                guard index < count, base[index] == UInt8(ascii: ":") else { return false }
                index = skim.skipSpace(index + 1)
                let valueStart = index
                let valueEnd: Int
                if let skipped = skip(keyStart..<keyEnd - 1, valueStart) {
                    guard skipped > valueStart, skipped <= count else { return false }
                    valueEnd = skipped
                } else {
                    guard let end = skim.valueEnd(from: index) else { return false }
                    valueEnd = end
                }
                body(keyStart..<keyEnd - 1, valueStart..<valueEnd)
                index = skim.skipSpace(valueEnd)
                guard index < count else { return false }
                if base[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard base[index] == UInt8(ascii: "}") else { return false }
                index += 1
                break
            }
        }
        return skim.skipSpace(index) == count
    }

    /// The first member whose key is `name`, also when it is written with escapes
    /// (`"st\u0061te"`), as the parser reads it.
    func member(_ name: StaticString, in line: UnsafeBufferPointer<UInt8>) -> Member? {
        let nameBuffer = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        return members.first { member in
            if member.key.count == nameBuffer.count && zip(member.key, nameBuffer).allSatisfy({ line[$0] == $1 }) {
                return true
            }
            // An escape spells one character with at least two bytes, `\u0065` with six.
            guard member.key.count > nameBuffer.count else { return false }
            let key = UnsafeBufferPointer(rebasing: line[member.key])
            return key.contains(UInt8(ascii: "\\")) && Self.decodedKey(key) == name.description
        }
    }

    /// A key's bytes between its quotes, decoded; `nil` when they are no JSON string.
    static func decodedKey(_ key: UnsafeBufferPointer<UInt8>) -> String? {
        let quoted = [UInt8(ascii: "\"")] + Array(key) + [UInt8(ascii: "\"")]
        guard case .string(let name)? = try? JSONParser.parse(quoted) else { return nil }
        return name
    }

    /// The value of `range` as a non-negative decimal integer, or `nil`.
    static func integer(_ range: Range<Int>, in line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !range.isEmpty, range.count <= 18 else { return nil }
        if range.count > 1 && line[range.lowerBound] == UInt8(ascii: "0") { return nil }
        var value = 0
        for index in range {
            // A byte below "0" wraps around to 10 or more.
            let digit = line[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            // At most 18 digits: no overflow.
            value = value &* 10 &+ Int(digit)
        }
        return value
    }
}

extension TopLevelMembers {
    /// The byte loops of the skim, over a line's bytes.
    ///
    /// Every read is at an offset below `count`, so the view must not outlive the buffer it
    /// was made from (callers keep it inside the call that received the buffer). Inside
    /// containers and strings, where most bytes are, it looks at 8 bytes at a time.
    struct Skim {
        let base: UnsafePointer<UInt8>
        let count: Int

        /// The offset of the first byte from `offset` on that is not a space, tab or CR.
        @inline(__always)
        func skipSpace(_ offset: Int) -> Int {
            var offset = offset
            while offset < count {
                let byte = base[offset]
                guard byte == 0x20 || byte == 0x09 || byte == 0x0D else { break }
                offset += 1
            }
            return offset
        }

        /// Whether `byte` ends a value outside brackets.
        @inline(__always)
        static func endsScalar(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
                || byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
        }

        /// The offset after the value starting at `start`, or `nil` when it is not well formed.
        @inline(__always)
        func valueEnd(from start: Int) -> Int? {
            var offset = start
            // Outside brackets: a run of strings, bracketed values and other bytes up to a
            // byte that ends a scalar (one token, when the line is valid JSON).
            repeat {
                guard offset < count else { return nil }
                let byte = base[offset]
                if byte == UInt8(ascii: "\"") {
                    guard let end = stringEnd(from: offset) else { return nil }
                    offset = end
                } else if byte | 0x20 == UInt8(ascii: "{") {
                    guard let end = containerEnd(from: offset) else { return nil }
                    offset = end
                } else if byte | 0x20 == UInt8(ascii: "}") || byte == UInt8(ascii: ",")
                    || byte == UInt8(ascii: ":")
                {
                    return nil
                } else {
                    offset += 1
                }
            } while offset < count && !Self.endsScalar(base[offset])
            return offset
        }

        /// The offset after the bracket that closes the `{` or `[` at `start` (brackets of
        /// either kind count), or `nil` when the line ends first or when more than `deepest`
        /// containers, this one included, would be open at once.
        ///
        /// Looks at 8 bytes at a time: which of them are inside strings follows from the
        /// number of quotes before each (a word with a backslash is walked byte by byte), and
        /// the brackets outside strings, taken one at a time, change the depth. The differ's
        /// ``RawJSON/containerEnd(from:depth:)`` is this with the parser's nesting limit.
        @inline(__always)
        func containerEnd(from start: Int, deepest: Int = .max) -> Int? {
            guard deepest >= 1 else { return nil }
            let ones: UInt64 = 0x0101_0101_0101_0101
            var depth = 1
            var offset = start + 1
            // 1 while inside a string, else 0.
            var inString: UInt64 = 0
            while offset &+ 8 <= count {
                let word = Self.word(at: base + offset)
                if Self.mayHave(0x5C, in: word) {
                    // A backslash: walk these 8 bytes (and the one a final backslash escapes).
                    var inside = inString != 0
                    switch walk(&offset, to: offset &+ 8, depth: &depth, deepest: deepest, inString: &inside) {
                    case .closed(let end): return end
                    case .tooDeep: return nil
                    case .open: break
                    }
                    inString = inside ? 1 : 0
                    continue
                }
                // Byte i of `quotes` counts the quotes in bytes 0...i, plus 1 when the word
                // starts inside a string (at most 9: no carries); it is odd inside a string.
                let quotes = ((Self.flags(equalTo: 0x22, in: word) &>> 7) &+ inString) &* ones
                inString = (quotes &>> 56) & 1
                // The high bit of each byte inside a string, opening quote included.
                let inside = (quotes & ones) &<< 7
                // `{`, `[`, `}` and `]`, and a few bytes that are no brackets (`Y`, `_`, `y`, DEL
                // and the like), are the bytes with `byte | 0x26 == 0x7F`: these candidates,
                // outside strings, are taken one at a time, in order. Most words have none, and
                // a word of a short value one or two, so this costs less than counting the
                // brackets of each kind and walking the word when the depth may reach 0.
                var candidates = Self.flags(equalTo: 0x7F, in: word | 0x2626_2626_2626_2626) & ~inside
                while candidates != 0 {
                    // The candidate's high bit: bit 8i + 7 for byte i.
                    let bit = candidates.trailingZeroBitCount
                    // `[` and `{` are 0x5B and 0x7B, `]` and `}` 0x5D and 0x7D.
                    let folded = UInt8(truncatingIfNeeded: word &>> (bit &- 7)) | 0x20
                    if folded == UInt8(ascii: "{") {
                        depth += 1
                        guard depth <= deepest else { return nil }
                    } else if folded == UInt8(ascii: "}") {
                        depth -= 1
                        if depth == 0 { return offset &+ (bit &>> 3) &+ 1 }
                    }
                    candidates &= candidates &- 1
                }
                offset &+= 8
            }
            var inside = inString != 0
            if case .closed(let end) = walk(&offset, to: count, depth: &depth, deepest: deepest, inString: &inside) {
                return end
            }
            return nil
        }

        /// How a walk of some bytes inside a container ended.
        private enum WalkEnd {
            /// Still inside the container.
            case open
            /// The container closed; the offset after its bracket.
            case closed(Int)
            /// More containers than allowed were open at once.
            case tooDeep
        }

        /// Walks the bytes from `offset` to `stop` (or one further, past the byte a backslash
        /// there escapes) inside a container, until a bracket brings `depth` to 0 or past
        /// `deepest`.
        @inline(__always)
        private func walk(
            _ offset: inout Int, to stop: Int, depth: inout Int, deepest: Int, inString: inout Bool
        ) -> WalkEnd {
            let stop = min(stop, count)
            while offset < stop {
                let byte = base[offset]
                if inString {
                    if byte == UInt8(ascii: "\\") {
                        offset += 2
                        continue
                    }
                    if byte == UInt8(ascii: "\"") { inString = false }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte | 0x20 == UInt8(ascii: "{") {
                    depth += 1
                    guard depth <= deepest else { return .tooDeep }
                } else if byte | 0x20 == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 { return .closed(offset + 1) }
                }
                offset += 1
            }
            return .open
        }

        /// The offset after the closing quote of the string whose opening quote is at `quote`,
        /// or `nil` when the line ends first. A backslash escapes the byte after it, so a `"`
        /// ends the string when an even number of backslashes precedes it.
        @inline(__always)
        func stringEnd(from quote: Int) -> Int? {
            var offset = quote + 1
            while true {
                while offset &+ 8 <= count {
                    let word = Self.word(at: base + offset)
                    let flags = Self.bytes(equalTo: 0x22, in: word) | Self.bytes(equalTo: 0x5C, in: word)
                    if flags != 0 {
                        offset &+= flags.trailingZeroBitCount &>> 3
                        break
                    }
                    offset &+= 8
                }
                guard offset < count else { return nil }
                switch base[offset] {
                case UInt8(ascii: "\""): return offset + 1
                case UInt8(ascii: "\\"): offset += 2
                default: offset += 1
                }
            }
        }

        @inline(__always)
        static func word(at pointer: UnsafePointer<UInt8>) -> UInt64 {
            UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
        }

        /// The high bit of each byte of `word` equal to `byte`, exactly.
        @inline(__always)
        static func flags(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
            let high: UInt64 = 0x8080_8080_8080_8080
            let matches = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
            // A byte's high bit is set in `nonzero` when the byte is not 0.
            let nonzero = ((matches & ~high) &+ ~high) | matches
            return ~nonzero & high
        }

        /// Whether a byte of `word` may be `byte`: `true` when one is, maybe when none is.
        @inline(__always)
        static func mayHave(_ byte: UInt8, in word: UInt64) -> Bool {
            bytes(equalTo: byte, in: word) != 0
        }

        /// The high bit of each byte of `word` equal to `byte`, plus maybe some above the first:
        /// the lowest one set is exact.
        @inline(__always)
        static func bytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
            let matches = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
            return (matches &- 0x0101_0101_0101_0101) & ~matches & 0x8080_8080_8080_8080
        }
    }
}
