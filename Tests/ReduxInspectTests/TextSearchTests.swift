import Testing

@testable import ReduxInspect

/// `log --grep` and `step`'s `find` look for the pattern's bytes in the text's, in the pattern's
/// Unicode normal form or the other.
@Suite struct TextSearchTests {
    @Test(arguments: [
        ("addToCart", "", true), ("addToCart", "To", true), ("addToCart", "addToCart", true),
        ("addToCart", "cart", false), ("add", "addToCart", false), ("", "", true), ("", "a", false),
        ("aabaabaaab", "aabaaab", true), ("abababc", "ababc", true), ("abababd", "ababc", false),
        (#"{"title":"café ✓"}"#, "é ✓", true), ("ab\u{0}c", "\u{0}c", true),
    ])
    func findsThePatternsBytes(_ text: String, _ pattern: String, _ found: Bool) {
        #expect(TextSearch(pattern).isFound(in: text) == found)
        // The same answer as a plain search, for these.
        #expect(found == (pattern.isEmpty || text.utf8.count >= pattern.utf8.count
            && (0...(text.utf8.count - pattern.utf8.count)).contains { start in
                Array(text.utf8).dropFirst(start).starts(with: Array(pattern.utf8))
            }))
    }

    /// `café` typed with `é` as one code point finds it written as `e` and a combining accent,
    /// and the other way round, also inside a longer pattern; what neither form holds is not
    /// found.
    @Test func findsThePatternInEitherNormalForm() {
        let composed = "{\"tag\":\"caf\u{E9} cr\u{E8}me\"}"
        let decomposed = "{\"tag\":\"cafe\u{301} cre\u{300}me\"}"
        for (text, pattern) in [(decomposed, "caf\u{E9}"), (composed, "cafe\u{301}"), (decomposed, "\u{E9} cr\u{E8}m")] {
            #expect(TextSearch(pattern).isFound(in: text), "\(Array(pattern.unicodeScalars))")
        }
        // Mixed in the pattern: each of its forms is whole, so this finds both spellings.
        #expect(TextSearch("caf\u{E9} cre\u{300}me").isFound(in: composed))
        #expect(TextSearch("caf\u{E9} cre\u{300}me").isFound(in: decomposed))
        #expect(!TextSearch("caf\u{E8}").isFound(in: decomposed))
    }

    /// A character JSON text is printed with as an escape (a zero width space, a bidi
    /// control), typed or pasted as it is, finds it in an action's text, where it is escaped,
    /// as well as in a type, where it is not.
    @Test func findsACharacterPrintedAsAnEscape() {
        let action = JSONValue.object(["item": .string("Buy\u{200B}now \u{202E}x")]).compactText
        #expect(action == #"{"item":"Buy\u200bnow \u202ex"}"#)
        #expect(TextSearch("Buy\u{200B}").isFound(in: action))
        #expect(TextSearch("\u{202E}x").isFound(in: action))
        #expect(TextSearch(#"Buy\u200b"#).isFound(in: action))
        #expect(TextSearch("Buy\u{200B}").isFound(in: "addBuy\u{200B}"))
        #expect(!TextSearch("Buy\u{200B}").isFound(in: #"{"item":"Buynow"}"#))
    }

    /// A control character typed as it is, or as the escape the type column and warnings
    /// print (`\u{1B}`), is found in an action's JSON text, which holds it as `\u001b` or
    /// `\t`; the escape of a character printed as it is stays text.
    @Test func findsAControlCharacterTypedAsItIsOrAsItsPrintedEscape() {
        let action = #"{"a":{"s":"a\u001bb","t":"e\tf","z":"x\u200by"}}"#
        for pattern in ["a\u{1B}b", #"a\u{1B}b"#, #"a\u{1b}b"#, "e\tf", #"x\u{200B}y"#, #"a\u001bb"#] {
            #expect(TextSearch(pattern).isFound(in: action), "\(pattern)")
        }
        #expect(TextSearch("esc\u{1B}").isFound(in: "esc\u{1B}"), "a type holds it as it is")
        #expect(TextSearch(#"esc\u{1B}"#).isFound(in: "esc\u{1B}"))
        #expect(!TextSearch(#"\u{41}"#).isFound(in: "A"))
        #expect(TextSearch(#"\u{41}"#).isFound(in: #"say \u{41}"#))
        #expect(!TextSearch(#"a\u{1B}c"#).isFound(in: action))
        #expect(!TextSearch(#"\u{zz}"#).isFound(in: action))
    }

    /// A pattern that almost matches everywhere: found, or not, without comparing it again
    /// from every position (a million positions of a 3,000-byte pattern would not finish here).
    @Test func aLongPatternThatAlmostMatchesEverywhere() {
        let text = String(repeating: "a", count: 1_000_000)
        #expect(!TextSearch(String(repeating: "a", count: 3000) + "b").isFound(in: text))
        #expect(TextSearch(String(repeating: "a", count: 3000) + "b").isFound(in: text + "b"))
    }
}
