import Testing

@testable import ReduxInspect

/// Tab at `step`'s prompt: command names first, then the members of the state at the cursor
/// for the commands that take a path.
@Suite struct StepCompletionTests {
    static let state = try! JSONParser.parse(
        #"{"cart":{"items":[{"id":1,"quantity":2}],"total":3},"catalog":[],"content-type":"a","isLoggedIn":true,"#
            + #""content-length":1,"true":5,"x-y":{"alpha":1},"with space":{"a":1}}"#)

    /// Types `text`, presses Tab, and returns the line and what was listed.
    static func tab(_ text: String, state: JSONValue? = state) -> (line: String, listed: [String]?) {
        var editor = LineEditor()
        for scalar in text.unicodeScalars { _ = editor.handle(.insert(scalar)) }
        #expect(editor.handle(.complete) == .completionRequested)
        let completion = StepCompletion.completion(for: editor.charactersBeforeCursor) { state }
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
        // In a predicate, a path starts with a dot before a bracket or a literal's name, and
        // a dot typed first is kept.
        #expect(Self.tab("break content-t").line == #"break .["content-type"]"#)
        #expect(Self.tab("break tr").line == "break .true")
        #expect(Self.tab("break x-").line == #"break .["x-y"]"#)
        #expect(Self.tab(#"break .["x-y"].al"#).line == #"break .["x-y"].alpha"#)
        #expect(Self.tab("break .ca").listed == [".cart", ".catalog"])
        #expect(Self.tab("p tr").line == "p true")
        // Choices with less in common than typed are listed, not put in for what was typed.
        #expect(Self.tab("break t").line == "break .true")
        let other = try! JSONParser.parse(#"{"true":1,"t-x":2,"zzz":3,"a]b":{"c":1}}"#)
        #expect(Self.tab("break t", state: other) == ("break t", [#".["t-x"]"#, ".true"]))
        // A bracket inside a quoted key does not hide the dot after it.
        #expect(Self.tab(#"p ["a]b"].c"#, state: other).line == #"p ["a]b"].c"#)
        #expect(Self.tab(#"p ["a]b"]."#, state: other).line == #"p ["a]b"].c"#)
        // A key that is not a name is written as paths write it, and completed from there.
        #expect(Self.tab("p content-t").line == #"p ["content-type"]"#)
        #expect(Self.tab("p con").line == #"p ["content-"#)
        #expect(Self.tab(#"p ["content-"#).listed == [#"["content-length"]"#, #"["content-type"]"#])
        #expect(Self.tab(#"p ["content-t"#).line == #"p ["content-type"]"#)
        #expect(Self.tab(#"watch ["x-y"].al"#).line == #"watch ["x-y"].alpha"#)
        #expect(Self.tab(#"watch cart["to"#).line == #"watch cart["total"]"#)
        // A blank inside a quoted key does not start a word.
        #expect(Self.tab(#"p ["with space"].a"#).line == #"p ["with space"].a"#)
        #expect(Self.tab(#"p ["with space"]."#).line == #"p ["with space"].a"#)
        let ids = try! JSONParser.parse(#"{"items":[{"id":"a b","v":1}]}"#)
        #expect(Self.tab(#"watch items[id="a b"]."#, state: ids).listed == [#"items[id="a b"].id"#, #"items[id="a b"].v"#])
        #expect(Self.tab(#"watch x items[id="a b"].v"#, state: ids).line == #"watch x items[id="a b"].v"#)
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
        let completion = StepCompletion.completion(for: editor.charactersBeforeCursor) { Self.state }
        #expect(completion == LineEditor.Completion(start: 2, words: ["cart"], suffix: ""))
        #expect(editor.complete(with: completion) == .edited)
        #expect(editor.text == "p cart.total" && editor.cursor == 6)
    }

    /// Completing a line recalled from the history keeps the place in it, as other edits do.
    @Test func completingARecalledLineKeepsThePlaceInTheHistory() {
        var editor = LineEditor()
        for line in ["p cart", "where", "p isLoggedIn"] {
            for scalar in line.unicodeScalars { _ = editor.handle(.insert(scalar)) }
            _ = editor.handle(.enter)
        }
        _ = editor.handle(.up)
        _ = editor.handle(.up)
        for _ in 0..<3 { _ = editor.handle(.backspace) }
        #expect(editor.complete(with: StepCompletion.completion(for: editor.charactersBeforeCursor) { Self.state }) == .edited)
        #expect(editor.text == "where ")
        _ = editor.handle(.up)
        #expect(editor.text == "p cart")
    }

    /// The word starts where the editor's own characters say: a character typed just before
    /// a combining mark or half a flag is not joined to it again.
    @Test func theWordStartsAtTheEditorsCharacters() {
        var editor = LineEditor()
        for scalar in "watch \u{1F1F8}".unicodeScalars { _ = editor.handle(.insert(scalar)) }
        _ = editor.handle(.left)
        _ = editor.handle(.insert("\u{1F1FA}"))
        _ = editor.handle(.end)
        for scalar in " cat".unicodeScalars { _ = editor.handle(.insert(scalar)) }
        _ = editor.complete(with: StepCompletion.completion(for: editor.charactersBeforeCursor) { Self.state })
        #expect(editor.text.hasSuffix(" catalog"), "\(editor.text)")
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
