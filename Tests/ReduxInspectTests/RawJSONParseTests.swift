import Testing

@testable import ReduxInspect

/// ``RawJSON/parse(_:)`` builds plain containers itself instead of asking ``JSONParser``: it
/// must give the same value, members in the same order (which `==` on objects ignores, so the
/// texts are compared), and leave everything else, valid or not, to the parser.
@Suite struct RawJSONParseTests {
    /// The value ``RawJSON/parse(_:)`` reads from `text`, or `nil` when it throws.
    static func rawParse(_ text: String, maximumDepth: Int = JSONParser.Options().maximumDepth) -> JSONValue? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            try? RawJSON(buffer, maximumDepth: maximumDepth).parse(0..<buffer.count)
        }
    }

    /// The value ``JSONParser`` reads from `text`, or `nil` when it throws.
    static func parse(_ text: String, maximumDepth: Int = JSONParser.Options().maximumDepth) -> JSONValue? {
        try? JSONParser.parse(Array(text.utf8), options: JSONParser.Options(maximumDepth: maximumDepth))
    }

    static func check(_ text: String, maximumDepth: Int = JSONParser.Options().maximumDepth) {
        let raw = rawParse(text, maximumDepth: maximumDepth)
        let parsed = parse(text, maximumDepth: maximumDepth)
        #expect(raw?.compactText == parsed?.compactText, "\(text.debugDescription)")
        #expect(raw == parsed, "\(text.debugDescription)")
    }

    @Test(arguments: [
        #"{"id":2,"name":"Espresso beans","price":12.99,"quantity":2}"#,
        #"[{"id":1,"items":[{"id":1,"name":"Green tea","price":4.5}]},{"id":2,"items":[]}]"#,
        #"{"b":1,"a":2,"b":3}"#, #"{}"#, #"[]"#, #"[[],{},[{}]]"#, #"[true,false,null,-0,1e3,0.5E-2]"#,
        // Left to the parser: escapes, non-ASCII, white space, and what is not JSON.
        #"{"a":"x\"y"}"#, #"{"é":1}"#, #"{"a":"é"}"#, #"{ "a":1}"#, #"[1 ,2]"#, "[\"a\tb\"]",
        #"{"a":01}"#, #"{"a":1,}"#, #"[1,]"#, #"{"a"}"#, #"{"a":}"#, #"[tru]"#, #"[1}"#, #"{"a":1]"#,
        #"[1]]"#, #"{"a":[1,{"b":2}]"#, #"[-]"#, #"["\u0041"]"#, #"[1.]"#, "[\"\u{7F}\"]",
    ])
    func sameAsTheParser(_ text: String) {
        Self.check(text)
    }

    @Test func nestingAtTheLimits() {
        for depth in [1, 2, 15, 16, 17, 40] {
            let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            Self.check(text)
            for limit in [1, 2, depth - 1, depth, depth + 1] where limit > 0 {
                Self.check(text, maximumDepth: limit)
                Self.check("{\"a\":" + text + "}", maximumDepth: limit)
            }
        }
    }

    @Test func randomValues() {
        var states = RandomStates(seed: 0x9A25_E000)
        for _ in 0..<2_000 {
            let (old, new) = states.pair()
            Self.check(old.compactText)
            Self.check(new.compactText)
        }
    }
}
