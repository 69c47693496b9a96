import Foundation
import Redux
import ReduxExamples
import Testing

@testable import ReduxInspect

@Suite struct JSONValueDecoderTests {
    // MARK: Round trips through the recorder's encoder

    static let counterActions: [Counter.Action] = [
        .increment, .decrement, .incrementBy(n: 5), .incrementBy(n: -7), .reset,
    ]
    static let shopActions: [Shop.Action] = [
        .loginRequest(username: "ada", password: "lovelace"), .setLoading(true), .setLoading(false),
        .loginSuccess(Shop.User(username: "ada", displayName: "Ada L. \"\u{1F600}\"\n", token: "tok-ada-1")),
        .loginFailed(error: "wrong username or password"), .addToCart(productID: 2, quantity: 3),
        .addToCart(productID: 3, quantity: 1), .setQuantity(itemID: 2, quantity: 5),
        .removeFromCart(itemID: 3),
        .setPackageQuantity(packageID: 200, itemID: 3, quantity: 0), .addPackageToCart(packageID: 200),
        .addToCart(productID: 99, quantity: 1), .dismissError, .logout,
    ]
    static let todosActions: [Todos.Action] = [
        .addCategory(name: "Work"), .addItem(title: "Write tests"), .addItem(title: ""), .toggleDone(id: 3),
        .selectItem(id: 3), .selectItem(id: nil), .setShowCompleted(false), .selectCategory(id: 1),
        .deleteItem(id: 4), .deleteCategory(id: 2),
    ]

    @Test(arguments: counterActions) func counterActionsRoundTrip(action: Counter.Action) throws {
        #expect(try roundTrip(action) == action)
    }

    @Test(arguments: shopActions) func shopActionsRoundTrip(action: Shop.Action) throws {
        #expect(try roundTrip(action) == action)
    }

    @Test(arguments: todosActions) func todosActionsRoundTrip(action: Todos.Action) throws {
        #expect(try roundTrip(action) == action)
    }

    @Test func statesRoundTripAfterEveryAction() throws {
        try expectStatesRoundTrip(Counter.State(), Counter.reducer, Self.counterActions)
        try expectStatesRoundTrip(Shop.State(), Shop.reducer, Self.shopActions)
        try expectStatesRoundTrip(Todos.State(), Todos.reducer, Self.todosActions)
    }

    @Test func enumsAreReadAsSwiftSynthesizesThem() throws {
        #expect(try decode(Counter.Action.self, #"{"incrementBy":{"n":5}}"#) == .incrementBy(n: 5))
        #expect(try decode(Counter.Action.self, #"{"increment":{}}"#) == .increment)
        #expect(try decode(Shop.Action.self, #"{"setLoading":{"_0":true}}"#) == .setLoading(true))
        #expect(try decode(Todos.Action.self, #"{"selectItem":{}}"#) == .selectItem(id: nil))
        #expect(try decode(Todos.Action.self, #"{"selectItem":{"id":null}}"#) == .selectItem(id: nil))
    }

    // MARK: Scalars

    @Test(arguments: ["0.1", "12.99", "1e-7", "-0.000", "4.50", "123456789012345678901234567890.5"])
    func decimalsComeFromTheNumberText(text: String) throws {
        let decoded = try decode(Decimal.self, text)
        #expect(decoded == Decimal(string: text))
        #expect(try decode([Decimal].self, "[\(text)]") == [Decimal(string: text)!])
    }

    @Test func decimalIsNotReadThroughDouble() throws {
        let precise = "1.000000000000000000000000001"
        #expect(try decode(Decimal.self, precise).description == precise)
        #expect(try roundTrip(Shop.catalog) == Shop.catalog)
    }

    @Test func datesURLsAndDataRoundTrip() throws {
        let value = Specials(
            date: Date(timeIntervalSinceReferenceDate: 786_000_123.456),
            url: URL(string: "https://example.com/a?b=c")!,
            data: Data([0, 1, 2, 250, 255]), when: [Date(timeIntervalSince1970: 0)])
        #expect(try roundTrip(value) == value)
        #expect(try decode(Date.self, "-1.5") == Date(timeIntervalSinceReferenceDate: -1.5))
    }

