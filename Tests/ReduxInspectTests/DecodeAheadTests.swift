import Foundation
import Testing

@testable import ReduxInspect

/// Long replays decode their actions ahead on another thread (`TypedReplayer.applyActions`):
/// what they find must be what a replay one step after another finds, wherever a line cannot
/// be read without parsing it, an action does not decode, or the caller stops.
@Suite struct DecodeAheadTests {
    static let steps = 10_000
    static let header = #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#

    /// A counter recording long enough to be decoded ahead, its count going up and down; with
    /// `states`, every step's state, one of them wrong; `odd` lines replace steps by index.
    static func text(states: Bool, odd: [Int: String] = [:]) -> String {
        var lines = [header]
        var count = 0
        for seq in 1...steps {
            if let line = odd[seq] {
                lines.append(line)
                count = seq % 2 == 0 ? count + 1 : count
                continue
            }
            let (type, action) =
                seq % 3 == 0 ? ("decrement", #"{"decrement":{}}"#) : ("incrementBy", #"{"incrementBy":{"n":\#(seq % 7)}}"#)
            count += seq % 3 == 0 ? -1 : seq % 7
            let recorded = seq == 7_000 ? count + 1 : count
            let state = states ? #","state":{"count":\#(recorded)}"# : ""
            lines.append(
                #"{"seq":\#(seq),"time":"2026-11-22T10:00:00.000Z","type":"\#(type)","action":\#(action)\#(state)}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A step that only a parse can read (a `type` that is not ASCII).
    static let unreadable = [5_000: #"{"seq":5000,"type":"zählen","action":{"increment":{}}}"#]

    static func run(_ text: String) throws -> ReplayRun {
        ReplayRun(recording: try Recording(text: text, path: "long.jsonl"), reducer: try TimelineTests.reducer("counter"))
    }

    @Test func aLongCheckFindsWhatRunFinds() throws {
        let run = try Self.run(Self.text(states: true, odd: Self.unreadable))
        var expected: [String?] = []
        let expectedEnd = try run.run { step in
            expected.append(step.divergence.map(DiffTextFormatter().format))
            return true
        }
        var seen: [String?] = []
        let end = try run.check { step in
            #expect(step.index == seen.count)
            seen.append(step.divergence.map(DiffTextFormatter().format))
            return true
        }
        #expect(seen.count == Self.steps)
        #expect(seen == expected)
        // The state recorded wrong, and no other, differs.
        var divergent: [Int] = []
        try run.check { step in
            if step.divergence?.isEmpty == false { divergent.append(step.index) }
            return true
        }
        #expect(divergent == [6_999])
        #expect(end?.replayed == expectedEnd?.replayed)
    }

    @Test func aLongCheckStopsWhereTheVisitorSays() throws {
        let run = try Self.run(Self.text(states: false))
        var last = -1
        let end = try run.check { step in
            last = step.index
            return step.index < 6_500
        }
        #expect(last == 6_500)
        #expect(end == nil)
    }

    @Test(arguments: [
        #"{"seq":9000,"action":{"explode":{}}}"#,
        #"{"seq":9000,"action":{"incrementBy":{"n":"nine"}}}"#,
        #"{"seq":9000,"action":{"increment":{}},"x":[1,]}"#,
    ])
    func aStepThatCannotBeReplayedFailsAsInRun(_ line: String) throws {
        for states in [false, true] {
            let run = try Self.run(Self.text(states: states, odd: Self.unreadable.merging([9_000: line]) { $1 }))
            let expected = ReplayCheckTests.error { try run.run { _ in true } }
            #expect(expected?.contains("long.jsonl:9001:") == true, "\(expected ?? "no error")")
            var last = -1
            #expect(ReplayCheckTests.error { try run.check { step in last = step.index; return true } } == expected)
            #expect(last == 8_998, "steps before the failing one are all finished, and no later one")
        }
    }

    @Test func aFarJumpOfATimelineIsTheReplaysState() throws {
        let recording = try Recording(text: Self.text(states: false, odd: Self.unreadable), path: "long.jsonl")
        var states: [JSONValue] = []
        try ReplayRun(recording: recording, reducer: try TimelineTests.reducer("counter")).run { step in
            states.append(step.after)
            return true
        }
        let timeline = Timeline(recording: recording, reducer: try TimelineTests.reducer("counter"))
        #expect(try timeline.state(after: Self.steps - 2) == states[Self.steps - 2])
        // Checkpoints kept on the way: back to the middle, and across the unreadable line.
        #expect(try timeline.state(after: 4_000) == states[4_000])
        #expect(try timeline.state(after: 5_500) == states[5_500])

        let broken = try Recording(
            text: Self.text(states: false, odd: [9_000: #"{"seq":9000,"action":{"explode":{}}}"#]), path: "long.jsonl")
        let expected = ReplayCheckTests.error {
            try ReplayRun(recording: broken, reducer: try TimelineTests.reducer("counter")).run { _ in true }
        }
        let brokenTimeline = Timeline(recording: broken, reducer: try TimelineTests.reducer("counter"))
        #expect(ReplayCheckTests.error { _ = try brokenTimeline.state(after: Self.steps - 2) } == expected)
        // The steps before the failing one are still there.
        var before: JSONValue?
        try ReplayRun(recording: broken, reducer: try TimelineTests.reducer("counter")).run(through: 8_001) { step in
            before = step.after
            return true
        }
        #expect(try brokenTimeline.state(after: 8_000) == before)
    }
}
