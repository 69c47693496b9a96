import Foundation
import Testing

@testable import ReduxInspect

/// A replay stopped by Ctrl-C (`step`) has not shown a state from where it started: the
/// start's redacted values are told once a replay going on from there gets where it goes,
/// and not when another start turns out to be the one the step comes from.
@Suite struct StandInInterruptTests {
    /// A counter recording whose initial count is redacted, with 3,000 increments, then an
    /// action that no longer decodes, a redacted state, and one more increment.
    static func timeline() throws -> Timeline {
        var lines = [#"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":"<redacted>"}}"#]
        for seq in 1...3_000 { lines.append(#"{"seq":\#(seq),"type":"increment","action":{"increment":{}}}"#) }
        lines.append(#"{"seq":3001,"type":"bogus","action":{"bogus":{}}}"#)
        lines.append(#"{"seq":3002,"type":"increment","action":{"increment":{}},"state":{"count":"<redacted>"}}"#)
        lines.append(#"{"seq":3003,"type":"increment","action":{"increment":{}}}"#)
        let recording = try Recording(text: lines.joined(separator: "\n") + "\n", path: "counter.jsonl")
        return Timeline(recording: recording, reducer: try TimelineTests.reducer("counter"))
    }

    /// seq 1, then seq 3 with a redacted count, after a gap or after an action that no longer
    /// decodes (a replay cannot go through it either way), then increments to seq 3004.
    static func redactedStart(afterAGap: Bool) throws -> Timeline {
        var lines = [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
            #"{"seq":1,"type":"increment","action":{"increment":{}}}"#,
            #"{"seq":3,"type":"increment","action":{"increment":{}},"state":{"count":"<redacted>"}}"#,
        ]
        if !afterAGap { lines.insert(#"{"seq":2,"type":"bogus","action":{"bogus":{}}}"#, at: 2) }
        for seq in 4...3_004 { lines.append(#"{"seq":\#(seq),"type":"increment","action":{"increment":{}}}"#) }
        let recording = try Recording(text: lines.joined(separator: "\n") + "\n", path: "gap.jsonl")
        return Timeline(recording: recording, reducer: try TimelineTests.reducer("counter"))
    }

    /// Interrupts the replay to step 3,000 at step 1,024: asked every 1,024 steps, and for
    /// the `ask`th time there.
    static func interrupt(_ timeline: Timeline, atAsk ask: Int) {
        var asked = 0
        timeline.isInterrupted = {
            asked += 1
            return asked == ask
        }
        #expect(throws: InspectorError.interrupted(step: 1024)) { try timeline.state(after: 3_000) }
        timeline.isInterrupted = nil
    }

    /// Whatever is asked after the interrupt, a state replayed from seq 3 tells of it: a step
    /// before where the replay stopped, the step it stopped at, the step it was going to.
    @Test(arguments: [true, false], [[500, 3_000], [1_024], [3_000]])
    func anInterruptedReplaysStartIsToldWhenAStateFromItIsShown(afterAGap: Bool, steps: [Int]) throws {
        let timeline = try Self.redactedStart(afterAGap: afterAGap)
        // Seq 3 is step 1, or 2 after the action that does not decode, where the replay from
        // the initial state failed after it was asked once, at step 0.
        let seq3 = afterAGap ? 1 : 2
        Self.interrupt(timeline, atAsk: afterAGap ? 1 : 2)
        for step in steps {
            #expect(try timeline.state(after: step) == ["count": .number(JSONNumber(String(step - seq3)))])
            #expect(timeline.standInStarts.map(\.seq) == [3], "step \(step)")
        }
    }

    @Test func anInterruptedReplayTellsOfItsStartOnlyOnceItGetsThere() throws {
        let timeline = try Self.timeline()
        // Asked every 1,024 steps, from step 0: Ctrl-C comes at the second.
        var asked = 0
        timeline.isInterrupted = {
            asked += 1
            return asked == 2
        }
        #expect(throws: InspectorError.interrupted(step: 1024)) { try timeline.state(after: 3_002) }
        #expect(timeline.standInStarts.isEmpty)
        // Going on from there, the replay falls back to seq 3002, which the step comes from.
        #expect(try timeline.state(after: 3_002) == ["count": 1])
        #expect(timeline.standInStarts.map(\.seq) == [3002])
        // A step before the action that fails comes from the initial state, told now.
        #expect(try timeline.state(after: 1_500) == ["count": 1_501])
        #expect(timeline.standInStarts.map(\.seq) == [3002, nil])
    }
}
