import Redux

/// Why a path's text could not be read.
public enum JSONPathParseError: Error, Hashable, CustomStringConvertible {
    /// The text at `column` (1-based, in Unicode scalars) is not what the path grammar allows;
    /// `expected` says what would have been.
    case unexpected(expected: String, column: Int)

    /// A one-line message, such as `expected "]" at column 12`.
    public var description: String {
        switch self {
        case .unexpected(let expected, let column): "expected \(expected) at column \(column)"
        }
    }
}

extension JSONPath {
    /// Reads a path from the text ``description`` writes.
    ///
    /// Also accepted, because people type them: `.` and the empty string for the root, and a
    /// leading `.` as in jq (`.cart.total`).
    ///
    /// - Parameters:
    ///   - text: The path, such as `cart.items[id=42].quantity` or `meta["content-type"]`.
    /// - Throws: ``JSONPathParseError`` naming the column where the text stops making sense.
    public init(parsing text: String) throws(JSONPathParseError) {
        var reader = PathReader(Array(text.unicodeScalars))
        self.init(try reader.readPath())
    }
}

/// A hand-written reader for the small path grammar; it has to read JSON strings and scalars
/// inside brackets itself, so that paths do not depend on the recording parser.
private struct PathReader {
    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    func failure(_ expected: String) -> JSONPathParseError {
        .unexpected(expected: expected, column: position + 1)
    }

    mutating func readPath() throws(JSONPathParseError) -> [JSONPath.Component] {
        let text = String(String.UnicodeScalarView(scalars))
        if text.isEmpty || text == "." || text == JSONPath.rootText { return [] }
        var components: [JSONPath.Component] = []
        if current == "." { position += 1 }
        var stepStart = position
        components.append(try readStep(afterDot: true))
        while let scalar = current {
            if scalar == "." {
                position += 1
                stepStart = position
                components.append(try readStep(afterDot: true))
            } else if scalar == "[" {
                stepStart = position
                components.append(try readStep(afterDot: false))
            } else {
                throw failure("\".\" or \"[\"" + bracketHint(from: stepStart))
            }
        }
        return components
    }

    /// For a key written bare with characters a bare key cannot have (`café`, `content-type`),
    /// how to write it: diff prints such keys in brackets, and one typed as read is the usual
    /// mistake.
    func bracketHint(from start: Int) -> String {
        guard start < scalars.count, scalars[start] != "[" else { return "" }
        let end = scalars[start...].firstIndex { $0 == "." || $0 == "[" } ?? scalars.count
        let key = String(String.UnicodeScalarView(scalars[start..<end]))
        // First in the path, with the dot that a predicate needs there (a bracket would begin
        // an array) and that a path takes too.
        let dot = start == 0 || (start == 1 && scalars[0] == ".") ? "." : ""
        return " (a key with characters other than ASCII letters, digits and _ is written in brackets: \(dot)[\(JSONValue.string(key).compactText)])"
    }

    /// Reads an identifier key or, when not just after a dot, a bracketed step.
    mutating func readStep(afterDot: Bool) throws(JSONPathParseError) -> JSONPath.Component {
        if current == "[" { return try readBracket() }
        guard afterDot else { throw failure("\"[\"") }
        let start = position
        while let scalar = current, scalar.isASCII,
            isIdentifierByte(UInt8(scalar.value), first: position == start)
        {
            position += 1
        }
        guard position > start else {
            let bare = current.map { !$0.isASCII || $0 == "-" } ?? false
            throw failure("a key or \"[\"" + (bare ? bracketHint(from: start) : ""))
        }
        return .key(String(String.UnicodeScalarView(scalars[start..<position])))
    }

    func isIdentifierByte(_ byte: UInt8, first: Bool) -> Bool {
        PathText.isLetter(byte) || byte == UInt8(ascii: "_") || (!first && PathText.isDigit(byte))
    }

    mutating func readBracket() throws(JSONPathParseError) -> JSONPath.Component {
        position += 1  // "["
        let component: JSONPath.Component
        if current == "\"" {
            component = .key(try readString())
        } else if let scalar = current, scalar.isASCII, PathText.isDigit(UInt8(scalar.value)) {
            component = .index(try readIndex())
        } else if consume("id=") {
            component = .id(try readScalar())
        } else {
            throw failure("an index, a quoted key or \"id=\"")
        }
        guard current == "]" else { throw failure("\"]\"") }
        position += 1
        return component
    }

