import Foundation
import Testing

@testable import ReduxInspect

/// How `diff` reports elements of id-matched arrays that moved, in every format, from the
/// recorded bytes and (under `--path`) from parsed states, and what `--path` at one element
/// shows of its move or its addition.
@Suite struct CLIDiffMoveTests {
    typealias Support = CLITestSupport

    /// A recording with no reducer whose states are `items` arrays of the given objects.
    static func recording(_ states: [String], in directory: CLITemporaryDirectory) throws -> String {
        func state(_ items: String) -> String { #"{"items":[\#(items)]}"# }
        var lines = [
            #"{"format":"redux-inspect","version":1,"reducer":"none","initialState":\#(state(states[0]))}"#
        ]
        for (offset, items) in states.dropFirst().enumerated() {
            lines.append(
                #"{"seq":\#(offset + 1),"type":"t\#(offset + 1)","action":{"t":{}},"state":\#(state(items))}"#
            )
        }
        return try directory.file("moves.jsonl", lines: lines)
    }

    /// Objects `{"id":N}` for the ids.
    static func items(_ ids: [Int]) -> String {
        ids.map { #"{"id":\#($0)}"# }.joined(separator: ",")
    }

    /// Runs `diff` on step `seq`, expecting success, and returns its output.
    static func diff(_ file: String, _ seq: Int, _ options: [String] = []) throws -> String {
        let result = Support.run(["diff", file, String(seq)] + options)
        try #require(result.code == 0, "\(result)")
        return result.out
    }

    /// Applies the step's patch, as `diff` prints it with `options`, to the state before it.
    static func patched(_ file: String, _ seq: Int, _ options: [String] = []) throws -> JSONValue {
        let patch = try Support.json(try diff(file, seq, options + ["--format", "json-patch"]))
        return try TestPatch.apply(patch, to: try Support.shownState(file, at: seq - 1))
    }

    /// [1,2,3] → [3,2,1]: 2 is where it was; 3 and 1 moved. Each move is the element's index
    /// before and after, in text and JSON, from the bytes and from parsed states alike.
    @Test func reversingMovesTheEndsNotTheMiddle() throws {
        let directory = try CLITemporaryDirectory()
        let file = try Self.recording([Self.items([1, 2, 3]), Self.items([3, 2, 1])], in: directory)
        let text = """
            @@ seq 1 t1 @@
            ↕ items[id=3]: index 2 → 0
            ↕ items[id=1]: index 0 → 2

            """
        #expect(try Self.diff(file, 1) == text)
        #expect(try Self.diff(file, 1, ["--path", "items"]) == text)
        let json =
            #"{"seq":1,"type":"t1","changes":["#
            + #"{"path":"items[id=3]","kind":"moved","from":2,"to":0},"#
            + #"{"path":"items[id=1]","kind":"moved","from":0,"to":2}]}"# + "\n"
        #expect(try Self.diff(file, 1, ["--format", "json"]) == json)
        #expect(try Self.diff(file, 1, ["--format", "json", "--path", "items"]) == json)
        // The patch moves the same elements, at the positions each move finds them.
        let patch =
            #"[{"op":"move","from":"/items/2","path":"/items/0"},"#
            + #"{"op":"move","from":"/items/1","path":"/items/2"}]"# + "\n"
        #expect(try Self.diff(file, 1, ["--format", "json-patch"]) == patch)
        #expect(try Self.patched(file, 1) == Support.shownState(file, at: 1))
    }

    /// A step from `before` to `after`, ids of the items, and the lines `diff` prints for it.
    struct MoveCase: CustomTestStringConvertible, Sendable {
        let before: [Int]
        let after: [Int]
        let lines: [String]
        var testDescription: String { "\(before) → \(after)" }
    }

    /// An element whose index is the same before and after is not listed as moved, even when
    /// removals elsewhere brought it back there, or listing it would take one move fewer.
    @Test(arguments: [
        // 2 stays at index 2 while the others reverse around it.
        MoveCase(
            before: [0, 1, 2, 4, 5], after: [5, 4, 2, 1, 0],
            lines: [
                "↕ items[id=5]: index 4 → 0", "↕ items[id=4]: index 3 → 1", "↕ items[id=1]: index 1 → 3",
                "↕ items[id=0]: index 0 → 4",
            ]),
        // 4 and 0 are removed; 2 is at index 2 on both sides; 1 moved from 3 to 1.
        MoveCase(
            before: [5, 4, 2, 1, 0], after: [5, 1, 2],
            lines: [#"- items[id=4]: {"id":4}"#, #"- items[id=0]: {"id":0}"#, "↕ items[id=1]: index 3 → 1"]),
        // Two pairs swap around 9, which stays: four moves rather than three that would move
        // 9 from index 2 to index 2.
        MoveCase(
            before: [1, 2, 9, 3, 4], after: [3, 4, 9, 1, 2],
            lines: [
                "↕ items[id=3]: index 3 → 0", "↕ items[id=4]: index 4 → 1", "↕ items[id=1]: index 0 → 3",
                "↕ items[id=2]: index 1 → 4",
            ]),
    ])
    func elementsInPlaceAreNotMoved(_ testCase: MoveCase) throws {
        let directory = try CLITemporaryDirectory()
        let file = try Self.recording(
            [Self.items(testCase.before), Self.items(testCase.after)], in: directory)
        let expected = (["@@ seq 1 t1 @@"] + testCase.lines).map { $0 + "\n" }.joined()
        #expect(try Self.diff(file, 1) == expected)
        #expect(try Self.diff(file, 1, ["--path", "items"]) == expected)
        #expect(try Self.patched(file, 1) == Support.shownState(file, at: 1))
    }

    /// `--path` at an element that moved shows its move, as the full diff does, and the
    /// changes inside it; the patch, applied to the state before, moves it where it goes and
    /// changes it there.
    @Test func pathAtAMovedElementShowsItsMove() throws {
        let directory = try CLITemporaryDirectory()
        let file = try Self.recording(
            [Self.items([9, 1, 2, 3]), #"{"id":3,"v":7},"# + Self.items([9, 1, 2])], in: directory)
        #expect(
            try Self.diff(file, 1) == """
                @@ seq 1 t1 @@
                ↕ items[id=3]: index 3 → 0
                + items[id=3].v: 7

                """)
        let path = ["--path", "items[id=3]"]
        #expect(
            try Self.diff(file, 1, path) == """
                @@ seq 1 t1 @@
                ↕ items[id=3]: index 3 → 0
                + items[id=3].v: 7

                """)
        #expect(
            try Self.diff(file, 1, path + ["--format", "json"])
                == #"{"seq":1,"type":"t1","changes":[{"path":"items[id=3]","kind":"moved","from":3,"to":0},"#
                + #"{"path":"items[id=3].v","kind":"added","new":7}]}"# + "\n")
        #expect(
            try Self.diff(file, 1, path + ["--format", "json-patch"])
                == #"[{"op":"move","from":"/items/3","path":"/items/0"},{"op":"add","path":"/items/0/v","value":7}]"#
                + "\n")
        #expect(try Self.patched(file, 1, path) == Support.shownState(file, at: 1))
        // Its other members did not move: the move is at the element, not under it.
        #expect(try Self.diff(file, 1, ["--path", "items[id=3].id"]) == "")
    }

    /// A step from `before` to `after`, ids of the items, that adds `id`, and where the
    /// patch under `--path` at it inserts it.
    struct AdditionCase: CustomTestStringConvertible, Sendable {
        let before: [Int]
        let after: [Int]
        let id: Int
        let pointer: String
        var testDescription: String { "\(id) in \(before) → \(after)" }
    }

    /// `--path` at an element a step added: the patch inserts it where the full patch does,
    /// after the element it follows, not at the end of the array.
    @Test(arguments: [
        AdditionCase(before: [1, 2, 3], after: [1, 9, 2, 3], id: 9, pointer: "/items/1"),
        AdditionCase(before: [1, 9, 2, 3], after: [1, 9, 2, 8, 3], id: 8, pointer: "/items/3"),
        AdditionCase(before: [1, 2, 3], after: [9, 1, 2, 3], id: 9, pointer: "/items/0"),
        // 7 follows 6, which is new too, and then 1, after which it goes.
        AdditionCase(before: [1, 2], after: [1, 6, 7, 2], id: 7, pointer: "/items/1"),
    ])
    func pathAtAnAddedElementInsertsItInPlace(_ testCase: AdditionCase) throws {
        let directory = try CLITemporaryDirectory()
        let file = try Self.recording(
            [Self.items(testCase.before), Self.items(testCase.after)], in: directory)
        let id = testCase.id
        let path = ["--path", "items[id=\(id)]"]
        #expect(
            try Self.diff(file, 1, path + ["--format", "json-patch"])
                == #"[{"op":"add","path":"\#(testCase.pointer)","value":{"id":\#(id)}}]"# + "\n")
        #expect(try Self.diff(file, 1, path) == "@@ seq 1 t1 @@\n+ items[id=\(id)]: {\"id\":\(id)}\n")
        if testCase.before.count + 1 == testCase.after.count {
            // One element added: the filtered patch is the whole change.
            #expect(try Self.patched(file, 1, path) == Support.shownState(file, at: 1))
        }
    }
}
