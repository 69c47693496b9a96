import Testing

@testable import ReduxInspect

/// The byte loops the raw diff's speed rests on, against plain references: the word-at-a-time
/// container skim, the recorder-shape fast path of a line's members, and the skims kept from
/// one step for the next.
@Suite struct RawSkimTests {
    /// ``RawJSON/containerEnd(from:depth:)`` finds the end the byte-by-byte skim finds, and
    /// refuses the texts it refuses (unclosed, or nested deeper than allowed), on texts dense
    /// with quotes, escapes and brackets of both kinds.
    @Test func containerEndAgreesWithTheByteSkim() {
        let alphabet = Array(#"{}[]"\\ab,:"#.utf8)
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<20_000 {
            var bytes = [UInt8(ascii: "[")]
            for _ in 0..<Int.random(in: 0..<40, using: &generator) {
                bytes.append(alphabet.randomElement(using: &generator)!)
            }
            let depth = Int.random(in: 0..<3, using: &generator)
            let limit = Int.random(in: 1..<6, using: &generator)
            bytes.withUnsafeBufferPointer { buffer in
                let text = RawJSON(buffer, maximumDepth: limit)
                let found = try? text.containerEnd(from: 0, depth: depth)
                let expected = Self.referenceEnd(buffer, depth: depth, maximumDepth: limit)
                #expect(found == expected, "\(String(decoding: bytes, as: UTF8.self)) depth \(depth) limit \(limit)")
            }
        }
    }

    /// The container skim as it was written first: one byte at a time, strings skipped.
    static func referenceEnd(_ bytes: UnsafeBufferPointer<UInt8>, depth: Int, maximumDepth: Int) -> Int? {
        var level = 1
        guard depth + 1 <= maximumDepth else { return nil }
        var offset = 1
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if byte == UInt8(ascii: "\"") {
                // To the closing quote; a backslash escapes the byte after it.
                while offset < bytes.count && bytes[offset] != UInt8(ascii: "\"") {
                    offset += bytes[offset] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard offset < bytes.count else { return nil }
                offset += 1
            } else if byte | 0x20 == UInt8(ascii: "{") {
                level += 1
                guard depth + level <= maximumDepth else { return nil }
            } else if byte | 0x20 == UInt8(ascii: "}") {
                level -= 1
                if level == 0 { return offset }
            }
        }
        return nil
    }

    /// A line of the recorder's shape whose members before the state are not valid JSON is
    /// not diffed, as a line of any other shape; respelled members give the same changes.
    @Test(arguments: [
        (#"{"seq":2,"time":"t","type":"b","action":"b","state":{"n":2}}"#, "b", true),
        (#"{"seq":2,"time":"\x","type":"b","action":"b","state":{"n":2}}"#, "", false),
        ("{\"seq\":2,\"time\":\"\u{1}\",\"type\":\"b\",\"action\":\"b\",\"state\":{\"n\":2}}", "", false),
        (#"{"seq":2,"time":"t","type":"b","action":{"b":tru},"state":{"n":2}}"#, "", false),
        (#"{"seq":2,"time":"t","type":"\u0062","action":"b","state":{"n":2}}"#, "b", true),
        (#"{"seq": 2,"time" : "t","type":"b","action":"x", "state": {"n":2}}"#, "b", true),
        (#"{"seq":2,"time":"t","type":"b","action":"b","state":{"n":2},"type":"c"}"#, "b", true),
        (#"{"seq":2,"time":"t","type":"b","action":[1,],"state":{"n":2}}"#, "", false),
    ])
    func recorderShapedLines(line: String, type: String, valid: Bool) throws {
        let text = [
            #"{"format":"redux-inspect","version":1,"initialState":{"n":0}}"#,
            #"{"seq":1,"time":"t","type":"a","action":"a","state":{"n":1}}"#, line,
        ].joined(separator: "\n")
        let recording = try Recording(
            path: "<memory>", bytes: FileBytes(bytes: Array((text + "\n").utf8)), strict: false)
        var differ = RecordedStateDiffer(recording)
        #expect(differ.changes(at: 0)?.type == "a")
        let step = differ.changes(at: 1)
        #expect((step != nil) == valid)
        #expect((step != nil) == ((try? recording.entry(at: 1)) != nil))
        if let step {
            #expect(step.type == type)
            #expect(step.changes.map(\.path.description) == ["n"])
        }
    }

    /// A walk over a state whose bytes did not change, one byte further on, keeps for the next
    /// walk every container the walk before skimmed in it, where a skim of the new text finds
    /// them: the objects with their members, the arrays with their elements and their ids
    /// (next to each other, `[[`, so that a range kept unmoved would be found wrong).
    @Test func aStateThatDidNotChangeKeepsEveryContainerSkimmedInIt() throws {
        let before = #"{"u":{"t":[[1],[2]]},"cart":{"items":[{"id":1,"q":1},{"id":2,"q":1}],"total":2}}"#
        let after = #"{"u":{"t":[[1],[2,3]]},"cart":{"items":[{"id":1,"q":1},{"id":2,"q":5}],"total":6}}"#
        let old = Array(before.utf8)
        let new = Array(after.utf8)
        let moved = Array((" " + after).utf8)
        try old.withUnsafeBufferPointer { oldBytes in
            try new.withUnsafeBufferPointer { newBytes in
                try moved.withUnsafeBufferPointer { movedBytes in
                    let oldText = RawJSON(oldBytes, maximumDepth: 64)
                    let newText = RawJSON(newBytes, maximumDepth: 64)
                    let movedText = RawJSON(movedBytes, maximumDepth: 64)
                    var walker = RawDiffWalker(old: oldText, new: newText)
                    _ = try walker.diffTop(0, 0)
                    walker.reset(old: newText, new: movedText)
                    #expect(try walker.sameTop(0, 1, depth: 0) == movedText.count)

                    // Every container of `after`: its objects and arrays, by where they start.
                    let openers = movedBytes.indices.filter {
                        movedBytes[$0] == UInt8(ascii: "{") || movedBytes[$0] == UInt8(ascii: "[")
                    }
                    var kept = 0
                    for start in openers {
                        if movedBytes[start] == UInt8(ascii: "{") {
                            guard let found = walker.skims.object(at: start, in: movedText) else { continue }
                            var members = RawStack<RawJSON.Member>()
                            let end = try movedText.members(ofObjectAt: start, depth: 0, into: &members)
                            #expect(found.end == end, "object at \(start)")
                            let places = { (member: RawJSON.Member) in
                                [member.keyStart, member.keyEnd, member.valueStart, member.valueEnd]
                            }
                            #expect(
                                found.members.map(places) == members.buffer(from: 0).map(places), "object at \(start)")
                        } else {
                            guard let found = walker.skims.array(at: start, in: movedText) else { continue }
                            var elements = RawStack<Range<Int>>()
                            let end = try movedText.elements(ofArrayAt: start, depth: 0, into: &elements)
                            #expect(found.end == end, "array at \(start)")
                            #expect(Array(found.elements) == Array(elements.buffer(from: 0)), "array at \(start)")
                            if let ids = found.ids {
                                var expected: [Range<Int>] = []
                                for element in found.elements {
                                    expected.append(
                                        try #require(try movedText.scalarID(ofObjectAt: element.lowerBound, depth: 1)))
                                }
                                #expect(Array(ids) == expected, "ids of the array at \(start)")
                            }
                        }
                        kept += 1
                    }
                    // The state, `u`, `t` and its second element, the cart, its items and
                    // the second item: what the first walk compared.
                    #expect(kept == 7, "\(kept) containers kept")
                }
            }
        }
    }

    /// Steps diffed out of order, or again, give what they give in order: the skims kept from
    /// the last walk are used only for the text they were made in.
    @Test(arguments: ["shop.jsonl"])
    func stepsInAnyOrderMatchStepsInOrder(fixture: String) throws {
        let recording = try Recording(path: CLITestSupport.fixture(fixture))
        var inOrder = RecordedStateDiffer(recording)
        let expected = recording.steps.indices.map { inOrder.changes(at: $0) }
        var generator = SeededGenerator(seed: 3)
        var shuffled = RecordedStateDiffer(recording)
        for index in (recording.steps.indices.shuffled(using: &generator) + recording.steps.indices) {
            #expect(shuffled.changes(at: index) == expected[index], "step \(index)")
        }
    }

    /// ``RawJSON/checkValue(_:)``, which takes a compact value the compact check accepts
    /// without the general one, throws exactly when the parser refuses the value's bytes: on
    /// valid compact values and on every one-byte change to them, with the value's range
    /// ending before bytes that a number could go on with, or at the end of the text, and
    /// with nesting limits below and above the values' depth.
    @Test func checkValueAgreesWithTheParser() {
        let values = [
            #"{"id":4,"name":"Milk frother","price":24,"quantity":5}"#, #"[1,-2.5e+3,0,true,false,null]"#,
            #"{"a":[],"b":{},"c":[{"d":"e\n\u0041"}]}"#, #""plain""#, "12", "0.5", "-0", "1E9", "true",
            "null", #"[[["deep"]]]"#, #"{"k":{"k":{"k":1}}}"#, "[]", "{}",
        ]
        let alphabet = Array(#"{}[]",:0123456789.-+eE tfnrulasx\"#.utf8)
        var generator = SeededGenerator(seed: 19)
        var cases: [[UInt8]] = []
        for value in values {
            let bytes = Array(value.utf8)
            cases.append(bytes)
            for _ in 0..<300 {
                var changed = bytes
                let place = Int.random(in: 0..<changed.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: changed[place] = alphabet.randomElement(using: &generator)!
                case 1: changed.insert(alphabet.randomElement(using: &generator)!, at: place)
                default: changed.remove(at: place)
                }
                if !changed.isEmpty { cases.append(changed) }
            }
        }
        for value in cases {
            for after in ["", "1", ".5", "e", ",", "]", " "] {
                let text = value + Array(after.utf8)
                for limit in [2, 3, 512] {
                    text.withUnsafeBufferPointer { buffer in
                        let raw = RawJSON(buffer, maximumDepth: limit)
                        let range = 0..<value.count
                        let checked = (try? raw.checkValue(range)) != nil
                        let parsed =
                            (try? JSONParser.parse(
                                UnsafeBufferPointer(rebasing: buffer[range]), options: .init(maximumDepth: limit)))
                            != nil
                        #expect(
                            checked == parsed,
                            "\(String(decoding: value, as: UTF8.self)) before \(after) limit \(limit)")
                    }
                }
            }
        }
    }
}
