import Testing

@testable import ReduxInspect

/// Steps diffed in order by ``RecordedStateDiffer``, where what one walk learned about a line
/// (its skims, the ids of its arrays) is used by the next: each step must list the tree
/// diff's changes, and a line the parser rejects must not be diffed.
///
/// The states change the value of a member in the middle of an object, which the walk
/// compares before it skims the rest of the new object, and the elements of an array matched
/// by id, whose ids the next step takes from the last one.
struct RawDiffStepTests {
    /// Diffs `states[1...]` as the steps of a recording whose initial state is `states[0]`,
    /// in order, and checks each step against the tree diff (or against `entry(at:)`
    /// rejecting its line), and the text diff against the tree diff too.
    private func checkSteps(_ states: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let recording = try Self.recording(of: states)
        try #require(recording.steps.count == states.count - 1, sourceLocation: sourceLocation)
        var differ = RecordedStateDiffer(recording)
        for index in recording.steps.indices {
            let old = states[index]
            let new = states[index + 1]
            let tree = try? RawDiffSupport.treeChanges(old, new)
            let step = differ.changes(at: index)
            if let tree, (try? recording.entry(at: index)) != nil {
                #expect(
                    step.map { RawDiffSupport.strict($0.changes) } == RawDiffSupport.strict(tree),
                    "step \(index): \(new)", sourceLocation: sourceLocation)
            } else {
                #expect(step == nil, "step \(index) is not valid: \(new)", sourceLocation: sourceLocation)
            }
            let raw = try? RawJSONDiff.changes(from: old, to: new)
            #expect(
                raw.map(RawDiffSupport.strict) == tree.map(RawDiffSupport.strict), "text \(index): \(new)",
                sourceLocation: sourceLocation)
        }
    }

    /// A recording whose initial state is `states[0]` and whose steps' states are the rest.
    private static func recording(of states: [String]) throws -> Recording {
        var lines = [#"{"format":"redux-inspect","version":1,"initialState":\#(states[0])}"#]
        for (offset, state) in states.dropFirst().enumerated() {
            lines.append(#"{"seq":\#(offset + 1),"time":"t","type":"a","action":"a","state":\#(state)}"#)
        }
        let text = lines.joined(separator: "\n") + "\n"
        return try Recording(path: "<memory>", bytes: FileBytes(bytes: Array(text.utf8)), strict: false)
    }

    /// A step diffed first (as the first of a chunk is), whose line before is not valid JSON
    /// in a part the step's line shares, or is valid but not compact (white space, which the
    /// general check without a tree settles) or not ASCII (which only the parser does): the
    /// line before is checked in full, so the first is not diffed, as the parser rejects both
    /// lines, and the others are.
    @Test func theLineBeforeAFirstStepIsCheckedInFull() throws {
        let invalid = try Self.recording(of: [#"{"a":0}"#, #"{"a":1,"b":tru}"#, #"{"a":2,"b":tru}"#])
        var differ = RecordedStateDiffer(invalid)
        #expect(differ.changes(at: 1) == nil)
        #expect(throws: RecordingError.self) { try invalid.entry(at: 1) }

        for before in [#"{"a":1, "b":[ true ]}"#, #"{"a":1,"b":"é"}"#] {
            let after = before.replacingOccurrences(of: #""a":1"#, with: #""a":2"#)
            let valid = try Self.recording(of: [#"{"a":0}"#, before, after])
            var differ = RecordedStateDiffer(valid)
            #expect(differ.changes(at: 1).map { RawDiffSupport.strict($0.changes) } == ["changed a /a 1 → 2"], "\(before)")
        }
    }

    /// A changed member in the middle of objects, nested: compared before the rest of each
    /// new object is skimmed, whether members are then paired by position, by key, by decoded
    /// key, or left to the trees for repeated keys.
    @Test func changedMembersInTheMiddle() throws {
        try checkSteps([
            #"{"a":1,"cart":{"items":[{"id":1,"q":1},{"id":2,"q":1}],"total":2},"z":0}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":1},{"id":2,"q":5}],"total":6},"z":0}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":1},{"id":2,"q":5}],"total":7},"z":0}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":2},{"id":2,"q":5}],"total":7},"z":1}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":2},{"id":2,"q":5}],"extra":true,"total":7},"z":1}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":3}],"total":7},"y":2,"z":1}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":3}],"total":7,"items":[]},"z":1}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":4}],"total":7},"z":1}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":4}],"tot\u0061l":8},"z":1}"#,
            #"{"a":1,"cart":{"items":{"id":1},"total":8},"z":1}"#,
            #"{"a":1,"cart":{"items":[{"id":1}],"total":8},"a":2}"#,
            #"{"a":1,"cart":{"items":[{"id":1}],"total":8},"a":2,"cart":{}}"#,
            #"{"a":1,"cart":{"items":[{"id":1}, {"id":2}] ,"total":8} ,"z":1}"#,
            #"{"a":1,"cart":{"items":[{"id":1}, {"id":2,"s":"\"},{"}] ,"total":8} ,"z":1}"#,
            #"{"a":1,"cart":{"items":[{"id":1}, {"id":2,"s":"],"}] ,"total":8} ,"z":1}"#,
            #"{"a":1,"cart":{"items":[[1,2],[3]],"total":8},"z":1}"#,
            #"{"a":1,"cart":{"items":[[1,2],[3,4]],"total":8},"z":1}"#,
            #"{"a":1,"cart":{"items":[[1,2],[3,4]]},"z":1}"#,
            #"{"cart":{"items":[[1,2],[3,4]]}}"#,
            #"{"cart":{"items":[[1,2],[3,5]]}}"#,
        ])
    }

    /// New lines that are not valid JSON in the value compared before the rest is skimmed, or
    /// after it, are not diffed; the next valid line is.
    @Test func invalidValuesInTheMiddle() throws {
        let valid = #"{"a":1,"cart":{"items":[{"id":1,"q":1},{"id":2,"q":1}],"total":2},"z":0}"#
        for invalid in [
            #"{"a":1,"cart":{"items":[{"id":1,"q":1},{"id":2,"q":tru}],"total":2},"z":0}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":1},{"id":2,"q":1},],"total":2},"z":0}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":1},{"id":2,"q":1}],"total":2,},"z":0}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":1},{"id":2,"q":1}]],"total":2},"z":0}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":1},{"id":2,"q":1}}],"total":2},"z":0}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":1},{"id":2,"q":1]],"total":2},"z":0}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":1},{"id":2,"q":"1}],"total":2},"z":0}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":1},{"id":2,"q":1}],"total":2 3},"z":0}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":1},{"id":2 "q":1}],"total":2},"z":0}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":1},{"id":2,"q":1}] "total":2},"z":0}"#,
            #"{"a":1,"cart":{"items":[{"id":1,"q":1},{"id":2,"q":1}],"total":2},"z":0,}"#,
        ] {
            try checkSteps([valid, invalid, valid])
        }
    }

    /// Arrays matched by id on consecutive steps, whose ids the next step takes from the last:
    /// elements changed, inserted, removed and moved, ids repeated, written with escapes, of
    /// other types, or missing, elements with the same bytes twice.
    @Test func idsKeptFromTheStepBefore() throws {
        try checkSteps([
            #"{"l":[{"id":1,"v":1},{"id":2,"v":1},{"id":3,"v":1}]}"#,
            #"{"l":[{"id":1,"v":1},{"id":2,"v":2},{"id":3,"v":1}]}"#,
            #"{"l":[{"id":1,"v":1},{"id":2,"v":3},{"id":3,"v":1},{"id":4,"v":1}]}"#,
            #"{"l":[{"id":1,"v":1},{"id":3,"v":1},{"id":4,"v":2}]}"#,
            #"{"l":[{"id":1,"v":1},{"id":5,"v":0},{"id":3,"v":1},{"id":4,"v":2}]}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":5,"v":0},{"id":4,"v":2}]}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":5,"v":1},{"id":4,"v":2}]}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":3,"v":2},{"id":4,"v":2}]}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":5,"v":2},{"id":4,"v":2}]}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":3,"v":1},{"id":4,"v":2}]}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":5,"v":1},{"id":4,"v":2}]}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":"\u0035","v":1},{"id":4,"v":2}]}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":"5","v":1},{"id":4,"v":2}]}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":"5","v":3},{"id":4,"v":2}]}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"v":3},{"id":4,"v":2}]}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":[5],"v":3},{"id":4,"v":2}]}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":5,"v":3},{"id":4,"v":2}]}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":5,"v":3},{"id":4,"v":2},{"id":5,"v":3}]}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":5,"v":3},{"id":4,"v":2},{"id":6,"v":3}]}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":5,"v":3},{"id":4,"v":2},{"id":6,"v":3}],"m":1}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":5,"v":4},{"id":4,"v":2},{"id":6,"v":3}],"m":1}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":5,"v":4},{"id":4,"v":2},{"id":6,"v":tru}],"m":1}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":5,"v":4},{"id":4,"v":2},{"id":6,"v":3}],"m":1}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":5,"v":4},{"id":4,"v":2},{"id":6 "v":3}],"m":1}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":5,"v":5},{"id":4,"v":2},{"id":6,"v":3}],"m":1}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":5,"v":5},{"id":4,"v":2},{"id":6,"v":3}],"m":2}"#,
            #"{"l":[{"id":3,"v":1},{"id":1,"v":1},{"id":5,"v":6},{"id":4,"v":2},{"id":6,"v":3}],"m":2}"#,
            #"{"l":[],"m":2}"#,
            #"{"l":[{"id":1}],"m":2}"#,
            #"{"l":[{"id":1},{"id":1}],"m":2}"#,
            #"{"l":[{"id":1},{"id":2}],"m":2}"#,
        ])
    }

    /// The ids of new elements the skim took from old ones (``RawJSON/Guide``) are the old
    /// ones' moved: after elements inserted, removed or replaced before them, after a
    /// shared prefix, taken from further on than their own index or from before it, and when
    /// an element the skim did not take has the id of one it took, or the same bytes as one
    /// (the arrays are then matched by position, as the trees do for repeated ids).
    @Test func idsOfElementsTakenFromTheOldArray() throws {
        try checkSteps([
            #"{"l":[{"id":1},{"id":2},{"id":3},{"id":4}]}"#,
            #"{"l":[{"id":9},{"id":1},{"id":2},{"id":3},{"id":4}]}"#,
            #"{"l":[{"id":1},{"id":2},{"id":3},{"id":4}]}"#,
            #"{"l":[{"id":1},{"id":8},{"id":7},{"id":3},{"id":4}]}"#,
            #"{"l":[{"id":1},{"id":3},{"id":4}]}"#,
            #"{"l":[{"id":3},{"id":4},{"id":1}]}"#,
            #"{"l":[{"id":3},{"id":4,"v":1},{"id":4}]}"#,
            #"{"l":[{"id":3},{"id":4},{"id":5}]}"#,
            #"{"l":[{"id":3},{"id":3,"v":2},{"id":5}]}"#,
            #"{"l":[{"id":3},{"id":4},{"id":5}]}"#,
            #"{"l":[{"id":3},{"id":5},{"id":5}]}"#,
            #"{"l":[{"id":3},{"id":4},{"id":5}]}"#,
            #"{"l":[{"id":2},{"id":3},{"id":4},{"id":5}],"z":1}"#,
            #"{"l":[{"id":2},{"id":3},{"id":4},{"id":5},{"id":2}],"z":1}"#,
        ])
    }

    /// A step that changes nothing passes on the containers the walk before it kept, moved
    /// with the state (seq 10 is a byte longer than seq 9): the steps after it, which change
    /// arrays and objects inside them (matched by id, moved, nested), list the tree diff's
    /// changes, as they do after a step that changes nothing and does not move (seq 12, and
    /// seq 13 after it).
    @Test func containersKeptThroughAStepThatChangesNothing() throws {
        func state(tags: String, items: [(id: Int, quantity: Int)], total: Int) -> String {
            let list = items.map { #"{"id":\#($0.id),"q":\#($0.quantity),"tags":[\#(tags)]}"# }
            return #"{"user":{"name":"ada","tags":[\#(tags)]},"cart":{"items":[\#(list.joined(separator: ","))],"total":\#(total)}}"#
        }
        var states = (0..<9).map { state(tags: "1", items: [(1, 1), (2, $0), (3, 1)], total: $0) }
        // Seq 9 changes both arrays, seq 10 nothing.
        states.append(state(tags: "1,2", items: [(1, 1), (2, 9), (3, 2)], total: 9))
        states.append(states[9])
        states.append(state(tags: "1,2,3", items: [(1, 1), (2, 9), (3, 3)], total: 10))
        states.append(states[11])
        states.append(state(tags: "1,2,3", items: [(3, 3), (1, 1), (2, 9)], total: 10))
        states.append(states[13])
        states.append(state(tags: "2,3", items: [(3, 3), (1, 4), (2, 9), (4, 1)], total: 11))
        states.append(state(tags: "2,3", items: [(3, 3), (2, 9), (4, 1)], total: 11))
        try checkSteps(states)
    }

    /// Long arrays where many elements change on each step: the found ids are checked for
    /// uniqueness by hashing them with the others.
    @Test func manyChangedIDs() throws {
        func state(_ ids: [Int]) -> String {
            #"{"l":[\#(ids.map { #"{"id":\#($0)}"# }.joined(separator: ","))]}"#
        }
        try checkSteps([
            state(Array(0..<40)), state(Array(100..<140)), state(Array(100..<139) + [100]),
            state(Array(200..<240)), state(Array(200..<240).reversed()),
        ])
    }

    /// Random edits of a shop-like state, diffed in order, as the property tests do for pairs.
    @Test func randomEditsInOrder() throws {
        var generator = SeededGenerator(seed: 11)
        var items = [(id: 1, quantity: 1), (id: 2, quantity: 1), (id: 3, quantity: 2)]
        var total = 4
        var flag = false
        func state() -> String {
            let list = items.map { #"{"id":\#($0.id),"name":"n\#($0.id)","quantity":\#($0.quantity)}"# }
            return #"{"flag":\#(flag),"cart":{"items":[\#(list.joined(separator: ","))],"total":\#(total)},"end":1}"#
        }
        var states = [state()]
        for _ in 0..<300 {
            switch Int.random(in: 0..<6, using: &generator) {
            case 0 where !items.isEmpty:
                let index = Int.random(in: items.indices, using: &generator)
                items[index].quantity += Int.random(in: 1...12, using: &generator)
            case 1:
                items.insert(
                    (id: Int.random(in: 1...9, using: &generator), quantity: 1),
                    at: Int.random(in: 0...items.count, using: &generator))
            case 2 where !items.isEmpty:
                items.remove(at: Int.random(in: items.indices, using: &generator))
            case 3 where items.count > 1:
                items.swapAt(0, items.count - 1)
            case 4:
                flag.toggle()
            default:
                total += Int.random(in: 1...100, using: &generator)
            }
            if Bool.random(using: &generator) { total += 1 }
            states.append(state())
        }
        try checkSteps(states)
    }
}
