import Testing

@testable import ReduxInspect

/// The differ's check of a line's members besides the state (``RecordedLine``), against the
/// parser's: on lines of the recorder's shape with one member respelled, broken or moved, and
/// on lines with random bytes changed before the state, ``RecordedStateDiffer/changes(at:)``
/// diffs exactly the steps ``Recording/entry(at:)`` reads, and gives them the same type.
@Suite struct RecordedLineCheckTests {
    /// Values that are valid JSON, or almost: the edges of strings, numbers, literals,
    /// containers and white space that a check of compact JSON could get wrong.
    static let fragments: [[UInt8]] = {
        let texts = [
            // Strings: escapes, surrogates, control characters, what is not ASCII.
            #""a""#, #""""#, #""addToCart""#, #""2026-11-22T10:00:00.250Z""#, #""\x""#, #""\"""#, #""\\""#,
            #""\/""#, #""\b\f\n\r\t""#, #""\u0062""#, #""\u00e9""#, #""\uD800""#, #""\uDE00""#,
            #""\uD83D\uDE00""#, #""\uD83Dx""#, #""\u12""#, #""\u12G4""#, #""\u0000""#, "\"\u{1}\"", "\"\u{1F}\"",
            "\"a\tb\"", "\"\u{7F}\"", "\"é\"", "\"😀\"", #""abc"#, #""abcdefghijklmnopqrstuvwxyz""#,
            #""abcdefgh\""#, #""abcdefg\"""#, #""abcdefghijklmno\u0041""#,
            // Numbers: the grammar's edges.
            "0", "-0", "7", "42", "01", "00", "-", "-a", "1.", "1.5", ".5", "+1", "1e", "1e5", "1E+5", "1e-5",
            "1e+", "1.5e", "1e999999999", "-1.0e-0", "12345678901234567890123456789", "1-2", "1.2.3", "0x1",
            "1e5.0", "0.0", "-01", "1ee5",
            // Literals.
            "true", "false", "null", "tru", "fals", "nul", "truex", "True", "nulll",
            // Containers: empty, trailing commas, missing parts, duplicate keys.
            "{}", "[]", "[1]", "[1,]", "[,1]", #"{"a":1}"#, #"{"a":1,}"#, #"{"a"}"#, #"{"a":}"#, #"{"a" 1}"#,
            #"{"a":1 "b":2}"#, "[1 2]", #"{"a":1,"a":2}"#, #"{"a":[1,{"b":null}],"c":"d"}"#, "[[[]]]", "[}",
            "{]", #"{1:2}"#, #"{"a":1]"#, "[1}", #"{"addToCart":{"productID":2,"quantity":2}}"#,
            #"{"addToCart":{"productID":2,"quantity":2}"#, #"{"setLoading":{"_0":true}}"#, #"{"x\u0041":1}"#,
            #"{"\uD800":1}"#, "{\"\u{1}\":1}", #"{"é":"ü"}"#,
            // White space, inside and around.
            " 1", "1 ", "\t[1]", #"{ "a" : 1 }"#, "[ 1 , 2 ]", "\r\"a\"", #"{"a":1 }"#, "[1 ]",
        ]
        var fragments = texts.map { Array($0.utf8) }
        // Bytes that are not UTF-8: a lone continuation, a truncated sequence, an overlong
        // encoding, an encoded surrogate, and bytes no UTF-8 holds.
        for bytes: [UInt8] in [[0x80], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xFF], [0xF4, 0x90, 0x80, 0x80]] {
            fragments.append([UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")])
            fragments.append(Array(#"{"a":""#.utf8) + bytes + Array(#""}"#.utf8))
        }
        // Nesting at the parser's limit and past it (the line's object is one level), and
        // around the 63 levels the compact check follows itself.
        let limit = JSONParser.Options().maximumDepth
        for depth in [62, 63, 64, 65, limit - 2, limit - 1, limit, limit + 1] {
            fragments.append(Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth))
            fragments.append(
                Array(String(repeating: #"{"a":"#, count: depth).utf8) + [UInt8(ascii: "1")]
                    + Array(repeating: UInt8(ascii: "}"), count: depth))
        }
        return fragments
    }()

    /// The members of a line as the recorder writes them, before and after the state.
    static let members: [(key: String, value: String)] = [
        ("seq", "2"), ("time", #""2026-11-22T10:00:00.250Z""#), ("type", #""addToCart""#),
        ("action", #"{"addToCart":{"productID":2,"quantity":2}}"#), ("state", #"{"n":2}"#),
    ]

    /// Every fragment as the value of each member but the state (and of an extra member after
    /// it): the differ diffs the line exactly when the parser reads the entry.
    @Test func eachFragmentInEachMember() throws {
        var compared = 0
        for fragment in Self.fragments {
            for index in 0..<Self.members.count where Self.members[index].key != "state" {
                var values = Self.members.map { Array($0.value.utf8) }
                values[index] = fragment
                compared += try Self.check(Self.line(Self.members.map(\.key), values))
            }
            for key in ["type", "action", "us", "other"] {
                let keys = Self.members.map(\.key) + [key]
                let values = Self.members.map { Array($0.value.utf8) } + [fragment]
                compared += try Self.check(Self.line(keys, values))
            }
        }
        // Most lines are indexed as entries with a state, so that they are compared at all.
        #expect(compared > Self.fragments.count * 6)
    }

    /// Members respelled, repeated, missing or reordered, and keys with escapes.
    @Test(arguments: [
        #"{"seq":2,"time":"t","type":"b","action":"b","state":{"n":2}}"#,
        #"{"seq":2,"time":"t","action":"b","state":{"n":2}}"#,
        #"{"seq":2,"time":"t","action":{"c":{}},"state":{"n":2}}"#,
        #"{"seq":2,"time":"t","action":{"c":1,"d":2},"state":{"n":2}}"#,
        #"{"seq":2,"action":[1],"state":{"n":2}}"#,
        #"{"seq":2,"time":"t","type":"b","state":{"n":2}}"#,
        #"{"seq":2,"time":"t","type":"b","state":{"n":2},"action":"c"}"#,
        #"{"seq":2,"time":"t","type":"b","type":"c","action":"b","state":{"n":2}}"#,
        #"{"seq":2,"time":"t","type":"b","action":"b","action":"c","state":{"n":2}}"#,
        #"{"seq":2,"time":"t","type":"b","action":"b","state":{"n":2},"type":7}"#,
        #"{"seq":2,"time":"t","type":7,"action":"b","state":{"n":2}}"#,
        #"{"seq":2,"time":"t","type":null,"action":"b","state":{"n":2}}"#,
        #"{"seq":2,"time":"t","t\u0079pe":"c","type":"b","action":"b","state":{"n":2}}"#,
        #"{"seq":2,"time":"t","type":"b","\u0061ction":"b","state":{"n":2}}"#,
        #"{"seq":2,"time":"t","type":"b","action":"b","state":{"n":2},"us":12}"#,
        #"{"seq":2,"time":"t","type":"b","action":"b","state":{"n":2},"us":-1}"#,
        #"{"seq":2,"time":"t","type":"b","action":"b","state":{"n":2},"us":01}"#,
        #"{"seq":2,"time":"t","type":"b","action":"b","state":{"n":2}} "#,
        #"{"seq":2,"time":"t","type":"b","action":"b","state":{"n":2}}x"#,
        #"{"seq":2,"time":"t","type":"b","action":"b","state":{"n":2},}"#,
        #"{"seq":2,"time":"t","type":"b","action":"b","state" : {"n":2} }"#,
        #" {"seq":2,"time":"t","type":"b","action":"b","state":{"n":2}}"#,
        #"{"seq":2,"time":"t","type":"b","action":"b","state":{"n":2},"state":{"n":3}}"#,
        #"{"seq":2,"time":"t","type":"b","action":"b","state":{"n":2},"x":{"y":[1,2,{"z":"\u00e9"}]}}"#,
        #"{"time":"t","seq":2,"type":"b","action":"b","state":{"n":2}}"#,
        #"{"seq":2,"time":"t","type":"\u0062","action":"b","state":{"n":2}}"#,
        #"{"seq":2,"time":"t","type":"é","action":"b","state":{"n":2}}"#,
        #"{"seq":2,"time":"t","type":"b\"c","action":"b","state":{"n":2}}"#,
    ])
    func reshapedLines(line: String) throws {
        _ = try Self.check(Array(line.utf8))
    }

    /// `line`, a recorder's line ending in the state `{"n":2}`, with `edits` bytes changed,
    /// inserted or removed at random before `,"state":`, from the bytes compact checks treat
    /// specially.
    static func changedBeforeState(
        _ line: [UInt8], edits: ClosedRange<Int>, using generator: inout SeededGenerator
    ) -> [UInt8] {
        let alphabet = Array(#"{}[]",:\ 0123456789.eE+-tfnrulsa"#.utf8) + [0x01, 0x09, 0x0D, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
        let stateStart = line.count - #"{"n":2}}"#.utf8.count
        var bytes = line
        for _ in 0..<Int.random(in: edits, using: &generator) {
            let position = Int.random(in: 1..<stateStart - 9, using: &generator)
            let byte = alphabet.randomElement(using: &generator)!
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: bytes[position] = byte
            case 1: bytes.insert(byte, at: position)
            default: bytes.remove(at: position)
            }
        }
        return bytes
    }

    /// Lines of the recorder's shape with bytes changed, inserted or removed before the
    /// state, where a compact check has the most to get right.
    @Test func randomlyChangedBytes() throws {
        let base = Self.line(Self.members.map(\.key), Self.members.map { Array($0.value.utf8) })
        var generator = SeededGenerator(seed: 11)
        var compared = 0
        for _ in 0..<4_000 {
            compared += try Self.check(Self.changedBeforeState(base, edits: 1...3, using: &generator))
        }
        #expect(compared > 500)
    }

    /// The line with `keys` and `values`, in order, without white space.
    static func line(_ keys: [String], _ values: [[UInt8]]) -> [UInt8] {
        var line = [UInt8(ascii: "{")]
        for (index, key) in keys.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            line += Array("\"\(key)\":".utf8) + values[index]
        }
        return line + [UInt8(ascii: "}")]
    }

    /// Checks that the differ diffs the entry on `line` (the second step, after a valid one)
    /// exactly when ``Recording/entry(at:)`` reads it, with the same type; 1 when the line is
    /// indexed as an entry with a state, so that the two could be compared, and 0 otherwise.
    static func check(_ line: [UInt8]) throws -> Int {
        let text =
            Array(#"{"format":"redux-inspect","version":1,"initialState":{"n":0}}"#.utf8) + [0x0A]
            + Array(#"{"seq":1,"time":"t","type":"a","action":{"a":{}},"state":{"n":1}}"#.utf8) + [0x0A]
            + line + [0x0A]
        guard let recording = try? Recording(path: "<memory>", bytes: FileBytes(bytes: text), strict: false),
            recording.steps.count == 2, recording.steps[1].hasState
        else { return 0 }
        let description = String(decoding: line, as: UTF8.self)
        let entry = try? recording.entry(at: 1)
        // After the step before, whose line the differ checked the same way, and alone, when
        // it parses the line before in full.
        var inOrder = RecordedStateDiffer(recording)
        #expect(inOrder.changes(at: 0)?.type == "a")
        var alone = RecordedStateDiffer(recording)
        for step in [inOrder.changes(at: 1), alone.changes(at: 1)] {
            #expect((step != nil) == (entry != nil), "\(description)")
            if let step, let entry {
                #expect(step.type == entry.type, "\(description)")
                #expect(step.changes.map(\.path.description) == ["n"], "\(description)")
            }
        }
        return 1
    }
}
