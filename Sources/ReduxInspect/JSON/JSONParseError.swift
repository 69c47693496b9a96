/// Why a JSON text could not be parsed, and where.
///
/// `line` and `column` are 1-based and point at the offending byte. A line ends after each
/// `\n` (a lone `\r` does not end one). The column counts characters — Unicode scalars, so `é`
/// is one column though it is two bytes, and a tab is one column — because the inspector shows
/// it to people looking at the text in an editor, not at a hex dump. `offset` is the 0-based
/// byte offset of the same byte, for tools.
///
/// The CLI prints `file:line:column: error: reason`. For JSON-lines input it parses one line at a
/// time, so `line` is 1 and the CLI substitutes the line number in the file.
///
/// ```swift
/// do {
///     _ = try JSONParser.parse(#"{"a":1,}"#)
/// } catch {
///     print(error)   // line 1, column 7: trailing comma is not allowed
/// }
/// ```
public struct JSONParseError: Error, Equatable, CustomStringConvertible {
    /// What was wrong.
    public let reason: Reason
    /// The 1-based line of the offending byte.
    public let line: Int
    /// The 1-based column of the offending byte, in Unicode scalars from the start of its line.
    public let column: Int
    /// The 0-based byte offset of the offending byte from the start of the input.
    public let offset: Int

