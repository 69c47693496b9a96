import Foundation
import Testing

@testable import Redux

/// The streaming encoder behind ``RecordingEncoder/encode(_:)`` and the recorder's entry
/// lines must write exactly what the tree encoder (``EncodedValue``, then ``JSONLineWriter``)
/// writes, and fail with the same errors.
@Suite struct EncoderDifferentialTests {
    static let redactions: [Set<String>] = [[], ["token", "PASSWORD"], ["name", "items", "super", "0"]]

    /// The reference: encode to a tree, then write it.
    static func reference(_ value: some Encodable, _ keys: Set<String>) throws -> [UInt8] {
        var bytes: [UInt8] = []
        JSONLineWriter(redactedKeys: keys).write(try EncodedValue.encode(value), to: &bytes)
        return bytes
    }

    static func expectSame<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) {
        for keys in redactions {
            let expected = Result { try reference(value, keys) }
            let actual = Result { try RecordingEncoder(redactedKeys: keys).encode(value) }
            switch (expected, actual) {
            case (.success(let a), .success(let b)):
                #expect(
                    String(decoding: b, as: UTF8.self) == String(decoding: a, as: UTF8.self), sourceLocation: sourceLocation)
                #expect(a == b, sourceLocation: sourceLocation)
            case (.failure(let a), .failure(let b)):
                #expect(describe(a) == describe(b), sourceLocation: sourceLocation)
            default:
                Issue.record("one encoder failed, the other did not: \(expected) \(actual)", sourceLocation: sourceLocation)
            }
        }
    }

    static func describe(_ error: any Error) -> String {
        guard case EncodingError.invalidValue(_, let context) = error else { return "\(error)" }
        return context.codingPath.map { "\($0.stringValue)/\($0.intValue.map(String.init) ?? "-")" }.joined(separator: ".")
            + ": " + context.debugDescription
    }

    /// A value whose `encode(to:)` swallows the error of a member that has no JSON form: the
    /// member is left out, as the tree encoder leaves it, never half written (`{"d":}`).
    struct Swallowing: Encodable {
        var decimal = Decimal.nan
        var double = Double.nan
        var nested = [Decimal.nan]
        enum CodingKeys: String, CodingKey { case a, decimal, double, nested, z }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .a)
            try? container.encode(decimal, forKey: .decimal)
            try? container.encode(double, forKey: .double)
            try? container.encode(nested, forKey: .nested)
            try container.encode(2, forKey: .z)
        }
    }

    /// Only a `Decimal`: its key is written before its text is known to have none.
    struct SwallowingDecimal: Encodable {
        enum CodingKeys: String, CodingKey { case a, d }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .a)
            try? container.encode(Decimal.nan, forKey: .d)
        }
    }

    @Test func aSwallowedErrorLeavesTheMemberOutAsTheTreeDoes() throws {
        Self.expectSame(Swallowing())
        Self.expectSame([Swallowing(), Swallowing()])
        Self.expectSame(SwallowingDecimal())
        Self.expectSame(["x": [SwallowingDecimal()]])
        #expect(String(decoding: try RecordingEncoder().encode(Swallowing()), as: UTF8.self) == #"{"a":1,"z":2}"#)
        #expect(String(decoding: try RecordingEncoder().encode(SwallowingDecimal()), as: UTF8.self) == #"{"a":1}"#)
    }

    @Test func shopLikeState() {
        Self.expectSame(ShopLike.sample)
        Self.expectSame([ShopLike.sample, ShopLike()])
        Self.expectSame(Optional<ShopLike>.none)
        Self.expectSame(LikeAction.login(username: "ann", password: "pw"))
        Self.expectSame(LikeAction.logout)
        Self.expectSame(LikeAction.set(ShopLike.sample))
        Self.expectSame(LikeAction.flag(true))
    }

    @Test func scalarsAndSpecialTypes() {
        Self.expectSame(3)
        Self.expectSame("a \"quoted\"\n\ttab \\ \u{01}\u{7F} é 😀 \r")
        Self.expectSame(Decimal(string: "9.99")!)
        Self.expectSame([Decimal(string: "-0.001")!, Decimal(12)])
        Self.expectSame(URL(string: "https://example.com/a?b=c d")!)
        Self.expectSame(Data([0, 1, 2, 255]))
        Self.expectSame([1.5, -0.0, 1e300, .leastNonzeroMagnitude])
        Self.expectSame([Float(1.1), .greatestFiniteMagnitude])
        Self.expectSame(Int.min)
        Self.expectSame([UInt64.max, 0, 10, 9])
        Self.expectSame([Int8.min, Int8.max])
        Self.expectSame(Scalars())
        Self.expectSame([Optional<Int>.none, 1])
        Self.expectSame([[String: Int]]())
        Self.expectSame(Wrapper(value: ["b": 2, "a": 1, "token": 3]))
        Self.expectSame(Wrapper(value: Set(["x", "b", "a\n"])))
        Self.expectSame(Wrapper(value: [3: "c", 1: "a"]))
        Self.expectSame(Wrapper(value: [Decimal(1): [Set([2, 1])]]))
    }

    @Test func nonFiniteNumbersFailWithTheSamePath() {
        Self.expectSame(Wrapper(value: [1.0, .nan]))
        Self.expectSame(Wrapper(value: ["token": Double.infinity]))
        Self.expectSame(Wrapper(value: Float.nan))
        Self.expectSame(Double.infinity)
        Self.expectSame(Wrapper(value: Decimal.nan))
        Self.expectSame(Wrapper(value: ["a": [Wrapper(value: -Double.infinity)]]))
        Self.expectSame(Custom(mode: 9, number: .nan))
    }

    @Test(arguments: 0..<12) func customContainerUse(mode: Int) {
        Self.expectSame(Custom(mode: mode, number: 1.5))
        Self.expectSame([Custom(mode: mode, number: 2), Custom(mode: (mode + 1) % 12, number: 3)])
        Self.expectSame(Wrapper(value: Custom(mode: mode, number: 4)))
    }

    @Test(arguments: 0..<40) func randomValues(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        Self.expectSame(RandomValue.make(&generator, depth: 0))
    }

    /// A key is redacted when its lower-cased form is one of the lower-cased redacted keys,
    /// whatever shortcut the writer takes for ASCII keys.
    @Test func redactionIgnoresCaseLikeLowercased() {
        let keySets: [Set<String>] = [
            ["password", "token"], ["TOKEN", "Pass", "k", "é", "\u{212A}ey", "straße", ""], ["a", "ab", String(repeating: "x", count: 70)],
        ]
        var keys = [
            "password", "PASSWORD", "Password", "passwor", "passwordx", "token", "toKen", "tokeN ", "k", "K", "\u{212A}",
            "key", "KEY", "\u{212A}EY", "é", "É", "e\u{301}", "STRASSE", "Straße", "STRAßE", "", "a", "A", "ab", "aB", "Ab", "[",
            "@", "`", "{", String(repeating: "X", count: 70), String(repeating: "x", count: 69), "pass", "PASS", "İ", "i",
        ]
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array("aAbBkKpPtT@[`{_0é\u{212A}")
        for _ in 0..<500 {
            keys.append(String((0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        for set in keySets {
            let writer = JSONLineWriter(redactedKeys: set)
            let lowered = Set(set.map { $0.lowercased() })
            for key in keys + set.map({ $0.uppercased() }) {
                #expect(writer.isRedacted(key) == lowered.contains(key.lowercased()), "\(key) in \(set)")
            }
        }
        #expect(!JSONLineWriter().isRedacted("password"))
    }

    @Test func entryLineMatchesTheTree() throws {
        for keys in Self.redactions + [["state", "type"], ["seq", "us", "action"]] {
            let writer = JSONLineWriter(redactedKeys: keys)
            let time = Date(timeIntervalSince1970: 1_700_000_000.123)
            typealias Line = RecordingLine<ShopLike, LikeAction>
            for (action, state, us) in [
                (LikeAction.login(username: "a", password: "b"), ShopLike.sample, 17),
                (LikeAction.logout, nil, nil), (LikeAction.flag(false), ShopLike(), 0),
            ] as [(LikeAction, ShopLike?, Int?)] {
                var actual: [UInt8] = Array("prefix".utf8)
                try Line.entry(seq: 42, time: time, action: action, state: state, microseconds: us).encode(
                    with: writer, to: &actual)
                var expected: [UInt8] = Array("prefix".utf8)
                writer.writeLine(
                    try Line.entryTree(42, time, action, state, us), appValueKeys: Line.appValueKeys, to: &expected)
                expected.append(UInt8(ascii: "\n"))
                #expect(String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
            }
            var output: [UInt8] = Array("kept".utf8)
            let failing = RecordingLine<Wrapper<Double>, LikeAction>.entry(
                seq: 1, time: time, action: .logout, state: Wrapper(value: .nan), microseconds: nil)
            #expect(throws: EncodingError.self) { try failing.encode(with: writer, to: &output) }
            #expect(output == Array("kept".utf8))
        }
    }
}

// MARK: - Values

struct Wrapper<Value: Encodable>: Encodable {
    var value: Value
}

struct Scalars: Encodable {
    var a: Int8 = -8, b: Int16 = 16, c: Int32 = -32, d: Int64 = 64, e: UInt = 1, f: UInt8 = 8, g: UInt16 = 16
    var h: UInt32 = 32, i: UInt64 = 64, j: Float = 0.1, k: Double = 0.1, l: Bool = true, m: String? = nil
    var n: String = "\u{0}"
}

struct ShopLike: Encodable {
    struct Item: Encodable {
        var id: Int
        var name: String
        var price: Decimal
        var quantity: Int
    }
    struct User: Encodable {
        var username: String
        var token: String
    }
    var user: User?
    var isLoading = false
    var error: String?
    var items: [Item] = []
    var total: Decimal = 0
    var tags: Set<String> = []
    var stock: [String: Int] = [:]

    static let sample = ShopLike(
        user: User(username: "ann", token: "secret"), isLoading: true, error: "bad\nthing",
        items: [
            Item(id: 1, name: "Green tea", price: Decimal(string: "4.50")!, quantity: 2),
            Item(id: 2, name: "Espresso", price: Decimal(string: "12.99")!, quantity: 1),
        ], total: Decimal(string: "21.99")!, tags: ["b", "a"], stock: ["tea": 3, "mug": 0])
}

enum LikeAction: Encodable {
    case login(username: String, password: String)
    case logout
    case set(ShopLike)
    case flag(Bool)
}

/// Uses the `Encoder` protocol in the ways synthesized conformances never do.
struct Custom: Encodable {
    var mode: Int
    var number: Double

    enum Keys: String, CodingKey { case a, b, c, token, name }

    func encode(to encoder: any Encoder) throws {
        switch mode {
        case 0:  // write to the parent after opening a nested container, then to the nested one
            var outer = encoder.container(keyedBy: Keys.self)
            var inner = outer.nestedContainer(keyedBy: Keys.self, forKey: .a)
            try outer.encode(1, forKey: .b)
            try inner.encode(number, forKey: .c)
        case 1:  // superEncoder, then keep going
            var outer = encoder.container(keyedBy: Keys.self)
            try Wrapper(value: number).encode(to: outer.superEncoder())
            try outer.encode("x", forKey: .b)
            try [1, 2].encode(to: outer.superEncoder(forKey: .token))
        case 2:  // duplicate keys: the last value at the first position
            var outer = encoder.container(keyedBy: Keys.self)
            try outer.encode(1, forKey: .a)
            try outer.encode(2, forKey: .b)
            try outer.encode([3], forKey: .a)
        case 3:  // a single value encoded twice
            var single = encoder.singleValueContainer()
            try single.encode(1)
            try single.encode(number)
        case 4:  // keyed container requested twice, with a nested unkeyed in between
            var first = encoder.container(keyedBy: Keys.self)
            var list = first.nestedUnkeyedContainer(forKey: .name)
            try list.encode(number)
            var nested = list.nestedContainer(keyedBy: Keys.self)
            try nested.encode(true, forKey: .token)
            try list.encodeNil()
            var second = encoder.container(keyedBy: Keys.self)
            try second.encode("two", forKey: .b)
        case 5:  // unkeyed then keyed on the same encoder
            var list = encoder.unkeyedContainer()
            try list.encode(1)
            var keyed = encoder.container(keyedBy: Keys.self)
            try keyed.encode(2, forKey: .a)
        case 6:  // nothing at all
            break
        case 7:  // an unkeyed superEncoder and nested unkeyed containers
            var list = encoder.unkeyedContainer()
            try "s".encode(to: list.superEncoder())
            var inner = list.nestedUnkeyedContainer()
            try inner.encode(number)
            try list.encode(Wrapper(value: [number]))
            _ = list.superEncoder()
        case 8:  // redacted nested containers, written to late
            var outer = encoder.container(keyedBy: Keys.self)
            var hidden = outer.nestedContainer(keyedBy: Keys.self, forKey: .token)
            try hidden.encode(number, forKey: .a)
            try outer.encode(Wrapper(value: ["token": 1]), forKey: .name)
            try hidden.encode(2, forKey: .b)
        case 9:  // a non-finite number under a redacted key
            var outer = encoder.container(keyedBy: Keys.self)
            try outer.encode(number, forKey: .token)
        case 10:  // codingPath read during encoding
            var outer = encoder.container(keyedBy: Keys.self)
            try outer.encode(encoder.codingPath.map(\.stringValue).joined(separator: "."), forKey: .a)
            var inner = outer.nestedContainer(keyedBy: Keys.self, forKey: .b)
            try inner.encode(inner.codingPath.map(\.stringValue), forKey: .c)
        default:  // single value of a nested value
            var single = encoder.singleValueContainer()
            try single.encode(Wrapper(value: number))
        }
    }
}

/// A random nested value: structs, enums, optionals, arrays, dictionaries, sets.
indirect enum RandomValue: Encodable, Hashable {
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)
    case none
    case some(RandomValue)
    case list([RandomValue])
    case map([String: RandomValue])
    case intMap([Int: RandomValue])
    case set(Set<RandomValue>)
    case record(name: String, token: RandomValue, items: [RandomValue])

    static let strings = ["", "a", "token", "Token", "name", "é", "e\u{301}", "\u{212A}", "K", "a\"b", "\n", "\u{1F}", "日本"]

    static func make(_ g: inout SeededGenerator, depth: Int) -> RandomValue {
        let leaf = depth > 3
        switch Int.random(in: 0..<(leaf ? 5 : 11), using: &g) {
        case 0: return .int(Int.random(in: -1000...1000, using: &g))
        case 1: return .double(Double(Int.random(in: -100...100, using: &g)) / 8)
        case 2: return .string(strings.randomElement(using: &g)!)
        case 3: return .bool(Bool.random(using: &g))
        case 4: return .none
        case 5: return .some(make(&g, depth: depth + 1))
        case 6: return .list((0..<Int.random(in: 0..<4, using: &g)).map { _ in make(&g, depth: depth + 1) })
        case 7:
            return .map(
                Dictionary((0..<Int.random(in: 0..<4, using: &g)).map { _ in
                    (strings.randomElement(using: &g)!, make(&g, depth: depth + 1))
                }, uniquingKeysWith: { a, _ in a }))
        case 8:
            return .intMap(
                Dictionary((0..<Int.random(in: 0..<4, using: &g)).map { _ in
                    (Int.random(in: -5...5, using: &g), make(&g, depth: depth + 1))
                }, uniquingKeysWith: { a, _ in a }))
        case 9: return .set(Set((0..<Int.random(in: 0..<4, using: &g)).map { _ in make(&g, depth: 4) }))
        default:
            return .record(
                name: strings.randomElement(using: &g)!, token: make(&g, depth: depth + 1),
                items: (0..<Int.random(in: 0..<3, using: &g)).map { _ in make(&g, depth: depth + 1) })
        }
    }
}

/// SplitMix64, so that every run tests the same values.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed &+ 0x9E37_79B9_7F4A_7C15
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
