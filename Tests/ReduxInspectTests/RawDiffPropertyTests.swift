import Foundation
import Testing

@testable import ReduxInspect

/// The raw diff against the tree diff it must reproduce, on generated pairs and on the states
/// of the shipped recordings.
@Suite struct RawDiffPropertyTests {
    /// Seeded pairs written compactly, as a recorder writes them.
    @Test(arguments: 0..<4)
    func randomPairsMatchTheTreeDiff(batch: Int) throws {
        for seed in UInt64(batch * 1_000)..<UInt64(batch * 1_000 + 1_000) {
            var states = RandomStates(seed: seed)
            let (old, new) = states.pair()
            try expectSameChanges(old.compactText, new.compactText, "seed \(seed)")
        }
    }

    /// The same pairs written with white space and escapes, differently on each side, so that
    /// equal values have different bytes.
    @Test(arguments: 0..<2)
    func respelledPairsMatchTheTreeDiff(batch: Int) throws {
        for seed in UInt64(batch * 1_000)..<UInt64(batch * 1_000 + 1_000) {
            var states = RandomStates(seed: seed)
            let (old, new) = states.pair()
            var generator = SeededGenerator(seed: seed ^ 0x5EED)
            let oldText = RawDiffSupport.respelled(old, using: &generator)
            let newText = RawDiffSupport.respelled(new, using: &generator)
            try expectSameChanges(oldText, newText, "seed \(seed)")
            // Equal values written two ways: no change.
            let again = RawDiffSupport.respelled(old, using: &generator)
            try expectSameChanges(oldText, again, "seed \(seed), respelled")
            try expectSameChanges(old.compactText, again, "seed \(seed), compact and respelled")
        }
    }

    /// Equality read from the bytes, which decides the elements set aside at the ends of an
    /// array compared by position, is `==` on the parsed values: on generated pairs, equal
    /// values written two ways, and each element of one against each of the other.
    @Test func equalityFromTheBytesIsThatOfTheParsedValues() throws {
        for seed in UInt64(0)..<500 {
            var states = RandomStates(seed: seed)
            let (old, new) = states.pair()
            var generator = SeededGenerator(seed: seed ^ 0xE9)
            // Values as a container holds them: without the white space around.
            let texts = [
                old.compactText, new.compactText, RawDiffSupport.respelled(old, using: &generator),
                RawDiffSupport.respelled(new, using: &generator),
            ].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            for first in texts {
                for second in texts {
                    let expected = try JSONParser.parse(first) == JSONParser.parse(second)
                    let found = try Array(first.utf8).withUnsafeBufferPointer { a in
                        try Array(second.utf8).withUnsafeBufferPointer { b in
                            try RawJSON(a, maximumDepth: 512).value(
                                0..<a.count, equals: 0..<b.count, in: RawJSON(b, maximumDepth: 512), depth: 0)
                        }
                    }
                    #expect(found == expected, "seed \(seed): \(first) against \(second)")
                }
            }
        }
    }

    /// Every consecutive pair of states in every fixture, from the lines' bytes.
    @Test(arguments: CLITestSupport.fixtures)
    func fixtureStatesMatchTheTreeDiff(path: String) throws {
        let recording = try Recording(path: path)
        let timeline = Timeline(recording: recording, reducer: nil)
        var differ = RecordedStateDiffer(recording)
        var compared = 0
        for index in recording.steps.indices {
            let recordedBefore =
                index == 0 ? recording.header?.initialState != nil : recording.steps[index - 1].hasState
            guard recordedBefore && recording.steps[index].hasState else {
                // Not both on lines: the caller replays instead.
                let step = differ.changes(at: index)
                #expect(step == nil)
                continue
            }
            let old = try timeline.state(after: index - 1)
            let new = try timeline.state(after: index)
            let expected = JSONDiff.changes(from: old, to: new)
            try expectSameChanges(old.compactText, new.compactText, "\(path) step \(index)")
            let step = differ.changes(at: index)
            let raw = try #require(step, "\(path) step \(index)")
            #expect(
                RawDiffSupport.strict(raw.changes) == RawDiffSupport.strict(expected), "\(path) step \(index)"
            )
            #expect(raw.seq == recording.steps[index].seq)
            #expect(raw.type == (try recording.entry(at: index)).type)
            compared += 1
        }
        if path.hasSuffix("shop.jsonl") { #expect(compared == recording.steps.count) }
    }

