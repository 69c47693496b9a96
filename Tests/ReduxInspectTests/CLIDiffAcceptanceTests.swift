import Foundation
import Testing

@testable import ReduxInspect

/// The diff acceptance criteria, through the CLI: JSON Patch output rebuilds every state of
/// every fixture, and inserting into a large array of objects with ids is one `+` line.
@Suite struct CLIDiffAcceptanceTests {
    typealias Support = CLITestSupport

    /// Acceptance 2: for every step, applying `diff FILE SEQ --format json-patch` to the state
    /// before the step gives the state after it, and that state is the recorded one where the
    /// recording holds it.
    @Test(arguments: CLITestSupport.fixtures)
    func jsonPatchRebuildsEveryState(_ path: String) throws {
        let recording = try Recording(path: path)
        let seqs = recording.steps.map(\.seq)
        try #require(!seqs.isEmpty)
        var before = try Support.shownState(path, at: 0)
        if let initial = recording.header?.initialState { #expect(before == initial) }
        var patches: [String] = []
        for (index, seq) in seqs.enumerated() {
            let diff = Support.run(["diff", path, String(seq), "--format", "json-patch"])
            try #require(diff.code == 0, "\(diff)")
            try #require(diff.outLines.count == 1, "one patch per step: \(diff)")
            patches.append(diff.outLines[0])
            let patch = try Support.json(diff.outLines[0])
            let after = try Support.shownState(path, at: seq)
            let patched = try TestPatch.apply(patch, to: before)
            #expect(patched == after, "seq \(seq): patch \(diff.outLines[0])")
            if let recorded = try recording.entry(at: index).state {
                #expect(after == recorded, "seq \(seq): show --at differs from the recorded state")
            }
            before = after
        }
        if let end = try recording.endState() {
            #expect(before == end, "the last state differs from the end marker's")
        }
        // The whole-file form prints the same patches, one line per step.
        let all = Support.run(["diff", path, "--format", "json-patch"])
        #expect(all.outLines == patches)
    }

    /// A hand-written recording: step 1 inserts an object with a new id at the front of an
    /// array of 1,000 objects with ids; step 2 changes one of them; step 3 removes one.
    static func largeArrayRecording() -> [String] {
        func item(_ id: Int) -> String { #"{"id":\#(id),"name":"item \#(id)","done":false}"# }
        let items = (1...1000).map(item)
        let inserted = [item(1001)] + items
        var changed = inserted
        changed[500] = changed[500].replacingOccurrences(of: #""done":false"#, with: #""done":true"#)
        var removed = changed
        removed.remove(at: 10)
        func state(_ items: [String]) -> String { #"{"title":"list","items":[\#(items.joined(separator: ","))]}"# }
        return [
            #"{"format":"redux-inspect","version":1,"reducer":"list","initialState":\#(state(items))}"#,
            #"{"seq":1,"type":"insert","action":{"insert":{"id":1001}},"state":\#(state(inserted))}"#,
            #"{"seq":2,"type":"toggle","action":{"toggle":{"id":500}},"state":\#(state(changed))}"#,
            #"{"seq":3,"type":"remove","action":{"remove":{"id":10}},"state":\#(state(removed))}"#,
        ]
    }

    /// Acceptance 3.
    @Test func insertionAtTheFrontOfALargeArrayIsOneLine() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("large.jsonl", lines: Self.largeArrayRecording())
        let result = Support.run(["diff", file, "1"])
        #expect(result.code == 0)
        #expect(result.outLines.filter { $0.hasPrefix("+") }.count == 1)
        #expect(
            result.out == """
                @@ seq 1 insert @@
                + items[id=1001]: {"id":1001,"name":"item 1001","done":false}

                """)
        let patch = Support.run(["diff", file, "1", "--format", "json-patch"])
        #expect(patch.out == #"[{"op":"add","path":"/items/0","value":{"id":1001,"name":"item 1001","done":false}}]"# + "\n")
    }

    /// A step whose action changed nothing (the shop's login request only starts an effect)
    /// says so under its heading, which alone would look like output cut short; under
    /// `--path` such a step is left out, and the JSON formats keep their empty lists.
    @Test func aStepThatChangedNothingSaysSo() {
        let shop = Support.fixture("shop.jsonl")
        #expect(Support.run(["diff", shop, "3"]).out == "@@ seq 3 loginRequest @@\n(no change)\n")
        #expect(Support.run(["diff", shop, "3..4", "--path", "isLoading"]).outLines == [
            "@@ seq 4 setLoading @@", "~ isLoading: false → true",
        ])
        #expect(Support.run(["diff", shop, "3", "--format", "json-patch"]).out == "[]\n")
        #expect(Support.run(["diff", shop, "3", "--format", "json"]).out == #"{"seq":3,"type":"loginRequest","changes":[]}"# + "\n")
    }

    /// A tag put in at the front of an array without ids is one `+` line, and the patch puts
    /// it there; under `--path` through an index, the values at that index are compared, as
    /// `blame` reads them.
    @Test func aTagPutInAtTheFrontIsOneLine() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "tags.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"initialState":{"tags":["a","b","c"]}}"#,
                #"{"seq":1,"type":"tag","action":{"tag":{}},"state":{"tags":["x","a","b","c"]}}"#,
                #"{"seq":2,"type":"untag","action":{"untag":{}},"state":{"tags":["x","b","c"]}}"#,
            ])
        #expect(
            Support.run(["diff", file]).outLines == [
                "@@ seq 1 tag @@", #"+ tags[0]: "x""#, "@@ seq 2 untag @@", #"- tags[1]: "a""#,
            ])
        #expect(
            Support.run(["diff", file, "--format", "json-patch"]).outLines == [
                #"[{"op":"add","path":"/tags/0","value":"x"}]"#, #"[{"op":"remove","path":"/tags/1"}]"#,
            ])
        #expect(
            Support.run(["diff", file, "--path", "tags[0]"]).outLines == [
                "@@ seq 1 tag @@", #"~ tags[0]: "a" → "x""#,
            ])
        #expect(Support.run(["blame", file, "tags[0]"]).outLines.first?.hasSuffix(#""a" → "x""#) == true)
    }

    @Test func changeAndRemovalInALargeArrayAreOneLineEach() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("large.jsonl", lines: Self.largeArrayRecording())
        #expect(
            Support.run(["diff", file, "2..3"]).out == """
                @@ seq 2 toggle @@
                ~ items[id=500].done: false → true
                @@ seq 3 remove @@
                - items[id=10]: {"id":10,"name":"item 10","done":false}

                """)
        // And the patches still rebuild the states.
        let recording = try Recording(path: file)
        var state = try #require(recording.header?.initialState)
        for index in recording.steps.indices {
            let seq = recording.steps[index].seq
            let patch = try Support.json(Support.run(["diff", file, String(seq), "--format", "json-patch"]).out)
            state = try TestPatch.apply(patch, to: state)
            #expect(state == (try recording.entry(at: index).state), "seq \(seq)")
        }
    }
}
