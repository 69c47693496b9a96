import Foundation
import Testing

@testable import ReduxInspect

/// The recorder writes `"<redacted>"` for every string and number under a redacted key; the
/// decoders read it as `0` or `false` where a number or a Boolean is expected, as an empty
/// `Data` and the all-zero `UUID`, so that a replay runs with a placeholder of the right type.
/// Only that exact string.
@Suite struct RedactedPlaceholderDecodingTests {
    struct Numbers: Codable, Equatable {
        var int: Int
        var int8: Int8
        var int16: Int16
        var int32: Int32
        var int64: Int64
        var uint: UInt
        var uint8: UInt8
        var uint16: UInt16
        var uint32: UInt32
        var uint64: UInt64
        var double: Double
        var float: Float
        var decimal: Decimal
        var bool: Bool
        var optional: Int?
        var date: Date

        static let zero = Numbers(
            int: 0, int8: 0, int16: 0, int32: 0, int64: 0, uint: 0, uint8: 0, uint16: 0, uint32: 0, uint64: 0,
            double: 0, float: 0, decimal: 0, bool: false, optional: 0, date: Date(timeIntervalSinceReferenceDate: 0))
        static let keys = [
            "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "double", "float",
            "decimal", "bool", "optional", "date",
        ]
    }

    /// Every field of ``Numbers`` as `text`.
    static func numbers(_ text: String) -> String {
        "{" + Numbers.keys.map { "\"\($0)\":\(text)" }.joined(separator: ",") + "}"
    }