    @Test func integersOfEveryWidthAndFloatsRoundTrip() throws {
        for value in [Widths.minimum, Widths.maximum, Widths()] { #expect(try roundTrip(value) == value) }
        #expect(try decode(Int.self, "5.0") == 5)
        #expect(try decode(UInt8.self, "2.55e2") == 255)
        #expect(try decode(Int64.self, "-9.223372036854775808e18") == .min)
        #expect(try decode(Int.self, "-0.0") == 0)
        #expect(try decode(Float.self, "0.1") == Float(0.1))
        #expect(try decode(Double.self, "1e-320") == Double("1e-320"))
    }

    // MARK: Containers

    @Test func nestedContainersSuperDecodersAndNulls() throws {
        let value = Nesting(a: 1, b: [nil, "x", nil], c: [[1, 2], []], base: "super")
        let json = try JSONParser.parse(RecordingEncoder().encode(value))
        #expect(
            json.compactText
                == #"{"pair":{"a":1,"list":[null,"x",null]},"grid":[[1,2],[]],"super":{"base":"super"}}"#)
        #expect(try JSONValueDecoder().decode(Nesting.self, from: json) == value)
        #expect(try decode(Int?.self, "null") == nil)
        #expect(try decode([Int?].self, "[1,null]") == [1, nil])
    }

    @Test func largeObjectsAndDuplicateKeysFindTheFirstMember() throws {
        let large = Dictionary(uniqueKeysWithValues: (0..<100).map { ("key\($0)", $0) })
        #expect(try roundTrip(large) == large)
        #expect(try decode(Counter.State.self, #"{"count":1,"count":2}"#).count == 1)
        let padded = (0..<40).map { #""pad\#($0)":0,"# }.joined()
        #expect(try decode(Counter.State.self, "{\(padded)\"count\":3,\"count\":4}").count == 3)
    }

    // MARK: Errors

    static let errorCases: [ErrorCase] = [
        ErrorCase(
            Shop.Action.self, #"{"loginRequest":{"username":"ada","password":42}}"#,
            "at loginRequest.password: expected String, found a number (42)"),
        ErrorCase(
            Shop.Action.self, #"{"loginRequest":{"username":"ada"}}"#,
            #"at loginRequest: missing key "password""#),
        ErrorCase(Shop.Action.self, #"{"fly":{}}"#, #"at (root): unknown case "fly" of Action"#),
        ErrorCase(Shop.Action.self, #"{}"#, "at (root): expected a case of Action, found an empty object"),
        ErrorCase(
            Shop.Action.self, #"{"logout":{},"dismissError":{}}"#,
            #"at (root): expected one key naming a case of Action, found 2 ("logout", "dismissError")"#),
        ErrorCase(
            Shop.Action.self, #"{"addToCart":{"productID":9223372036854775808,"quantity":1}}"#,
            "at addToCart.productID: expected Int, found 9223372036854775808 (out of range)"),
        ErrorCase(
            Shop.Action.self, #"{"addToCart":{"productID":1e300,"quantity":1}}"#,
            "at addToCart.productID: expected Int, found 1e300 (out of range)"),
        ErrorCase(
            Shop.Action.self, #"{"addToCart":{"productID":2,"quantity":1.5}}"#,
            "at addToCart.quantity: expected Int, found 1.5 (not a whole number)"),
        ErrorCase(
            Shop.Action.self, #"{"setLoading":{"_0":null}}"#, "at setLoading._0: expected Bool, found null"),
        ErrorCase(Shop.Action.self, #"{"setLoading":true}"#, "at setLoading: expected an object, found true"),
        ErrorCase(
            Shop.Action.self, #"{"loginSuccess":{"_0":["ada"]}}"#,
            #"at loginSuccess._0: expected an object, found an array (["ada"])"#),
        ErrorCase(
            Shop.Action.self, #""logout""#, #"at (root): expected an object, found a string ("logout")"#),
        ErrorCase(
            Shop.State.self,
            shopStateText.replacingOccurrences(of: #""price":9.99"#, with: #""price":"9.99""#),
            #"at catalog[2].price: expected Decimal, found a string ("9.99")"#),
        ErrorCase(Widths.self, #"{"i8":300}"#, "at i8: expected Int8, found 300 (out of range)"),
        ErrorCase(UInt.self, "-1", "at (root): expected UInt, found -1 (out of range)"),
        ErrorCase([Int].self, "[1,true]", "at [1]: expected Int, found true"),
        ErrorCase([Int].self, "[[]]", "at [0]: expected Int, found an array ([])"),
        ErrorCase(Data.self, #""%%""#, #"at (root): expected Data (base64), found "%%" (not valid base64)"#),
        ErrorCase(
            [String: Int].self, #"{"odd key":"x"}"#, #"at ["odd key"]: expected Int, found a string ("x")"#),
        ErrorCase(
            Int.self, "\"\(String(repeating: "a", count: 60))\"",
            "at (root): expected Int, found a string (\"\(String(repeating: "a", count: 38))…)"),
    ]
    static let shopStateText = String(decoding: try! RecordingEncoder().encode(Shop.State()), as: UTF8.self)

    @Test(arguments: errorCases) func errorsNameThePathAndWhatWasFound(_ error: ErrorCase) {
        #expect(error.describe() == error.expected)
    }

    @Test func describeKeepsOtherErrorsOnOneLine() {
        struct Custom: Error, CustomStringConvertible { var description: String { "first\nsecond" } }
        #expect(JSONValueDecoder.describe(Custom()) == "first second")
        let context = DecodingError.Context(codingPath: [IndexKey(0)], debugDescription: "Not a valid thing.")
        #expect(
            JSONValueDecoder.describe(DecodingError.typeMismatch(Int.self, context))
                == "at [0]: expected Int (Not a valid thing.)")
    }
}

// MARK: - Helpers

extension JSONValueDecoderTests {
    /// Encodes as the recorder does, parses, and decodes.
    func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONValueDecoder().decode(T.self, from: JSONParser.parse(RecordingEncoder().encode(value)))
    }

    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONValueDecoder().decode(T.self, from: JSONParser.parse(json))
    }

    func expectStatesRoundTrip<State: Codable & Equatable, Action>(
        _ initial: State, _ reducer: Reducer<State, Action>, _ actions: [Action]
    ) throws {
        var state = initial
        #expect(try roundTrip(state) == state)
        for action in actions {
            reducer.reduce(&state, action)
            #expect(try roundTrip(state) == state)
        }
    }
}

/// JSON that a type must fail to decode from, and the description of the error.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let expected: String
    /// Decodes the JSON and describes the error, or says that there was none.
    let describe: @Sendable () -> String
    /// The same with ``JSONBytesDecoder``, from the text.
    let describeFromBytes: @Sendable () -> String

    init<T: Decodable & Sendable>(_ type: T.Type, _ json: String, _ expected: String) {
        testDescription = "\(T.self) from \(json.prefix(60))"
        self.expected = expected
        describe = {
            do {
                _ = try JSONValueDecoder().decode(T.self, from: JSONParser.parse(json))
                return "decoded without error"
            } catch {
                return JSONValueDecoder.describe(error)
            }
        }
        describeFromBytes = {
            do {
                _ = try Array(json.utf8).withUnsafeBufferPointer { try JSONBytesDecoder().decode(T.self, from: $0) }
                return "decoded without error"
            } catch {
                return JSONValueDecoder.describe(error)
            }
        }
    }
}

struct Specials: Codable, Equatable {
    var date: Date
    var url: URL
    var data: Data
    var when: [Date]
}

struct Widths: Codable, Equatable {
    var i8: Int8 = 0, i16: Int16 = 0, i32: Int32 = 0, i64: Int64 = 0, i: Int = 0
    var u8: UInt8 = 0, u16: UInt16 = 0, u32: UInt32 = 0, u64: UInt64 = 0, u: UInt = 0
    var f: Float = 0, d: Double = 0

    static let minimum = Widths(
        i8: .min, i16: .min, i32: .min, i64: .min, i: .min,
        u8: .min, u16: .min, u32: .min, u64: .min, u: .min,
        f: -.greatestFiniteMagnitude, d: -.leastNonzeroMagnitude)
    static let maximum = Widths(
        i8: .max, i16: .max, i32: .max, i64: .max, i: .max,
        u8: .max, u16: .max, u32: .max, u64: .max, u: .max,
        f: .pi, d: .greatestFiniteMagnitude)
}

/// Written with every kind of container, `superEncoder()` included.
struct Nesting: Codable, Equatable {
    var a: Int
    var b: [String?]
    var c: [[Int]]
    var base: String

    private enum Keys: String, CodingKey { case pair, a, list, grid, base }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var pair = container.nestedContainer(keyedBy: Keys.self, forKey: .pair)
        try pair.encode(a, forKey: .a)
        var list = pair.nestedUnkeyedContainer(forKey: .list)
        for item in b {
            if let item { try list.encode(item) } else { try list.encodeNil() }
        }
        var grid = container.nestedUnkeyedContainer(forKey: .grid)
        for row in c {
            var nested = grid.nestedUnkeyedContainer()
            for number in row { try nested.encode(number) }
        }
        var parent = container.superEncoder().container(keyedBy: Keys.self)
        try parent.encode(base, forKey: .base)
    }
}

extension Nesting {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let pair = try container.nestedContainer(keyedBy: Keys.self, forKey: .pair)
        a = try pair.decode(Int.self, forKey: .a)
        var list = try pair.nestedUnkeyedContainer(forKey: .list)
        b = []
        while !list.isAtEnd { b.append(try list.decodeNil() ? nil : list.decode(String.self)) }
        var grid = try container.nestedUnkeyedContainer(forKey: .grid)
        c = []
        while !grid.isAtEnd {
            var nested = try grid.nestedUnkeyedContainer()
            var row: [Int] = []
            while !nested.isAtEnd { row.append(try nested.decode(Int.self)) }
            c.append(row)
        }
        base = try container.superDecoder().container(keyedBy: Keys.self).decode(String.self, forKey: .base)
    }
}
