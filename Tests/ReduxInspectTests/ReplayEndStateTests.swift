import ExampleInspector
import Testing

@testable import ReduxInspect

/// The `end` marker's state is compared by `ReplayRun` for both `replay` and `verify`.
@Suite struct ReplayEndStateTests {
    /// A gap, then a recorded state the replay takes over from, then a wrong final state.
    static let lines = [
        #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
        #"{"seq":1,"action":{"increment":{}},"state":{"count":1}}"#,
        #"{"gap":{"after":1,"dropped":1,"reason":"queue full"}}"#,
        #"{"seq":3,"action":{"increment":{}},"state":{"count":5}}"#,
        #"{"seq":4,"action":{"increment":{}}}"#,
        #"{"end":{"seq":4,"state":{"count":7}}}"#,
    ]

    @Test func replayComparesTheEndStateOnceTheReplayIsBackInStep() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("resynced.jsonl", lines: Self.lines)
        let result = CLITestSupport.run(["replay", file])
        #expect(result.code == 0)
        #expect(result.outLines.suffix(3) == [
            "! the final state in the end marker differs from the replay (recorded → replayed):",
            "  ~ count: 7 → 6",
            "3 steps replayed with reducer counter; 1 of 2 recorded states differs from the replay",
        ])
    }

    /// In JSON the gap and the end comparison are lines of their own, shaped like the
    /// recording's markers, so that a script sees what the text shows.
    @Test func replayAsJSONCarriesTheGapAndTheEndComparison() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("resynced.jsonl", lines: Self.lines)
        let result = CLITestSupport.run(["replay", file, "--format", "json"])
        #expect(result.code == 0)
        let lines = result.outLines.map { line in Result { try JSONParser.parse(Array(line.utf8)) } }
        #expect(lines.count == 5, "\(result.out)")
        let values = try lines.map { try $0.get() }
        #expect(values.map { $0["seq"]?.compactText } == ["1", nil, "3", "4", nil])
        #expect(values[1].compactText == #"{"gap":{"after":1,"dropped":1,"reason":"queue full"}}"#)
        #expect(
            values[4].compactText
                == #"{"end":{"seq":4,"matchesRecording":false,"divergence":[{"path":"count","kind":"changed","old":7,"new":6}]}}"#)
    }

    @Test func replayAsJSONNamesEntriesMissingAfterTheLastAndAnEndItCannotCompare() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("cut.jsonl", lines: [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
            #"{"seq":1,"action":{"increment":{}}}"#,
            #"{"end":{"seq":3,"state":{"count":3}}}"#,
        ])
        let result = CLITestSupport.run(["replay", file, "--format", "json"])
        #expect(result.code == 0)
        // The end marker's state follows missing entries: no comparison is made of it.
        #expect(result.outLines.dropFirst() == [#"{"gap":{"after":1,"dropped":2}}"#])
    }

    @Test func aGapAfterTheLastRecordedStateMakesTheEndComparisonExpectedToDiffer() throws {
        let recording = try Recording(text: [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
            #"{"seq":1,"action":{"increment":{}}}"#,
            #"{"seq":3,"action":{"increment":{}}}"#,
            #"{"end":{"seq":3,"state":{"count":3}}}"#,
        ].joined(separator: "\n") + "\n")
        let reducer = try #require(Inspector.examples.reducers.first { $0.name == "counter" })
        let end = try #require(try ReplayRun(recording: recording, reducer: reducer).run { _ in true })
        #expect(end.afterGap)
        #expect(end.recorded == .object(JSONObject([("count", .number(JSONNumber("3")))])))
        #expect(end.replayed == .object(JSONObject([("count", .number(JSONNumber("2")))])))
    }

    @Test func verifyPassesAnEndStateThatEntriesMissingBeforeItExplain() throws {
        let directory = try CLITemporaryDirectory()
        // seq 2 is missing and no state is recorded after it: the replay cannot know the
        // final state, so a different one is no divergence, for verify as for replay.
        let file = try directory.file("dropped.jsonl", lines: [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
            #"{"seq":1,"action":{"increment":{}},"state":{"count":1}}"#,
            #"{"seq":3,"action":{"increment":{}}}"#,
            #"{"end":{"seq":3,"state":{"count":3}}}"#,
        ])
        let verify = CLITestSupport.run(["verify", file])
        #expect(verify.code == 0)
        #expect(verify.outLines.last == "1 passed, 0 failed")
        // Without the gap the same end state is a divergence.
        let whole = try directory.file("whole.jsonl", lines: [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
            #"{"seq":1,"action":{"increment":{}},"state":{"count":1}}"#,
            #"{"seq":2,"action":{"increment":{}}}"#,
            #"{"end":{"seq":2,"state":{"count":3}}}"#,
        ])
        #expect(CLITestSupport.run(["verify", whole]).code == 1)
    }
}
