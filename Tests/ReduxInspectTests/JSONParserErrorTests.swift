import Testing

@testable import ReduxInspect

@Suite struct JSONParserErrorTests {
    /// One malformed input and the error a user should see for it.
    struct Case: CustomTestStringConvertible, Sendable {
        let input: [UInt8]
        let reason: JSONParseError.Reason
        let line: Int
        let column: Int

        init(_ input: Input, _ reason: JSONParseError.Reason, _ line: Int, _ column: Int) {
            self.input = input.bytes
            self.reason = reason
            self.line = line
            self.column = column
        }

        var testDescription: String {
            let shown = input.map {
                $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "<\(String($0, radix: 16))>"
            }
            return "\(shown.joined()) → \(reason)"
        }
    }

    /// Test input: text with raw bytes mixed in, as in `["\"a", 0xFF, "b\""]`.
    struct Input: ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
        enum Part: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
            case text(String)
            case byte(UInt8)
            init(stringLiteral value: String) { self = .text(value) }
            init(integerLiteral value: UInt8) { self = .byte(value) }
        }

        let bytes: [UInt8]
        init(stringLiteral value: String) { bytes = Array(value.utf8) }
        init(arrayLiteral parts: Part...) {
            bytes = parts.flatMap { part -> [UInt8] in
                switch part {
                case .text(let text): Array(text.utf8)
                case .byte(let byte): [byte]
                }
            }
        }
    }

    static let cases: [Case] = [
        // Structure.
        Case("", .emptyInput, 1, 1),
        Case(" \n\t", .emptyInput, 2, 2),
        Case("[1,2", .unexpectedEndOfInput(expected: .commaOrArrayEnd), 1, 5),
        Case("{", .unexpectedEndOfInput(expected: .objectKey), 1, 2),
        Case(#"{"a""#, .unexpectedEndOfInput(expected: .colon), 1, 5),
        Case(#"{"a":"#, .unexpectedEndOfInput(expected: .value), 1, 6),
        Case(#"{"a":1"#, .unexpectedEndOfInput(expected: .commaOrObjectEnd), 1, 7),
        Case("[", .unexpectedEndOfInput(expected: .value), 1, 2),
        Case(#"{"a":1,}"#, .trailingComma, 1, 7),
        Case("[1, ]", .trailingComma, 1, 3),
        Case(#"{"a" 1}"#, .expectedColon, 1, 6),
        Case(#"{"a":1 "b":2}"#, .expectedCommaOrObjectEnd, 1, 8),
        Case("[1 2]", .expectedCommaOrArrayEnd, 1, 4),
        Case("[1}", .expectedCommaOrArrayEnd, 1, 3),
        Case("{a:1}", .expectedObjectKey, 1, 2),
        Case(#"{"a":}"#, .expectedValue(found: UInt8(ascii: "}")), 1, 6),
        Case(".5", .expectedValue(found: UInt8(ascii: ".")), 1, 1),
        Case("[1,\n,2]", .expectedValue(found: UInt8(ascii: ",")), 2, 1),
        Case("\t[é]", .expectedValue(found: 0xC3), 1, 3),
        Case("{\r\n\"a\":x}", .expectedValue(found: UInt8(ascii: "x")), 2, 5),
        Case("[tru]", .invalidLiteral(expected: "true"), 1, 2),
        Case("nulL", .invalidLiteral(expected: "null"), 1, 1),
        Case("fals", .unexpectedEndOfInput(expected: .literal("false")), 1, 5),
        Case("1 2", .unexpectedTextAfterValue, 1, 3),
        Case("{}\n]", .unexpectedTextAfterValue, 2, 1),
        Case("true\u{0}", .unexpectedTextAfterValue, 1, 5),
        Case("{\n  \"a\": 1,\n  \"b\": tru\n}", .invalidLiteral(expected: "true"), 3, 8),
        Case([0xEF, 0xBB, 0xBF, "{}"], .byteOrderMark, 1, 1),
        // Numbers.
        Case("01", .leadingZero, 1, 1),
        Case("[-01]", .leadingZero, 1, 3),
        Case("-a", .expectedDigitAfterMinus, 1, 2),
        Case("-", .unexpectedEndOfInput(expected: .digit), 1, 2),
        Case("1.e5", .expectedFractionDigit, 1, 3),
        Case("1.", .unexpectedEndOfInput(expected: .digit), 1, 3),
        Case("[1e]", .expectedExponentDigit, 1, 4),
        Case("1e+", .unexpectedEndOfInput(expected: .digit), 1, 4),
        Case("1.5.3", .unexpectedTextAfterValue, 1, 4),
        // Strings.
        Case(#"["abc"#, .unterminatedString, 1, 2),
        Case(#""ab\"#, .unterminatedString, 1, 1),
        Case("[\"a\u{7}b\"]", .unescapedControlCharacter(0x07), 1, 4),
        Case("\"a\nb\"", .unescapedControlCharacter(0x0A), 1, 3),
        Case(#""\x""#, .invalidEscape(UInt8(ascii: "x")), 1, 2),
        Case(#""\u12G4""#, .invalidUnicodeEscape, 1, 2),
        Case(#""\u12"#, .unterminatedString, 1, 1),
        Case(#""é\uD800x""#, .loneSurrogate(0xD800), 1, 3),
        Case(#""\uDC00""#, .loneSurrogate(0xDC00), 1, 2),
        Case(#""\uD800\u0041""#, .loneSurrogate(0xD800), 1, 2),
        Case(#""\uD800\uD800""#, .loneSurrogate(0xD800), 1, 2),
        Case(#""\uD800\u00""#, .invalidUnicodeEscape, 1, 8),
        Case(#""\uD800"#, .unterminatedString, 1, 1),
        Case(#""\uD800\"#, .unterminatedString, 1, 1),
        // A lone surrogate closing the text (a predicate's literal) is one, not the end.
        Case(#""\uD800""#, .loneSurrogate(0xD800), 1, 2),
        Case(#""a\uDBFF""#, .loneSurrogate(0xDBFF), 1, 3),
        // UTF-8.
        Case(["\"a", 0xFF, "b\""], .invalidUTF8(0xFF), 1, 3),
        Case(["\"", 0x80, "\""], .invalidUTF8(0x80), 1, 2),
        Case(["\"", 0xC0, 0x80, "\""], .invalidUTF8(0xC0), 1, 2),
        Case(["\"", 0xE0, 0x80, 0x80, "\""], .overlongUTF8(0xE0), 1, 2),
        Case(["\"", 0xF0, 0x8F, 0xBF, 0xBF, "\""], .overlongUTF8(0xF0), 1, 2),
        Case(["\"", 0xED, 0xA0, 0x80, "\""], .surrogateInUTF8, 1, 2),
        Case(["\"", 0xF4, 0x90, 0x80, 0x80, "\""], .utf8AboveMaximum, 1, 2),
        Case(["\"caf", 0xE9, "\""], .incompleteUTF8(0xE9), 1, 5),
        Case(["\"", 0xE2, 0x82, "x\""], .incompleteUTF8(0xE2), 1, 2),
        Case(["\"ok\"", 0xE2, 0x82], .incompleteUTF8(0xE2), 1, 5),
        Case(["\"", 0xE2, 0x82], .unterminatedString, 1, 1),
        Case(["[", 0xE9, "]"], .incompleteUTF8(0xE9), 1, 2),
        Case(["é ", 0xFF], .expectedValue(found: 0xC3), 1, 1),
        Case(["{\"é\":1,", 0xFE, "}"], .invalidUTF8(0xFE), 1, 8),
    ]

    @Test(arguments: cases)
    func reportsReasonLineAndColumn(_ testCase: Case) throws {
        let error = try #require(throws: JSONParseError.self) { try JSONParser.parse(testCase.input) }
        #expect(error.reason == testCase.reason)
        #expect(error.line == testCase.line)
        #expect(error.column == testCase.column)
    }

    @Test func offsetCountsBytesWhileColumnCountsCharacters() throws {
        let error = try #require(throws: JSONParseError.self) { try JSONParser.parse(#"["日本", x]"#) }
        #expect(error == JSONParseError(.expectedValue(found: UInt8(ascii: "x")), line: 1, column: 8, offset: 11))
        #expect(error.description == "line 1, column 8: expected a value, found 'x'")
    }

    @Test func depthLimitIsAnErrorNotAStackOverflow() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONParser.parse(deepest) }

        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(throws: JSONParseError(.tooDeep(limit: 512), line: 1, column: 513, offset: 512)) {
            try JSONParser.parse(tooDeep)
        }
        let hostile = String(repeating: #"{"a":["#, count: 100_000)
        #expect(throws: JSONParseError(.tooDeep(limit: 512), line: 1, column: 1537, offset: 1536)) {
            try JSONParser.parse(hostile)
        }
        let options = JSONParser.Options(maximumDepth: 2)
        #expect(throws: Never.self) { try JSONParser.parse("[{}]", options: options) }
        #expect(throws: JSONParseError(.tooDeep(limit: 2), line: 1, column: 3, offset: 2)) {
            try JSONParser.parse("[[[]]]", options: options)
        }
    }

    @Test func hundredThousandOpenBracketsStopAtTheFirstTooDeep() throws {
        // Invalid UTF-8 at the end: a parser that read the other 99,487 brackets (or checked
        // the text whole first) would meet it, or report it, instead.
        let text = [UInt8](repeating: UInt8(ascii: "["), count: 100_000) + [0xFF]
        let error = try #require(throws: JSONParseError.self) {
            try text.withUnsafeBufferPointer { try JSONParser.parse($0) }
        }
        #expect(error == JSONParseError(.tooDeep(limit: 512), line: 1, column: 513, offset: 512))
    }

    @Test func lengthLimitIsCheckedBeforeParsing() throws {
        let options = JSONParser.Options(maximumLength: 4)
        #expect(try JSONParser.parse("[12]", options: options) == .array([.number(JSONNumber("12"))]))
        #expect(throws: JSONParseError(.tooLong(limit: 4), line: 1, column: 5, offset: 4)) {
            try JSONParser.parse("[1,2]", options: options)
        }
        #expect(throws: JSONParseError(.tooLong(limit: 4), line: 1, column: 5, offset: 4)) {
            try JSONParser.parse("[1,2,", options: options)  // the length wins over the syntax
        }
    }

    /// Whatever byte a crash cuts a recording line at, the error says the line was truncated.
    @Test func everyPrefixOfALineIsATruncation() throws {
        let line = Array(
            #"{"seq":12,"type":"add","action":{"name":"Tea ☕\n","price":-9.99e-1},"ok":[true,null]}"#.utf8)
        for length in 1..<line.count {
            let error = try #require(throws: JSONParseError.self) { try JSONParser.parse(line[..<length]) }
            #expect(error.isTruncation, "prefix of \(length) bytes: \(error)")
        }
        let garbled = try #require(throws: JSONParseError.self) { try JSONParser.parse(#"{"a":1,]"#) }
        #expect(!garbled.isTruncation)
    }

    @Test(arguments: [
        (JSONParseError.Reason.emptyInput, "no JSON value in the input"),
        (.unexpectedEndOfInput(expected: .value), "unexpected end of input: expected a value"),
        (.unexpectedEndOfInput(expected: .objectKey), "unexpected end of input: expected '\"' to begin an object key"),
        (.unexpectedEndOfInput(expected: .colon), "unexpected end of input: expected ':' after object key"),
        (.unexpectedEndOfInput(expected: .commaOrObjectEnd), "unexpected end of input: expected ',' or '}' after object member"),
        (.unexpectedEndOfInput(expected: .commaOrArrayEnd), "unexpected end of input: expected ',' or ']' after array element"),
        (.unexpectedEndOfInput(expected: .literal("null")), "unexpected end of input: expected 'null'"),
        (.unexpectedEndOfInput(expected: .digit), "unexpected end of input: expected a digit"),
        (.expectedValue(found: UInt8(ascii: "N")), "expected a value, found 'N'"),
        (.expectedValue(found: 0x00), "expected a value, found byte 0x00"),
        (.expectedValue(found: UInt8(ascii: "'")), #"expected a value, found "'""#),
        (.expectedValue(found: 0xC3), "expected a value, found a non-ASCII character"),
        (.invalidLiteral(expected: "null"), "invalid literal, expected 'null'"),
        (.expectedObjectKey, "expected '\"' to begin an object key"),
        (.expectedColon, "expected ':' after object key"),
        (.expectedCommaOrObjectEnd, "expected ',' or '}' after object member"),
        (.expectedCommaOrArrayEnd, "expected ',' or ']' after array element"),
        (.trailingComma, "trailing comma is not allowed"),
        (.unexpectedTextAfterValue, "unexpected text after the value"),
        (.tooDeep(limit: 512), "nesting deeper than 512 levels"),
        (.tooLong(limit: 67_108_864), "line longer than 67108864 bytes"),
        (.byteOrderMark, "byte order mark is not allowed"),
        (.unterminatedString, "unterminated string"),
        (.unescapedControlCharacter(0x07), "control character U+0007 in string must be escaped"),
        (.invalidEscape(UInt8(ascii: "x")), "invalid escape '\\x' in string"),
        (.invalidEscape(0x0A), "invalid escape in string: '\\' followed by byte 0x0a"),
        (.invalidUnicodeEscape, "expected four hexadecimal digits after '\\u'"),
        (.loneSurrogate(0xDBFF), "lone surrogate '\\uDBFF' in string"),
        (.invalidUTF8(0xFF), "invalid UTF-8 byte 0xff"),
        (.incompleteUTF8(0xE9), "incomplete UTF-8 sequence starting with byte 0xe9"),
        (.overlongUTF8(0xE0), "overlong UTF-8 sequence starting with byte 0xe0"),
        (.surrogateInUTF8, "surrogate code point (U+D800 to U+DFFF) encoded in UTF-8"),
        (.utf8AboveMaximum, "UTF-8 sequence above U+10FFFF"),
        (.leadingZero, "leading zeros are not allowed in numbers"),
        (.expectedDigitAfterMinus, "expected a digit after '-'"),
        (.expectedFractionDigit, "expected a digit after the decimal point"),
        (.expectedExponentDigit, "expected a digit in the exponent"),
    ])
    func reasonsReadAsMessages(reason: JSONParseError.Reason, message: String) {
        #expect(reason.description == message)
    }
}
