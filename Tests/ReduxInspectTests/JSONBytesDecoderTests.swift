import Foundation
import Redux
import ReduxExamples
import Testing

@testable import ReduxInspect

/// ``JSONBytesDecoder`` must give what parsing the text and decoding the tree gives, value and
/// error alike, whatever the text and whatever the type's `init(from:)` does.
@Suite struct JSONBytesDecoderTests {
    typealias Values = JSONValueDecoderTests

    // MARK: The same values

    @Test func actionsAndStatesOfTheExamplesDecodeAsFromTheTree() throws {
        try expectSame(Values.counterActions)
        try expectSame(Values.shopActions)
        try expectSame(Values.todosActions)
        var shop = Shop.State()
        for action in Values.shopActions {
            Shop.reducer.reduce(&shop, action)
            try expectSame([shop])
        }
        var todos = Todos.State()
        for action in Values.todosActions {
            Todos.reducer.reduce(&todos, action)
            try expectSame([todos])
        }
    }

    @Test func scalarsOfEveryKindDecodeAsFromTheTree() throws {
        try expectSame([Widths.minimum, Widths.maximum, Widths()])
        try expectSame([
            Specials(
                date: Date(timeIntervalSinceReferenceDate: 786_000_123.456), url: URL(string: "https://example.com/a?b=c")!,
                data: Data([0, 1, 2, 250, 255]), when: [Date(timeIntervalSince1970: 0)])
        ])
        for text in ["5.0", "2.55e2", "-0.0", "-0", "0", "9223372036854775807", "-9223372036854775808", "1e2"] {
            try expectSameOutcome(Int.self, text)
            try expectSameOutcome(Int64.self, text)
            try expectSameOutcome(Int32.self, text)
            try expectSameOutcome(UInt.self, text)
            try expectSameOutcome(UInt8.self, text)
            try expectSameOutcome(Decimal.self, text)
            try expectSameOutcome(Double.self, text)
        }
        for text in ["9223372036854775808", "-9223372036854775809", "1.5", "1e400", "\"5\"", "true", "null"] {
            try expectSameOutcome(Int.self, text)
            try expectSameOutcome(UInt.self, text)
            try expectSameOutcome(Float.self, text)
        }
    }

