extension JSONParser.Reader {
    /// Reads the string whose opening quote is at `index`, leaving `index` after its closing
    /// quote.
    ///
    /// A string without escapes, the usual case, becomes a `String` straight from the input
    /// bytes; only escapes make the parser copy into `scratch`.
    mutating func readString() throws(JSONParseError) -> String {
        let quote = index
        let start = quote + 1
        let position = try skipPlainText(from: start, quote: quote)
        guard bytes[position] == UInt8(ascii: "\"") else {
            return try readEscapedString(quote: quote, start: start, backslash: position)
        }
        index = position + 1
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    /// Reads the rest of a string from its first backslash, decoding into `scratch`.
    private mutating func readEscapedString(
        quote: Int,
        start: Int,
        backslash: Int
    ) throws(JSONParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<backslash]))
        var position = backslash
        while true {
            position = try readEscape(at: position, quote: quote)
            let runStart = position
            position = try skipPlainText(from: position, quote: quote)
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
            if bytes[position] == UInt8(ascii: "\"") {
                index = position + 1
                return String(decoding: scratch, as: UTF8.self)
            }
        }
    }

    /// Returns the offset of the first `"` or `\` from `start` on, checking the bytes before
    /// it: valid UTF-8 and no control characters. `quote` is where the string began, for errors.
    ///
    /// Eight bytes at a time while they are plain printable ASCII, which is nearly all of the
    /// text in a recording.
    private func skipPlainText(from start: Int, quote: Int) throws(JSONParseError) -> Int {
        var position = start
        let end = bytes.count
        while true {
            if let base = bytes.baseAddress {
                while position + 8 <= end {
                    let word = UInt64(
                        littleEndian: UnsafeRawPointer(base).loadUnaligned(
                            fromByteOffset: position, as: UInt64.self))
                    let flagged =
                        Self.bytesBelow0x20(word) | Self.bytes(equalTo: 0x22, in: word)
                        | Self.bytes(equalTo: 0x5C, in: word) | (word & 0x8080_8080_8080_8080)
                    if flagged != 0 {
                        // The lowest flag is exact; false positives only sit above a true one.
                        position += flagged.trailingZeroBitCount / 8
                        break
                    }
                    position += 8
                }
            }
            guard position < end else { throw failure(.unterminatedString, at: quote) }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): return position
            case 0x20..<0x80: position += 1
            case ..<0x20: throw failure(.unescapedControlCharacter(byte), at: position)
            default:
                switch checkUTF8(at: position) {
                case .valid(let length): position += length
                case .invalid(let reason): throw JSONParseError(reason, at: position, in: bytes)
                case .truncated: throw failure(.unterminatedString, at: quote)
                }
            }
        }
    }

    /// Decodes the escape whose backslash is at `backslash` into `scratch`; returns the offset
    /// after it.
    private mutating func readEscape(at backslash: Int, quote: Int) throws(JSONParseError) -> Int {
        guard backslash + 1 < bytes.count else { throw failure(.unterminatedString, at: quote) }
        let escaped = bytes[backslash + 1]
        let decoded: UInt8
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded = escaped
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"): return try readUnicodeEscape(at: backslash, quote: quote)
        default: throw failure(.invalidEscape(escaped), at: backslash)
        }
        scratch.append(decoded)
        return backslash + 2
    }

    /// Decodes `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, at `backslash` into `scratch`.
    private mutating func readUnicodeEscape(at backslash: Int, quote: Int) throws(JSONParseError) -> Int {
        let unit = try readHexUnit(at: backslash, quote: quote)
        var scalar = UInt32(unit)
        var next = backslash + 6
        switch unit {
        case 0xDC00...0xDFFF:
            throw failure(.loneSurrogate(unit), at: backslash)
        case 0xD800...0xDBFF:
            // The text may end right after the string (a predicate's literal): only a text
            // that ends before the string does, or inside the next escape, is unterminated.
            guard next < bytes.count, bytes[next] != UInt8(ascii: "\\") || next + 1 < bytes.count else {
                throw failure(.unterminatedString, at: quote)
            }
            guard bytes[next] == UInt8(ascii: "\\") && bytes[next + 1] == UInt8(ascii: "u") else {
                throw failure(.loneSurrogate(unit), at: backslash)
            }
            let low = try readHexUnit(at: next, quote: quote)
            guard (0xDC00...0xDFFF).contains(low) else { throw failure(.loneSurrogate(unit), at: backslash) }
            scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            next += 6
        default:
            break
        }
        appendUTF8(scalar)
        return next
    }

    /// The four hexadecimal digits after the `\u` at `backslash`.
    private func readHexUnit(at backslash: Int, quote: Int) throws(JSONParseError) -> UInt16 {
        var unit: UInt16 = 0
        for position in backslash + 2..<backslash + 6 {
            guard position < bytes.count else { throw failure(.unterminatedString, at: quote) }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure(.invalidUnicodeEscape, at: backslash)
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// Appends `scalar`, a valid Unicode scalar value, to `scratch` as UTF-8.
    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            scratch.append(UInt8(scalar))
        case ..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// The high bit of each byte of `word` below 0x20, plus maybe some above the first.
    @inline(__always)
    private static func bytesBelow0x20(_ word: UInt64) -> UInt64 {
        (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
    }

    /// The high bit of each byte of `word` equal to `byte`, plus maybe some above the first.
    @inline(__always)
    private static func bytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
        let matches = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (matches &- 0x0101_0101_0101_0101) & ~matches & 0x8080_8080_8080_8080
    }
}
