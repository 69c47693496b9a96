import Foundation
import Testing

@testable import ReduxInspect

/// A timeline replays the steps it passes through from the bytes of their actions where
/// ``Recording/actionText(at:)`` finds them, and from the parsed entry otherwise: the states and
/// the errors must be the same either way.
@Suite struct TimelineActionTextTests {
    static let header = #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#

    /// Lines of a counter recording in unusual shapes, and whether the action's bytes can be
    /// taken without parsing the line.
    static let shapes: [(line: String, readable: Bool)] = [
        (#"{"seq":1,"time":"2026-11-22T10:00:00.000Z","type":"increment","action":{"increment":{}}}"#, true),
        (#"{"seq":2,"action":{"incrementBy":{"n":5}}}"#, true),
        (#" { "seq" : 3 , "action" : { "incrementBy" : { "n" : -2 } } , "us" : 12 } "#, true),
        (#"{"seq":4,"action":{"increment":{}},"action":{"reset":{}}}"#, true),
        (#"{"seq":5,"act\u0069on":{"reset":{}},"action":{"increment":{}}}"#, false),
        (#"{"seq":6,"action":{"incrementBy":{"n":1}},"type":"über"}"#, false),
        (#"{"seq":7,"action":{"incrementBy":{"\u006e":3}}}"#, true),
        (#"{"seq":8,"type":"increment","action":{"increment":{}},"state":null}"#, true),
        (#"{"seq":9,"action":{"incrementBy":{"n":4.0}}}"#, true),
    ]

    static func recording(_ lines: [String]) throws -> Recording {
        try Recording(text: ([header] + lines).joined(separator: "\n") + "\n", path: "shapes.jsonl")
    }

    @Test func actionTextIsTheParsedEntrysActionWhereItIsTaken() throws {
        let recording = try Self.recording(Self.shapes.map(\.line))
        for (index, shape) in Self.shapes.enumerated() {
            let text = recording.actionText(at: index)
            #expect((text != nil) == shape.readable, "\(shape.line)")
            if let text {
                #expect(try JSONParser.parse(text) == recording.entry(at: index).action, "\(shape.line)")
            }
        }
    }

    /// Lines of the recorder's shape without a state, which the index checks whole: the action
    /// is taken from where the index found it, up to the end of the line or its `us`.
    static let recorderShapes: [(action: String, us: String?, checked: Bool)] = [
        (#"{"increment":{}}"#, nil, true),
        (#"{"incrementBy":{"n":5}}"#, "12", true),
        (#"{"incrementBy":{"n":-5}}"#, "-3", true),
        (#"{"incrementBy":{"n":7}}"#, "0", true),
        (#""increment""#, nil, true),
        (#""increment""#, "41", true),
        (#"{"incrementBy":{"n":7}}"#, "007", false),
        (#"{"incrementBy":{"n":7}}"#, "-01", false),
        (#"{"incrementBy":{"n":0.5e1}}"#, nil, true),
        (#"{"incrementBy":{"n":"\u00e9"}}"#, "5", true),
        (#"{"incrementBy":{"n":"é"}}"#, "5", false),
    ]

    @Test func actionTextOfLinesTheIndexCheckedWholeIsTheParsedEntrysAction() throws {
        let lines = Self.recorderShapes.enumerated().map { index, shape in
            let us = shape.us.map { #","us":\#($0)"# } ?? ""
            return #"{"seq":\#(index + 1),"time":"2026-11-22T10:00:00.000Z","type":"t","action":\#(shape.action)\#(us)}"#
        }
        let recording = try Self.recording(lines)
        for (index, shape) in Self.recordingShapesChecked(recording).enumerated() {
            #expect(shape == Self.recorderShapes[index].checked, "\(lines[index])")
            let text = recording.actionText(at: index)
            let parsed = try? recording.entry(at: index)
            if shape { #expect(text != nil && parsed != nil, "\(lines[index])") }
            if text != nil { #expect(parsed != nil, "\(lines[index])") }
            if let text, let parsed {
                #expect(Array(text) == Array(Self.recorderShapes[index].action.utf8), "\(lines[index])")
                #expect(try JSONParser.parse(text) == parsed.action, "\(lines[index])")
            }
        }
    }

    /// Whether the index checked each line whole.
    static func recordingShapesChecked(_ recording: Recording) -> [Bool] {
        recording.steps.map { $0.checkedActionStart != 0 && $0.checkedStateStart == 0 }
    }

    @Test func replayedStatesAreTheReplayRunsWhateverTheShapeOfTheLines() throws {
        let recording = try Self.recording(Self.shapes.map(\.line))
        var expected: [JSONValue] = []
        try ReplayRun(recording: recording, reducer: try TimelineTests.reducer("counter")).run { step in
            expected.append(step.after)
            return true
        }
        let timeline = Timeline(recording: recording, reducer: try TimelineTests.reducer("counter"), checkpointInterval: 2)
        #expect(try timeline.state(after: expected.count - 1) == expected.last)
        for index in expected.indices.reversed() {
            #expect(try timeline.state(after: index) == expected[index], "step \(index)")
        }
    }

    /// Lines whose action or entry cannot be replayed.
    static let broken = [
        #"{"seq":1,"action":{"incrementBy":{"n":"five"}}}"#,
        #"{"seq":1,"action":{"explode":{}}}"#,
        #"{"seq":1,"action":[1,2,3]}"#,
        #"{"seq":1,"action":null}"#,
        #"{"seq":1,"action":{"incrementBy":{"n":92233720368547758070}}}"#,
        #"{"seq":1,"action":{"incrementBy":{"n":1.5}}}"#,
        #"{"seq":1,"action":{"incrementBy":{"n":1}},"type":7}"#,
        #"{"seq":1,"action":{"incrementBy":{"n":1}},"x":[1,]}"#,
        #"{"seq":1,"action":{"explode":{}},"action":{"increment":{}}}"#,
    ]

    @Test(arguments: broken) func errorsAreTheReplayRunsErrors(line: String) throws {
        let recording = try Self.recording([line])
        let run = #expect(throws: InspectorError.self) {
            try ReplayRun(recording: recording, reducer: try TimelineTests.reducer("counter")).run { _ in true }
        }
        let timeline = #expect(throws: InspectorError.self) {
            try Timeline(recording: recording, reducer: try TimelineTests.reducer("counter")).state(after: 0)
        }
        #expect(timeline != nil && timeline?.description == run?.description)
    }
}
