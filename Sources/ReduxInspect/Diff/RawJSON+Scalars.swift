import Foundation

extension RawJSON {
    /// Parses the value in `range` fully.
    ///
    /// Numbers, literals and strings of printable ASCII without escapes, the scalars a diff
    /// reports most, are read here; everything else by ``JSONParser``.
    func parse(_ range: Range<Int>) throws(Malformed) -> JSONValue {
        if let scalar = plainScalar(range) { return scalar }
        if let container = plainContainer(range) { return container }
        do {
            return try JSONParser.parse(
                buffer(range), options: JSONParser.Options(maximumDepth: maximumDepth))
        } catch {
            throw Malformed()
        }
    }

    /// Checks the value in `range` as ``parse(_:)`` would, without building it when it is
    /// certainly valid (see ``isCertainlyValid(_:depth:)``): throws exactly when `parse` would.
    ///
    /// A compact value, as the recorder writes them, is checked by
    /// ``compactValidEnd(from:depth:)`` first, in a fraction of the instructions: when that
    /// ends the value at the end of `range`, ``certainlyValidEnd(from:before:depth:)`` ends it
    /// there too, so `isCertainlyValid` would say yes. (The compact check may read the byte
    /// after `range`, to refuse a number a number byte follows; the general one with `range`'s
    /// end as its limit does not, and ends such a number at that limit just the same.)
    /// Anything else is checked as before.
    func checkValue(_ range: Range<Int>) throws(Malformed) {
        if compactValidEnd(from: range.lowerBound, depth: 0) == range.upperBound { return }
        if !isCertainlyValid(range, depth: 0) { _ = try parse(range) }
    }

    /// Checks the scalar in `range` as ``parse(_:)`` would, without building it when it is a
    /// plain one (see ``plainScalar(_:)``): throws exactly when `parse` would.
    func checkScalar(_ range: Range<Int>) throws(Malformed) {
        if !isPlainScalarText(range) { _ = try parse(range) }
    }

    /// The value in `range` when it is a valid number, literal, or string of printable ASCII
    /// without escapes: the same value ``JSONParser`` reads there.
    private func plainScalar(_ range: Range<Int>) -> JSONValue? {
        guard isPlainScalarText(range) else { return nil }
        let bytes = buffer(range)
        switch bytes[0] {
        case UInt8(ascii: "\""):
            return .string(String(decoding: UnsafeBufferPointer(rebasing: bytes[1..<bytes.count - 1]), as: UTF8.self))
        case UInt8(ascii: "t"): return .bool(true)
        case UInt8(ascii: "f"): return .bool(false)
        case UInt8(ascii: "n"): return .null
        default: return .number(JSONNumber(String(decoding: bytes, as: UTF8.self)))
        }
    }

    /// Whether `range` holds a valid number, literal, or string of printable ASCII without
    /// escapes: the scalars ``plainScalar(_:)`` builds. Two of them are equal values exactly
    /// when their bytes are equal (a number is compared by its text, as written).
    func isPlainScalarText(_ range: Range<Int>) -> Bool {
        let bytes = buffer(range)
        guard let first = bytes.first else { return false }
        switch first {
        case UInt8(ascii: "\""):
            guard bytes.count >= 2, bytes[bytes.count - 1] == UInt8(ascii: "\"") else { return false }
            for byte in bytes[1..<bytes.count - 1]
            where byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return Self.isNumber(bytes)
        case UInt8(ascii: "t"): return Self.bytes(bytes, are: "true")
        case UInt8(ascii: "f"): return Self.bytes(bytes, are: "false")
        case UInt8(ascii: "n"): return Self.bytes(bytes, are: "null")
        default: return false
        }
    }

