import Testing

@testable import ReduxInspect

@Suite struct JSONParserTests {
    // MARK: Values

    @Test func objectsKeepMemberOrderAndDuplicateKeys() throws {
        let value = try JSONParser.parse(#"{"b":1,"a":{"z":true,"y":null},"b":"again"}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["b", "a", "b"])
        #expect(object.members[2].value == .string("again"))
        #expect(object["b"] == .number(JSONNumber("1")))
        #expect(object["a"]?.objectValue?.keys == ["z", "y"])
        #expect(value.compactText == #"{"b":1,"a":{"z":true,"y":null},"b":"again"}"#)
    }

    @Test(arguments: [
        "0", "-0", "9.99", "1E+400", "1e-7", "-12.50e010", "0.000", "123456789012345678901234567890",
        String(repeating: "9", count: 10_000), "1." + String(repeating: "0", count: 10_000),
    ])
    func numbersKeepTheirText(text: String) throws {
        #expect(try JSONParser.parse(text) == .number(JSONNumber(text)))
        #expect(try JSONParser.parse("[\(text)]").compactText == "[\(text)]")
    }

    @Test func literalsAndEmptyContainers() throws {
        let value = try JSONParser.parse(#"[true,false,null,[],{},[[]],"",-0.5]"#)
        #expect(
            value
                == .array([
                    .bool(true), .bool(false), .null, .array([]), .object(JSONObject()), .array([.array([])]),
                    .string(""), .number(JSONNumber("-0.5")),
                ]))
    }

    @Test func whiteSpaceIsAllowedAroundTokens() throws {
        let value = try JSONParser.parse(" \t\r\n{ \"a\" :\t[ 1 ,\r\n2 ] , \"b\" : { } }\n\n")
        #expect(value.compactText == #"{"a":[1,2],"b":{}}"#)
    }

    @Test(arguments: [
        (#""plain""#, "plain"),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        (#""\u00e9\u20AC\u0000\u001f""#, "é€\u{0}\u{1F}"),
        (#""\uD83D\uDE00 and \ud83d\ude00""#, "😀 and 😀"),
        (#""héllo \"wörld\" 😀 end of a longer string""#, "héllo \"wörld\" 😀 end of a longer string"),
        (#""日本語のテキスト""#, "日本語のテキスト"),
        (#""tab\tat 7, and a quote at the end\"""#, "tab\tat 7, and a quote at the end\""),
    ])
    func stringsDecodeEscapes(json: String, expected: String) throws {
        #expect(try JSONParser.parse(json) == .string(expected))
    }

    /// Escapes and special bytes at every position of an eight-byte word, so the fast path
    /// over plain text hands over at the right byte.
    @Test(arguments: 0..<20)
    func specialBytesAtEveryOffset(prefix: Int) throws {
        let padding = String(repeating: "a", count: prefix)
        #expect(try JSONParser.parse("\"\(padding)\\nb\"") == .string(padding + "\nb"))
        #expect(try JSONParser.parse("\"\(padding)é\(padding)\"") == .string(padding + "é" + padding))
        #expect(try JSONParser.parse("\"\(padding)\"") == .string(padding))
        let error = try #require(throws: JSONParseError.self) {
            try JSONParser.parse("\"\(padding)\u{7}bcdefghijk\"")
        }
        #expect(
            error
                == JSONParseError(
                    .unescapedControlCharacter(7), line: 1, column: prefix + 2, offset: prefix + 1))
    }

    /// Accepts exactly the byte sequences the standard library accepts as UTF-8, over every
    /// lead byte and the boundary values of the bytes after it.
    @Test(arguments: [0, 7])
    func utf8ValidationAgreesWithTheStandardLibrary(prefix: Int) {
        let boundaries: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        let padding = Array(repeating: UInt8(ascii: "a"), count: prefix)
        var mismatches: [[UInt8]] = []
        for lead in UInt8(0x80)...0xFF {
            for second in boundaries {
                for third in boundaries {
                    for fourth: UInt8 in [0x41, 0x80, 0xBF, 0xC0] {
                        let sequence = [lead, second, third, fourth]
                        let json = [UInt8(ascii: "\"")] + padding + sequence + [UInt8(ascii: "\"")]
                        let expected = String(validating: padding + sequence, as: UTF8.self)
                        if (try? JSONParser.parse(json)) != expected.map(JSONValue.string) {
                            mismatches.append(sequence)
                        }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test(arguments: [
        JSONValue.null,
        .array([.number(JSONNumber("9.99")), .string("line\nbreak \u{1} \u{7F} ☕"), .bool(false)]),
        .object(JSONObject([("z", .number(JSONNumber("-0"))), ("a", .array([])), ("z", .null)])),
        .object(JSONObject([("nested", .object(JSONObject([("deeper", .array([.object(JSONObject())]))])))])),
        .string("\u{2028}\u{2029}\u{85} 😀"),
    ])
    func roundTripsThroughCompactText(value: JSONValue) throws {
        let parsed = try JSONParser.parse(value.compactText)
        #expect(parsed == value)
        #expect(parsed.compactText == value.compactText)  // also the member order
        #expect(try JSONParser.parse(value.prettyText()) == value)
    }

    @Test func everyEntryPointAgrees() throws {
        let text = #"{"id":42,"name":"Tea ☕"}"#
        let bytes = Array(text.utf8)
        let expected = try JSONParser.parse(text)
        #expect(try JSONParser.parse(bytes) == expected)
        #expect(try JSONParser.parse(text.utf8) == expected)
        #expect(try JSONParser.parse(bytes.lazy.map { $0 }) == expected)  // not contiguous
        #expect(try bytes.withUnsafeBytes { raw in try JSONParser.parse(raw) } == expected)
        #expect(try bytes.withUnsafeBufferPointer { buffer in try JSONParser.parse(buffer) } == expected)

        // A slice reports positions from its own start.
        let lines = Array("[1]\n[1 2]\n".utf8)
        let error = try #require(throws: JSONParseError.self) { try JSONParser.parse(lines[4..<9]) }
        #expect(error == JSONParseError(.expectedCommaOrArrayEnd, line: 1, column: 4, offset: 3))
    }
}