    @Test func stringsWithEscapesAndBeyondASCIIDecodeAsFromTheTree() throws {
        for text in [#""plain""#, #""tab\there""#, #""\u00e9t\u00e9""#, #""\ud83d\ude00""#, "\"été 😀\"", #""\"quoted\"""#] {
            try expectSameOutcome(String.self, text)
            try expectSameOutcome(Shop.Action.self, #"{"loginFailed":{"error":\#(text)}}"#)
        }
    }

    @Test func containersDuplicatesAndSpaceDecodeAsFromTheTree() throws {
        try expectSameOutcome(Counter.State.self, #"{"count":1,"count":2}"#)
        try expectSameOutcome(Counter.State.self, " {\n\t\"count\" : 7 ,\r\n \"other\":[1,{\"a\":null}]}  ")
        try expectSameOutcome([Int?].self, "[1,null, 3 ]")
        try expectSameOutcome([[Int]].self, "[[],[1],[2,3]]")
        try expectSameOutcome([String: Int].self, #"{"b":2,"a":1,"b":3}"#)
        try expectSameOutcome([Int: String].self, #"{"1":"one","2":"two"}"#)
        try expectSameOutcome(Todos.Action.self, #"{"selectItem":{}}"#)
        try expectSameOutcome(Todos.Action.self, #"{"selectItem":{"id":null}}"#)
        let large = Dictionary(uniqueKeysWithValues: (0..<100).map { ("key\($0)", $0) })
        try expectSameOutcome([String: Int].self, String(decoding: try RecordingEncoder().encode(large), as: UTF8.self))
        // The super decoder is the tree's: declined, and so decided by the tree.
        let nesting = Nesting(a: 1, b: [nil, "x", nil], c: [[1, 2], []], base: "super")
        try expectSame([nesting])
    }

    @Test func keysWithEscapesOrBeyondASCIIAreFoundAsTheTreeFindsThem() throws {
        try expectSameOutcome(Counter.State.self, #"{"c\u006funt":4}"#)
        try expectSameOutcome(Counter.State.self, #"{"cöunt":4,"count":5}"#)
        // U+212A KELVIN SIGN is canonically equivalent to "K", which Swift's == honours.
        try expectSameOutcome(Kelvin.self, #"{"K":1}"#)
        try expectSameOutcome(Kelvin.self, #"{"\u212a":1}"#)
        try expectSameOutcome(Kelvin.self, #"{"k":1}"#)
    }

    @Test(arguments: Values.errorCases) func errorsAreTheTreeDecodersErrors(_ error: ErrorCase) {
        #expect(error.describeFromBytes() == error.expected)
    }

    @Test func invalidTextIsReportedAsTheParserReportsIt() throws {
        for text in ["", "{", #"{"count":1,}"#, "[1 2]", "01", #""\x""#, "{\"count\":1} x"] {
            try expectSameOutcome(Counter.State.self, text)
        }
    }

    // MARK: Types that catch errors, trap, loop, count or keep

    @Test func aTypeThatCatchesErrorsTakesTheSameBranches() throws {
        // The escaped key inside `inner` is read by the tree decoder from that object alone.
        #expect(try bytes(Lenient.self, #"{"inner":{"v\u0061lue":5}}"#) == Lenient(value: 5))
        #expect(try bytes(Lenient.self, #"{"inner":{"value":5}}"#) == Lenient(value: 5))
        #expect(try bytes(Lenient.self, #"{"inner":{"value":"5"}}"#) == Lenient(value: -1))
        try expectSameOutcome(Lenient.self, #"{"inner":{"v\u0061lue":5}}"#)
        // A loop that skips what it cannot read must see the same failures, or it never ends.
        try expectSameOutcome(LossyArray.self, #"[{"a\/b":1},{"c":2},7,{"d":"x"}]"#)
        #expect(try bytes(LossyArray.self, #"[{"a\/b":1},{"c":2},7]"#).values == [["a/b": 1], ["c": 2]])
    }

    @Test func aTypeThatTrapsOnAnErrorDecodesWhereTheTreeDoes() throws {
        // `try!` on a dictionary with an escaped key, as the recorder writes `a/b`'s neighbours.
        #expect(try bytes(Trapping.self, #"{"tags":{"C:\\tmp":2,"a\"b":3}}"#).tags == [#"C:\tmp"#: 2, #"a"b"#: 3])
    }

    @Test func initFromRunsOncePerValue() throws {
        let before = Counted.count.value
        _ = try bytes([Counted].self, #"[{"m":{"a\/b":1}},{"m":{}},{"m":{"c":2}}]"#)
        #expect(Counted.count.value - before == 3)
    }

    @Test func aContainerKeptPastTheDecodeStillAnswers() throws {
        let kept = try Array(#"{"n":5,"m":{"k":[1,2]}}"#.utf8).withUnsafeBufferPointer { text in
            try JSONBytesDecoder().decode(Keeping.self, from: text)
        }
        // The caller's buffer is gone; the container reads the decoder's copy.
        #expect(try kept.container.decode(Int.self, forKey: .n) == 5)
        #expect(try kept.container.nestedContainer(keyedBy: Keeping.Keys.self, forKey: .m).decode([Int].self, forKey: .k) == [1, 2])
        #expect(kept.container.allKeys.map(\.stringValue) == ["n", "m"])
    }

    @Test func aContainerKeptByOneDecodeIsNotTouchedByTheNext() throws {
        let decoder = JSONBytesDecoder()
        let kept = try Array(#"{"n":5,"m":{"k":[1,2]}}"#.utf8).withUnsafeBufferPointer { text in
            try decoder.decode(Keeping.self, from: text)
        }
        // The same decoder reads other text, with other paths, and fails on some.
        for text in [#"{"m":{"k":[3]},"n":"x"}"#, #"[[{"a":1}]]"#, #"{"k":[1,{"x":2}]}"#] {
            _ = try? Array(text.utf8).withUnsafeBufferPointer { try decoder.decode(AnyJSON.self, from: $0) }
            _ = try? Array(text.utf8).withUnsafeBufferPointer { try decoder.decode(Shop.Action.self, from: $0) }
        }
        #expect(try kept.container.decode(Int.self, forKey: .n) == 5)
        let nested = try kept.container.nestedContainer(keyedBy: Keeping.Keys.self, forKey: .m)
        #expect(nested.codingPath.map(\.stringValue) == ["m"])
        #expect(throws: DecodingError.self) { try nested.decode(String.self, forKey: .k) }
        do {
            _ = try nested.decode([String].self, forKey: .k)
            Issue.record("decoded numbers as strings")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["m", "k", "Index 0"])
        }
    }

    @Test func aDecoderAWeakReferenceKeptIsGoneOnceTheDecodeEnds() throws {
        // Only the memory of a decode is reused, never the decoder: one a type still reaches
        // through a weak reference would read the caller's text after it is gone.
        let decoder = JSONBytesDecoder()
        let watched = try Array(#"{"secret":"AAAA"}"#.utf8).withUnsafeBufferPointer { text in
            try decoder.decode(WatchingDecoder.self, from: text)
        }
        _ = try Array(#"{"other":1}"#.utf8).withUnsafeBufferPointer { try decoder.decode(AnyJSON.self, from: $0) }
        #expect(watched.decoder.value == nil)
    }

    @Test func oneDecoderForManyTextsAnswersAsAFreshOneForEach() throws {
        // A replay keeps one decoder; what it reuses from one decode to the next must not show.
        let decoder = JSONBytesDecoder()
        var mutator = FuzzMutator(seed: 5)
        var states = RandomStates(seed: 17)
        let actions = try Values.shopActions.map { try RecordingEncoder().encode($0) }
        for round in 0..<1_000 {
            var action = actions[round % actions.count]
            if round % 3 == 0 { _ = mutator.mutate(&action) }
            let actionText = String(decoding: action, as: UTF8.self)
            // Text is compared as the caller would pass it, so a mutation must stay UTF-8.
            let texts = [actionText, states.pair().1.compactText].filter { $0 != actionText || $0.utf8.elementsEqual(action) }
            for text in texts {
                #expect(
                    outcome(Shop.Action.self, text, using: decoder) == outcome(Shop.Action.self, text, fromBytes: true),
                    "\(text.debugDescription)")
                #expect(
                    outcome(AnyJSON.self, text, using: decoder) == outcome(AnyJSON.self, text, fromBytes: true),
                    "\(text.debugDescription)")
            }
        }
    }

    @Test func anEnumCaseReadAgainIsTheKeyOfItsOwnTypeAndName() throws {
        // A decoder remembers the keys it made for one-member objects (an enum's case). With
        // more names than it keeps, each read by two key types one after the other, every
        // answer must still be the key that type makes from that name.
        let decoder = JSONBytesDecoder()
        var names = ["", "a", "ab", "b", "ba", "c", "A", String(repeating: "long", count: 20)] + (0..<1_200).map { "case\($0)" }
        var generator = SeededGenerator(seed: 3)
        for round in 0..<3 {
            names.shuffle(using: &generator)
            for (index, name) in names.enumerated() {
                let text = #"{"\#(name)":{}}"#
                let short = ["a", "b"].contains(name) ? [name] : []
                for anyName in (index + round) % 2 == 0 ? [true, false] : [false, true] {
                    if anyName {
                        #expect(try decode(OnlyCase<AnyNameKey>.self, text, using: decoder).names == [name], "\(text)")
                    } else {
                        #expect(try decode(OnlyCase<ShortKey>.self, text, using: decoder).names == short, "\(text)")
                    }
                }
            }
        }
    }

    @Test func enumCasesAmongNamesThatNeverRepeatAreStillTheirOwnKeys() throws {
        // One-member dictionaries with a new key each time, between enum cases: the decoder
        // stops remembering names for a while when they do not repeat, then starts again.
        let decoder = JSONBytesDecoder()
        for index in 0..<12_000 {
            let unique = "user\(index)"
            #expect(try decode([String: Int].self, #"{"\#(unique)":\#(index)}"#, using: decoder) == [unique: index])
            let name = ["a", "b", "c"][index % 3]
            let expected = name == "c" ? [] : [name]
            #expect(try decode(OnlyCase<ShortKey>.self, #"{"\#(name)":{}}"#, using: decoder).names == expected)
            #expect(try decode(OnlyCase<AnyNameKey>.self, #"{"\#(unique)":{}}"#, using: decoder).names == [unique])
        }
    }

    @Test func casesAfterNamesThatNeverRepeatAreMadeOnceEachAgainSoon() throws {
        // Names that never repeat fill what a decoder remembers; the enum cases that come
        // after them must again be made once each, not once for every value, before long.
        let decoder = JSONBytesDecoder()
        for index in 0..<64 {
            #expect(try decode([String: Int].self, #"{"user\#(index)":\#(index)}"#, using: decoder) == ["user\(index)": index])
        }
        let before = CountedKey.made.value
        for index in 0..<10_000 {
            let name = "case\(index % 10)"
            #expect(try decode(OnlyCase<CountedKey>.self, #"{"\#(name)":{}}"#, using: decoder).names == [name])
        }
        #expect(CountedKey.made.value - before < 4_200)
    }

    @Test func textLongerThanTheParserTakesFailsAsTheParserFails() throws {
        let long = "\"" + String(repeating: "a", count: JSONParser.Options().maximumLength) + "\""
        try expectSameOutcome(String.self, long)
    }

    @Test func randomValuesDecodeAsFromTheTreeThroughATypeThatTriesEveryKind() throws {
        var states = RandomStates(seed: 2026_11_22)
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let (value, edited) = states.pair()
            for json in [value, edited] {
                try expectSameOutcome(AnyJSON.self, json.compactText)
                try expectSameOutcome(AnyJSON.self, RawDiffSupport.respelled(json, using: &generator))
            }
        }
    }

    @Test func brokenActionsFailAsFromTheTree() throws {
        var mutator = FuzzMutator(seed: 11)
        let texts = try Values.shopActions.map { try RecordingEncoder().encode($0) }
        for round in 0..<2_000 {
            var bytes = texts[round % texts.count]
            let operations = mutator.mutate(&bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.utf8.elementsEqual(bytes) else { continue }
            try expectSameOutcome(Shop.Action.self, text, "after \(operations)")
            try expectSameOutcome(AnyJSON.self, text, "after \(operations)")
        }
    }
}

// MARK: - Helpers

extension JSONBytesDecoderTests {
    func bytes<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try Array(text.utf8).withUnsafeBufferPointer { try JSONBytesDecoder().decode(T.self, from: $0) }
    }

    /// What decoding `text` as `T` gives: the value, or the error in words.
    enum Outcome<T: Equatable>: Equatable {
        case value(T)
        case error(String)
    }

    func outcome<T: Decodable & Equatable>(_ type: T.Type, _ text: String, fromBytes: Bool) -> Outcome<T> {
        do {
            return .value(fromBytes ? try bytes(T.self, text) : try JSONValueDecoder().decode(T.self, from: JSONParser.parse(text)))
        } catch {
            return .error("\(Swift.type(of: error)): \(JSONValueDecoder.describe(error))")
        }
    }

    /// What `decoder` gives for `text` as `T`.
    func outcome<T: Decodable & Equatable>(_ type: T.Type, _ text: String, using decoder: JSONBytesDecoder) -> Outcome<T> {
        do {
            return .value(try decode(T.self, text, using: decoder))
        } catch {
            return .error("\(Swift.type(of: error)): \(JSONValueDecoder.describe(error))")
        }
    }

    /// `text` decoded as `T` by `decoder`.
    func decode<T: Decodable>(_ type: T.Type, _ text: String, using decoder: JSONBytesDecoder) throws -> T {
        try Array(text.utf8).withUnsafeBufferPointer { try decoder.decode(T.self, from: $0) }
    }

    func expectSameOutcome<T: Decodable & Equatable>(
        _ type: T.Type, _ text: String, _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(
            outcome(T.self, text, fromBytes: true) == outcome(T.self, text, fromBytes: false),
            "\(T.self) from \(text.debugDescription) \(comment)", sourceLocation: sourceLocation)
    }

    /// Each value, encoded as the recorder encodes it, decodes to itself from the bytes.
    func expectSame<T: Codable & Equatable>(_ values: [T], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for value in values {
            let text = String(decoding: try RecordingEncoder().encode(value), as: UTF8.self)
            #expect(try bytes(T.self, text) == value, "\(text)", sourceLocation: sourceLocation)
            try expectSameOutcome(T.self, text, sourceLocation: sourceLocation)
        }
    }
}

/// A key spelled with U+212A KELVIN SIGN.
private struct Kelvin: Decodable, Equatable {
    var kelvin: Int?

    private enum Keys: String, CodingKey { case kelvin = "\u{212A}" }

    init(from decoder: any Decoder) throws {
        kelvin = try decoder.container(keyedBy: Keys.self).decodeIfPresent(Int.self, forKey: .kelvin)
    }
}

/// Skips the elements it cannot read as dictionaries of integers, as forgiving app types do.
private struct LossyArray: Decodable, Equatable {
    var values: [[String: Int]] = []

    init(from decoder: any Decoder) throws {
        var elements = try decoder.unkeyedContainer()
        // Bounded, so that a decoder that never moves on fails the test instead of hanging it.
        for _ in 0..<100 where !elements.isAtEnd {
            if let value = try? elements.decode([String: Int].self) {
                values.append(value)
            } else {
                _ = try? elements.decode(AnyJSON.self)
            }
        }
    }
}

/// Traps on any error, trusting its input.
private struct Trapping: Decodable {
    var tags: [String: Int]

    private enum Keys: CodingKey { case tags }

    init(from decoder: any Decoder) throws {
        tags = try! decoder.container(keyedBy: Keys.self).decode([String: Int].self, forKey: .tags)
    }
}

/// Counts the values made, to see `init(from:)` run once per value.
private struct Counted: Decodable {
    static let count = CountBox()
    var m: [String: Int]

    init(from decoder: any Decoder) throws {
        Self.count.add()
        m = try decoder.container(keyedBy: Keys.self).decode([String: Int].self, forKey: .m)
    }

    private enum Keys: CodingKey { case m }
}

/// A count behind a lock (macOS 14 has no `Mutex`).
private final class CountBox: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}

/// Keeps its container, to read it later.
private struct Keeping: Decodable {
    let container: KeyedDecodingContainer<Keys>

    enum Keys: CodingKey { case n, m, k }

    init(from decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: Keys.self)
    }
}

/// Keeps a weak reference to the decoder that made it.
private struct WatchingDecoder: Decodable {
    final class WeakBox: @unchecked Sendable {
        weak var value: AnyObject?
    }
    let decoder = WeakBox()

    init(from decoder: any Decoder) throws {
        self.decoder.value = decoder as AnyObject
    }
}

/// The names of an object's keys as `Key` reads them, asked for as an enum's `init(from:)`
/// asks.
private struct OnlyCase<Key: CodingKey>: Decodable {
    let names: [String]

    init(from decoder: any Decoder) throws {
        names = try decoder.container(keyedBy: Key.self).allKeys.map(\.stringValue)
    }
}

/// A key for any name.
private struct AnyNameKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A key for any name that counts the keys made (used by one test only, so that tests
/// running at the same time do not add to its count).
private struct CountedKey: CodingKey {
    static let made = CountBox()
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) {
        Self.made.add()
        self.stringValue = stringValue
    }
    init?(intValue: Int) { nil }
}

/// A key for two names only.
private enum ShortKey: String, CodingKey { case a, b }

/// Reads `inner.value` and keeps -1 for anything it cannot read, as forgiving app types do.
private struct Lenient: Decodable, Equatable {
    var value: Int

    init(value: Int) {
        self.value = value
    }

    private enum Keys: String, CodingKey { case inner, value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let inner = try? container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
        value = (try? inner?.decode(Int.self, forKey: .value)) ?? -1
    }
}

/// Any JSON value, read by trying each kind in turn and catching what fails, with the coding
/// path the decoder reports at each container: every kind of question a decoder answers.
private indirect enum AnyJSON: Decodable, Equatable {
    case null(path: String)
    case bool(Bool)
    case integer(Int)
    case decimal(Decimal)
    case string(String)
    case array([AnyJSON], path: String)
    case object([String: AnyJSON], keys: [String], path: String)

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    init(from decoder: any Decoder) throws {
        let path = decoder.codingPath.map(\.stringValue).joined(separator: "/")
        if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [String: AnyJSON] = [:]
            for key in object.allKeys where members[key.stringValue] == nil {
                members[key.stringValue] = try object.decode(AnyJSON.self, forKey: key)
            }
            let missing = Key(stringValue: "no such key")
            guard !object.contains(missing), try object.decodeIfPresent(Int.self, forKey: missing) == nil else {
                throw DecodingError.dataCorrupted(.init(codingPath: object.codingPath, debugDescription: "found a missing key"))
            }
            self = .object(members, keys: object.allKeys.map(\.stringValue), path: object.codingPath.map(\.stringValue).joined(separator: "/"))
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [AnyJSON] = []
            while !array.isAtEnd {
                if try array.decodeNil() {
                    elements.append(.null(path: "\(path)/\(array.currentIndex)"))
                } else {
                    elements.append(try array.decode(AnyJSON.self))
                }
            }
            self = .array(elements, path: array.codingPath.map(\.stringValue).joined(separator: "/"))
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null(path: path)
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let integer = try? single.decode(Int.self) {
                self = .integer(integer)
            } else if let decimal = try? single.decode(Decimal.self) {
                self = .decimal(decimal)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }
}