    /// Whether `bytes` are those of `literal`.
    ///
    /// (`elementsEqual` with a string's UTF-8 view walks both as generic sequences: ten times
    /// the instructions of this, for every literal a walk compares.)
    @inline(__always)
    private static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, are literal: StaticString) -> Bool {
        bytes.count == literal.utf8CodeUnitCount
            && memcmp(bytes.baseAddress!, literal.utf8Start, bytes.count) == 0
    }

    /// The value in `range` when it is an array or object without white space, nested at
    /// most ``plainNesting`` deep (and within ``maximumDepth``, as the parser checks), of plain scalars (see ``plainScalar(_:)``) and keys of
    /// printable ASCII without escapes: the same value ``JSONParser`` reads there, built
    /// without its stacks. `nil` for anything else, which the parser then reads or rejects.
    private func plainContainer(_ range: Range<Int>) -> JSONValue? {
        guard base[range.lowerBound] | 0x20 == UInt8(ascii: "{") else { return nil }
        var offset = range.lowerBound
        guard let value = plainValue(&offset, before: range.upperBound, nesting: 0),
            offset == range.upperBound
        else { return nil }
        return value
    }

    /// Containers ``plainContainer(_:)`` reads inside each other; deeper ones go to the parser.
    private static let plainNesting = 16

    /// The members or elements ``plainValue(_:before:nesting:)`` makes room for in a non-empty
    /// container before reading them: those of a typical state's object.
    private static let plainCapacity = 8

    /// The plain value at `offset` (see ``plainContainer(_:)``), moving `offset` past it.
    private func plainValue(_ offset: inout Int, before end: Int, nesting: Int) -> JSONValue? {
        guard offset < end else { return nil }
        switch base[offset] {
        case UInt8(ascii: "{"):
            guard nesting < Self.plainNesting, nesting < maximumDepth else { return nil }
            offset += 1
            var members: [JSONObject.Element] = []
            guard offset < end else { return nil }
            if base[offset] == UInt8(ascii: "}") {
                offset += 1
                return .object(JSONObject(members))
            }
            // Room for a typical object at once: growing an array one member at a time
            // reallocates it several times, which costs more than the members.
            members.reserveCapacity(Self.plainCapacity)
            while true {
                guard let key = plainString(&offset, before: end), offset < end,
                    base[offset] == UInt8(ascii: ":")
                else { return nil }
                offset += 1
                guard let value = plainValue(&offset, before: end, nesting: nesting + 1), offset < end else {
                    return nil
                }
                members.append((key, value))
                switch base[offset] {
                case UInt8(ascii: ","): offset += 1
                case UInt8(ascii: "}"):
                    offset += 1
                    return .object(JSONObject(members))
                default: return nil
                }
            }
        case UInt8(ascii: "["):
            guard nesting < Self.plainNesting, nesting < maximumDepth else { return nil }
            offset += 1
            var elements: [JSONValue] = []
            guard offset < end else { return nil }
            if base[offset] == UInt8(ascii: "]") {
                offset += 1
                return .array(elements)
            }
            elements.reserveCapacity(Self.plainCapacity)
            while true {
                guard let value = plainValue(&offset, before: end, nesting: nesting + 1), offset < end else {
                    return nil
                }
                elements.append(value)
                switch base[offset] {
                case UInt8(ascii: ","): offset += 1
                case UInt8(ascii: "]"):
                    offset += 1
                    return .array(elements)
                default: return nil
                }
            }
        case UInt8(ascii: "\""):
            return plainString(&offset, before: end).map { .string($0) }
        default:
            // A number or literal: up to the byte that ends it, then checked whole.
            let start = offset
            while offset < end {
                switch base[offset] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"): break
                default:
                    offset += 1
                    continue
                }
                break
            }
            guard offset > start else { return nil }
            return plainScalar(start..<offset)
        }
    }

    /// The string whose quote is at `offset`, when it holds only printable ASCII without
    /// escapes, moving `offset` past its closing quote.
    private func plainString(_ offset: inout Int, before end: Int) -> String? {
        guard offset < end, base[offset] == UInt8(ascii: "\"") else { return nil }
        let start = offset + 1
        var position = start
        while position < end {
            let byte = base[position]
            if byte == UInt8(ascii: "\"") {
                offset = position + 1
                return String(decoding: buffer(start..<position), as: UTF8.self)
            }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            position += 1
        }
        return nil
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
