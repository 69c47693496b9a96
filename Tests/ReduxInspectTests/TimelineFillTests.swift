import Foundation
import Redux
import Testing

@testable import ReduxInspect

/// `step` replays ahead while its prompt waits (``Timeline/fillCheckpoints(replaying:)``,
/// ``IdleReplay``): a far jump made afterwards replays one checkpoint interval, not the
/// recording, and every state is the one a jump without it gives.
@Suite struct TimelineFillTests {
    /// Counts the reducer's calls, from whichever thread runs it.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        /// The calls since the last `take()`.
        func take() -> Int {
            lock.withLock {
                defer { value = 0 }
                return value
            }
        }
    }

    struct Tally: Codable, Equatable, Sendable { var count = 0 }
    enum Move: Codable, Sendable { case increment }

    static func timeline(steps: Int, calls: Calls, lines: [Int: String] = [:]) throws -> Timeline {
        let reducer = Reducer<Tally, Move> { state, _ in
            calls.add()
            state.count += 1
        }
        let text = (1...steps).map { lines[$0] ?? #"{"seq":\#($0),"action":{"increment":{}}}"# }.joined(separator: "\n")
        return Timeline(
            recording: try Recording(text: text + "\n", path: "tally.jsonl"),
            reducer: InspectableReducer(name: "tally", reducer: reducer, initialState: Tally()))
    }

    static func fillAll(_ timeline: Timeline, slice: Int = 1000) -> Int {
        var slices = 1
        while timeline.fillCheckpoints(replaying: slice) { slices += 1 }
        return slices
    }

    @Test func aFarJumpAfterFillingReplaysOneIntervalNotTheRecording() throws {
        let calls = Calls()
        let filled = try Self.timeline(steps: 20_000, calls: calls)
        #expect(Self.fillAll(filled) == 20)
        #expect(calls.take() == 20_000, "every action replayed once")
        #expect(try filled.state(after: 19_998) == ["count": 19_999])
        #expect(calls.take() <= filled.checkpointInterval)
        #expect(try filled.state(after: 7_777) == ["count": 7_778])
        #expect(calls.take() <= filled.checkpointInterval)
        #expect(filled.fillCheckpoints(replaying: 1000) == false, "nothing more to do")
        #expect(calls.take() == 0)

        let fresh = try Self.timeline(steps: 20_000, calls: calls)
        #expect(try fresh.state(after: 19_998) == ["count": 19_999])
        #expect(calls.take() == 19_999, "without it, the jump replays every step before")
    }

    @Test func eachCallReplaysAtMostItsLimit() throws {
        let calls = Calls()
        let timeline = try Self.timeline(steps: 1_000, calls: calls)
        #expect(timeline.fillCheckpoints(replaying: 100))
        #expect(calls.take() == 100)
        #expect(timeline.fillCheckpoints(replaying: 150))
        #expect(calls.take() == 150)
        #expect(timeline.fillCheckpoints(replaying: 10_000) == false)
        #expect(calls.take() == 750)
    }

    @Test func stretchesAJumpHasReplayedAreNotReplayedAgain() throws {
        let calls = Calls()
        let timeline = try Self.timeline(steps: 20_000, calls: calls)
        #expect(try timeline.state(after: 15_000) == ["count": 15_001])
        #expect(calls.take() == 15_001)
        _ = Self.fillAll(timeline)
        #expect(calls.take() <= 5_000 + 2 * timeline.checkpointInterval)
    }

    @Test func recordedStatesAreNotReplayed() throws {
        let calls = Calls()
        let lines = Dictionary(uniqueKeysWithValues: (1...5_000).map { ($0, #"{"seq":\#($0),"action":{"increment":{}},"state":{"count":\#($0)}}"#) })
        let timeline = try Self.timeline(steps: 5_000, calls: calls, lines: lines)
        #expect(timeline.fillCheckpoints(replaying: 100) == false)
        #expect(calls.take() == 0)
    }

    /// With a state every 1,000 steps a jump replays at most 999 actions: nothing is filled.
    /// With one every 5,000, the stretches between are, but for their last
    /// ``Timeline/shortStretch`` steps, from which the next recorded state is as near.
    /// Slices of any length, up to the idle replay's largest, leave the same checkpoints: a
    /// slice that reaches past a recorded state stops before it.
    @Test(arguments: [1_000, 8_192, 65_536])
    func shortStretchesBetweenRecordedStatesAreLeftToTheJump(slice: Int) throws {
        for every in [1_000, 5_000] {
            let calls = Calls()
            let lines = Dictionary(
                uniqueKeysWithValues: stride(from: every, through: 20_000, by: every).map {
                    ($0, #"{"seq":\#($0),"action":{"increment":{}},"state":{"count":\#($0)}}"#)
                })
            let timeline = try Self.timeline(steps: 20_000, calls: calls, lines: lines)
            _ = Self.fillAll(timeline, slice: slice)
            let filled = calls.take()
            if every == 1_000 {
                #expect(filled == 0)
            } else {
                #expect(filled >= 4 * (every - 1 - Timeline.shortStretch) && filled < 20_000)
            }
            for index in [every - 2, 3 * every + every / 2, 19_998, 12_345] {
                #expect(try timeline.state(after: index) == ["count": .number(JSONNumber(String(index + 1)))])
                #expect(calls.take() <= Timeline.shortStretch + timeline.checkpointInterval, "step \(index)")
            }
        }
    }

    /// A recorded state holding a redacted number is replayed through, not from: a short
    /// stretch before it is filled too, or a jump past it would replay from the start.
    @Test(arguments: [1_000, 65_536]) func stretchesBeforeARedactedStateAreFilled(slice: Int) throws {
        let calls = Calls()
        let lines = Dictionary(
            uniqueKeysWithValues: stride(from: 1_000, through: 20_000, by: 1_000).map {
                ($0, #"{"seq":\#($0),"action":{"increment":{}},"state":{"count":"<redacted>"}}"#)
            })
        let timeline = try Self.timeline(steps: 20_000, calls: calls, lines: lines)
        _ = Self.fillAll(timeline, slice: slice)
        #expect(calls.take() >= 19_000)
        for index in [19_998, 12_345, 1_500] {
            #expect(try timeline.state(after: index) == ["count": .number(JSONNumber(String(index + 1)))])
            #expect(calls.take() <= 2 * timeline.checkpointInterval, "step \(index)")
        }
    }

    /// A recorded state the reducer does not make (step 4,000), followed by one it makes from
    /// that state (4,001): only the first is warned of, with or without filling, as filling
    /// never replays through a recorded state and checks the next from a replayed one.
    @Test(arguments: [2_000, 65_536]) func fillingWarnsOfTheStepsAJumpWarnsOf(slice: Int) throws {
        func warned(filling: Bool) throws -> [Int] {
            let lines = [
                4_000: #"{"seq":4000,"action":{"increment":{}},"state":{"count":9000}}"#,
                4_001: #"{"seq":4001,"action":{"increment":{}},"state":{"count":9001}}"#,
            ]
            let timeline = try Self.timeline(steps: 9_000, calls: Calls(), lines: lines)
            if filling { _ = Self.fillAll(timeline, slice: slice) }
            for index in 3_998...4_002 { _ = try timeline.state(after: index) }
            return timeline.unreproducedSeqs
        }
        #expect(try warned(filling: false) == [4_000])
        #expect(try warned(filling: true) == [4_000])
    }

    /// Filling is silent and cannot be interrupted, but leaves both to the next jump.
    @Test func aJumpAfterFillingStillReportsProgressAndCanBeInterrupted() throws {
        let timeline = try Self.timeline(steps: 100_000, calls: Calls())
        var reports = 0
        var interrupt = false
        timeline.replayProgress = { _ in reports += 1 }
        timeline.isInterrupted = { interrupt }
        #expect(timeline.fillCheckpoints(replaying: 20_000))
        #expect(reports == 0)
        _ = try timeline.state(after: 60_000)
        #expect(reports > 10, "a jump of 40,000 steps past the filled ones")
        interrupt = true
        #expect(throws: InspectorError.interrupted(step: 60_416)) { try timeline.state(after: 99_999) }
    }

    @Test func aFailingActionEndsTheFillingAndTheJumpPastItSaysWhy() throws {
        let calls = Calls()
        let lines = [5_001: #"{"seq":5001,"action":{"explode":{}}}"#]
        let filled = try Self.timeline(steps: 10_000, calls: calls, lines: lines)
        _ = Self.fillAll(filled)
        #expect(calls.take() == 5_000)
        let fresh = try Self.timeline(steps: 10_000, calls: calls, lines: lines)
        let expected = try #require(#expect(throws: InspectorError.self) { try fresh.state(after: 9_000) })
        #expect(throws: expected) { try filled.state(after: 9_000) }
        #expect(try filled.state(after: 4_000) == ["count": 4_001])
    }

    /// The replay goes on from the recorded state after an action that cannot be replayed.
    @Test(arguments: [2_000, 65_536]) func aFailingActionEndsTheFillingUpToTheNextRecordedState(slice: Int) throws {
        let calls = Calls()
        let lines = [
            5_001: #"{"seq":5001,"action":{"explode":{}}}"#,
            5_002: #"{"seq":5002,"action":{"increment":{}},"state":{"count":5002}}"#,
        ]
        let timeline = try Self.timeline(steps: 20_000, calls: calls, lines: lines)
        _ = Self.fillAll(timeline, slice: slice)
        #expect(calls.take() >= 20_000 - 5_002, "the stretch after the recorded state")
        #expect(try timeline.state(after: 19_998) == ["count": 19_999])
        #expect(calls.take() <= timeline.checkpointInterval)
        #expect(throws: InspectorError.self) { try timeline.state(after: 5_000) }
    }

    @Test func statesAfterFillingAreTheRecordedOnes() throws {
        let (text, states) = try TimelineTests.shopWithoutStates()
        let timeline = Timeline(recording: try Recording(text: text), reducer: try TimelineTests.reducer("shop"))
        #expect(Self.fillAll(timeline, slice: 7) > 1)
        for index in states.indices.reversed() {
            #expect(try timeline.state(after: index) == states[index], "step \(index)")
        }
    }

    @Test func idleReplayRunsUntilInputCanBeRead() throws {
        let calls = Calls()
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let replay = try #require(IdleReplay(try Self.timeline(steps: 3_000, calls: calls)))
        #expect(replay.run(untilReadable: ends[0], orUntil: { true }), "told to stop before a slice")
        #expect(calls.take() == 0)
        #expect(write(ends[1], "n\n", 2) == 2)
        #expect(replay.run(untilReadable: ends[0]), "a command waits: nothing is replayed")
        #expect(calls.take() == 0)
        close(ends[1])
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 1 && read(ends[0], &byte, 1) == 1)
        // At the end of the input poll says it can be read, as a terminal gone would.
        #expect(replay.run(untilReadable: ends[0]))

        let idle = try #require(IdleReplay(try Self.timeline(steps: 3_000, calls: calls)))
        var other: [Int32] = [0, 0]
        #expect(pipe(&other) == 0)
        defer { close(other[0]); close(other[1]) }
        #expect(idle.run(untilReadable: other[0]) == false, "nothing typed: it catches up")
        #expect(calls.take() == 3_000)
        #expect(idle.slice() == false)
    }
}
