import Testing

@testable import ReduxInspect

/// A predicate's text and how the parser writes it back (``Predicate/description``).
struct PredicateTextCase: CustomTestStringConvertible, Sendable {
    let text: String
    let written: String
    var testDescription: String { text }
}

/// A malformed predicate and its error.
struct PredicateErrorCase: CustomTestStringConvertible, Sendable {
    let text: String
    let error: String
    var testDescription: String { text }
}

/// A predicate nested past the limit, named briefly, and the column of its level too many.
struct PredicateNestingCase: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    let column: Int
    var testDescription: String { name }
}

@Suite struct PredicateParserTests {
    static let texts: [PredicateTextCase] = [
        .init(text: "cart.total < 0", written: "cart.total < 0"),
        .init(text: "cart.total<0", written: "cart.total < 0"),
        .init(text: "  isLoggedIn==true  ", written: "isLoggedIn == true"),
        .init(text: "items.count > 3", written: "items.count > 3"),
        .init(text: "count(items) >= 3", written: "count(items) >= 3"),
        .init(text: "count > 3", written: "count > 3"),
        .init(text: ".count > 3", written: "count > 3"),
        .init(text: #"stats["count"] == 1"#, written: #"stats["count"] == 1"#),
        .init(text: "exists(user)", written: "exists(user)"),
        .init(text: "exists (user)", written: "exists(user)"),
        .init(text: "exists == 1", written: "exists == 1"),
        .init(text: "!exists(error)", written: "!exists(error)"),
        .init(text: "!!exists(error)", written: "!!exists(error)"),
        .init(text: "!cart.total == 0", written: "!(cart.total == 0)"),
        .init(text: "a == 1 || b == 2 && c == 3", written: "a == 1 || b == 2 && c == 3"),
        .init(text: "(a == 1 || b == 2) && c == 3", written: "(a == 1 || b == 2) && c == 3"),
        .init(text: "((a != 1))", written: "a != 1"),
        .init(text: "cart.items[id=42].quantity <= 2.50", written: "cart.items[id=42].quantity <= 2.50"),
        .init(text: #"cart.items[id="a 7"].name == "Mug""#, written: #"cart.items[id="a 7"].name == "Mug""#),
        .init(
            text: #"meta["content-type"] != "text/plain""#, written: #"meta["content-type"] != "text/plain""#),
        .init(text: #".["odd key"] == null"#, written: #".["odd key"] == null"#),
        .init(text: ".[0] == 1", written: ".[0] == 1"),
        .init(text: ".true == false", written: ".true == false"),
        .init(text: "tags == [\"a\", \"b\"]", written: #"tags == ["a","b"]"#),
        .init(text: #"user == {"name": "ada", "age": 36}"#, written: #"user == {"name":"ada","age":36}"#),
        .init(text: "1e400 > -0.5E-3", written: "1e400 > -0.5E-3"),
        .init(text: "total == subtotal", written: "total == subtotal"),
        .init(text: ". != {}", written: ". != {}"),
        .init(text: "name < \"ß\"", written: #"name < "ß""#),
    ]

    @Test(arguments: texts)
    func readsAndWritesBack(_ test: PredicateTextCase) throws {
        let predicate = try Predicate(parsing: test.text)
        #expect(predicate.description == test.written)
        #expect(try Predicate(parsing: predicate.description) == predicate)
    }

    @Test func buildsTheTree() throws {
        let predicate = try Predicate(parsing: "!(cart.items.count > 2) && exists(user) || x == \"y\"")
        let expected: Predicate = .or(
            .and(
                .not(.comparison(.count(["cart", "items"].path, member: true), .greater, .literal(2))),
                .exists(["user"].path)),
            .comparison(.path(["x"].path), .equal, .literal(.string("y"))))
        #expect(predicate == expected)
        #expect(
            try Predicate(parsing: "a.b[id=3][2] == 1").paths == [
                JSONPath([.key("a"), .key("b"), .id(3), .index(2)])
            ])
        #expect(
            try Predicate(parsing: "a == b || exists(a) && count(c) > a.count").paths
                == [["a"].path, ["b"].path, ["c"].path])
    }

    static let errors: [PredicateErrorCase] = [
        .init(text: "", error: "expected a predicate, such as cart.total > 0 at column 1"),
        .init(text: "   ", error: "expected a predicate, such as cart.total > 0 at column 4"),
        .init(text: "cart.total >", error: #"expected a path or a JSON value after ">" at column 13"#),
        .init(
            text: "cart.total",
            error: "expected a comparison (==, !=, <, <=, >, >=) after the path at column 11"),
        .init(text: "1", error: "expected a comparison (==, !=, <, <=, >, >=) after the value at column 2"),
        .init(text: "cart.total = 1", error: #"expected "==" to compare, not "=" at column 12"#),
        .init(text: "a == 1 b == 2", error: #"expected "&&", "||" or the end of the predicate at column 8"#),
        .init(text: "a == 1 & b == 2", error: #"expected "&&" at column 8"#),
        .init(text: "a == 1 | b == 2", error: #"expected "||" at column 8"#),
        .init(text: "a == 1)", error: #"unexpected ")" without a matching "(" at column 7"#),
        .init(text: "(a == 1", error: #"expected ")" at column 8"#),
        .init(text: "(a == 1 b", error: #"expected "&&", "||" or ")" at column 9"#),
        .init(text: "(", error: #"expected a predicate after "(" at column 2"#),
        .init(text: "!", error: #"expected a predicate after "!" at column 2"#),
        .init(text: "a == 1 &&", error: "expected a path or a JSON value at column 10"),
        .init(text: "exists()", error: "expected a path in exists(…) at column 8"),
        .init(text: "exists(a", error: #"expected ")" after the path at column 9"#),
        .init(text: "exists(a b)", error: #"expected ")" after the path at column 10"#),
        .init(text: "count(a) > ", error: #"expected a path or a JSON value after ">" at column 12"#),
        .init(text: "cart..total > 1", error: #"invalid path: expected a key or "[" at column 6"#),
        .init(text: "cart.items[id=] > 1", error: "invalid path: expected a JSON scalar at column 15"),
        .init(
            text: "cart.tötal > 1",
            error: #"invalid path: expected "." or "[" (a key with characters other than ASCII letters, digits and _ is written in brackets: ["tötal"]) at column 7"#),
        .init(text: "a == [1, 2", error: "invalid JSON value: unexpected end of input: expected ',' or ']' after array element at column 11"),
        .init(text: "a == [1,]", error: "invalid JSON value: trailing comma is not allowed at column 8"),
        .init(text: #"a == "x"#, error: "invalid JSON value: unterminated string at column 6"),
        .init(
            text: "a == 01", error: "invalid JSON value: leading zeros are not allowed in numbers at column 6"
        ),
        .init(text: "a == 1 == 2", error: #"expected "&&", "||" or the end of the predicate at column 8"#),
        .init(text: "a == @", error: "expected a path or a JSON value at column 6"),
        .init(text: "é == 1", error: "expected a path or a JSON value at column 1"),
    ]

    @Test(arguments: errors)
    func saysWhatIsWrongAndWhere(_ test: PredicateErrorCase) {
        #expect(throws: PredicateParseError.self) { try Predicate(parsing: test.text) }
        do {
            _ = try Predicate(parsing: test.text)
        } catch {
            #expect(error.description == test.error)
        }
    }

    // MARK: Nesting and long chains

    @Test func notAndParenthesesNestUpTo512Levels() throws {
        let nots = String(repeating: "!", count: 512) + "exists(user)"
        #expect(try Predicate(parsing: nots).description == nots)
        let parentheses = String(repeating: "(", count: 512) + "a == 1" + String(repeating: ")", count: 512)
        #expect(try Predicate(parsing: parentheses).description == "a == 1")
        let mixed = String(repeating: "!(", count: 256) + "a == 1" + String(repeating: ")", count: 256)
        #expect(try Predicate(parsing: mixed).description.hasSuffix("!(a == 1)"))
    }

    static let tooDeep: [PredicateNestingCase] = [
        .init(name: "513 !", text: String(repeating: "!", count: 513) + "exists(user)", column: 513),
        .init(name: "60,000 !", text: String(repeating: "!", count: 60_000) + "exists(user)", column: 513),
        .init(name: "30,000 (", text: nested("cart.total > 1", in: 30_000), column: 513),
        .init(name: "1,000,000 (", text: nested("cart.total > 1", in: 1_000_000), column: 513),
        .init(name: "257 !(", text: String(repeating: "!(", count: 257) + "a == 1", column: 513),
        .init(name: "513 ( after a comparison", text: "a == 1 && " + nested("b == 2", in: 513), column: 523),
    ]

    @Test(arguments: tooDeep)
    func nestingPast512LevelsIsAnErrorAtTheLevelTooMany(_ test: PredicateNestingCase) {
        #expect(
            throws: PredicateParseError(
                #"nested too deeply: at most 512 levels of "!" and parentheses"#, column: test.column)
        ) {
            try Predicate(parsing: test.text)
        }
    }

    @Test func aLongChainOfAndOrOrIsABalancedTreeThatReadsTheSame() throws {
        let a: Predicate = .exists(["a"].path)
        let b: Predicate = .exists(["b"].path)
        let c: Predicate = .exists(["c"].path)
        let d: Predicate = .exists(["d"].path)
        #expect(try Predicate(parsing: "exists(a) || exists(b) || exists(c)") == .or(.or(a, b), c))
        #expect(
            try Predicate(parsing: "exists(a) && exists(b) && exists(c) && exists(d)")
                == .and(.and(a, b), .and(c, d)))
        let text = (0..<100_000).map { "n == \($0)" }.joined(separator: " || ")
        let chain = try Predicate(parsing: text)
        #expect(chain.height == 18)
        #expect(chain.description == text)
        #expect(chain.paths == [["n"].path])
    }

    /// The orderings against a number or a string, on either side, once each, under `!`, `&&`
    /// and `||`, of paths and of sizes; not `==`/`!=`, paths on both sides or other literals.
    @Test func findsEachPathOrderedAgainstANumberOrAStringLiteral() throws {
        let predicate = try Predicate(
            parsing: #"a > "1" && !(2 <= b) || a > "1" || a < 3 || c == "x" || d.count > "2" || e >= f || g < true"#)
        #expect(
            predicate.literalOrderings == [
                .init(path: ["a"].path, literal: .string("1")), .init(path: ["b"].path, literal: .number(JSONNumber("2"))),
                .init(path: ["a"].path, literal: .number(JSONNumber("3"))),
                .init(path: ["d"].path, literal: .string("2"), counted: true),
            ])
        let hint = predicate.literalOrderingHint(predicate.literalOrderings[0], kinds: .number)
        #expect(hint == #"hint: a holds numbers and "1" is a string; <, <=, > and >= hold only between two numbers or two strings: write 1"#)
        #expect(predicate.literalOrderingHint(predicate.literalOrderings[0], kinds: [.number, .string]) == nil)
        #expect(predicate.literalOrderingHint(predicate.literalOrderings[0], kinds: .string) == nil)
        #expect(predicate.literalOrderingHint(predicate.literalOrderings[1], kinds: []) == nil)
        // The kinds are those of the operand: a size is a number (where there was one to take).
        #expect(
            predicate.literalOrderingHint(predicate.literalOrderings[3], kinds: .number)
                == #"hint: d.count is a number and "2" is a string; <, <=, > and >= hold only between two numbers or two strings: write 2"#)
        #expect(predicate.literalOrderingHint(predicate.literalOrderings[3], kinds: []) == nil)
        #expect(predicate.literalOrderingHint(predicate.literalOrderings[3], kinds: .string) == nil)
    }

    /// `text` in `levels` pairs of parentheses.
    static func nested(_ text: String, in levels: Int) -> String {
        String(repeating: "(", count: levels) + text + String(repeating: ")", count: levels)
    }
}

extension Predicate {
    /// The nodes on the longest path from the root to a comparison or `exists`: how deep the
    /// recursive walks go.
    fileprivate var height: Int {
        switch self {
        case .comparison, .exists: 1
        case .not(let inner): 1 + inner.height
        case .and(let left, let right), .or(let left, let right): 1 + max(left.height, right.height)
        }
    }
}

extension Array where Element == String {
    /// The path of these keys.
    fileprivate var path: JSONPath { JSONPath(map { .key($0) }) }
}

extension Predicate.Operand {
    /// A number literal.
    fileprivate static func literal(_ number: Int) -> Predicate.Operand {
        .literal(.number(JSONNumber(String(number))))
    }
}
