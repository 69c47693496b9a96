import Testing

@testable import ReduxInspect

/// `==` on objects: the same members in any order, each value compared once, so that a deep
/// state with one leaf changed (a tree, an `indirect enum`) compares, and diffs, at once.
@Suite struct JSONObjectEqualityTests {
    /// `levels` objects each holding the next under `node` (after a sibling `x`, or before it
    /// when `reordered`), around `{"leaf":leaf}`.
    static func chain(_ levels: Int, leaf: Int, reordered: Bool = false) -> JSONValue {
        var value: JSONValue = .object(JSONObject([("leaf", .number(JSONNumber(String(leaf))))]))
        for level in 0..<levels {
            let sibling: JSONObject.Element = ("x", .number(JSONNumber(String(level))))
            value = .object(JSONObject(reordered ? [("node", value), sibling] : [sibling, ("node", value)]))
        }
        return value
    }

    /// Sixty levels: comparing a changed child twice at every level would take 2^60 steps.
    @Test(.hangGuard) func aDeepLeafChangedIsFoundOnce() {
        let old = Self.chain(60, leaf: 1)
        for new in [Self.chain(60, leaf: 2), Self.chain(60, leaf: 2, reordered: true)] {
            #expect(old != new)
            let changes = JSONDiff.changes(from: old, to: new)
            #expect(changes.count == 1)
            #expect(changes.first?.path.components.count == 61)
        }
        #expect(old == Self.chain(60, leaf: 1, reordered: true))
        #expect(old.hashValue == Self.chain(60, leaf: 1, reordered: true).hashValue)
    }

    @Test func membersMatchInAnyOrderEachOnce() {
        func object(_ members: [(String, Int)]) -> JSONObject {
            JSONObject(members.map { ($0.0, .number(JSONNumber(String($0.1)))) })
        }
        #expect(object([("a", 1), ("b", 2), ("c", 3)]) == object([("a", 1), ("c", 3), ("b", 2)]))
        #expect(object([("a", 1), ("b", 2)]) != object([("a", 1), ("b", 3)]))
        #expect(object([("a", 1), ("b", 2)]) != object([("b", 1), ("a", 2)]))
        #expect(object([("a", 1), ("b", 2)]) != object([("a", 1), ("c", 2)]))
        // A key written twice matches only a key written twice.
        #expect(object([("a", 1), ("a", 2)]) == object([("a", 1), ("a", 2)]))
        #expect(object([("b", 0), ("a", 1), ("a", 1)]) != object([("a", 1), ("b", 0), ("c", 1)]))
        #expect(object([("a", 1), ("b", 0), ("b", 0)]) != object([("a", 1), ("b", 0), ("c", 0)]))
    }
}
