import Foundation
import Testing

@testable import ReduxInspect

/// `diff --path` at a value that comes or goes with one of its ancestors: as text and JSON,
/// the change is at the path asked for, the addition as the removal; the JSON Patch adds the
/// ancestor, as a patch must; a step that adds an ancestor without the path changes nothing
/// there. From recorded states (read from their text or parsed) and replayed ones alike.
@Suite struct CLIDiffPathAncestorTests {
    typealias Support = CLITestSupport

    /// A recording with no reducer whose states after each step are `states`, the first being
    /// the initial state.
    static func recording(_ states: [String], in directory: CLITemporaryDirectory) throws -> String {
        var lines = [#"{"format":"redux-inspect","version":1,"reducer":"none","initialState":\#(states[0])}"#]
        for (offset, state) in states.dropFirst().enumerated() {
            lines.append(
                #"{"seq":\#(offset + 1),"type":"t\#(offset + 1)","action":{"t":{}},"state":\#(state)}"#)
        }
        return try directory.file("ancestors.jsonl", lines: lines)
    }

    /// Runs `diff` with `arguments` after the file, expecting success, and returns its output.
    static func diff(_ file: String, _ arguments: [String]) throws -> String {
        let result = Support.run(["diff", file] + arguments)
        try #require(result.code == 0, "\(result)")
        return result.out
    }

    static let shopQuantity = """
        @@ seq 1 addToCart @@
        + cart.items[id=1].quantity: 2
        @@ seq 10 setQuantity @@
        ~ cart.items[id=1].quantity: 2 → 3
        @@ seq 17 addPackageToCart @@
        ~ cart.items[id=1].quantity: 3 → 5
        @@ seq 21 logout @@
        - cart.items[id=1].quantity: 5

        """

    /// Seq 1 adds item 1, seq 21 empties the cart: both are told at the quantity, in text and
    /// JSON; the patch adds the item, and applies to the state before.
    @Test func valueAddedWithItsElementIsShownAtThePath() throws {
        let shop = Support.fixture("shop.jsonl")
        let path = ["--path", "cart.items[id=1].quantity"]
        #expect(try Self.diff(shop, path) == Self.shopQuantity)
        #expect(
            try Self.diff(shop, ["1"] + path + ["--format", "json"])
                == #"{"seq":1,"type":"addToCart","changes":[{"path":"cart.items[id=1].quantity","kind":"added","new":2}]}"#
                + "\n")
        #expect(
            try Self.diff(shop, ["21"] + path + ["--format", "json"])
                == #"{"seq":21,"type":"logout","changes":[{"path":"cart.items[id=1].quantity","kind":"removed","old":5}]}"#
                + "\n")
        let patch = try Self.diff(shop, ["1"] + path + ["--format", "json-patch"])
        #expect(
            patch
                == #"[{"op":"add","path":"/cart/items/0","value":{"id":1,"name":"Green tea","price":4.5,"quantity":2}}]"#
                + "\n")
        let patched = try TestPatch.apply(try Support.json(patch), to: try Support.shownState(shop, at: 0))
        let prefix = try JSONPath(parsing: "cart.items[id=1].quantity")
        #expect(patched.value(at: prefix) == (try Support.shownState(shop, at: 1)).value(at: prefix))
    }

    /// The same session without states, replayed through the reducer, prints the same; so do
    /// the to-do fixture's replayed states, where an item comes with its category's list.
    @Test func replayedStatesShowTheValueAtThePath() throws {
        let directory = try CLITemporaryDirectory()
        let stripped = try Support.strippingStates(
            Support.fixture("shop.jsonl"), keepingOneIn: 0, in: directory)
        #expect(try Self.diff(stripped, ["--path", "cart.items[id=1].quantity"]) == Self.shopQuantity)
        let todos = Support.fixture("todos.jsonl")
        let path = ["--path", "categories[id=4].items[id=5].done"]
        #expect(
            try Self.diff(todos, path) == """
                @@ seq 4 addItem @@
                + categories[id=4].items[id=5].done: false
                @@ seq 16 toggleDone @@
                ~ categories[id=4].items[id=5].done: false → true

                """)
        #expect(
            try Self.diff(todos, ["4"] + path + ["--format", "json-patch"])
                == #"[{"op":"add","path":"/categories/1/items/0","value":{"id":5,"title":"Write the release notes","done":false}}]"#
                + "\n")
    }

    /// Item 2 comes without `v` (nothing to show), gets one, loses it, comes back first with
    /// one, moving item 1, and changes places again (nothing to show): in every format.
    @Test func ancestorsComingAndGoingWithAndWithoutThePath() throws {
        let directory = try CLITemporaryDirectory()
        let file = try Self.recording(
            [
                #"{"items":[{"id":1}]}"#, #"{"items":[{"id":1},{"id":2}]}"#,
                #"{"items":[{"id":1},{"id":2,"v":3}]}"#,
                #"{"items":[{"id":1}]}"#, #"{"items":[{"id":2,"v":4},{"id":1}]}"#,
                #"{"items":[{"id":1},{"id":2,"v":4}]}"#,
            ], in: directory)
        let path = ["--path", "items[id=2].v"]
        #expect(
            try Self.diff(file, path) == """
                @@ seq 2 t2 @@
                + items[id=2].v: 3
                @@ seq 3 t3 @@
                - items[id=2].v: 3
                @@ seq 4 t4 @@
                + items[id=2].v: 4

                """)
        #expect(
            try Self.diff(file, path + ["--format", "json"]) == """
                {"seq":1,"type":"t1","changes":[]}
                {"seq":2,"type":"t2","changes":[{"path":"items[id=2].v","kind":"added","new":3}]}
                {"seq":3,"type":"t3","changes":[{"path":"items[id=2].v","kind":"removed","old":3}]}
                {"seq":4,"type":"t4","changes":[{"path":"items[id=2].v","kind":"added","new":4}]}
                {"seq":5,"type":"t5","changes":[]}

                """)
        #expect(
            try Self.diff(file, path + ["--format", "json-patch"]) == """
                []
                [{"op":"add","path":"/items/1/v","value":3}]
                [{"op":"remove","path":"/items/1/v"}]
                [{"op":"add","path":"/items/0","value":{"id":2,"v":4}}]
                []

                """)
        // The element itself: its addition, removal and moves, as before.
        #expect(
            try Self.diff(file, ["--path", "items[id=2]"]) == """
                @@ seq 1 t1 @@
                + items[id=2]: {"id":2}
                @@ seq 2 t2 @@
                + items[id=2].v: 3
                @@ seq 3 t3 @@
                - items[id=2]: {"id":2,"v":3}
                @@ seq 4 t4 @@
                + items[id=2]: {"id":2,"v":4}
                @@ seq 5 t5 @@
                ↕ items[id=2]: index 0 → 1

                """)
    }

    /// A member of an object that replaced `null`, and an element past the old end of a plain
    /// array: shown at the path, as when they go.
    @Test func replacedAncestorsAndPositionsPastTheEnd() throws {
        let directory = try CLITemporaryDirectory()
        let file = try Self.recording(
            [
                #"{"cart":null,"log":[1]}"#, #"{"cart":{"total":1},"log":[1,2,3]}"#,
                #"{"cart":null,"log":[1]}"#,
            ], in: directory)
        #expect(
            try Self.diff(file, ["--path", "cart.total"]) == """
                @@ seq 1 t1 @@
                + cart.total: 1
                @@ seq 2 t2 @@
                - cart.total: 1

                """)
        #expect(
            try Self.diff(file, ["--path", "log[2]"]) == """
                @@ seq 1 t1 @@
                + log[2]: 3
                @@ seq 2 t2 @@
                - log[2]: 3

                """)
        // The patches must apply to the state before: they replace the cart, add both elements.
        #expect(
            try Self.diff(file, ["1", "--path", "cart.total", "--format", "json-patch"])
                == #"[{"op":"replace","path":"/cart","value":{"total":1}}]"# + "\n")
        #expect(
            try Self.diff(file, ["1", "--path", "log[2]", "--format", "json-patch"])
                == #"[{"op":"add","path":"/log/1","value":2},{"op":"add","path":"/log/2","value":3}]"# + "\n")
    }
}

