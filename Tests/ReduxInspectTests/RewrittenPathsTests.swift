import Testing

@testable import ReduxInspect

/// The summary `verify --update` prints of where the rewritten states differ.
@Suite struct RewrittenPathsTests {
    /// The change of `key` from 1 to 2.
    private func change(_ key: String) -> JSONChange {
        let changes = JSONDiff.changes(
            from: .object(JSONObject([(key, .number(JSONNumber("1")))])),
            to: .object(JSONObject([(key, .number(JSONNumber("2")))])))
        return changes[0]
    }

    @Test func atMostTheLimitArePrintedThenHowManyMore() {
        var paths = RewrittenPaths()
        for seq in 1...12 { paths.add([change("k\(seq)"), change("all")], seq: seq) }
        let lines = paths.lines(limit: 10)
        #expect(lines.count == 12)
        #expect(lines[0] == "  the rewritten states differ at:")
        // Paths come in the order first seen; within one state, in order of their text.
        #expect(lines[1] == "    all  (12 states, seq 1…12)")
        #expect(lines[2] == "    k1  (seq 1)")
        #expect(lines.last == "    and 3 more paths")
    }

    /// The end marker's state is rewritten with the last step's, after the same seq.
    @Test func theStatesOfOneSeqNeedNoSummary() {
        var paths = RewrittenPaths()
        paths.add([change("a"), change("b")], seq: 4)
        paths.add([change("a")], seq: 4)
        #expect(paths.lines(limit: 10).isEmpty)
        paths.add([change("a")], seq: 6)
        #expect(paths.lines(limit: 10) == ["  the rewritten states differ at:", "    a  (seq 4 and 6)", "    b  (seq 4)"])
    }

    /// A new path at every state: past the paths kept, the rest are only counted.
    @Test func pathsPastThoseKeptAreCountedNotKept() {
        var paths = RewrittenPaths()
        for seq in 1...(RewrittenPaths.kept + 5) { paths.add([change("k\(seq)")], seq: seq) }
        #expect(paths.paths.count == RewrittenPaths.kept)
        #expect(paths.lines(limit: 10).last == "    and over \(RewrittenPaths.kept - 10) more paths")
    }
}
