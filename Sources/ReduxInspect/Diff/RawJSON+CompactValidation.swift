extension RawJSON {
    /// The end of the value that starts exactly at `start`, inside `depth` containers, when it
    /// is compact JSON that ``certainlyValidEnd(from:before:depth:)`` accepts; `nil` otherwise,
    /// and then that check (or the parser) decides.
    ///
    /// Compact: no white space anywhere, which is how the recorder writes the members before
    /// a state. Such a value is checked here with fewer tests per byte than the general check
    /// makes: it never looks for white space, and reads an empty container, a member's key
    /// and its colon, and a number as units rather than one state at a time.
    ///
    /// Whenever this returns an end, ``certainlyValidEnd(from:before:depth:)`` (with `before`
    /// the end of the text) returns the same one: the strings are read by the same
    /// ``plainStringEnd(from:before:)``, the numbers to the same byte (a number is refused when
    /// a byte that may continue one follows it, as `1-2` or `01`, which the general check reads
    /// whole and refuses too), literals are matched as there, and nesting is limited as there.
    @inline(__always)
    func compactValidEnd(from start: Int, depth: Int) -> Int? {
        // A string or a number, most of a recorder's members, read without the loop.
        guard start < count else { return nil }
        switch base[start] {
        case UInt8(ascii: "\""): return compactStringEnd(from: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return compactNumberEnd(from: start)
        default: return compactNestedEnd(from: start, depth: depth)
        }
    }

    /// ``compactValidEnd(from:depth:)`` for any value, containers included; called directly
    /// for a value that is usually a container, as the recorder's action, to skip the switch.
    func compactNestedEnd(from start: Int, depth: Int) -> Int? {
        let end = count
        var offset = start
        // One bit per open container, the innermost lowest: 1 for an object.
        var objects: UInt64 = 0
        var level = 0
        // The levels that may open here: 63 for `objects`, and fewer than the parser's limit
        // allows below `depth` (worked out once, not at each opener).
        let levels = maximumDepth > depth ? Swift.min(63, maximumDepth - depth) : 0
        while true {
            // A value starts at `offset`.
            guard offset < end else { return nil }
            let byte = base[offset]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard level < levels else { return nil }
                let isObject = byte == UInt8(ascii: "{")
                offset += 1
                guard offset < end else { return nil }
                if base[offset] == byte &+ 2 {
                    // Empty: `{}` or `[]` (each closer is two past its opener in ASCII).
                    offset += 1
                } else {
                    level &+= 1
                    objects = objects << 1 | (isObject ? 1 : 0)
                    if isObject {
                        guard let valueStart = compactKeyEnd(from: offset) else { return nil }
                        offset = valueStart
                    }
                    continue
                }
            case UInt8(ascii: "\""):
                guard let after = compactStringEnd(from: offset) else { return nil }
                offset = after
            case UInt8(ascii: "1")...UInt8(ascii: "9"):
                // A whole number that a separator or closer ends, the usual one, is read here;
                // any other, by the full grammar.
                var after = offset &+ 1
                while after < end && base[after] &- UInt8(ascii: "0") < 10 { after &+= 1 }
                if after < end && Self.isSeparatorOrCloser(base[after]) {
                    offset = after
                } else {
                    guard let after = compactNumberEnd(from: offset) else { return nil }
                    offset = after
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0"):
                guard let after = compactNumberEnd(from: offset) else { return nil }
                offset = after
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                guard let after = compactLiteralEnd(from: offset) else { return nil }
                offset = after
            default:
                return nil
            }
            // After a value: close containers until a comma leads to the next value.
            while true {
                if level == 0 { return offset }
                guard offset < end else { return nil }
                let separator = base[offset]
                offset += 1
                let inObject = objects & 1 == 1
                if separator == UInt8(ascii: ",") {
                    if inObject {
                        guard let valueStart = compactKeyEnd(from: offset) else { return nil }
                        offset = valueStart
                    }
                    break
                }
                guard separator == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return nil }
                level &-= 1
                objects >>= 1
            }
        }
    }

    /// Where the value of the member whose key's quote is at `quote` starts, when the key is
    /// a plain string (see ``plainStringEnd(from:before:)``) followed at once by `:`.
    @inline(__always)
    private func compactKeyEnd(from quote: Int) -> Int? {
        guard quote < count, base[quote] == UInt8(ascii: "\""),
            let after = compactStringEnd(from: quote), after < count,
            base[after] == UInt8(ascii: ":")
        else { return nil }
        return after + 1
    }

    /// The offset after the string whose quote is at `quote`, as
    /// ``plainStringEnd(from:before:)`` finds it (before the end of the text).
    ///
    /// A string of printable ASCII without escapes, the recorder's usual, is read here eight
    /// bytes at a time without a call; any other goes to ``plainStringEnd(from:before:)``.
    @inline(__always)
    func compactStringEnd(from quote: Int) -> Int? {
        var offset = quote &+ 1
        while offset &+ 8 <= count {
            let flags = Self.specialStringBytes(
                UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)))
            if flags != 0 {
                // The lowest flag is exact.
                offset &+= flags.trailingZeroBitCount &>> 3
                if base[offset] == UInt8(ascii: "\"") { return offset &+ 1 }
                break
            }
            offset &+= 8
        }
        return plainStringEnd(from: quote, before: count)
    }

    /// The end of the number at `start`, when its bytes follow the RFC 8259 grammar
    /// (``isNumber(_:)``) and the byte after it, if any, is one no number may hold.
    @inline(__always)
    func compactNumberEnd(from start: Int) -> Int? {
        let end = count
        var offset = start
        /// Moves past one or more digits, or returns `false` when there is none.
        @inline(__always)
        func digits() -> Bool {
            guard offset < end, base[offset] &- UInt8(ascii: "0") < 10 else { return false }
            offset &+= 1
            while offset < end && base[offset] &- UInt8(ascii: "0") < 10 { offset &+= 1 }
            return true
        }
        if base[offset] == UInt8(ascii: "-") { offset &+= 1 }
        if offset < end && base[offset] == UInt8(ascii: "0") {
            // A digit after it is refused below, as a byte that may continue a number.
            offset &+= 1
        } else {
            guard digits() else { return nil }
        }
        guard offset < end else { return offset }
        var next = base[offset]
        // The usual end of a whole number on a recorder's line; not a byte of a number.
        if next == UInt8(ascii: ",") { return offset }
        if next == UInt8(ascii: ".") {
            offset &+= 1
            guard digits() else { return nil }
            guard offset < end else { return offset }
            next = base[offset]
        }
        if next | 0x20 == UInt8(ascii: "e") {
            offset &+= 1
            if offset < end && (base[offset] == UInt8(ascii: "+") || base[offset] == UInt8(ascii: "-")) {
                offset &+= 1
            }
            guard digits() else { return nil }
            guard offset < end else { return offset }
            next = base[offset]
        }
        // The general check reads every such byte into the number, and then refuses it.
        guard !Self.mayContinueNumber(next) else { return nil }
        return offset
    }

    /// Whether `byte` is one the general check reads as part of a number: a digit, `.`, `e`,
    /// `E`, `+` or `-`.
    @inline(__always)
    private static func mayContinueNumber(_ byte: UInt8) -> Bool {
        // `+`, `-`, `.` and the digits are all below 64: one bit each in a mask.
        let mask: UInt64 = 0x03FF_6800_0000_0000
        return (byte < 64 && mask >> byte & 1 == 1) || byte | 0x20 == UInt8(ascii: "e")
    }

    /// Whether `byte` is `,`, `}` or `]`, which end a number inside a container.
    @inline(__always)
    private static func isSeparatorOrCloser(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte | 0x20 == UInt8(ascii: "}")
    }

    /// The end of `true`, `false` or `null` at `start`, compared four bytes at once; what
    /// follows is not looked at, as in the general check.
    @inline(__always)
    private func compactLiteralEnd(from start: Int) -> Int? {
        guard start &+ 4 <= count else { return nil }
        // The literals' first four bytes as a little-endian word: "true", "null", "fals".
        let word = UInt32(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt32.self))
        switch word {
        case 0x6575_7274, 0x6C6C_756E: return start + 4
        case 0x736C_6166:
            guard start &+ 5 <= count, base[start + 4] == UInt8(ascii: "e") else { return nil }
            return start + 5
        default: return nil
        }
    }
}