/// `diff --path` at a place no state has (a typo, or `.count`, which is a size and no member
/// of an array) printed nothing, as if nothing had changed there: it says so on standard error.
@Suite struct CLIDiffPathAbsentTests {
    typealias Support = CLITestSupport

    @Test func aPathNoStateHasIsNamed() {
        let shop = Support.fixture("shop.jsonl")
        let typo = Support.run(["diff", shop, "--path", "cart.totl"])
        #expect(typo.code == 0 && typo.out.isEmpty, "\(typo)")
        #expect(typo.err == "warning: no state diffed has a value at cart.totl (did you mean cart.total?)\n")
        let size = Support.run(["diff", shop, "12..14", "--path", "cart.items.count"])
        #expect(size.code == 0 && size.out.isEmpty, "\(size)")
        #expect(
            size.err == "warning: no state diffed has a value at cart.items.count; a size is no place in the state: "
                + "to list its changes: redux-inspect blame \(shop) cart.items.count\n")
        // A place that is there but does not change in the range: nothing to say.
        let still = Support.run(["diff", shop, "11..12", "--path", "cart"])
        #expect(still.code == 0 && still.out.isEmpty && still.err.isEmpty, "\(still)")
        // States replayed (the counter records a few) are read the same way.
        let counter = Support.run(["diff", Support.fixture("counter.jsonl"), "--path", "cuont"])
        #expect(counter.err == "warning: no state diffed has a value at cuont (did you mean count?)\n", "\(counter)")
        #expect(Support.run(["diff", Support.fixture("counter.jsonl"), "--path", "count"]).err.isEmpty)
    }
}
