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
