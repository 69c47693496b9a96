extension JSONParser.Reader {
    /// Reads the number starting at `index` and keeps its text.
    ///
    /// Only the RFC 8259 grammar is checked, `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`;
    /// nothing is converted, so `9.99`, `-0` and a 10,000-digit integer all survive unchanged.
    /// Input that ends where a digit must follow is reported as `unexpectedEndOfInput`, so that
    /// a truncated line is recognisable as one.
    mutating func readNumber() throws(JSONParseError) -> JSONNumber {
        let start = index
        var position = index
        if bytes[position] == UInt8(ascii: "-") {
            position += 1
            try expectDigit(at: position, else: .expectedDigitAfterMinus)
        }
        if bytes[position] == UInt8(ascii: "0") {
            if position + 1 < bytes.count && isDigit(bytes[position + 1]) {
                throw failure(.leadingZero, at: position)
            }
            position += 1
        } else {
            position = skipDigits(from: position)
        }
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            try expectDigit(at: position, else: .expectedFractionDigit)
            position = skipDigits(from: position)
        }
        if position < bytes.count && bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count
                && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"))
            {
                position += 1
            }
            try expectDigit(at: position, else: .expectedExponentDigit)
            position = skipDigits(from: position)
        }
        index = position
        return JSONNumber(
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
    }

    /// Throws `reason`, or `unexpectedEndOfInput` at the end, unless a digit is at `position`.
    @inline(__always)
    private func expectDigit(at position: Int, else reason: JSONParseError.Reason) throws(JSONParseError) {
        guard position < bytes.count else { throw failure(.unexpectedEndOfInput(expected: .digit), at: position) }
        guard isDigit(bytes[position]) else { throw failure(reason, at: position) }
    }

    /// The offset of the first non-digit from `position` on.
    @inline(__always)
    private func skipDigits(from position: Int) -> Int {
        var position = position
        while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        return position
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
