import Foundation
import Testing

@testable import ReduxInspect

/// The diff of replayed states' text against the tree diff it must reproduce: over chains of
/// edited states, where each step's new text is the next one's old text and what was skimmed
/// of it is reused, and over texts that are not the last one diffed.
@Suite struct StateTextDifferTests {
    /// A chain of states, each an edit of the one before, diffed in order by one differ.
    @Test(arguments: 0..<4)
    func aChainOfEditsMatchesTheTreeDiff(batch: Int) throws {
        for seed in UInt64(batch * 100)..<UInt64(batch * 100 + 100) {
            var states = RandomStates(seed: seed)
            var differ = StateTextDiffer()
            var value = states.pair().old
            var text = StateText(value)
            for step in 0..<20 {
                let next = states.edit(value, depth: 4, keepChance: step % 5 == 0 ? 1 : 0.35)
                let nextText = StateText(next)
                try expectTreeChanges(&differ, text, nextText, value, next, "seed \(seed) step \(step)")
                (value, text) = (next, nextText)
            }
        }
    }

    /// A text made after the last new text was let go, of the same size but another shape:
    /// the differ knows what it skimmed by the text's address, and memory freed and allocated
    /// again (the allocator hands back the block of the size just freed) must not bring back
    /// the skims of the text that was there before.
    @Test func aTextInTheMemoryOfTheLastNewOneIsSkimmedAfresh() throws {
        var differ = StateTextDiffer()
        // The second and third texts are the same size, with their containers in other places.
        let texts = [
            #"{"a":[1,2,3],"b":0,"c":{"d":1}}"#, #"{"a":[1,2,4],"b":0,"c":{"d":2}}"#,
            #"{"a":{"x":[1],"y":2},"c":[3,4]}"#, #"{"a":{"x":[2],"y":2},"c":[3,5]}"#,
        ]
        func expectTreeChanges(_ old: StateText, _ new: StateText, _ comment: Comment) throws {
            let result = differ.rawChanges(from: old, to: new, seq: 1, type: "step")
            let step = try #require(result, comment)
            let expected = try RawDiffSupport.treeChanges(
                String(decoding: old.bytes, as: UTF8.self), String(decoding: new.bytes, as: UTF8.self))
            #expect(RawDiffSupport.strict(try step.jsonChanges()) == RawDiffSupport.strict(expected), comment)
        }
        for round in 0..<20 {
            let first = StateText(Array(texts[0].utf8))
            var second: StateText? = StateText(Array(texts[1].utf8))
            try expectTreeChanges(first, second!, "round \(round), first step")
            second = nil
            let third = StateText(Array(texts[2].utf8))
            try expectTreeChanges(third, StateText(Array(texts[3].utf8)), "round \(round), second step")
        }
    }

    /// Text with white space around the value, and equal values written two ways.
    @Test func whiteSpaceAndRespelledValues() throws {
        var differ = StateTextDiffer()
        let old = StateText(Array(#"  {"a":"\u0041","b":[1,2]} "#.utf8))
        let new = StateText(Array(#"{"a":"A","b":[1,3]}"#.utf8))
        let result = differ.rawChanges(from: old, to: new, seq: 7, type: "edit")
        let step = try #require(result)
        #expect(step.seq == 7 && step.type == "edit")
        #expect(RawDiffSupport.strict(try step.jsonChanges()) == RawDiffSupport.strict(try RawDiffSupport.treeChanges(#"{"a":"A","b":[1,2]}"#, #"{"a":"A","b":[1,3]}"#)))
        #expect(try step.jsonChanges().count == 1)
    }

    /// What the bytes cannot settle is left to the caller: text that is only white space, and
    /// text nested deeper than the parser reads.
    @Test func textTheSkimCannotFollowIsRefused() {
        var differ = StateTextDiffer()
        let empty = StateText(Array("  ".utf8))
        let value = StateText(Array("[1]".utf8))
        #expect(differ.rawChanges(from: empty, to: value, seq: 1, type: "t") == nil)
        let depth = JSONParser.Options().maximumDepth + 1
        let deep = StateText(Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8))
        #expect(differ.rawChanges(from: value, to: deep, seq: 1, type: "t") == nil)
        // The differ still works after refusing.
        #expect(differ.rawChanges(from: value, to: StateText(Array("[2]".utf8)), seq: 2, type: "t")?.count == 1)
    }

    private func expectTreeChanges(
        _ differ: inout StateTextDiffer, _ oldText: StateText, _ newText: StateText, _ old: JSONValue,
        _ new: JSONValue, _ comment: Comment
    ) throws {
        let expected = JSONDiff.changes(from: old, to: new)
        let result = differ.rawChanges(from: oldText, to: newText, seq: 1, type: "step")
        let step = try #require(result, comment)
        let changes = try step.jsonChanges()
        #expect(RawDiffSupport.strict(changes) == RawDiffSupport.strict(expected), comment)
    }
}
