import Testing

@testable import ReduxInspect

@Suite struct DiffPathTests {
    struct TextCase: CustomTestStringConvertible, Sendable {
        let path: JSONPath
        let text: String
        var testDescription: String { text }
    }

    static let textCases = [
        TextCase(path: .root, text: "(root)"),
        TextCase(
            path: [.key("cart"), .key("items"), .index(2), .key("quantity")], text: "cart.items[2].quantity"),
        TextCase(
            path: [.key("cart"), .key("items"), .id(42), .key("quantity")], text: "cart.items[id=42].quantity"
        ),
        TextCase(path: [.key("todos"), .id("a7")], text: #"todos[id="a7"]"#),
        TextCase(path: [.id(true), .id(.null), .id(number("1.5e3"))], text: "[id=true][id=null][id=1.5e3]"),
        TextCase(path: [.key("meta"), .key("content-type")], text: #"meta["content-type"]"#),
        TextCase(path: [.key("content-type"), .key("x")], text: #"["content-type"].x"#),
        TextCase(path: [.index(0), .key("_a1")], text: "[0]._a1"),
        TextCase(path: [.key("0"), .key(""), .key("ü")], text: #"["0"][""]["ü"]"#),
        TextCase(path: [.key("a\"b\\c\nd")], text: #"["a\"b\\c\nd"]"#),
        TextCase(path: [.key("(root)")], text: #"["(root)"]"#),
    ]

    @Test(arguments: textCases)
    func renders(_ testCase: TextCase) {
        #expect(testCase.path.description == testCase.text)
    }

    @Test(arguments: textCases)
    func parsesWhatItRenders(_ testCase: TextCase) throws {
        #expect(try JSONPath(parsing: testCase.text) == testCase.path)
    }

    struct LenientCase: CustomTestStringConvertible, Sendable {
        let text: String
        let path: JSONPath
        var testDescription: String { text.debugDescription }
    }

    @Test(arguments: [
        LenientCase(text: "", path: .root),
        LenientCase(text: ".", path: .root),
        LenientCase(text: ".cart.total", path: [.key("cart"), .key("total")]),
        LenientCase(text: #"a["b/c"]"#, path: [.key("a"), .key("b/c")]),
        LenientCase(text: #"a["\u00e9\/"]"#, path: [.key("a"), .key("é/")]),
        LenientCase(text: #"a["\ud83d\ude00"]"#, path: [.key("a"), .key("😀")]),
        LenientCase(text: "[id=-0.5E+2]", path: [.id(number("-0.5E+2"))]),
        // As messages escape a character (`\u{200B}`): copied from one, it names the key.
        LenientCase(text: #"d["esc\u{1B}[31m"]"#, path: [.key("d"), .key("esc\u{1B}[31m")]),
        LenientCase(text: #"d["zw\u{200b}\u{1F600}"]"#, path: [.key("d"), .key("zw\u{200B}😀")]),
    ])
    func parsesOtherSpellings(_ testCase: LenientCase) throws {
        #expect(try JSONPath(parsing: testCase.text) == testCase.path)
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let text: String
        let message: String
        var testDescription: String { text.debugDescription }
    }

    @Test(arguments: [
        ErrorCase(text: "cart.", message: #"expected a key or "[" at column 6"#),
        ErrorCase(text: "cart..total", message: #"expected a key or "[" at column 6"#),
        ErrorCase(
            text: "cart-items",
            message: #"expected "." or "[" (a key with characters other than ASCII letters, digits and _ is written in brackets: .["cart-items"]) at column 5"#),
        ErrorCase(
            text: "cart.é",
            message: #"expected a key or "[" (a key with characters other than ASCII letters, digits and _ is written in brackets: ["é"]) at column 6"#),
        ErrorCase(text: "items[2", message: #"expected "]" at column 8"#),
        ErrorCase(text: "items[02]", message: "expected an index without leading zeros at column 7"),
        ErrorCase(text: "items[id=]", message: "expected a JSON scalar at column 10"),
        ErrorCase(text: "items[id=01]", message: "expected a number without leading zeros at column 10"),
        ErrorCase(text: "items[x]", message: #"expected an index, a quoted key or "id=" at column 7"#),
        ErrorCase(text: #"a["b"#, message: "expected a closing quote at column 5"),
        ErrorCase(text: #"a["\q"]"#, message: "expected a valid escape at column 5"),
        ErrorCase(text: "1abc", message: #"expected a key or "[" at column 1"#),
        ErrorCase(text: #"a["\u{1B"]"#, message: "expected '}' at column 9"),
        ErrorCase(text: #"a["\u{}"]"#, message: "expected hex digits at column 7"),
        ErrorCase(
            text: #"a["\u{D800}"]"#, message: "expected a Unicode scalar value, not a surrogate or beyond 10FFFF at column 12"),
        ErrorCase(text: "items[99999999999999999999]", message: "expected a smaller index at column 25"),
    ])
    func reportsWhereParsingFails(_ testCase: ErrorCase) {
        #expect(throws: JSONPathParseError.self) { try JSONPath(parsing: testCase.text) }
        do {
            _ = try JSONPath(parsing: testCase.text)
        } catch {
            #expect(error.description == testCase.message)
        }
    }

    struct PointerCase: CustomTestStringConvertible, Sendable {
        let tokens: [String]
        let text: String
        var testDescription: String { text.debugDescription }
    }

    @Test(arguments: [
        PointerCase(tokens: [], text: ""),
        PointerCase(tokens: [""], text: "/"),
        PointerCase(tokens: ["a", "0"], text: "/a/0"),
        PointerCase(tokens: ["a/b", "m~n", "~1"], text: "/a~1b/m~0n/~01"),
        PointerCase(tokens: ["", ""], text: "//"),
    ])
    func pointers(_ testCase: PointerCase) {
        #expect(JSONPointer(testCase.tokens).description == testCase.text)
        #expect(JSONPointer(parsing: testCase.text) == JSONPointer(testCase.tokens))
    }

    @Test(arguments: ["a", "/a~", "/a~2"])
    func invalidPointers(_ text: String) {
        #expect(JSONPointer(parsing: text) == nil)
    }

    @Test func pathsWithoutIDsHavePointers() {
        #expect(JSONPath([.key("a/b"), .index(3)]).pointer?.description == "/a~1b/3")
        #expect(JSONPath([.key("items"), .id(3)]).pointer == nil)
    }

    @Test func prefixes() {
        let path: JSONPath = [.key("cart"), .key("items"), .id(1)]
        #expect(path.hasPrefix(.root))
        #expect(path.hasPrefix([.key("cart")]))
        #expect(path.hasPrefix(path))
        #expect(!path.hasPrefix([.key("cart"), .key("total")]))
        #expect(JSONPath([.key("cart")]).appending(.key("items")) == [.key("cart"), .key("items")])
    }

    @Test func lookup() {
        let state = ShopStates.before
        #expect(state.value(at: .root) == state)
        #expect(state.value(at: [.key("cart"), .key("items"), .id(2), .key("name")]) == "Mug")
        #expect(state.value(at: [.key("cart"), .key("items"), .index(2), .key("name")]) == "Honey")
        #expect(state.value(at: [.key("meta"), .key("content-type")]) == "application/json")
        #expect(state.value(at: [.key("cart"), .key("items"), .id(9)]) == nil)
        #expect(state.value(at: [.key("cart"), .index(0)]) == nil)
    }
}
