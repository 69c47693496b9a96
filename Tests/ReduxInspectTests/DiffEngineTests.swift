import Redux
import Testing

@testable import ReduxInspect

@Suite struct DiffEngineTests {
    @Test func equalValuesHaveNoChanges() {
        let state: JSONValue = ["cart": ["items": [["id": 1, "quantity": 2]], "total": number("9.99")]]
        #expect(JSONDiff.changes(from: state, to: state).isEmpty)
    }

    @Test func memberOrderAloneIsNotAChange() {
        let before: JSONValue = ["a": 1, "b": ["c": true, "d": .null]]
        let after: JSONValue = ["b": ["d": .null, "c": true], "a": 1]
        #expect(JSONDiff.changes(from: before, to: after).isEmpty)
    }

    @Test func rootScalarChange() {
        #expect(
            JSONDiff.changes(from: 1, to: "one") == [
                JSONChange(path: .root, kind: .changed(old: 1, new: "one"), pointer: JSONPointer())
            ])
    }

    @Test func keysInNewOrderThenRemovedKeys() {
        let before: JSONValue = ["gone": 1, "kept": 1, "alsoGone": 2]
        let after: JSONValue = ["added": 3, "kept": 2]
        #expect(
            JSONDiff.changes(from: before, to: after).map(\.path.description) == [
                "added", "kept", "gone", "alsoGone",
            ])
    }

    @Test func typeChangeIsOneChangeWithWholeValues() {
        let before: JSONValue = ["user": ["name": "Ada", "roles": ["admin"]]]
        let after: JSONValue = ["user": ["Ada", "admin"]]
        #expect(
            JSONDiff.changes(from: before, to: after) == [
                JSONChange(
                    path: [.key("user")], kind: .changed(old: before["user"]!, new: after["user"]!),
                    pointer: JSONPointer(["user"]))
            ])
    }

    @Test func insertionAtTheFrontOfAThousandIDObjectsIsOneChange() {
        let items: [JSONValue] = (1...1000).map { ["id": .number(JSONNumber(String($0))), "quantity": 1] }
        let inserted: JSONValue = ["id": 0, "quantity": 5]
        let changes = JSONDiff.changes(
            from: ["items": .array(items)], to: ["items": .array([inserted] + items)])
        #expect(
            changes == [
                JSONChange(
                    path: [.key("items"), .id(0)], kind: .added(inserted),
                    pointer: JSONPointer(["items", "0"]))
            ])
        #expect(DiffTextFormatter().format(changes) == #"+ items[id=0]: {"id":0,"quantity":5}"#)
    }

    @Test func idArrayRemovalsComeFirstWithShiftedPointers() {
        let before: JSONValue = [["id": "a"], ["id": "b"], ["id": "c"], ["id": "d"]]
        let after: JSONValue = [["id": "b"], ["id": "d"]]
        let changes = JSONDiff.changes(from: before, to: after)
        #expect(changes.map(\.path) == [[.id("a")], [.id("c")]])
        // "c" was at 2; once "a" is gone it is at 1.
        #expect(changes.map(\.pointer.description) == ["/0", "/1"])
    }

    @Test func movedElementIsOneMoveAndItsEditsFollow() {
        let before: JSONValue = [
            ["id": 1, "done": false], ["id": 2, "done": false], ["id": 3, "done": false],
        ]
        let after: JSONValue = [
            ["id": 3, "done": true], ["id": 1, "done": false], ["id": 2, "done": false],
        ]
        let changes = JSONDiff.changes(from: before, to: after)
        #expect(
            changes == [
                JSONChange(
                    path: [.id(3)], kind: .moved(from: 2, to: 0), pointer: JSONPointer(["0"]),
                    fromPointer: JSONPointer(["2"])),
                JSONChange(
                    path: [.id(3), .key("done")], kind: .changed(old: false, new: true),
                    pointer: JSONPointer(["0", "done"])),
            ])
    }

    @Test func repeatedIDsFallBackToPositions() {
        let before: JSONValue = [["id": 1, "n": 1], ["id": 1, "n": 2]]
        let after: JSONValue = [["id": 1, "n": 1], ["id": 1, "n": 3]]
        #expect(JSONDiff.changes(from: before, to: after).map(\.path) == [[.index(1), .key("n")]])
    }

    @Test func idsOfDifferentTypesAreDifferentIDs() {
        let before: JSONValue = [["id": 1], ["id": "1"]]
        let after: JSONValue = [["id": "1"]]
        #expect(JSONDiff.changes(from: before, to: after).map(\.path) == [[.id(1)]])
    }

    @Test func positionalArraysAddAndRemoveAtTheEnd() {
        let grown = JSONDiff.changes(from: [1, 2], to: [1, 5, 6, 7])
        #expect(grown.map(\.path.description) == ["[1]", "[2]", "[3]"])
        #expect(grown.map(\.pointer.description) == ["/1", "/2", "/3"])

        let shrunk = JSONDiff.changes(from: [1, 2, 3, 4], to: [1])
        #expect(shrunk.map(\.path.description) == ["[1]", "[2]", "[3]"])
        // Each removal shifts the next element down to index 1.
        #expect(shrunk.map(\.pointer.description) == ["/1", "/1", "/1"])
    }

    struct SubsequenceCase: CustomTestStringConvertible, Sendable {
        let values: [Int]
        let members: [Bool]
        var testDescription: String { "\(values)" }
    }

    @Test(arguments: [
        SubsequenceCase(values: [], members: []),
        SubsequenceCase(values: [0, 1, 2], members: [true, true, true]),
        SubsequenceCase(values: [2, 0, 1], members: [false, true, true]),
        SubsequenceCase(values: [1, 2, 0], members: [true, true, false]),
        SubsequenceCase(values: [3, 2, 1, 0], members: [false, false, false, true]),
        SubsequenceCase(values: [0, 4, 1, 2, 3], members: [true, false, true, true, true]),
    ])
    func longestIncreasingSubsequence(_ testCase: SubsequenceCase) {
        #expect(Redux.longestIncreasingSubsequence(testCase.values) == testCase.members)
    }
}
