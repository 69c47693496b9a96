import Testing

@testable import ReduxInspect

/// Shop states shared by the formatter tests: one step of a session in which the customer
/// adds a product at the front of the cart, drops another, changes a quantity and loses a coupon.
enum ShopStates {
    static let before: JSONValue = [
        "cart": [
            "items": [
                ["id": 1, "name": "Tea", "price": number("4.50"), "quantity": 1],
                ["id": 2, "name": "Mug", "price": number("12.00"), "quantity": 2],
                ["id": 3, "name": "Honey", "price": number("7.25"), "quantity": 1],
            ],
            "total": number("35.75"),
            "coupon": "SPRING",
        ],
        "user": ["name": "Ada", "loggedIn": true],
        "meta": ["content-type": "application/json", "version": 1],
    ]

    static let after: JSONValue = [
        "cart": [
            "items": [
                ["id": 4, "name": "Jam", "price": number("3.10"), "quantity": 1],
                ["id": 1, "name": "Tea", "price": number("4.50"), "quantity": 3],
                ["id": 3, "name": "Honey", "price": number("7.25"), "quantity": 1],
            ],
            "total": number("23.85"),
            "discount": .null,
        ],
        "user": ["name": "Ada", "loggedIn": "yes"],
        "meta": ["content-type": "text/plain", "version": 1],
    ]
}

