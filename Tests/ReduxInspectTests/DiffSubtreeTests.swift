import Testing

@testable import ReduxInspect

@Suite struct DiffSubtreeTests {
    struct SubtreeCase: CustomTestStringConvertible, Sendable {
        let prefix: String
        let text: String
        let patch: String
        var testDescription: String { prefix }
    }

    @Test(arguments: [
        // Item 1 is at index 1 in the full diff's patch (after the insertion of item 4), but at
        // index 0 in the old state, which is what a patch of this one subtree applies to.
        SubtreeCase(
            prefix: "cart.items[id=1]", text: "~ cart.items[id=1].quantity: 1 → 3",
            patch: #"[{"op":"replace","path":"/cart/items/0/quantity","value":3}]"#),
        // Item 4 comes first in the new array, so it is added at the front, as in the full
        // diff's patch, not at the end.
        SubtreeCase(
            prefix: "cart.items[id=4]",
            text: #"+ cart.items[id=4]: {"id":4,"name":"Jam","price":3.10,"quantity":1}"#,
            patch:
                #"[{"op":"add","path":"/cart/items/0","value":{"id":4,"name":"Jam","price":3.10,"quantity":1}}]"#
        ),
        SubtreeCase(
            prefix: "cart.items[id=2].name", text: #"- cart.items[id=2].name: "Mug""#,
            patch: #"[{"op":"remove","path":"/cart/items/1/name"}]"#),
        SubtreeCase(prefix: "cart.items[id=3]", text: "", patch: "[]"),
        SubtreeCase(prefix: "cart.nothing", text: "", patch: "[]"),
        SubtreeCase(
            prefix: "cart.discount.amount", text: "", patch: "[]"),
        SubtreeCase(
            prefix: #"meta["content-type"]"#,
            text: #"~ meta["content-type"]: "application/json" → "text/plain""#,
            patch: #"[{"op":"replace","path":"/meta/content-type","value":"text/plain"}]"#),
    ])
    func shopSubtrees(_ testCase: SubtreeCase) throws {
        let changes = JSONDiff.changes(
            from: ShopStates.before, to: ShopStates.after, under: try JSONPath(parsing: testCase.prefix))
        #expect(DiffTextFormatter().format(changes) == testCase.text)
        #expect(JSONPatchFormatter().format(changes) == testCase.patch)
    }

    @Test func rootGivesTheFullList() {
        #expect(
            JSONDiff.changes(from: ShopStates.before, to: ShopStates.after, under: .root)
                == JSONDiff.changes(from: ShopStates.before, to: ShopStates.after))
    }

    @Test func movesUpToAnAncestorThatWasReplaced() throws {
        let changes = JSONDiff.changes(
            from: ["cart": .null], to: ["cart": ["total": 1]], under: try JSONPath(parsing: "cart.total"))
        #expect(DiffTextFormatter().format(changes) == #"~ cart: null → {"total":1}"#)
    }

    @Test func movesUpPastTheEndOfAPositionalArray() throws {
        let changes = JSONDiff.changes(
            from: ["log": [1]], to: ["log": [1, 2, 3]], under: try JSONPath(parsing: "log[2]"))
        #expect(DiffTextFormatter().format(changes) == "+ log[1]: 2\n+ log[2]: 3")
    }

    /// Removing an array position that others follow would move the next element there:
    /// when the array itself is gone or replaced, the patch removes or replaces it instead,
    /// so that the path holds nothing afterwards, as in the new state (adversarial finding).
    @Test func movesUpFromAPositionOthersFollowWhenItsArrayGoes() throws {
        let gone = JSONDiff.changes(from: ["tags": ["a", "b"]], to: [:], under: try JSONPath(parsing: "tags[0]"))
        #expect(JSONPatchFormatter().format(gone) == #"[{"op":"remove","path":"/tags"}]"#)
        let replaced = JSONDiff.changes(from: ["q": [1, 2]], to: ["q": ["0": 7]], under: try JSONPath(parsing: "q[0]"))
        #expect(JSONPatchFormatter().format(replaced) == #"[{"op":"replace","path":"/q","value":{"0":7}}]"#)
        // A shorter array keeps the elements before the position.
        let shorter = JSONDiff.changes(from: ["a": [1, 2, 3]], to: ["a": [7]], under: try JSONPath(parsing: "a[1]"))
        #expect(JSONPatchFormatter().format(shorter) == #"[{"op":"remove","path":"/a/2"},{"op":"remove","path":"/a/1"}]"#)
        // The last position, and any position as text, is still the value at the path.
        let last = JSONDiff.changes(from: ["tags": ["a", "b"]], to: [:], under: try JSONPath(parsing: "tags[1]"))
        #expect(JSONPatchFormatter().format(last) == #"[{"op":"remove","path":"/tags/1"}]"#)
        let text = JSONDiff.changes(
            from: ["tags": ["a", "b"]], to: [:], under: try JSONPath(parsing: "tags[0]"), asPatch: false)
        #expect(DiffTextFormatter().format(text) == #"- tags[0]: "a""#)
    }

    @Test func withoutAsPatchAddsTheValueAtThePath() throws {
        let replaced = JSONDiff.changes(
            from: ["cart": .null], to: ["cart": ["total": 1]], under: try JSONPath(parsing: "cart.total"),
            asPatch: false)
        #expect(DiffTextFormatter().format(replaced) == "+ cart.total: 1")
        #expect(replaced.first?.pointer.description == "/cart/total")
        let pastTheEnd = JSONDiff.changes(
            from: ["log": [1]], to: ["log": [1, 2, 3]], under: try JSONPath(parsing: "log[2]"), asPatch: false
        )
        #expect(DiffTextFormatter().format(pastTheEnd) == "+ log[2]: 3")
        let element = JSONDiff.changes(
            from: ShopStates.before, to: ShopStates.after,
            under: try JSONPath(parsing: "cart.items[id=4].price"),
            asPatch: false)
        #expect(DiffTextFormatter().format(element) == "+ cart.items[id=4].price: 3.10")
    }

    /// For random pairs and every changed path and its ancestors: without `asPatch`, a value
    /// at the prefix on one side only is one addition or removal there, and the list is
    /// otherwise the patch's.
    @Test func withoutAsPatchChangesStayAtThePath() throws {
        for seed in UInt64(0)..<1000 {
            var states = RandomStates(seed: seed)
            let (old, new) = states.pair()
            let prefixes = Self.changedPathsAndAncestors(old, new)
            for prefix in prefixes {
                let changes = JSONDiff.changes(from: old, to: new, under: prefix, asPatch: false)
                switch (old.value(at: prefix), new.value(at: prefix)) {
                case (nil, let value?):
                    #expect(
                        changes.map(\.path) == [prefix] && changes.first?.kind == .added(value),
                        "seed \(seed) at \(prefix)")
                case (let value?, nil):
                    #expect(
                        changes.map(\.path) == [prefix] && changes.first?.kind == .removed(value),
                        "seed \(seed) at \(prefix)")
                default:
                    #expect(
                        changes == JSONDiff.changes(from: old, to: new, under: prefix),
                        "seed \(seed) at \(prefix)")
                }
            }
        }
    }

    /// Every path the full list of changes names, and each of its ancestors.
    static func changedPathsAndAncestors(_ old: JSONValue, _ new: JSONValue) -> Set<JSONPath> {
        var prefixes: Set<JSONPath> = []
        for change in JSONDiff.changes(from: old, to: new) {
            for length in 0...change.path.components.count {
                prefixes.insert(JSONPath(Array(change.path.components.prefix(length))))
            }
        }
        return prefixes
    }

    /// The moves among `changes`, without their pointers.
    static func moves(_ changes: [JSONChange]) -> [JSONChange] {
        changes.compactMap { change in
            guard case .moved = change.kind else { return nil }
            return JSONChange(path: change.path, kind: change.kind, pointer: JSONPointer([]))
        }
    }

    /// For random pairs and every changed path and its ancestors: the patch applies to the old
    /// value and leaves there what the new value has there (or, for an element removed from a
    /// plain array, removes just that element).
    @Test func subtreePatchesApply() throws {
        for seed in UInt64(0)..<1000 {
            var states = RandomStates(seed: seed)
            let (old, new) = states.pair()
            let prefixes = Self.changedPathsAndAncestors(old, new)
            let moves = Self.moves(JSONDiff.changes(from: old, to: new))
            for prefix in prefixes {
                let changes = JSONDiff.changes(from: old, to: new, under: prefix)
                // Every move of the full list at or under the prefix is listed, with the same
                // indices before and after, and no other (the list may start above the prefix
                // when it moved up to an ancestor).
                let listed = Self.moves(changes)
                #expect(
                    moves.filter { $0.path.hasPrefix(prefix) }.allSatisfy(listed.contains)
                        && listed.allSatisfy(moves.contains),
                    "seed \(seed) at \(prefix)")
                let patch = JSONPatchFormatter().patch(changes)
                do {
                    let patched = try TestPatch.apply(patch, to: old)
                    let removedElement =
                        changes.count == 1 && changes[0].path == prefix && changes[0].oldValue != nil
                        && changes[0].newValue == nil
                    if removedElement, case .index = prefix.components.last {
                        // Removing an element shifts the next one into its place.
                        #expect(new.value(at: prefix) == nil, "seed \(seed) at \(prefix)")
                    } else {
                        #expect(
                            patched.value(at: prefix) == new.value(at: prefix), "seed \(seed) at \(prefix)")
                    }
                } catch {
                    Issue.record("seed \(seed) at \(prefix): \(error) in \(patch.compactText)")
                }
            }
        }
    }
}
