import Foundation

extension RawJSON {
    /// Whether the value in `range`, inside `depth` containers, is certainly valid JSON, found
    /// without building it.
    ///
    /// It answers `true` only for values it can check completely: ASCII text whose strings
    /// hold printable characters and escapes other than surrogates, nested less than 64 deep.
    /// `false` means "ask ``JSONParser``", which checks everything else.
    func isCertainlyValid(_ range: Range<Int>, depth: Int) -> Bool {
        guard let valueEnd = certainlyValidEnd(from: range.lowerBound, before: range.upperBound, depth: depth)
        else { return false }
        var offset = valueEnd
        while offset < range.upperBound && Self.isSpace(base[offset]) { offset += 1 }
        return offset == range.upperBound
    }

    /// Whether the whole text is one certainly valid value (see ``isCertainlyValid(_:depth:)``),
    /// checked first as compact text, as the recorder writes it, which costs a fraction of the
    /// general check (``compactValidEnd(from:depth:)`` accepts only what the general check
    /// accepts, with the same end).
    var isCertainlyValidText: Bool {
        compactValidEnd(from: 0, depth: 0) == count || isCertainlyValid(0..<count, depth: 0)
    }

    /// The end of the value that starts at `start` (after optional white space), inside
    /// `depth` containers, when it ends before `end` and is certainly valid JSON (see
    /// ``isCertainlyValid(_:depth:)``); `nil` otherwise. What follows the value is not looked
    /// at, except for the bytes a number or literal ends at.
    ///
    /// It finds the value's end and checks it in one pass: a skim for the end
    /// (``valueEnd(from:depth:)``) followed by ``isCertainlyValid(_:depth:)`` reads it twice.
    /// For a valid value both find the same end.
    func certainlyValidEnd(from start: Int, before end: Int, depth: Int) -> Int? {
        /// What may come next.
        enum Expect {
            case value, valueOrClose, key, keyOrClose, separatorOrClose
        }
        var expect = Expect.value
        var offset = start
        // One bit per open container, the innermost lowest: 1 for an object.
        var objects: UInt64 = 0
        var level = 0
        while true {
            if expect == .separatorOrClose && level == 0 { return offset }
            while offset < end && Self.isSpace(base[offset]) { offset += 1 }
            guard offset < end else { return nil }
            let byte = base[offset]
            switch expect {
            case .value, .valueOrClose:
                if expect == .valueOrClose && byte == UInt8(ascii: "]") {
                    level -= 1
                    objects >>= 1
                    offset += 1
                    expect = .separatorOrClose
                    continue
                }
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard level < 63, depth + level + 1 <= maximumDepth else { return nil }
                    level += 1
                    objects = objects << 1 | (byte == UInt8(ascii: "{") ? 1 : 0)
                    offset += 1
                    expect = byte == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose
                    continue
                case UInt8(ascii: "\""):
                    guard let after = plainStringEnd(from: offset, before: end) else { return nil }
                    offset = after
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    var after = offset + 1
                    while after < end, Self.isNumberByte(base[after]) { after += 1 }
                    guard Self.isNumber(buffer(offset..<after)) else { return nil }
                    offset = after
                default:
                    guard let after = literalEnd(from: offset, before: end) else { return nil }
                    offset = after
                }
                expect = .separatorOrClose
            case .key, .keyOrClose:
                if expect == .keyOrClose && byte == UInt8(ascii: "}") {
                    level -= 1
                    objects >>= 1
                    offset += 1
                    expect = .separatorOrClose
                    continue
                }
                guard byte == UInt8(ascii: "\""), var after = plainStringEnd(from: offset, before: end) else {
                    return nil
                }
                while after < end && Self.isSpace(base[after]) { after += 1 }
                guard after < end, base[after] == UInt8(ascii: ":") else { return nil }
                offset = after + 1
                expect = .value
            case .separatorOrClose:
                guard level > 0 else { return nil }
                let inObject = objects & 1 == 1
                switch byte {
                case UInt8(ascii: ","): expect = inObject ? .key : .value
                case UInt8(ascii: "}") where inObject, UInt8(ascii: "]") where !inObject:
                    level -= 1
                    objects >>= 1
                default: return nil
                }
                offset += 1
            }
        }
    }

    /// The offset after the string whose quote is at `quote`, when it holds only printable
    /// ASCII and escapes other than of surrogates; `nil` otherwise.
    func plainStringEnd(from quote: Int, before end: Int) -> Int? {
        var offset = quote + 1
        while offset < end {
            // Runs of printable ASCII other than `"` and `\`, 8 bytes at a time.
            while offset &+ 8 <= end {
                let flags = Self.specialStringBytes(
                    UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)))
                if flags != 0 {
                    offset &+= flags.trailingZeroBitCount &>> 3
                    break
                }
                offset &+= 8
            }
            guard offset < end else { return nil }
            let byte = base[offset]
            switch byte {
            case UInt8(ascii: "\""):
                return offset + 1
            case UInt8(ascii: "\\"):
                guard offset + 1 < end else { return nil }
                switch base[offset + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    offset += 2
                case UInt8(ascii: "u"):
                    guard offset + 6 <= end else { return nil }
                    var unit: UInt32 = 0
                    for position in offset + 2..<offset + 6 {
                        guard let digit = Self.hexDigit(base[position]) else { return nil }
                        unit = unit << 4 | digit
                    }
                    guard !(0xD800...0xDFFF).contains(unit) else { return nil }
                    offset += 6
                default:
                    return nil
                }
            case 0x20..<0x80:
                offset += 1
            default:
                return nil
            }
        }
        return nil
    }

    /// The high bit of each byte of `word` that is a control character, a `"`, a `\` or not
    /// ASCII, plus maybe some above the first: the lowest one set is exact. The other bytes
    /// are those a plain string holds as they are.
    @inline(__always)
    static func specialStringBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        // Bytes below 0x20 (and maybe some above a true one), then 0x80 and above.
        let control = (word &- 0x20 &* ones) & ~word & high
        let quotes = word ^ (0x22 &* ones)
        let backslashes = word ^ (0x5C &* ones)
        return control | (word & high) | ((quotes &- ones) & ~quotes & high)
            | ((backslashes &- ones) & ~backslashes & high)
    }

    /// The offset after `true`, `false` or `null` at `start`, or `nil`.
    private func literalEnd(from start: Int, before end: Int) -> Int? {
        for literal in ["true", "false", "null"] as [StaticString] {
            let count = literal.utf8CodeUnitCount
            if start + count <= end && memcmp(base + start, literal.utf8Start, count) == 0 {
                return start + count
            }
        }
        return nil
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
