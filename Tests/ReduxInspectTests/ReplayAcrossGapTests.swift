import Testing

@testable import ReduxInspect

/// A state replayed across missing entries leaves out what their actions did: `show` warns,
/// and `step` says so where it tells where the state comes from. A recorded state after the
/// gap makes the state exact again.
@Suite struct ReplayAcrossGapTests {
    typealias Support = CLITestSupport

    /// Counter steps 1, 2, (3 and 4 missing), 5, 6 with a recorded state, 7, (8 missing), 9.
    static let lines = [
        #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
        #"{"seq":1,"action":{"increment":{}}}"#,
        #"{"seq":2,"action":{"increment":{}}}"#,
        #"{"gap":{"after":2,"dropped":2,"reason":"queue full"}}"#,
        #"{"seq":5,"action":{"increment":{}}}"#,
        #"{"seq":6,"action":{"increment":{}},"state":{"count":6}}"#,
        #"{"seq":7,"action":{"increment":{}}}"#,
        #"{"seq":9,"action":{"increment":{}}}"#,
    ]

    @Test func showWarnsWhenTheStateIsReplayedWithoutMissingActions() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("gaps.jsonl", lines: Self.lines)
        let warning = { (count: Int, seq: Int) in
            "warning: \(file): \(count) \(count == 1 ? "entry is" : "entries are") missing before seq \(seq) with no recorded state since: the state is replayed without \(count == 1 ? "its action" : "their actions")\n"
        }
        for (seq, expected) in [(2, nil), (5, warning(2, 5)), (6, nil), (7, nil), (9, warning(1, 9))] {
            let result = Support.run(["show", file, "--at", String(seq)])
            #expect(result.code == 0)
            #expect(result.err == (expected ?? ""), "seq \(seq)")
        }
        // The replay after the gap is from step 5's own action on the state after step 2.
        #expect(Support.run(["show", file, "--at", "5"]).out == "{\n  \"count\": 3\n}\n")
    }

    @Test func stepSaysWhereAReplayedStateLeavesEntriesOut() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("gaps.jsonl", lines: Self.lines)
        let text = Support.run(["step", file], input: "goto 5\nwhere\ngoto 7\nwhere\ngoto 9\nwhere\n")
        #expect(text.outLines.filter { $0.hasPrefix("  step ") } == [
            "  step 3 of 6; state replayed with reducer counter, without the 2 entries missing since the last recorded state",
            "  step 5 of 6; state replayed with reducer counter",
            "  step 6 of 6; state replayed with reducer counter, without the 1 entry missing since the last recorded state",
        ])
        let json = Support.run(["step", file, "--json"], input: "goto 5\ngoto 6\n")
        let objects = try json.outLines.map(Support.json)
        #expect(objects.map { $0["missingInReplay"]?.compactText } == ["2", nil])
    }
}
