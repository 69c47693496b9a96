import Foundation
import Testing

@testable import ReduxInspect

/// A fixture, a path, and how the fixture is presented.
struct BlameCase: CustomTestStringConvertible, Sendable {
    let fixture: String
    let path: String
    let variant: BisectTestSupport.Variant
    var testDescription: String { "\(fixture) \(path) (\(variant.rawValue))" }
}

@Suite struct BlameTests {
    // MARK: Acceptance 1: blame Fixtures/shop.jsonl cart.total

    @Test func shopCartTotalListsEveryStepThatChangedIt() {
        let run = InspectorRun(["blame", BisectTestSupport.fixture("shop.jsonl"), "cart.total"])
        #expect(run.code == 0)
        #expect(run.err == "")
        #expect(
            run.out == """
                    1  addToCart  0 → 9
                    2  addToCart  9 → 18.99
                   10  setQuantity  18.99 → 23.49
                   13  addPackageToCart  23.49 → 46.47
                   14  addToCart  46.47 → 52.97
                   15  setQuantity  52.97 → 32.99
                   16  removeFromCart  32.99 → 26.49
                   17  addPackageToCart  26.49 → 38.74
                   18  setQuantity  38.74 → 51.73
                   21  logout  51.73 → 0
                   25  addToCart  0 → 24
                   26  addToCart  24 → 36.99
                   27  setQuantity  36.99 → 60.99

                """)
    }

    static let cases: [BlameCase] = {
        let paths = [
            "shop.jsonl": [
                "cart.total", "cart.items", "cart.items[id=1].quantity", "cart.items[id=3]", "cart.items[0]",
                "error", "user.username", "isLoading", "packages[id=200].items[id=3].quantity", ".",
            ],
            "counter.jsonl": ["count", "."],
            "todos.jsonl": [
                "categories[id=1].items", "categories[id=1].items[id=2].done", "nextID", "selectedCategoryID",
                "categories[id=4]", "settings",
            ],
        ]
        return paths.keys.sorted().flatMap { name in
            paths[name]!.flatMap { path in
                BisectTestSupport.Variant.allCases.map { BlameCase(fixture: name, path: path, variant: $0) }
            }
        }
    }()

    /// Every step whose state before and after differ at the path, from the recorded states (or
    /// an independent replay where the fixture records none), with old and new — and nothing else.
    @Test(arguments: cases)
    func listsExactlyTheStepsABruteForceScanFinds(_ test: BlameCase) throws {
        let path = try JSONPath(parsing: test.path)
        let (initial, steps) = try BisectTestSupport.states(test.fixture)
        var expected: [String] = []
        var before = initial.value(at: path)
        for (seq, state) in steps {
            let after = state.value(at: path)
            if after != before {
                var members: [JSONObject.Element] = [("seq", .number(JSONNumber(String(seq))))]
                if let before { members.append(("old", before)) }
                if let after { members.append(("new", after)) }
                expected.append(JSONValue.object(JSONObject(members)).compactText)
            }
            before = after
        }
        let file = try BisectTestSupport.recording(test.fixture, test.variant)
        let run = InspectorRun(["blame", file, test.path, "--format", "json"])
        #expect(run.code == 0, "\(run)")
        let found = try run.lines.map { line in
            let object = try #require(try JSONParser.parse(line).objectValue)
            return JSONValue.object(JSONObject(object.filter { ["seq", "old", "new"].contains($0.key) }))
                .compactText
        }
        #expect(found == expected)
        #expect(!expected.isEmpty)
    }

    /// `PATH.count` is a size, as in a predicate: the steps that changed how many elements
    /// (or members) there are, with the sizes before and after, from recorded and from
    /// replayed states alike.
    @Test(arguments: [
        ("shop.jsonl", "cart.items"), ("shop.jsonl", "error"), ("todos.jsonl", "categories[id=1].items"),
        ("todos.jsonl", "categories"),
    ].flatMap { fixture, path in BisectTestSupport.Variant.allCases.map { BlameCase(fixture: fixture, path: path, variant: $0) } })
    func aCountIsTheSizeAsInAPredicate(_ test: BlameCase) throws {
        let parent = try JSONPath(parsing: test.path)
        func size(_ state: JSONValue) -> JSONValue? {
            switch state.value(at: parent) {
            case .array(let elements)?: .number(JSONNumber(String(elements.count)))
            case .object(let object)?: .number(JSONNumber(String(object.count)))
            case .string(let string)?: .number(JSONNumber(String(string.count)))
            default: nil
            }
        }
        let (initial, steps) = try BisectTestSupport.states(test.fixture)
        var expected: [String] = []
        var before = size(initial)
        for (seq, state) in steps {
            let after = size(state)
            if after != before {
                expected.append(#"{"seq":\#(seq),"path":"\#(test.path).count","old":\#(before?.compactText ?? "-"),"new":\#(after?.compactText ?? "-")}"#)
            }
            before = after
        }
        let file = try BisectTestSupport.recording(test.fixture, test.variant)
        let run = InspectorRun(["blame", file, test.path + ".count", "--format", "json"])
        #expect(run.code == 0, "\(run)")
        let found = try run.lines.map { line in
            let object = try #require(try JSONParser.parse(line).objectValue)
            func text(_ key: String) -> String { object[key]?.compactText ?? "-" }
            return #"{"seq":\#(text("seq")),"path":\#(text("path")),"old":\#(text("old")),"new":\#(text("new"))}"#
        }
        #expect(found == expected)
        #expect(!expected.isEmpty)
    }

    /// `PATH["count"]` is the member named count, as in a predicate: an array has none.
    @Test func aCountMemberWrittenInBracketsIsAMember() {
        let run = InspectorRun(["blame", BisectTestSupport.fixture("shop.jsonl"), #"cart.items["count"]"#])
        #expect(run.code == 1, "\(run)")
        #expect(run.out.isEmpty)
        #expect(run.err == #"warning: no step changed cart.items["count"]: no state has a value there"# + "\n")
    }

    // MARK: Acceptance 2: an element of an id-matched array

    /// 25 steps over `items`, an array of objects with ids. Item 2's `qty` changes at steps 7
    /// and 19 only; around it other items change, item 2's other fields change, new items are
    /// inserted at the front (shifting its index) and item 2 is moved to the end.
    static func generatedRecording() throws -> String {
        func item(_ id: Int, qty: Int, name: String) -> JSONValue {
            .object(
                JSONObject([
                    ("id", .number(JSONNumber(String(id)))), ("qty", .number(JSONNumber(String(qty)))),
                    ("name", .string(name)),
                ]))
        }
        var items = [
            item(1, qty: 1, name: "tea"), item(2, qty: 1, name: "mug"), item(3, qty: 4, name: "jam"),
        ]
        func update(_ id: Int, _ key: String, _ value: JSONValue) {
            let index = items.firstIndex { $0["id"] == .number(JSONNumber(String(id))) }!
            guard case .object(var object) = items[index] else { return }
            object[key] = value
            items[index] = .object(object)
        }
        func state(_ total: Int) -> JSONValue {
            .object(JSONObject([("items", .array(items)), ("total", .number(JSONNumber(String(total))))]))
        }
        var lines = [
            #"{"format":"redux-inspect","version":1,"reducer":"generated","initialState":"#
                + state(0).compactText
                + "}"
        ]
        for seq in 1...25 {
            var type = "touch"
            if seq == 7 {
                update(2, "qty", .number(JSONNumber("5")))
                type = "setQty"
            }
            if seq == 19 {
                update(2, "qty", .number(JSONNumber("9")))
                type = "setQty"
            }
            if seq % 3 == 0 {
                items.insert(item(100 + seq, qty: 1, name: "new"), at: 0)
                type = "insertFront"
            }
            if seq % 4 == 0 {
                update(2, "name", .string("mug \(seq)"))
                type = "rename"
            }
            if seq % 5 == 0 {
                update(1, "qty", .number(JSONNumber(String(seq))))
                type = "otherItem"
            }
            if seq == 11 {
                items.append(items.remove(at: items.firstIndex { $0["id"] == .number(JSONNumber("2")) }!))
                type = "moveToEnd"
            }
            if seq == 22 {
                update(2, "price", .number(JSONNumber("3.50")))
                type = "addField"
            }
            let entry = JSONValue.object(
                JSONObject([
                    ("seq", .number(JSONNumber(String(seq)))), ("type", .string(type)),
                    ("action", .object(JSONObject([(type, .object(JSONObject()))]))), ("state", state(seq)),
                ]))
            lines.append(entry.compactText)
        }
        return try BisectTestSupport.write(lines)
    }

    @Test func anElementSelectedByIDIsFollowedWhereverItMoves() throws {
        let file = try Self.generatedRecording()
        let run = InspectorRun(["blame", file, "items[id=2].qty"])
        #expect(run.code == 0, "\(run)")
        #expect(
            run.out == """
                    7  setQty  1 → 5
                   19  setQty  5 → 9

                """)
        // The whole element: its other fields too, but not the move at step 11.
        let element = InspectorRun(["blame", file, "items[id=2]", "--format", "json"])
        let seqs = try element.lines.map { try #require(try JSONParser.parse($0)["seq"]?.compactText) }
        #expect(seqs == ["4", "7", "8", "12", "16", "19", "20", "22", "24"])
        // By position it is another story: whatever item is second, and its quantity.
        let positional = InspectorRun(["blame", file, "items[1].qty", "--format", "json"])
        let positions = try positional.lines.map {
            try #require(try JSONParser.parse($0)["seq"]?.compactText)
        }
        #expect(positions == ["5", "6"])
    }

    // MARK: Output

    @Test func absentValuesAndJSONLines() {
        let file = BisectTestSupport.fixture("shop.jsonl")
        let text = InspectorRun(["blame", file, "error"])
        #expect(
            text.lines == [
                #"    5  loginFailed  (absent) → "wrong username or password""#,
                #"    6  dismissError  "wrong username or password" → (absent)"#,
                #"   19  addToCart  (absent) → "no product with id 42""#,
                #"   20  dismissError  "no product with id 42" → (absent)"#,
            ])
        let json = InspectorRun(["blame", file, "cart.items[id=1].quantity", "--format", "json"])
        #expect(
            json.lines == [
                #"{"seq":1,"type":"addToCart","path":"cart.items[id=1].quantity","kind":"added","new":2}"#,
                #"{"seq":10,"type":"setQuantity","path":"cart.items[id=1].quantity","kind":"changed","old":2,"new":3}"#,
                #"{"seq":17,"type":"addPackageToCart","path":"cart.items[id=1].quantity","kind":"changed","old":3,"new":5}"#,
                #"{"seq":21,"type":"logout","path":"cart.items[id=1].quantity","kind":"removed","old":5}"#,
            ])
    }

    @Test func noChangeIsOneLineInTextAndNothingInJSON() {
        let file = BisectTestSupport.fixture("shop.jsonl")
        #expect(
            InspectorRun(["blame", file, "catalog[id=1].price"]).out
                == "no step changed catalog[id=1].price; it is 4.5 throughout\n")
        #expect(InspectorRun(["blame", file, "catalog[id=1].price"]).code == 0)
        // A path no state has (misspelt) is no answer: exit 1, as show --path.
        let misspelt = InspectorRun(["blame", file, "cart.totl"])
        #expect(misspelt.out.isEmpty)
        #expect(misspelt.err == "warning: no step changed cart.totl: no state has a value there (did you mean cart.total?)\n")
        #expect(misspelt.code == 1)
        // A path pasted by mistake is cut in the warning, as other messages cut what was typed.
        let long = Array(repeating: "a", count: 60_000).joined(separator: ".")
        let pasted = InspectorRun(["blame", file, long])
        #expect(pasted.err == "warning: no step changed \(long.prefix(80))…: no state has a value there\n", "\(pasted.err.count)")
        // In JSON too, the output holding only answers.
        let json = InspectorRun(["blame", file, "cart.totl", "--format", "json"])
        #expect(json.code == 1)
        #expect(json.out == "")
        #expect(json.err == misspelt.err)
    }

    @Test func longValuesAreCutAroundTheirFirstDifferenceUnlessFull() {
        let file = BisectTestSupport.fixture("todos.jsonl")
        let cut = InspectorRun(["blame", file, "categories[id=1].items"])
        #expect(
            cut.lines.prefix(3) == [
                #"    1  addItem  [] → [{"id":2,"title":"Buy oat milk","done":false}]"#,
                #"    2  addItem  …","done":false}] → …","done":false},{"id":3,"title":"Call Ada about the café ☕…"#,
                #"    9  toggleDone  …t milk","done":false},{"id":3,"title":"Call Ada about the … → …t milk","done":true},{"id":3,"title":"Call Ada about the c…"#,
            ])
        let full = InspectorRun(["blame", file, "categories[id=1].items", "--full"])
        #expect(
            full.lines[1]
                == #"    2  addItem  [{"id":2,"title":"Buy oat milk","done":false}] → [{"id":2,"title":"Buy oat milk","done":false},{"id":3,"title":"Call Ada about the café ☕","done":false}]"#
        )
    }

    @Test func aStepAfterAGapSaysEntriesAreMissing() throws {
        let file = try BisectTestSupport.write([
            #"{"format":"redux-inspect","version":1,"initialState":{"n":0}}"#,
            #"{"seq":1,"type":"set","action":{"set":{}},"state":{"n":1}}"#,
            #"{"gap":{"after":1,"dropped":2,"reason":"queue full"}}"#,
            #"{"seq":4,"type":"set","action":{"set":{}},"state":{"n":5}}"#,
            #"{"seq":5,"type":"noop","action":{"noop":{}},"state":{"n":5}}"#,
        ])
        let text = InspectorRun(["blame", file, "n"])
        #expect(
            text.lines == ["    1  set  0 → 1", "    4  set  1 → 5  (2 entries missing before this step)"])
        let json = InspectorRun(["blame", file, "n", "--format", "json"])
        #expect(
            json.lines.last
                == #"{"seq":4,"type":"set","path":"n","kind":"changed","old":1,"new":5,"missingBefore":2}"#)
    }

    // MARK: Errors

    @Test func aMalformedPathIsAUsageErrorWithItsColumn() {
        let run = InspectorRun(["blame", BisectTestSupport.fixture("shop.jsonl"), "cart.items[id=]"])
        #expect(run.code == 64)
        #expect(run.out == "")
        #expect(
            run.err == """
                Error: invalid path 'cart.items[id=]': expected a JSON scalar at column 15
                Usage: redux-inspect blame <file> <path> [<steps>] [--format <format>] [--full] [--reducer <name>]
                See 'redux-inspect blame --help' for more information.

                """)
        #expect(InspectorRun(["blame", BisectTestSupport.fixture("shop.jsonl")]).code == 64)
        #expect(InspectorRun(["blame", BisectTestSupport.fixture("shop.jsonl"), "a", "b"]).code == 64)
        #expect(
            InspectorRun(["blame", BisectTestSupport.fixture("shop.jsonl"), "a", "--format", "yaml"]).code
                == 64)
    }

    @Test func aRecordingWithoutStatesNeedsItsReducer() throws {
        let stripped = try BisectTestSupport.recording("shop.jsonl", .withoutStates)
        let run = InspectorRun(["blame", stripped, "cart.total", "--reducer", "counter"])
        #expect(run.code == 65)
        #expect(run.err.contains("cannot decode the state as ReduxExamples.Counter.State"))
        #expect(InspectorRun(["blame", "/nonexistent/x.jsonl", "a"]).code == 66)
    }

    /// The cut is made around the first difference in characters: a difference inside a
    /// character (an accent added to a letter) starts before that character, and a long
    /// common beginning of non-ASCII text is counted in characters, not bytes.
    @Test func cutsFallBetweenCharacters() {
        let prefix = String(repeating: "ü", count: 70)
        let (old, new) = BlameCommand.abbreviate(.string(prefix + "e tail"), .string(prefix + "e\u{301} tail"), width: 60)
        #expect(old == "…" + String(repeating: "ü", count: 15) + "e tail\"")
        #expect(new == "…" + String(repeating: "ü", count: 15) + "e\u{301} tail\"")
        // Equal characters written with other bytes (é, and e with a combining accent) are
        // part of the common beginning, as Swift compares characters.
        let x = String(repeating: "x", count: 40)
        let y = String(repeating: "y", count: 30)
        let (composed, decomposed) = BlameCommand.abbreviate(
            .string(x + "\u{E9}" + y + "A"), .string(x + "e\u{301}" + y + "B"), width: 60)
        #expect(composed == "…" + String(repeating: "y", count: 15) + "A\"")
        #expect(decomposed == "…" + String(repeating: "y", count: 15) + "B\"")
        let (short, longer) = BlameCommand.abbreviate(.string("ab"), .string("ab" + String(repeating: "ç", count: 80)), width: 10)
        #expect(short == "\"ab\"")
        #expect(longer == "\"ab" + String(repeating: "ç", count: 6) + "…")
    }

    /// A cut inside an escape sequence would leave its tail (`01` of `\u0001`) or a lone
    /// backslash to be read as other text: it comes before the sequence, at either end.
    @Test func cutsFallBetweenEscapeSequences() {
        let controls = String(repeating: "\u{1}", count: 30)
        let (old, new) = BlameCommand.abbreviate(.string(controls + "X"), .string(controls + "Y"), width: 60)
        // 15 characters before the difference would begin inside a `\u0001`; three whole ones fit.
        #expect(old == "…" + String(repeating: "\\u0001", count: 3) + "X\"", "\(old)")
        #expect(new == "…" + String(repeating: "\\u0001", count: 3) + "Y\"", "\(new)")
        let backslashes = String(repeating: "\\", count: 60)
        let (before, after) = BlameCommand.abbreviate(.string(backslashes + "AX"), .string(backslashes + "AY"), width: 64)
        #expect(before.hasSuffix("AX\"") && after.hasSuffix("AY\""))
        for text in [before, after] {
            let run = text.dropFirst().prefix { $0 == "\\" }
            #expect(run.count.isMultiple(of: 2), "\(text)")
        }
        // Cut at its end: whole sequences, then `…`.
        let (_, added) = BlameCommand.abbreviate(.null, .string(controls), width: 22)
        #expect(added == "\"" + String(repeating: "\\u0001", count: 3) + "…", "\(added)")
    }
}