    mutating func consume(_ literal: String) -> Bool {
        let expected = Array(literal.unicodeScalars)
        guard position + expected.count <= scalars.count,
            Array(scalars[position..<position + expected.count]) == expected
        else { return false }
        position += expected.count
        return true
    }

    mutating func readIndex() throws(JSONPathParseError) -> Int {
        let start = position
        var value = 0
        while let scalar = current, scalar.isASCII, PathText.isDigit(UInt8(scalar.value)) {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(scalar.value) - 48)
            guard !overflow1, !overflow2 else { throw failure("a smaller index") }
            value = sum
            position += 1
        }
        // Leading zeros would give two texts for one path.
        if position - start > 1 && scalars[start] == "0" {
            position = start
            throw failure("an index without leading zeros")
        }
        return value
    }

    /// Reads the id's JSON scalar: a string, a number, `true`, `false` or `null`.
    mutating func readScalar() throws(JSONPathParseError) -> JSONValue {
        if current == "\"" { return .string(try readString()) }
        if consume("true") { return .bool(true) }
        if consume("false") { return .bool(false) }
        if consume("null") { return .null }
        return .number(try readNumber())
    }

    /// Reads an RFC 8259 number, keeping its text.
    mutating func readNumber() throws(JSONPathParseError) -> JSONNumber {
        let start = position
        if current == "-" { position += 1 }
        let integerStart = position
        let integerDigits = readDigits()
        guard integerDigits > 0 else { throw failure("a JSON scalar") }
        if integerDigits > 1 && scalars[integerStart] == "0" {
            position = integerStart
            throw failure("a number without leading zeros")
        }
        if current == "." {
            position += 1
            guard readDigits() > 0 else { throw failure("a digit") }
        }
        if current == "e" || current == "E" {
            position += 1
            if current == "+" || current == "-" { position += 1 }
            guard readDigits() > 0 else { throw failure("a digit") }
        }
        return JSONNumber(String(String.UnicodeScalarView(scalars[start..<position])))
    }

    mutating func readDigits() -> Int {
        let start = position
        while let scalar = current, scalar.isASCII, PathText.isDigit(UInt8(scalar.value)) { position += 1 }
        return position - start
    }

    /// Reads a JSON string literal, resolving its escapes.
    mutating func readString() throws(JSONPathParseError) -> String {
        position += 1  // opening quote
        var result = String.UnicodeScalarView()
        while true {
            guard let scalar = current else { throw failure("a closing quote") }
            position += 1
            switch scalar {
            case "\"":
                return String(result)
            case "\\":
                result.append(try readEscape())
            default:
                guard scalar.value >= 0x20 else {
                    position -= 1
                    throw failure("an escaped control character")
                }
                result.append(scalar)
            }
        }
    }

    mutating func readEscape() throws(JSONPathParseError) -> Unicode.Scalar {
        guard let scalar = current else { throw failure("an escape") }
        position += 1
        switch scalar {
        case "\"", "\\", "/": return scalar
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "u":
            // `\u{1B}`, as messages escape characters, as well as JSON's `\u001b`.
            if consume("{") { return try readBracedScalar() }
            let unit = try readHex4()
            if (0xD800..<0xDC00).contains(unit) {
                guard consume("\\u") else { throw failure("a low surrogate escape") }
                let low = try readHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("a low surrogate") }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let decoded = Unicode.Scalar(unit) else { throw failure("a high surrogate first") }
            return decoded
        default:
            position -= 1
            throw failure("a valid escape")
        }
    }

    /// The rest of a `\u{…}` escape after its brace: one to eight hex digits, a brace.
    mutating func readBracedScalar() throws(JSONPathParseError) -> Unicode.Scalar {
        var value: UInt32 = 0
        var digits = 0
        while let scalar = current, scalar.isASCII, let digit = Int(String(scalar), radix: 16) {
            guard digits < 8 else { throw failure("at most eight hex digits") }
            value = value &* 16 &+ UInt32(digit)
            digits += 1
            position += 1
        }
        guard digits > 0 else { throw failure("hex digits") }
        guard consume("}") else { throw failure("'}'") }
        guard let decoded = Unicode.Scalar(value) else { throw failure("a Unicode scalar value, not a surrogate or beyond 10FFFF") }
        return decoded
    }

    mutating func readHex4() throws(JSONPathParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = current, scalar.isASCII, let digit = Int(String(scalar), radix: 16) else {
                throw failure("four hex digits")
            }
            value = value * 16 + UInt32(digit)
            position += 1
        }
        return value
    }
}