@Suite struct DiffTextFormatterTests {
    @Test func shopStep() {
        let text = DiffTextFormatter().format(JSONDiff.changes(from: ShopStates.before, to: ShopStates.after))
        #expect(
            text == """
                - cart.items[id=2]: {"id":2,"name":"Mug","price":12.00,"quantity":2}
                + cart.items[id=4]: {"id":4,"name":"Jam","price":3.10,"quantity":1}
                ~ cart.items[id=1].quantity: 1 → 3
                ~ cart.total: 35.75 → 23.85
                + cart.discount: null
                - cart.coupon: "SPRING"
                ~ user.loggedIn: true → "yes"
                ~ meta["content-type"]: "application/json" → "text/plain"
                """)
    }

    @Test func nestedObjectsAndTypeChanges() {
        let before: JSONValue = [
            "settings": ["theme": ["dark": false, "accent": "blue"], "fontSize": 12],
            "session": ["token": "abc"],
        ]
        let after: JSONValue = [
            "settings": ["theme": "dark", "fontSize": number("12.5")],
            "session": .null,
        ]
        let text = DiffTextFormatter().format(JSONDiff.changes(from: before, to: after))
        #expect(
            text == """
                ~ settings.theme: {"dark":false,"accent":"blue"} → "dark"
                ~ settings.fontSize: 12 → 12.5
                ~ session: {"token":"abc"} → null
                """)
    }

    @Test func rootScalarChange() {
        #expect(DiffTextFormatter().format(JSONDiff.changes(from: 41, to: 42)) == "~ (root): 41 → 42")
    }

    @Test func moveLine() {
        let before: JSONValue = ["todos": [["id": 1], ["id": 2], ["id": 3]]]
        let after: JSONValue = ["todos": [["id": 2], ["id": 3], ["id": 1]]]
        #expect(
            DiffTextFormatter().format(JSONDiff.changes(from: before, to: after))
                == "↕ todos[id=1]: index 0 → 2")
    }

    @Test func keysThatAreNotIdentifiersAreQuoted() {
        let before: JSONValue = [
            "headers": [
                "content-type": "a", "0": "b", "": "c", "say \"hi\"": "d", "_ok9": "e", "tab\there": "f",
            ]
        ]
        let after: JSONValue = [
            "headers": [
                "content-type": "A", "0": "B", "": "C", "say \"hi\"": "D", "_ok9": "E", "tab\there": "F",
            ]
        ]
        let text = DiffTextFormatter().format(JSONDiff.changes(from: before, to: after))
        #expect(
            text == #"""
                ~ headers["content-type"]: "a" → "A"
                ~ headers["0"]: "b" → "B"
                ~ headers[""]: "c" → "C"
                ~ headers["say \"hi\""]: "d" → "D"
                ~ headers._ok9: "e" → "E"
                ~ headers["tab\there"]: "f" → "F"
                """#)
    }

    @Test func controlCharactersAreEscaped() {
        let text = DiffTextFormatter().format(
            JSONDiff.changes(from: ["note": "ok"], to: ["note": "\u{1B}[2J\u{7}"]))
        #expect(text == #"~ note: "ok" → "\u001b[2J\u0007""#)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func longValuesAreCutAtTheWidth() {
        let long: JSONValue = .string(String(repeating: "x", count: 100))
        let changes = JSONDiff.changes(from: ["a": 1], to: ["a": long])
        #expect(
            DiffTextFormatter().format(changes) == "~ a: 1 → \"" + String(repeating: "x", count: 78) + "…")
        #expect(DiffTextFormatter(valueWidth: 10).format(changes) == #"~ a: 1 → "xxxxxxxx…"#)
        #expect(DiffTextFormatter(valueWidth: nil).format(changes) == "~ a: 1 → " + long.compactText)
    }

    /// Two long values that differ near their end are both shown from a little before the
    /// difference: cut from their starts, they would read the same.
    @Test func longChangedValuesAreCutAroundTheirFirstDifference() {
        let base = String(repeating: "x", count: 100)
        let changes = JSONDiff.changes(from: ["s": .string(base + "y")], to: ["s": .string(base + "z")])
        let tail = String(repeating: "x", count: 20)  // a quarter of the width
        #expect(DiffTextFormatter().format(changes) == "~ s: …\(tail)y\" → …\(tail)z\"")
        #expect(DiffTextFormatter(valueWidth: nil).format(changes) == "~ s: \"\(base)y\" → \"\(base)z\"")
        // A short common beginning: each is cut from its start, as before.
        let apart = JSONDiff.changes(from: ["s": .string("ab" + base)], to: ["s": .string("cd" + base)])
        let cut = String(repeating: "x", count: 76)
        #expect(DiffTextFormatter().format(apart) == "~ s: \"ab\(cut)… → \"cd\(cut)…")
        // One grown to twice its length: both from the difference, the longer cut at the width.
        let grown = JSONDiff.changes(from: ["s": .string(base)], to: ["s": .string(base + base)])
        #expect(DiffTextFormatter().format(grown) == "~ s: …\(tail)\" → …\(String(repeating: "x", count: 78))…")
    }

    /// Too narrow for `…` and a character before the difference: each value is cut from its
    /// start, to the width.
    @Test(arguments: 1...3)
    func changedValuesNarrowerThanFourAreCutFromTheirStarts(width: Int) {
        let base = String(repeating: "x", count: 10)
        let (old, new) = DiffTextFormatter.abbreviate(base + "y", base + "z", width: width)
        #expect(old == DiffTextFormatter.abbreviate(base + "y", width: width))
        #expect(new == DiffTextFormatter.abbreviate(base + "z", width: width))
        #expect(old.count == width && new.count == width)
    }

    struct AbbreviationCase: CustomTestStringConvertible, Sendable {
        let text: String
        let width: Int
        let expected: String
        var testDescription: String { "\(text.debugDescription) at \(width)" }
    }

    @Test(arguments: [
        AbbreviationCase(text: "", width: 3, expected: ""),
        AbbreviationCase(text: "abc", width: 3, expected: "abc"),
        AbbreviationCase(text: "abcd", width: 3, expected: "ab…"),
        AbbreviationCase(text: "abcd", width: 0, expected: "…"),
        AbbreviationCase(text: "ééé", width: 3, expected: "ééé"),
        AbbreviationCase(text: "éééé", width: 3, expected: "éé…"),
        AbbreviationCase(text: "👍🏽👍🏽👍🏽", width: 2, expected: "👍🏽…"),
    ])
    func abbreviation(_ testCase: AbbreviationCase) {
        #expect(DiffTextFormatter.abbreviate(testCase.text, width: testCase.width) == testCase.expected)
    }

    @Test func colours() {
        let changes = JSONDiff.changes(
            from: ["a": 1, "b": 2, "l": [["id": 1], ["id": 2]]],
            to: ["a": 2, "c": 3, "l": [["id": 2], ["id": 1]]])
        let text = DiffTextFormatter(colors: true).format(changes)
        #expect(
            text == """
                \u{1B}[33m~ a: 1 → 2\u{1B}[0m
                \u{1B}[32m+ c: 3\u{1B}[0m
                \u{1B}[36m↕ l[id=1]: index 0 → 1\u{1B}[0m
                \u{1B}[31m- b: 2\u{1B}[0m
                """)
    }

    @Test func noChangesIsEmptyText() {
        #expect(DiffTextFormatter().format([]) == "")
    }
}
