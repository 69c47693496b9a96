extension RawJSON {
    /// Parses the value in `range` fully.
    ///
    /// Numbers, literals and strings of printable ASCII without escapes, the scalars a diff
    /// reports most, are read here; everything else by ``JSONParser``.
    func parse(_ range: Range<Int>) throws(Malformed) -> JSONValue {
        if let scalar = plainScalar(range) { return scalar }
        do {
            return try JSONParser.parse(
                buffer(range), options: JSONParser.Options(maximumDepth: maximumDepth))
        } catch {
            throw Malformed()
        }
    }

    /// The value in `range` when it is a valid number, literal, or string of printable ASCII
    /// without escapes: the same value ``JSONParser`` reads there.
    private func plainScalar(_ range: Range<Int>) -> JSONValue? {
        let bytes = buffer(range)
        guard let first = bytes.first else { return nil }
        switch first {
        case UInt8(ascii: "\""):
            guard bytes.count >= 2, bytes[bytes.count - 1] == UInt8(ascii: "\"") else { return nil }
            let inside = UnsafeBufferPointer(rebasing: bytes[1..<bytes.count - 1])
            for byte in inside
            where byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return nil
            }
            return .string(String(decoding: inside, as: UTF8.self))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard Self.isNumber(bytes) else { return nil }
            return .number(JSONNumber(String(decoding: bytes, as: UTF8.self)))
        case UInt8(ascii: "t"): return bytes.elementsEqual("true".utf8) ? .bool(true) : nil
        case UInt8(ascii: "f"): return bytes.elementsEqual("false".utf8) ? .bool(false) : nil
        case UInt8(ascii: "n"): return bytes.elementsEqual("null".utf8) ? .null : nil
        default: return nil
        }
    }

    /// Whether `bytes` are an RFC 8259 number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        func digits() -> Int {
            let start = offset
            while offset < bytes.count && bytes[offset] &- UInt8(ascii: "0") < 10 { offset += 1 }
            return offset - start
        }
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            return false
        }
        if offset < bytes.count && bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { return false }
        }
        if offset < bytes.count && bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if offset < bytes.count
                && (bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-"))
            {
                offset += 1
            }
            guard digits() > 0 else { return false }
        }
        return offset == bytes.count
    }

    /// Whether the scalar in `range` is plain: a number, a literal, or a string of ASCII
    /// without escapes, so that two plain scalars are equal exactly when their bytes are.
    func isPlainScalar(_ range: Range<Int>) -> Bool {
        guard base[range.lowerBound] == UInt8(ascii: "\"") else { return true }
        for offset in range where base[offset] == UInt8(ascii: "\\") || base[offset] >= 0x80 { return false }
        return true
    }
}