    /// Creates an error at a known position.
    ///
    /// - Parameters:
    ///   - reason: What was wrong.
    ///   - line: The 1-based line.
    ///   - column: The 1-based column, in Unicode scalars.
    ///   - offset: The 0-based byte offset.
    public init(_ reason: Reason, line: Int, column: Int, offset: Int) {
        self.reason = reason
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// Creates an error at `offset` in `bytes`, working out its line and column.
    ///
    /// Only called on the error path, so scanning the prefix again costs nothing in the common
    /// case. Bytes before an error are valid UTF-8 (the parser stops at the first bad byte), so
    /// counting non-continuation bytes counts scalars.
    init(_ reason: Reason, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let position = Self.position(of: offset, in: bytes)
        self.init(reason, line: position.line, column: position.column, offset: offset)
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset in UTF-8 text that is
    /// valid up to that offset.
    static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in UnsafeBufferPointer(rebasing: bytes[..<max(0, min(offset, bytes.count))]) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// `line L, column C: reason`.
    public var description: String { "line \(line), column \(column): \(reason)" }

    /// Whether the input stopped in the middle of a value: what a process killed mid-write
    /// leaves as the last line of a recording, which the CLI warns about instead of failing.
    public var isTruncation: Bool {
        if case .unexpectedEndOfInput = reason { return true }
        return reason == .unterminatedString
    }
}

extension JSONParseError {
    /// What was wrong with the input. Each case's `description` is a lower-case message
    /// fragment that the CLI puts after the position.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The input is empty or only white space.
        case emptyInput
        /// The input ended in the middle of a value (not in a string), where `expected` had
        /// to come.
        case unexpectedEndOfInput(expected: Expectation)
        /// Something other than a value's first character where a value must start; carries
        /// the byte found there.
        case expectedValue(found: UInt8)
        /// Text starting like `true`, `false` or `null` that is not; carries the literal.
        case invalidLiteral(expected: String)
        /// An object member that does not start with `"`.
        case expectedObjectKey
        /// An object key not followed by `:`.
        case expectedColon
        /// An object member followed by neither `,` nor `}`.
        case expectedCommaOrObjectEnd
        /// An array element followed by neither `,` nor `]`.
        case expectedCommaOrArrayEnd
        /// A `,` right before `]` or `}`; the position is the comma's.
        case trailingComma
        /// Anything but white space after the top-level value.
        case unexpectedTextAfterValue
        /// More arrays and objects open at once than `Options.maximumDepth`.
        case tooDeep(limit: Int)
        /// The input is longer than `Options.maximumLength` bytes; the position is the first byte
        /// past the limit.
        case tooLong(limit: Int)
        /// The input starts with a UTF-8 byte order mark (`EF BB BF`).
        case byteOrderMark
        /// The input ended inside a string; the position is the opening quote's.
        case unterminatedString
        /// A raw byte below 0x20 in a string; carries the byte.
        case unescapedControlCharacter(UInt8)
        /// A backslash followed by a byte that starts no escape; carries that byte. The
        /// position is the backslash's.
        case invalidEscape(UInt8)
        /// `\u` not followed by four hexadecimal digits; the position is the backslash's.
        case invalidUnicodeEscape
        /// A `\u` escape of a surrogate that is not part of a high-low pair; carries the code
        /// unit. The position is its backslash's.
        case loneSurrogate(UInt16)
        /// A byte that never occurs in UTF-8 (`C0`, `C1`, `F5`–`FF`) or a continuation byte
        /// without a lead byte.
        case invalidUTF8(UInt8)
        /// A UTF-8 lead byte not followed by enough continuation bytes; carries the lead byte.
        case incompleteUTF8(UInt8)
        /// A UTF-8 sequence longer than the scalar needs; carries the lead byte.
        case overlongUTF8(UInt8)
        /// A UTF-8 sequence encoding a surrogate (U+D800 to U+DFFF).
        case surrogateInUTF8
        /// A UTF-8 sequence encoding a value above U+10FFFF.
        case utf8AboveMaximum
        /// A number with a `0` followed by more digits; the position is the zero's.
        case leadingZero
        /// A `-` not followed by a digit.
        case expectedDigitAfterMinus
        /// A `.` in a number not followed by a digit.
        case expectedFractionDigit
        /// An `e` or `E` in a number not followed by digits (after an optional sign).
        case expectedExponentDigit

        /// The message fragment, e.g. `expected ',' or '}' after object member`.
        public var description: String {
            switch self {
            case .emptyInput: "no JSON value in the input"
            case .unexpectedEndOfInput(let expected): "unexpected end of input: expected \(expected)"
            case .expectedValue(let found): "expected a value, found \(Self.describe(found))"
            case .invalidLiteral(let expected): "invalid literal, expected '\(expected)'"
            case .expectedObjectKey: "expected \(Expectation.objectKey)"
            case .expectedColon: "expected \(Expectation.colon)"
            case .expectedCommaOrObjectEnd: "expected \(Expectation.commaOrObjectEnd)"
            case .expectedCommaOrArrayEnd: "expected \(Expectation.commaOrArrayEnd)"
            case .trailingComma: "trailing comma is not allowed"
            case .unexpectedTextAfterValue: "unexpected text after the value"
            case .tooDeep(let limit): "nesting deeper than \(limit) levels"
            case .tooLong(let limit): "line longer than \(limit) bytes"
            case .byteOrderMark: "byte order mark is not allowed"
            case .unterminatedString: "unterminated string"
            case .unescapedControlCharacter(let byte):
                "control character U+\(hex(byte, digits: 4)) in string must be escaped"
            case .invalidEscape(let byte):
                if byte > 0x20 && byte < 0x7F {
                    "invalid escape '\\\(Character(Unicode.Scalar(byte)))' in string"
                } else {
                    "invalid escape in string: '\\' followed by byte 0x\(hex(byte, digits: 2))"
                }
            case .invalidUnicodeEscape: "expected four hexadecimal digits after '\\u'"
            case .loneSurrogate(let unit): "lone surrogate '\\u\(hex(unit, digits: 4))' in string"
            case .invalidUTF8(let byte): "invalid UTF-8 byte 0x\(hex(byte, digits: 2))"
            case .incompleteUTF8(let byte):
                "incomplete UTF-8 sequence starting with byte 0x\(hex(byte, digits: 2))"
            case .overlongUTF8(let byte):
                "overlong UTF-8 sequence starting with byte 0x\(hex(byte, digits: 2))"
            case .surrogateInUTF8: "surrogate code point (U+D800 to U+DFFF) encoded in UTF-8"
            case .utf8AboveMaximum: "UTF-8 sequence above U+10FFFF"
            case .leadingZero: "leading zeros are not allowed in numbers"
            case .expectedDigitAfterMinus: "expected a digit after '-'"
            case .expectedFractionDigit: "expected a digit after the decimal point"
            case .expectedExponentDigit: "expected a digit in the exponent"
            }
        }

        /// A byte found where it does not belong, as a message names it: `'N'` when it is a
        /// printable ASCII character, else its value (or that it starts a non-ASCII character).
        private static func describe(_ byte: UInt8) -> String {
            switch byte {
            case UInt8(ascii: "'"): #""'""#
            case 0x21..<0x7F: "'\(Character(Unicode.Scalar(byte)))'"
            case 0x80...: "a non-ASCII character"
            default: "byte 0x\(hex(byte, digits: 2))"
            }
        }
    }

    /// What had to come where the input ended, for ``Reason/unexpectedEndOfInput(expected:)``.
    public enum Expectation: Sendable, Equatable, CustomStringConvertible {
        /// A value: after `[`, `,` in an array, or `:`.
        case value
        /// An object key, after `{` or `,` in an object.
        case objectKey
        /// The `:` after an object key.
        case colon
        /// `,` or `}` after an object member.
        case commaOrObjectEnd
        /// `,` or `]` after an array element.
        case commaOrArrayEnd
        /// The rest of `true`, `false` or `null`; carries the literal.
        case literal(String)
        /// A digit of a number.
        case digit

        /// The expected text, as it follows "expected ".
        public var description: String {
            switch self {
            case .value: "a value"
            case .objectKey: "'\"' to begin an object key"
            case .colon: "':' after object key"
            case .commaOrObjectEnd: "',' or '}' after object member"
            case .commaOrArrayEnd: "',' or ']' after array element"
            case .literal(let literal): "'\(literal)'"
            case .digit: "a digit"
            }
        }
    }
}

/// `value` in hexadecimal, zero-padded to `digits`; upper case for code points as Unicode writes
/// them, lower case for bytes as hex dumps do.
private func hex(_ value: some BinaryInteger, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: digits == 4)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
