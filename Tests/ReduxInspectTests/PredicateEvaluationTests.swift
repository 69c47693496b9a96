import Testing

@testable import ReduxInspect

/// A predicate and whether it holds in ``PredicateEvaluationTests/state``.
struct PredicateValueCase: CustomTestStringConvertible, Sendable {
    let text: String
    let holds: Bool
    var testDescription: String { "\(text) → \(holds)" }
}

/// Two number texts and their order.
struct NumberOrderCase: CustomTestStringConvertible, Sendable {
    let left: String
    let right: String
    /// -1, 0 or 1.
    let order: Int
    var testDescription: String { "\(left) vs \(right)" }
}

@Suite struct PredicateEvaluationTests {
    static let stateText = #"""
        {"cart":{"items":[{"id":42,"name":"Mug","quantity":2,"price":9.99},{"id":"a7","name":"Tea","quantity":1,"price":4.50}],
         "total":24.48,"coupon":null},
         "user":{"name":"ada","roles":["admin","dev"]},"isLoggedIn":true,"count":7,
         "stats":{"count":3,"max":10},"empty":{},"title":"café","meta":{"content-type":"text/plain"},
         "big":100000000000000000000000001,"tiny":1e-30}
        """#

    static let cases: [PredicateValueCase] = [
        // Numbers compare by exact value.
        .init(text: "cart.total == 24.48", holds: true),
        .init(text: "cart.total == 24.480", holds: true),
        .init(text: "cart.total == 2448e-2", holds: true),
        .init(text: "cart.total > 24.47999999999999999999", holds: true),
        .init(text: "cart.total < 24.48000000000000000001", holds: true),
        .init(text: "cart.total >= 24.48", holds: true),
        .init(text: "cart.total <= 24.48", holds: true),
        .init(text: "cart.total != 24.48", holds: false),
        .init(text: "cart.total < 0", holds: false),
        .init(text: "big > 100000000000000000000000000", holds: true),
        .init(text: "big == 1.00000000000000000000000001e26", holds: true),
        .init(text: "tiny > 0", holds: true),
        .init(text: "tiny < 1e-29", holds: true),
        .init(text: "cart.items[id=\"a7\"].price == 4.5", holds: true),
        .init(text: "-0 == 0", holds: true),
        // Exponents too long for an Int are clamped, which keeps them beyond every other number.
        .init(text: "cart.total == 9e9999999999999999999", holds: false),
        .init(text: "cart.total < 9e9999999999999999999", holds: true),
        .init(text: "9e9999999999999999999 == 9e9999999999999999999", holds: true),
        .init(text: "-9e9999999999999999999 < -1e400", holds: true),
        .init(text: "tiny > 1e-9999999999999999999", holds: true),
        .init(text: "1e-9999999999999999999 > 0", holds: true),
        // Strings by code points; == on strings is exact.
        .init(text: "user.name == \"ada\"", holds: true),
        .init(text: "user.name < \"adb\"", holds: true),
        .init(text: "user.name < \"Ada\"", holds: false),
        .init(text: "user.name >= \"ad\"", holds: true),
        .init(text: "title == \"café\"", holds: true),
        .init(text: "title > \"cafz\"", holds: true),
        .init(text: #"meta["content-type"] == "text/plain""#, holds: true),
        // Other types: == structural, ordering false.
        .init(text: "isLoggedIn == true", holds: true),
        .init(text: "isLoggedIn != false", holds: true),
        .init(text: "isLoggedIn > false", holds: false),
        .init(text: "cart.coupon == null", holds: true),
        .init(text: "user.roles == [\"admin\", \"dev\"]", holds: true),
        .init(text: "user.roles == [\"dev\", \"admin\"]", holds: false),
        .init(text: #"user == {"roles":["admin","dev"],"name":"ada"}"#, holds: true),
        .init(
            text: #"cart.items[id=42] == {"id":42.0,"name":"Mug","quantity":2,"price":9.990}"#, holds: true),
        .init(text: "cart.total > \"24\"", holds: false),
        .init(text: "cart.total == \"24.48\"", holds: false),
        .init(text: "user.roles < [\"b\"]", holds: false),
        .init(text: "empty == {}", holds: true),
        // Paths against paths.
        .init(text: "stats.count < stats.max", holds: true),
        .init(text: "cart.items[0].quantity == stats.count", holds: false),
        // A missing path makes every comparison false, != included.
        .init(text: "cart.discount == 0", holds: false),
        .init(text: "cart.discount != 0", holds: false),
        .init(text: "!(cart.discount == 0)", holds: true),
        .init(text: "cart.items[5].name == \"x\"", holds: false),
        .init(text: "cart.items[id=43].quantity > 0", holds: false),
        .init(text: "cart.total.count > 0", holds: false),
        // .count: arrays, objects, strings; an object's own count member wins.
        .init(text: "cart.items.count == 2", holds: true),
        .init(text: "user.roles.count > 1", holds: true),
        .init(text: "user.count == 2", holds: true),
        .init(text: "empty.count == 0", holds: true),
        .init(text: "title.count == 4", holds: true),
        .init(text: "stats.count == 3", holds: true),
        .init(text: "count(stats) == 2", holds: true),
        .init(text: #"stats["count"] == 3"#, holds: true),
        .init(text: "count == 7", holds: true),
        .init(text: "count(.) == 10", holds: true),
        .init(text: "count(cart.coupon) >= 0", holds: false),
        // exists, !, &&, ||, parentheses.
        .init(text: "exists(cart.coupon)", holds: true),
        .init(text: "exists(cart.discount)", holds: false),
        .init(text: "exists(cart.items[id=42])", holds: true),
        .init(text: "!exists(cart.discount)", holds: true),
        .init(text: "exists(user) && user.name == \"ada\"", holds: true),
        .init(text: "exists(cart.discount) || count == 7", holds: true),
        .init(text: "count == 1 || count == 2 && count == 7", holds: false),
        .init(text: "(count == 1 || count == 7) && isLoggedIn == true", holds: true),
        .init(text: "!(count == 7 && isLoggedIn == false)", holds: true),
    ]

    @Test(arguments: cases)
    func holds(_ test: PredicateValueCase) throws {
        let state = try JSONParser.parse(Self.stateText)
        #expect(try Predicate(parsing: test.text).holds(in: state) == test.holds)
    }

    static let numbers: [NumberOrderCase] = [
        .init(left: "1", right: "1.0", order: 0),
        .init(left: "10", right: "1e1", order: 0),
        .init(left: "0.1", right: "1e-1", order: 0),
        .init(left: "-0", right: "0.000", order: 0),
        .init(left: "0.30000000000000004", right: "0.3", order: 1),
        .init(left: "9.99", right: "10", order: -1),
        .init(left: "-9.99", right: "-10", order: 1),
        .init(left: "-1", right: "0", order: -1),
        .init(left: "0", right: "1e-400", order: -1),
        .init(left: "1e400", right: "1e399", order: 1),
        .init(left: "123456789012345678901234567890", right: "123456789012345678901234567891", order: -1),
        .init(left: "1.5E+3", right: "1500", order: 0),
        .init(left: "100", right: "99.999", order: 1),
        .init(left: "-100", right: "-99.999", order: -1),
        .init(left: "9e9999999999999999999", right: "1e400", order: 1),
        .init(left: "9e9999999999999999999", right: "90E+9999999999999999998", order: 0),
        .init(left: "1e9999999999999999999", right: "9e9999999999999999999", order: -1),
        .init(left: "-9e9999999999999999999", right: "-1e400", order: -1),
        .init(left: "1e-9999999999999999999", right: "0", order: 1),
        .init(left: "1e-9999999999999999999", right: "1e-400", order: -1),
        .init(left: "-1e-9999999999999999999", right: "0", order: -1),
    ]

    @Test(arguments: numbers)
    func numbersCompareByExactValue(_ test: NumberOrderCase) {
        let left = JSONValue.number(JSONNumber(test.left))
        let right = JSONValue.number(JSONNumber(test.right))
        #expect(JSONComparison.order(left, right) == test.order)
        #expect(JSONComparison.order(right, left) == -test.order)
        #expect(JSONComparison.equal(left, right) == (test.order == 0))
    }

    @Test func exponentsTooLongForAnIntAreClampedInsteadOfOverflowing() {
        let limit = ExactDecimal.exponentLimit
        #expect(ExactDecimal(text: "9e9999999999999999999").exponent == limit)
        #expect(ExactDecimal(text: "-9e99999999999999999999999999999999999999").exponent == limit)
        #expect(ExactDecimal(text: "1e-9999999999999999999").exponent == -limit)
        // The point moved by the digits does not bring a clamped exponent back within the limit.
        #expect(ExactDecimal(text: "0.001e\(limit + 2)").exponent == limit)
        #expect(ExactDecimal(text: "0.001e\(limit)").exponent == limit - 2)
        // Two numbers clamped the same way compare by their digits alone.
        #expect(ExactDecimal(text: "1e99999999999999999999") == ExactDecimal(text: "1e9999999999999999999"))
    }

    @Test func predicatesAtTheNestingLimitAndLongChainsEvaluate() throws {
        let state = try JSONParser.parse(Self.stateText)
        let nots = String(repeating: "!", count: 512) + "exists(user)"
        #expect(try Predicate(parsing: nots).holds(in: state))
        #expect(try !Predicate(parsing: String(nots.dropFirst())).holds(in: state))
        let parentheses =
            String(repeating: "(", count: 512) + "count == 7" + String(repeating: ")", count: 512)
        #expect(try Predicate(parsing: parentheses).holds(in: state))
        let others = (8..<50_008).map { "count == \($0)" }
        #expect(try Predicate(parsing: (others + ["count == 7"]).joined(separator: " || ")).holds(in: state))
        let chain = try Predicate(parsing: others.map { "!(\($0))" }.joined(separator: " && "))
        #expect(chain.holds(in: state))
        #expect(chain.comparedPaths == [JSONPath([.key("count")])])
    }
}
