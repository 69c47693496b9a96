import Testing

@testable import ReduxInspect

@Suite struct DiffPatchTests {
    @Test func shopStep() throws {
        let changes = JSONDiff.changes(from: ShopStates.before, to: ShopStates.after)
        let patch = JSONPatchFormatter().patch(changes)
        #expect(
            patch.prettyText() == """
                [
                  {
                    "op": "remove",
                    "path": "/cart/items/1"
                  },
                  {
                    "op": "add",
                    "path": "/cart/items/0",
                    "value": {
                      "id": 4,
                      "name": "Jam",
                      "price": 3.10,
                      "quantity": 1
                    }
                  },
                  {
                    "op": "replace",
                    "path": "/cart/items/1/quantity",
                    "value": 3
                  },
                  {
                    "op": "replace",
                    "path": "/cart/total",
                    "value": 23.85
                  },
                  {
                    "op": "add",
                    "path": "/cart/discount",
                    "value": null
                  },
                  {
                    "op": "remove",
                    "path": "/cart/coupon"
                  },
                  {
                    "op": "replace",
                    "path": "/user/loggedIn",
                    "value": "yes"
                  },
                  {
                    "op": "replace",
                    "path": "/meta/content-type",
                    "value": "text/plain"
                  }
                ]
                """)
        #expect(try TestPatch.apply(patch, to: ShopStates.before) == ShopStates.after)
    }

    @Test func movesAndEscapedKeys() throws {
        let before: JSONValue = ["a/b": ["~": [["id": 1], ["id": 2], ["id": 3], ["id": 4]]]]
        let after: JSONValue = ["a/b": ["~": [["id": 4], ["id": 2], ["id": 3], ["id": 1, "x": 0]]]]
        let patch = JSONPatchFormatter().format(JSONDiff.changes(from: before, to: after))
        #expect(
            patch == #"""
                [{"op":"move","from":"/a~1b/~0/3","path":"/a~1b/~0/0"},\#
                {"op":"move","from":"/a~1b/~0/1","path":"/a~1b/~0/3"},\#
                {"op":"add","path":"/a~1b/~0/3/x","value":0}]
                """#)
        #expect(
            try TestPatch.apply(
                JSONPatchFormatter().patch(JSONDiff.changes(from: before, to: after)), to: before) == after)
    }

    @Test func rootReplacement() {
        #expect(
            JSONPatchFormatter().format(JSONDiff.changes(from: [1], to: ["a": 1]))
                == #"[{"op":"replace","path":"","value":{"a":1}}]"#)
    }

    @Test func theTestApplierFollowsTheRFC() throws {
        // RFC 6902 appendix A examples, including copy and test, which the diff never emits.
        let document: JSONValue = ["foo": ["bar", "baz"], "m~n": 1]
        let patch: JSONValue = [
            ["op": "add", "path": "/foo/1", "value": "qux"],
            ["op": "test", "path": "/m~0n", "value": 1],
            ["op": "copy", "from": "/foo/0", "path": "/foo/-"],
            ["op": "move", "from": "/foo/0", "path": "/moved"],
            ["op": "remove", "path": "/m~0n"],
        ]
        #expect(try TestPatch.apply(patch, to: document) == ["foo": ["qux", "baz", "bar"], "moved": "bar"])
        #expect(throws: TestPatch.Failure.self) {
            try TestPatch.apply([["op": "remove", "path": "/foo/2"]], to: document)
        }
        #expect(throws: TestPatch.Failure.self) {
            try TestPatch.apply([["op": "test", "path": "/m~0n", "value": 2]], to: document)
        }
    }

    /// The promise of the patch format: for any pair, applying the patch to the old value gives
    /// the new one. Also checks each change against the values its path finds, and that every
    /// path's text reads back as the same path.
    @Test(arguments: 0..<4)
    func patchTurnsOldIntoNew(batch: Int) throws {
        for seed in UInt64(batch * 1000)..<UInt64(batch * 1000 + 1000) {
            var states = RandomStates(seed: seed)
            let (old, new) = states.pair()
            let changes = JSONDiff.changes(from: old, to: new)
            #expect(changes.isEmpty == (old == new), "seed \(seed)")
            let patch = JSONPatchFormatter().patch(changes)
            do {
                let patched = try TestPatch.apply(patch, to: old)
                #expect(patched == new, "seed \(seed): \(patch.compactText)")
            } catch {
                Issue.record("seed \(seed): \(error) in \(patch.compactText)")
            }
            for change in changes {
                #expect(try JSONPath(parsing: change.path.description) == change.path, "seed \(seed)")
                checkAgainstValues(change, old: old, new: new, seed: seed)
            }
        }
    }

    private func checkAgainstValues(_ change: JSONChange, old: JSONValue, new: JSONValue, seed: UInt64) {
        let before = old.value(at: change.path)
        let after = new.value(at: change.path)
        // An element put in (or taken out) before the end of an array compared by position
        // is named by its index after (before) the step, where the other side may have an
        // element that moved along: only where the array got longer (shorter).
        var lengths: (old: Int, new: Int)?
        if case .index? = change.path.components.last {
            let parent = JSONPath(change.path.components.dropLast())
            if case .array(let oldElements)? = old.value(at: parent), case .array(let newElements)? = new.value(at: parent) {
                lengths = (oldElements.count, newElements.count)
            }
        }
        switch change.kind {
        case .added(let value):
            let putIn = lengths.map { $0.old < $0.new } ?? false
            #expect((before == nil || putIn) && after == value, "seed \(seed): \(change.path)")
        case .removed(let value):
            let takenOut = lengths.map { $0.old > $0.new } ?? false
            #expect(before == value && (after == nil || takenOut), "seed \(seed): \(change.path)")
        case .changed(let oldValue, let newValue):
            #expect(
                before == oldValue && after == newValue && oldValue != newValue,
                "seed \(seed): \(change.path)")
        case .moved:
            #expect(before != nil && after != nil, "seed \(seed): \(change.path)")
        }
    }
}
