import ExampleInspector
import Foundation
import Testing

@testable import ReduxInspect

/// States by step: recorded where the recording holds them, replayed otherwise, from the
/// nearest known state, with checkpoints for going back.
@Suite struct TimelineTests {
    typealias Support = CLITestSupport

    static func reducer(_ name: String) throws -> InspectableReducer {
        try #require(Inspector.examples.reducers.first { $0.name == name })
    }

    /// The shop fixture with every entry's `state` removed, and the states it had.
    static func shopWithoutStates() throws -> (text: String, states: [JSONValue]) {
        let lines = try String(contentsOfFile: Support.fixture("shop.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        var states: [JSONValue] = []
        var stripped: [String] = []
        for line in lines {
            guard case .object(var object) = try JSONParser.parse(line), object["action"] != nil else {
                stripped.append(line)
                continue
            }
            states.append(try #require(object["state"]))
            object["state"] = nil
            stripped.append(JSONValue.object(object).compactText)
        }
        return (stripped.joined(separator: "\n") + "\n", states)
    }

    @Test func replayedStatesEqualTheRecordedOnes() throws {
        let (text, states) = try Self.shopWithoutStates()
        let recording = try Recording(text: text, path: "shop-without-states.jsonl")
        #expect(recording.steps.allSatisfy { !$0.hasState })
        #expect(recording.steps.count == states.count)
        let timeline = Timeline(recording: recording, reducer: try Self.reducer("shop"))
        for index in states.indices {
            #expect(try timeline.state(after: index) == states[index], "step \(index)")
        }
        #expect(try timeline.state(after: -1) == recording.header?.initialState)
        #expect(try timeline.state(after: states.count - 1) == (try recording.endState()))
    }

    @Test(arguments: [1, 3, 128])
    func goingBackAndJumpingAroundGivesTheSameStates(checkpointInterval: Int) throws {
        let (text, states) = try Self.shopWithoutStates()
        let recording = try Recording(text: text)
        let timeline = Timeline(recording: recording, reducer: try Self.reducer("shop"), checkpointInterval: checkpointInterval)
        var generator = SeededGenerator(seed: 42)
        let order = [states.count - 1, 0, states.count - 2, 5, 4, 3, 20, 19, 1, 26, 13]
            + (0..<40).map { _ in Int.random(in: 0..<states.count, using: &generator) }
        for index in order {
            #expect(try timeline.state(after: index) == states[index], "step \(index)")
        }
        for index in states.indices.reversed() {
            #expect(try timeline.state(after: index) == states[index], "back to step \(index)")
        }
    }

    /// A long replay keeps at most `checkpointBudget.count` checkpoints: past it, the interval
    /// doubles and every other one goes; jumps back still give the right states.
    @Test func checkpointsAreThinnedOutOnALongReplay() throws {
        let steps = 9000
        let text = (1...steps).map { #"{"seq":\#($0),"action":{"increment":{}}}"# }.joined(separator: "\n") + "\n"
        let timeline = Timeline(
            recording: try Recording(text: text), reducer: try Self.reducer("counter"), checkpointInterval: 1)
        #expect(try timeline.state(after: steps - 1) == .object(JSONObject([("count", .number(JSONNumber("9000")))])))
        // 9,000 checkpoints would pass 4,096: every 2nd (4,500) still would, every 4th does not.
        #expect(Timeline.checkpointBudget.count == 4096)
        #expect(timeline.checkpointInterval == 4)
        for index in [8998, 1, 4500, 4095, 0, 8999] {
            #expect(try timeline.state(after: index) == .object(JSONObject([("count", .number(JSONNumber(String(index + 1))))])))
        }
    }

    @Test func replayStartsFromTheNearestRecordedState() throws {
        // The recorded state at seq 2 is not what the actions give: states after it come from it.
        let recording = try Recording(
            text: """
                {"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}
                {"seq":1,"action":{"increment":{}}}
                {"seq":2,"action":{"increment":{}},"state":{"count":100}}
                {"seq":3,"action":{"increment":{}}}
                {"seq":4,"action":{"incrementBy":{"n":5}}}

                """)
        let timeline = Timeline(recording: recording, reducer: try Self.reducer("counter"))
        #expect(try [3, 2, 1, 0, -1].map { try timeline.state(after: $0) } == [["count": 106], ["count": 101], ["count": 100], ["count": 1], ["count": 0]])
    }

    @Test func initialStateDefaultsToTheReducers() throws {
        let recording = try Recording(text: #"{"seq":1,"action":{"increment":{}}}"# + "\n")
        let timeline = Timeline(recording: recording, reducer: try Self.reducer("counter"))
        #expect(try timeline.initialState() == ["count": 0])
        #expect(try timeline.state(after: 0) == ["count": 1])
    }

    @Test func recordedStatesNeedNoReducer() throws {
        let recording = try Recording(
            text: """
                {"format":"redux-inspect","version":1,"reducer":"unknown","initialState":{"a":0}}
                {"seq":1,"action":{"x":{}},"state":{"a":1}}
                {"seq":2,"action":{"x":{}}}

                """, path: "u.jsonl")
        let timeline = Timeline(recording: recording, reducer: nil, availableReducers: ["counter"])
        #expect(timeline.count == 2)
        #expect(timeline.hasRecordedState(at: -1) && timeline.hasRecordedState(at: 0) && !timeline.hasRecordedState(at: 1))
        #expect(try timeline.state(after: -1) == ["a": 0])
        #expect(try timeline.state(after: 0) == ["a": 1])
        #expect(throws: InspectorError.missingReducer(path: "u.jsonl", named: "unknown", available: ["counter"])) {
            try timeline.state(after: 1)
        }
    }

    @Test func aFailingActionIsReportedAndTheTimelineRecovers() throws {
        let recording = try Recording(
            text: """
                {"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}
                {"seq":1,"action":{"increment":{}}}
                {"seq":2,"action":{"bogus":{}}}
                {"seq":3,"action":{"increment":{}},"state":{"count":7}}
                {"seq":4,"action":{"increment":{}}}

                """, path: "f.jsonl")
        let timeline = Timeline(recording: recording, reducer: try Self.reducer("counter"))
        let error = #expect(throws: InspectorError.self) { try timeline.state(after: 1) }
        guard case .recording(let recordingError) = error else {
            Issue.record("expected a recording error, got \(String(describing: error))")
            return
        }
        #expect(recordingError.line == 3 && recordingError.seq == 2)
        #expect(try timeline.state(after: 0) == ["count": 1])
        #expect(try timeline.state(after: 3) == ["count": 8])
    }
}

/// The replay engine: decoding actions, comparing with recorded states, gaps.
@Suite struct ReplayRunTests {
    static func steps(_ text: String, reducer: String = "counter", through: Int? = nil) throws -> [ReplayStep] {
        let recording = try Recording(text: text)
        var steps: [ReplayStep] = []
        try ReplayRun(recording: recording, reducer: try TimelineTests.reducer(reducer)).run(through: through) { step in
            steps.append(step)
            return true
        }
        return steps
    }

    @Test func comparesWithRecordedStates() throws {
        let steps = try Self.steps(
            """
            {"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":10}}
            {"seq":1,"action":{"increment":{}},"state":{"count":11}}
            {"seq":2,"action":{"increment":{}}}
            {"seq":3,"action":{"decrement":{}},"state":{"count":99}}

            """)
        #expect(steps.map(\.before) == [["count": 10], ["count": 11], ["count": 12]])
        #expect(steps.map(\.after) == [["count": 11], ["count": 12], ["count": 11]])
        #expect(steps[0].divergence == [])
        #expect(steps[1].divergence == nil)
        #expect(steps[2].divergence?.count == 1)
        #expect(steps[2].divergence.map(DiffTextFormatter().format) == "~ count: 99 → 11")
    }

    @Test func stopsAtTheLastSeqAndWhenTheVisitorSaysSo() throws {
        let text = (1...5).map { #"{"seq":\#($0),"action":{"increment":{}}}"# }.joined(separator: "\n")
        #expect(try Self.steps(text, through: 3).map(\.entry.seq) == [1, 2, 3])
        var seen: [Int] = []
        try ReplayRun(recording: try Recording(text: text), reducer: try TimelineTests.reducer("counter")).run { step in
            seen.append(step.entry.seq)
            return step.entry.seq < 2
        }
        #expect(seen == [1, 2])
    }

    @Test func redactedValuesMatchAnything() throws {
        #expect(ReplayRun.divergence(recorded: ["user": ["token": "<redacted>", "name": "ada"]], replayed: ["user": ["token": "abc", "name": "ada"]]) == [])
        #expect(ReplayRun.divergence(recorded: ["name": "<redacted>"], replayed: ["name": "ada"]) == [])
        #expect(ReplayRun.divergence(recorded: ["name": "bob"], replayed: ["name": "ada"]).count == 1)
    }

    @Test func afterAGapTheReplayTakesTheNextRecordedState() throws {
        let steps = try Self.steps(
            """
            {"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}
            {"seq":1,"action":{"increment":{}},"state":{"count":1}}
            {"seq":4,"action":{"increment":{}}}
            {"seq":5,"action":{"increment":{}},"state":{"count":5}}
            {"seq":6,"action":{"increment":{}},"state":{"count":6}}

            """)
        #expect(steps.map(\.gapBefore?.after) == [nil, 1, nil, nil])
        // Seq 5 cannot match (seq 2 and 3 are missing): not a divergence; the replay goes on
        // from the recorded state, and seq 6 is compared again.
        #expect(steps[2].divergence == nil)
        #expect(steps[2].after == ["count": 5])
        #expect(steps[3].before == ["count": 5])
        #expect(steps[3].divergence == [])
    }

    @Test func theShopFixtureReplaysWithoutDivergence() throws {
        let text = try String(contentsOfFile: CLITestSupport.fixture("shop.jsonl"), encoding: .utf8)
        let steps = try Self.steps(text, reducer: "shop")
        #expect(steps.count == 27)
        #expect(steps.allSatisfy { $0.divergence == [] })
    }
}