    /// A pair of random states in a recording, through ``RecordedStateDiffer``.
    @Test func recordingLinesMatchTheTreeDiff() throws {
        var lines = [#"{"format":"redux-inspect","version":1,"initialState":{"items":[]}}"#]
        var states: [JSONValue] = []
        for seed in UInt64(0)..<200 {
            var generator = RandomStates(seed: seed)
            let (old, new) = generator.pair()
            states += [old, new]
            // A step that changes nothing, now and then.
            if seed % 4 == 0 { states.append(new) }
        }
        for (offset, state) in states.enumerated() {
            // Members after the state, and a respelled state now and then.
            var generator = SeededGenerator(seed: UInt64(offset))
            let text =
                offset % 3 == 0
                ? RawDiffSupport.respelled(state, using: &generator).replacing("\r\n", with: " ").replacing(
                    "\n", with: " ") : state.compactText
            let after = offset % 5 == 0 ? #","us":12"# : ""
            if offset % 7 == 3 {
                // The type after the state.
                lines.append(#"{"seq":\#(offset + 1),"action":"a","state":\#(text),"type":"t\#(offset)"}"#)
            } else {
                lines.append(
                    #"{"seq":\#(offset + 1),"type":"t\#(offset)","action":"a","state":\#(text)\#(after)}"#)
            }
        }
        let recording = try Recording(text: lines.joined(separator: "\n") + "\n")
        var differ = RecordedStateDiffer(recording)
        for index in recording.steps.indices {
            let old = index == 0 ? try JSONParser.parse(#"{"items":[]}"#) : states[index - 1]
            guard old != .null && states[index] != .null else {
                // A `null` state is not recorded: it must be replayed.
                let step = differ.changes(at: index)
                #expect(step == nil)
                continue
            }
            let step = differ.changes(at: index)
            let raw = try #require(step)
            let expected = JSONDiff.changes(from: old, to: states[index])
            #expect(RawDiffSupport.strict(raw.changes) == RawDiffSupport.strict(expected), "step \(index)")
            #expect(raw.type == "t\(index)")
        }
    }

    /// Long arrays and objects with a few edits anywhere, so that the skim's guide (the old
    /// side's members and elements, tried against the new bytes) loses and finds its place.
    @Test(arguments: 0..<4)
    func longContainersWithFewEdits(batch: Int) throws {
        for seed in UInt64(batch * 250)..<UInt64(batch * 250 + 250) {
            var generator = SeededGenerator(seed: seed)
            var states = RandomStates(seed: seed)
            let withIDs = seed % 2 == 0
            var elements: [JSONValue] = (0..<Int.random(in: 20...60, using: &generator)).map { index in
                withIDs ? ["id": .number(JSONNumber(String(index))), "q": 1] : states.value(depth: 2)
            }
            var members = (0..<Int.random(in: 10...40, using: &generator)).map {
                ("k\($0)", states.value(depth: 2))
            }
            let old: JSONValue = ["list": .array(elements), "map": .object(JSONObject(members)), "n": 1]
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let at = Int.random(in: 0..<elements.count, using: &generator)
                switch Int.random(in: 0...3, using: &generator) {
                case 0: elements.insert(["id": .number(JSONNumber(String(1_000 + at))), "q": 2], at: at)
                case 1: elements.remove(at: at)
                case 2: elements[at] = withIDs ? ["id": elements[at]["id"]!, "q": 3] : states.scalar()
                default: elements.swapAt(at, Int.random(in: 0..<elements.count, using: &generator))
                }
                let key = Int.random(in: 0..<members.count, using: &generator)
                switch Int.random(in: 0...2, using: &generator) {
                case 0: members.insert(("new\(key)", states.scalar()), at: key)
                case 1: members.remove(at: key)
                default: members[key].1 = states.scalar()
                }
            }
            let new: JSONValue = ["list": .array(elements), "map": .object(JSONObject(members)), "n": 1]
            try expectSameChanges(old.compactText, new.compactText, "seed \(seed)")
        }
    }

    /// The shop fixture with one byte changed: the differ never takes an invalid line for a
    /// valid one, and agrees with the tree diff on the lines it reads.
    @Test(arguments: 0..<4)
    func corruptedLinesAreNeverTakenForValid(batch: Int) throws {
        let original = try String(contentsOfFile: CLITestSupport.fixture("shop.jsonl"), encoding: .utf8)
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        let replacements: [UInt8] = [
            0x00, 0x1F, 0x22, 0x5C, 0x78, 0x30, 0x2C, 0x7D, 0x5D, 0xFF, 0xC3, 0x20, 0x74, 0x2D,
        ]
        let pristine = lines
        var invalidSteps = 0
        for seed in UInt64(batch * 100)..<UInt64(batch * 100 + 100) {
            var generator = SeededGenerator(seed: seed)
            lines = pristine
            let line = Int.random(in: 1..<lines.count - 2, using: &generator)
            lines[line][Int.random(in: 0..<lines[line].count, using: &generator)] =
                replacements.randomElement(using: &generator)!
            // Files the indexer rejects are not the differ's to read.
            let bytes = FileBytes(bytes: Array(lines.joined(separator: [0x0A])))
            guard let recording = try? Recording(path: "<memory>", bytes: bytes, strict: false) else {
                continue
            }
            var differ = RecordedStateDiffer(recording)
            for index in recording.steps.indices where index == 0 || recording.steps[index - 1].hasState {
                let step = differ.changes(at: index)
                let new = try? recording.entry(at: index)
                let old =
                    index == 0 ? recording.header?.initialState : (try? recording.entry(at: index - 1))?.state
                guard let new, let newState = new.state, let old else {
                    #expect(step == nil, "seed \(seed) step \(index)")
                    invalidSteps += 1
                    continue
                }
                let raw = try #require(step, "seed \(seed) step \(index)")
                #expect(raw.type == new.type)
                #expect(
                    RawDiffSupport.strict(raw.changes)
                        == RawDiffSupport.strict(JSONDiff.changes(from: old, to: newState)),
                    "seed \(seed) step \(index)")
            }
        }
        // The corpus holds lines that are indexed but invalid inside.
        #expect(invalidSteps > 10)
    }

    private func expectSameChanges(_ old: String, _ new: String, _ comment: Comment) throws {
        let expected = try RawDiffSupport.treeChanges(old, new)
        let raw = try RawJSONDiff.changes(from: old, to: new)
        #expect(raw == expected, comment)
        #expect(RawDiffSupport.strict(raw) == RawDiffSupport.strict(expected), comment)
    }
}