    /// Decodes `json` with both decoders, which must agree.
    static func decode<T: Decodable & Equatable>(
        _ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> T {
        let tree = try JSONValueDecoder().decode(T.self, from: JSONParser.parse(json))
        let bytes = try Array(json.utf8).withUnsafeBufferPointer { try JSONBytesDecoder().decode(T.self, from: $0) }
        #expect(tree == bytes, sourceLocation: sourceLocation)
        return tree
    }

    /// The error both decoders give for `json`, described; they must agree.
    static func failure<T: Decodable>(
        _ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> String? {
        let tree = Result { try JSONValueDecoder().decode(T.self, from: JSONParser.parse(json)) }
        let bytes = Result { try Array(json.utf8).withUnsafeBufferPointer { try JSONBytesDecoder().decode(T.self, from: $0) } }
        guard case .failure(let treeError) = tree, case .failure(let bytesError) = bytes else {
            Issue.record("\(json) decoded as \(T.self)", sourceLocation: sourceLocation)
            return nil
        }
        let described = JSONValueDecoder.describe(treeError)
        #expect(JSONValueDecoder.describe(bytesError) == described, sourceLocation: sourceLocation)
        return described
    }

    @Test func thePlaceholderIsZeroOrFalseForEveryNumberTypeAndBool() throws {
        #expect(try Self.decode(Numbers.self, Self.numbers(#""<redacted>""#)) == Numbers.zero)
    }

    @Test func thePlaceholderDecodesInArraysAndAsASingleValue() throws {
        #expect(try Self.decode([Int8].self, #"["<redacted>",5,"<redacted>"]"#) == [0, 5, 0])
        #expect(try Self.decode([Bool].self, #"[true,"<redacted>"]"#) == [true, false])
        #expect(try Self.decode([Double?].self, #"[null,"<redacted>",1.5]"#) == [nil, 0, 1.5])
        #expect(try Self.decode(UInt64.self, #""<redacted>""#) == 0)
        #expect(try Self.decode(Decimal.self, #""<redacted>""#) == 0)
        #expect(try Self.decode(String.self, #""<redacted>""#) == "<redacted>")
    }

    @Test(arguments: [#""<redactedX>""#, #""abc""#, #""<REDACTED>""#, #"" <redacted>""#, #""redacted""#])
    func anyOtherStringIsStillAnError(_ text: String) throws {
        #expect(Self.failure(Numbers.self, Self.numbers(text)) == "at int: expected Int, found a string (\(text))")
        #expect(Self.failure(Bool.self, text) == "at (root): expected Bool, found a string (\(text))")
        #expect(Self.failure([Float].self, "[\(text)]") == "at [0]: expected Float, found a string (\(text))")
        #expect(Self.failure(Decimal.self, text) == "at (root): expected Decimal, found a string (\(text))")
    }

    enum Kind: String, Codable, Equatable { case bearer, basic }
    enum Level: Int, Codable, Equatable { case low = 1, high }
    struct Typed: Codable, Equatable {
        var id: UUID?
        var kind: Kind?
        var level: Level?
        var blob: Data?
    }

    /// A redacted `UUID` (a session's id) or `Data` (a token's bytes) stopped every command
    /// that replays a recording without every state: the recorder writes them as strings,
    /// redacted as any other.
    @Test func theUUIDAndDataPlaceholdersAreTheAllZeroUUIDAndEmptyData() throws {
        let zero = try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
        #expect(try Self.decode(Typed.self, #"{"id":"<redacted>","blob":"<redacted>"}"#) == Typed(id: zero, blob: Data()))
        #expect(try Self.decode([UUID].self, #"["<redacted>","e621e1f8-c36c-495a-93fc-0c247a3e6e5f"]"#)[1].uuidString
                == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(try Self.decode(Data.self, #""AAEC""#) == Data([0, 1, 2]))
        #expect(Self.failure(UUID.self, #""abc""#) == #"at (root): expected UUID, found "abc" (not a valid UUID)"#)
    }

    /// What warnings say the decoder read in the placeholder's place.
    @Test func standInsAreNamedByWhatWasRead() {
        func readings(_ values: [JSONValue]) -> String {
            StandIn.readings(values.map { StandIn(path: .root, value: $0) })
        }
        let zero: JSONValue = .string("00000000-0000-0000-0000-000000000000")
        #expect(readings([.number(JSONNumber("0")), .bool(false)]) == "0 or false")
        #expect(readings([zero]) == #""00000000-0000-0000-0000-000000000000""#)
        #expect(readings([.number(JSONNumber("0")), .string("")]) == #"0, false or an empty Data ("")"#)
        #expect(readings(["a", "b", "c", "d"].map { .string($0) }) == #""a", "b", "c", …"#)
    }

    /// Types that check their string otherwise cannot be made from the placeholder: the error
    /// says that the value was redacted and how to avoid it.
    @Test func typesThatCheckTheirStringSayTheValueWasRedacted() throws {
        let hint =
            #"the recorder redacted this value ("<redacted>"), which cannot stand in for it: "#
            + "to replay it, leave its key out of the Recorder's redactedKeys"
        let kind = try #require(Self.failure(Typed.self, #"{"kind":"<redacted>"}"#))
        #expect(kind.hasPrefix("at kind: "), "\(kind)")
        #expect(kind.hasSuffix("; " + hint), "\(kind)")
        // An `Int` raw value reads the placeholder as 0, which names no case.
        let level = try #require(Self.failure(Typed.self, #"{"level":"<redacted>"}"#))
        #expect(level.hasPrefix("at level: "), "\(level)")
        #expect(level.hasSuffix("; " + hint), "\(level)")
        // A whole object written as the placeholder, as recorders did before redaction kept
        // the shape.
        #expect(
            Self.failure([String: Typed].self, #"{"token":"<redacted>"}"#)
                == #"at token: expected an object, found a string ("<redacted>"); "# + hint)
    }

    @Test func otherBadStringsGetNoRedactionHint() throws {
        let id = try #require(Self.failure(Typed.self, #"{"id":"abc"}"#))
        #expect(!id.contains("redacted"), "\(id)")
        let kind = try #require(Self.failure(Typed.self, #"{"kind":"<redactedX>"}"#))
        #expect(!kind.contains("recorder redacted"), "\(kind)")
        #expect(Self.failure([String: Typed].self, #"{"token":"abc"}"#) == #"at token: expected an object, found a string ("abc")"#)
    }
}
