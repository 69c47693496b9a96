import Testing

@testable import ReduxInspect

/// Tab at `step`'s prompt: command names first, then the members of the state at the cursor
/// for the commands that take a path.
@Suite struct StepCompletionTests {
    static let state = try! JSONParser.parse(
        #"{"cart":{"items":[{"id":1,"quantity":2}],"total":3},"catalog":[],"content-type":"a","isLoggedIn":true}"#)

    /// Types `text`, presses Tab, and returns the line and what was listed.
    static func tab(_ text: String, state: JSONValue? = state) -> (line: String, listed: [String]?) {
        var editor = LineEditor()
        for scalar in text.unicodeScalars { _ = editor.handle(.insert(scalar)) }
        #expect(editor.handle(.complete) == .completionRequested)
        let completion = StepCompletion.completion(for: editor.textBeforeCursor) { state }
        if case .listed(let words) = editor.complete(with: completion) { return (editor.text, words) }
        return (editor.text, nil)
    }

    @Test func theFirstWordCompletesToACommand() {
        #expect(Self.tab("go").line == "goto ")
        #expect(Self.tab("  wh").line == "  where ")
        // As much as the names have in common, then the names.
        #expect(Self.tab("rev").line == "reverse-")
        #expect(Self.tab("reverse-").listed == ["reverse-continue", "reverse-next"])
        #expect(Self.tab("u").line == "un")
        #expect(Self.tab("un").listed == ["unbreak", "unwatch"])
        #expect(Self.tab("zz") == ("zz", nil))
        // A whole name with its space already: nothing to add.
        #expect(Self.tab("quit ") == ("quit ", nil))
    }

    @Test func aPathCompletesToTheMembersOfTheStateHere() {
        #expect(Self.tab("p ca").listed == ["cart", "catalog"])
        #expect(Self.tab("state cart.").listed == ["cart.items", "cart.total"])
        #expect(Self.tab("watch cart.t").line == "watch cart.total")
        #expect(Self.tab("watch count cart.i").line == "watch count cart.items")
        #expect(Self.tab("p cart.items[id=1].q").line == "p cart.items[id=1].quantity")
        #expect(Self.tab("break is").line == "break isLoggedIn")
        // A key that is not a name is written as paths write it.
        #expect(Self.tab("p con").line == #"p ["content-type"]"#)
        // Nothing to offer: not a member, not an object, a predicate's value, a command
        // without a path, no state to read.
        #expect(Self.tab("p cart.x").listed == nil && Self.tab("p cart.x").line == "p cart.x")
        // After an array, its size.
        #expect(Self.tab("p catalog.").line == "p catalog.count")
        #expect(Self.tab("watch cart.items.c").line == "watch cart.items.count")
        #expect(Self.tab("p catalog.x").line == "p catalog.x")
        #expect(Self.tab("break cart.total > t").line == "break cart.total > t")
        #expect(Self.tab("goto c").line == "goto c")
        #expect(Self.tab("p ca", state: nil).line == "p ca")
        #expect(Self.tab("p cart.items[").line == "p cart.items[")
    }

    @Test func tabInTheMiddleOfTheLineCompletesTheWordBeforeTheCursor() {
        var editor = LineEditor()
        for scalar in "p car.total".unicodeScalars { _ = editor.handle(.insert(scalar)) }
        for _ in 0..<6 { _ = editor.handle(.left) }
        let completion = StepCompletion.completion(for: editor.textBeforeCursor) { Self.state }
        #expect(completion == LineEditor.Completion(start: 2, words: ["cart"], suffix: ""))
        #expect(editor.complete(with: completion) == .edited)
        #expect(editor.text == "p cart.total" && editor.cursor == 6)
    }

    @Test func listedWordsAreLaidOutInColumnsAndEscaped() {
        let words = ["alpha", "b", "gamma\u{1B}[2J", "d"]
        let widest = #"gamma\u{1B}[2J"#
        #expect(StepCompletion.listing(words, width: 30) == "alpha" + String(repeating: " ", count: widest.count + 2 - 5) + "b\n\(widest)  d\n")
        #expect(StepCompletion.listing(["a", "b"], width: nil) == "a  b\n")
        let many = (0..<150).map { "k\($0)" }
        #expect(StepCompletion.listing(many, width: 80).hasSuffix("… and 50 more\n"))
    }
}
