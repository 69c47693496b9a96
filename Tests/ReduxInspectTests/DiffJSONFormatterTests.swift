import Testing

@testable import ReduxInspect

@Suite struct DiffJSONFormatterTests {
    @Test func everyKind() {
        let before: JSONValue = ["todos": [["id": 1], ["id": 2, "done": false], ["id": 3]], "note": "hi"]
        let after: JSONValue = ["todos": [["id": 2, "done": true], ["id": 1], ["id": 4]], "filter": "all"]
        let text = DiffJSONFormatter().value(JSONDiff.changes(from: before, to: after)).prettyText()
        #expect(
            text == """
                [
                  {
                    "path": "todos[id=3]",
                    "kind": "removed",
                    "old": {
                      "id": 3
                    }
                  },
                  {
                    "path": "todos[id=1]",
                    "kind": "moved",
                    "from": 0,
                    "to": 1
                  },
                  {
                    "path": "todos[id=2].done",
                    "kind": "changed",
                    "old": false,
                    "new": true
                  },
                  {
                    "path": "todos[id=4]",
                    "kind": "added",
                    "new": {
                      "id": 4
                    }
                  },
                  {
                    "path": "filter",
                    "kind": "added",
                    "new": "all"
                  },
                  {
                    "path": "note",
                    "kind": "removed",
                    "old": "hi"
                  }
                ]
                """)
    }

    @Test func compactAndEmpty() {
        #expect(DiffJSONFormatter().format([]) == "[]")
        #expect(
            DiffJSONFormatter().format(JSONDiff.changes(from: 1, to: 2))
                == #"[{"path":"(root)","kind":"changed","old":1,"new":2}]"#)
    }
}
