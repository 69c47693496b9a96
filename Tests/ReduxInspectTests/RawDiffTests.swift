import Testing

@testable import ReduxInspect

/// One case for ``RawJSONDiff``: two texts, which must give the tree diff's changes.
struct RawDiffCase: CustomTestStringConvertible, Sendable {
    let name: String
    let old: String
    let new: String
    /// The changes as text lines, when the case pins them down.
    let expected: [String]?

    init(_ name: String, _ old: String, _ new: String, _ expected: [String]? = nil) {
        self.name = name
        self.old = old
        self.new = new
        self.expected = expected
    }

    var testDescription: String { name }
}

@Suite struct RawDiffTests {
    static let cases: [RawDiffCase] = [
        RawDiffCase("equal bytes", #"{"a":[1,{"b":2}]}"#, #"{"a":[1,{"b":2}]}"#, []),
        RawDiffCase(
            "nested change", #"{"a":{"b":{"c":[1,2,{"d":true}]}},"e":1}"#,
            #"{"a":{"b":{"c":[1,2,{"d":false}]}},"e":1}"#,
            ["~ a.b.c[2].d: true → false"]),
        RawDiffCase(
            "type changes", #"{"a":{"x":1},"b":[1],"c":1,"d":"1","e":null}"#,
            #"{"a":[1],"b":{"x":1},"c":"1","d":1,"e":false}"#,
            [
                #"~ a: {"x":1} → [1]"#, #"~ b: [1] → {"x":1}"#, #"~ c: 1 → "1""#, #"~ d: "1" → 1"#,
                "~ e: null → false",
            ]),
        RawDiffCase("root scalars", "1", #""one""#, [#"~ (root): 1 → "one""#]),
        RawDiffCase("root object to array", #"{"a":1}"#, "[1]", [#"~ (root): {"a":1} → [1]"#]),
        RawDiffCase(
            "member order is not a change", #"{"a":1,"b":{"x":1,"y":[2]}}"#, #"{"b":{"y":[2],"x":1},"a":1}"#,
            []),
        RawDiffCase(
            "keys in new order, then removed keys", #"{"gone":1,"kept":1,"alsoGone":2}"#,
            #"{"added":3,"kept":2}"#,
            ["+ added: 3", "~ kept: 1 → 2", "- gone: 1", "- alsoGone: 2"]),
        RawDiffCase(
            "number text", #"{"n":1,"m":1e3}"#, #"{"n":1.0,"m":1E3}"#, ["~ n: 1 → 1.0", "~ m: 1e3 → 1E3"]),
        RawDiffCase("escaped and plain strings", #"{"s":"\u0041","t":"a\/b"}"#, #"{"s":"A","t":"a/b"}"#, []),
        RawDiffCase("escaped and plain keys", #"{"\u0061":1,"b\"":2}"#, #"{"a":1,"b\u0022":2}"#, []),
        RawDiffCase("equivalent Unicode", #"{"s":"\u00e9"}"#, #"{"s":"e\u0301"}"#, []),
        RawDiffCase("Kelvin sign key", #"{"\u212A":1,"x":1}"#, #"{"K":2,"x":1}"#),
        RawDiffCase(
            "white space", " {\"a\" : [ 1 , 2 ] ,\n\"b\":{ } }\r\n", #"{"a":[1,3],"b":{}}"#, ["~ a[1]: 2 → 3"]
        ),
        RawDiffCase("empty containers with space", #"{"a":[ ],"b":{ }}"#, #"{"a":[],"b":{}}"#, []),
        RawDiffCase(
            "duplicate keys, first wins", #"{"a":1,"a":2,"b":1}"#, #"{"a":1,"a":3,"b":2}"#, ["~ b: 1 → 2"]),
        RawDiffCase("duplicate keys, other order", #"{"a":1,"b":1,"a":2}"#, #"{"b":2,"a":1,"a":3}"#),
        RawDiffCase("duplicate keys on the old side only", #"{"a":1,"a":1}"#, #"{"a":1,"b":1}"#),
        RawDiffCase("duplicate keys on the new side only", #"{"a":1,"b":1}"#, #"{"a":1,"a":1}"#),
        RawDiffCase("duplicate keys nested", #"{"x":{"a":1,"a":1},"y":1}"#, #"{"x":{"a":1,"b":1},"y":1}"#),
        RawDiffCase("array tail", "[1,2,3]", "[1,9]", ["~ [1]: 2 → 9", "- [2]: 3"]),
        RawDiffCase(
            "id array edit, insert and remove",
            #"{"items":[{"id":1,"q":1},{"id":2,"q":1},{"id":3,"q":1}]}"#,
            #"{"items":[{"id":4,"q":1},{"id":1,"q":2},{"id":3,"q":1}]}"#,
            [#"- items[id=2]: {"id":2,"q":1}"#, #"+ items[id=4]: {"id":4,"q":1}"#, "~ items[id=1].q: 1 → 2"]),
        RawDiffCase(
            "id array moves", #"[{"id":1},{"id":2},{"id":3},{"id":4}]"#,
            #"[{"id":4},{"id":2},{"id":3},{"id":1}]"#),
        RawDiffCase(
            "id array respelled ids", #"[{"id":"\u0061"},{"id":1}]"#, #"[{"id":1},{"id":"a"}]"#),
        RawDiffCase("id not first", #"[{"q":1,"id":1},{"id":2}]"#, #"[{"id":2},{"q":2,"id":1}]"#),
        RawDiffCase("repeated id falls back to positions", #"[{"id":1},{"id":1}]"#, #"[{"id":1},{"id":2}]"#),
        RawDiffCase(
            "object id falls back to positions", #"[{"id":{"k":1}},{"id":2}]"#, #"[{"id":2},{"id":{"k":1}}]"#),
        RawDiffCase("ids 1 and 1.0 differ", #"[{"id":1},{"id":2}]"#, #"[{"id":1.0},{"id":2}]"#),
        RawDiffCase(
            "element equal but respelled", #"[{"id":1,"a":"\u0041","b":2}]"#, #"[{"id":1,"b":2,"a":"A"}]"#, []
        ),
        RawDiffCase(
            "pointer escapes", #"{"a/b":{"m~n":1}}"#, #"{"a/b":{"m~n":2}}"#, ["~ [\"a/b\"][\"m~n\"]: 1 → 2"]),
        // Objects of more members than are compared pairwise, where whether a key repeats is
        // hashed once.
        RawDiffCase(
            "every member of a large object changed", wide((0..<40).map { ("k\($0)", "1") }),
            wide((0..<40).map { ("k\($0)", "2") })),
        RawDiffCase(
            "duplicate keys in a large object, first wins",
            wide((0..<40).map { ("k\($0 == 30 ? 3 : $0)", "1") }),
            wide((0..<40).map { ("k\($0 == 30 ? 3 : $0)", $0 == 30 || $0 == 3 ? "5" : "1") }),
            ["~ k3: 1 → 5"]),
        RawDiffCase(
            "duplicate keys in a large object, the second one changed",
            wide((0..<40).map { ("k\($0 == 30 ? 3 : $0)", "1") }),
            wide((0..<40).map { ("k\($0 == 30 ? 3 : $0)", $0 == 30 ? "5" : "1") }), []),
        // Arrays without ids of different lengths: the unchanged elements at both ends are set
        // aside, so what was put in or taken out is one line at its index.
        RawDiffCase("put in at the front", #"{"t":["a","b","c"]}"#, #"{"t":["x","a","b","c"]}"#, [#"+ t[0]: "x""#]),
        RawDiffCase("taken out of the middle", "[1,2,3,4]", "[1,3,4]", ["- [1]: 2"]),
        RawDiffCase(
            "changed and taken out between unchanged ends", "[0,1,2,3,9]", "[0,5,3,9]", ["~ [1]: 1 → 5", "- [2]: 2"]),
        RawDiffCase(
            "ends unchanged to the diff though not in bytes", #"{"t":[{"a":1,"b":"caf\u00e9"}]}"#,
            #"{"t":[{"z":0},{"b":"cafe\u0301","a":1}]}"#, [#"+ t[0]: {"z":0}"#]),
        RawDiffCase("the same length stays by index", #"["a","b"]"#, #"["b","a"]"#, [#"~ [0]: "a" → "b""#, #"~ [1]: "b" → "a""#]),
        RawDiffCase("a repeated element", "[7,7,7]", "[7,7]", ["- [2]: 7"]),
        // Each level's ends are told equal or not once: telling it by a diff, then diffing
        // again, would double the work at every level (2^40 here).
        RawDiffCase(
            "arrays nested 40 deep whose length changes at every level",
            String(repeating: "[", count: 40) + "1,0" + String(repeating: "],0", count: 39) + "]",
            String(repeating: "[", count: 40) + "2" + String(repeating: "]", count: 40)),
    ]

    /// An object of the members given, in order.
    static func wide(_ members: [(key: String, value: String)]) -> String {
        "{" + members.map { #""\#($0.key)":\#($0.value)"# }.joined(separator: ",") + "}"
    }

    @Test(arguments: cases)
    func matchesTheTreeDiff(_ test: RawDiffCase) throws {
        let expected = try RawDiffSupport.treeChanges(test.old, test.new)
        let raw = try RawJSONDiff.changes(from: test.old, to: test.new)
        #expect(raw == expected)
        #expect(RawDiffSupport.strict(raw) == RawDiffSupport.strict(expected))
        if let lines = test.expected {
            #expect(raw.map { DiffTextFormatter().line(for: $0) } == lines)
        }
    }

    /// One insertion at the front of a long id array is one change, at index 0.
    @Test func insertionAtTheFrontOfALongIDArray() throws {
        let items = (1...1_000).map { #"{"id":\#($0),"name":"item \#($0)","quantity":1}"# }
        let old = #"{"cart":{"items":[\#(items.joined(separator: ","))]}}"#
        let new = #"{"cart":{"items":[{"id":0,"name":"new","quantity":2},\#(items.joined(separator: ","))]}}"#
        let changes = try RawJSONDiff.changes(from: old, to: new)
        #expect(
            changes == [
                JSONChange(
                    path: [.key("cart"), .key("items"), .id(0)],
                    kind: .added(["id": 0, "name": "new", "quantity": 2]),
                    pointer: JSONPointer(["cart", "items", "0"]))
            ])
        #expect(changes == (try RawDiffSupport.treeChanges(old, new)))
    }

    /// Invalid text in a part that differs throws what the parser throws for it.
    @Test(arguments: [
        (#"{"a":tru,"b":1}"#, #"{"a":true,"b":1}"#),
        (#"{"a":1,"b":[1,2}"#, #"{"a":1,"b":[1,3]}"#),
        (#"{"a":1}"#, #"{"a":2,}"#),
        (#"{"a":1}"#, #"{"a":"\x"}"#),
        (#"{"a":1}"#, "{\"a\":\"\u{1}\"}"),
        (#"{"a":1}"#, #"{"a":01}"#),
        (#"{"a":1}"#, #"{"a":2} x"#),
        (#"{"a":1}"#, #"{"a":2"#),
        (#"{"a":1}"#, ""),
        ("", ""),
        ("  ", "1"),
        ("\u{FEFF}1", "\u{FEFF}1"),
        // An id checked where nothing is recorded under it: the element's members moved.
        (#"[{"id":01,"q":1}]"#, #"[{"q":1,"id":01}]"#),
    ])
    func invalidTextThrowsTheParsersError(old: String, new: String) {
        let expected = #expect(throws: JSONParseError.self) { try RawDiffSupport.treeChanges(old, new) }
        let raw = #expect(throws: JSONParseError.self) { try RawJSONDiff.changes(from: old, to: new) }
        #expect(raw == expected)
    }

    /// Bytes that are the same on both sides are skipped unchecked, as documented.
    @Test func identicalInvalidBytesAreNotChecked() throws {
        #expect(try RawJSONDiff.changes(from: #"{"a":tru,"b":1}"#, to: #"{"a":tru,"b":2}"#).count == 1)
        #expect(try RawJSONDiff.changes(from: "{oops", to: "{oops").isEmpty)
    }

    /// Nesting beyond the parser's limit throws its error, even where nothing changed.
    @Test func deepNestingThrowsTheParsersError() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let cases = [
            ("[" + deep + ",1]", "[" + deep + ",2]"),
            (
                String(repeating: "[", count: 600) + "1" + String(repeating: "]", count: 600),
                String(repeating: "[", count: 600) + "2" + String(repeating: "]", count: 600)
            ),
        ]
        for (old, new) in cases {
            let raw = #expect(throws: JSONParseError.self) { try RawJSONDiff.changes(from: old, to: new) }
            #expect(raw?.reason == .tooDeep(limit: 512))
        }
    }

    /// The differ's quick check never calls valid what the parser rejects, and knows the
    /// plain values a recording's entries hold.
    @Test func quickValidityCheckAgreesWithTheParser() throws {
        let replacements: [UInt8] = [
            0x00, 0x1F, 0x22, 0x5C, 0x75, 0x78, 0x30, 0x2C, 0x3A, 0x7D, 0x5D, 0x7B, 0xFF, 0x20, 0x2D,
        ]
        for seed in UInt64(0)..<3_000 {
            var states = RandomStates(seed: seed)
            var generator = SeededGenerator(seed: seed)
            var bytes = Array(RawDiffSupport.respelled(states.value(depth: 4), using: &generator).utf8)
            if seed % 3 != 0 {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = replacements.randomElement(
                    using: &generator)!
            }
            let parses = (try? JSONParser.parse(bytes)) != nil
            let quick = bytes.withUnsafeBufferPointer { buffer in
                RawJSON(buffer, maximumDepth: 512).isCertainlyValid(0..<buffer.count, depth: 0)
            }
            #expect(!quick || parses, "seed \(seed): \(String(decoding: bytes, as: UTF8.self))")
        }
        for text in [
            #"{"addToCart":{"productID":2,"quantity":2}}"#, #""2026-11-22T10:00:00.250Z""#, "12",
            #"["a\n\u0041"]"#,
        ] {
            let bytes = Array(text.utf8)
            #expect(
                bytes.withUnsafeBufferPointer {
                    RawJSON($0, maximumDepth: 512).isCertainlyValid(0..<$0.count, depth: 0)
                })
        }
    }

    /// The byte-array entry point reads the same as the string one.
    @Test func byteArrays() throws {
        let changes = try RawJSONDiff.changes(from: Array(#"{"a":1}"#.utf8), to: Array(#"{"a":2}"#.utf8))
        #expect(changes.map(\.path.description) == ["a"])
    }
}
