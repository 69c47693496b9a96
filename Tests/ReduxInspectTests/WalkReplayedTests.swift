import Foundation
import Testing

@testable import ReduxInspect

/// `Timeline.walk(_:projecting:_:)` makes replayed states JSON on every core, a window at a
/// time: the values, the order and the errors must be those of one state after another.
@Suite struct WalkReplayedTests {
    static let count = try! JSONPath(parsing: "count")
    static let cart = try! JSONPath(parsing: "cart")

    /// The values `walk(_:projecting:_:)` visits, and the error it ends with.
    static func walked(_ timeline: Timeline, stopAt stop: Int? = nil) -> (values: [JSONValue?], error: String?) {
        var values: [JSONValue?] = []
        do {
            try timeline.walk(timeline.recording.steps.indices, projecting: { $0.value(at: Self.count) }) {
                index, value in
                #expect(index == values.count)
                values.append(value)
                return index != stop
            }
            return (values, nil)
        } catch {
            return (values, error.description)
        }
    }

    /// The same, one state after another on a fresh timeline.
    static func oneByOne(_ recording: Recording, reducer: InspectableReducer) -> (values: [JSONValue?], error: String?) {
        let timeline = Timeline(recording: recording, reducer: reducer)
        var values: [JSONValue?] = []
        for index in recording.steps.indices {
            do {
                values.append(try timeline.state(after: index).value(at: Self.count))
            } catch {
                return (values, error.description)
            }
        }
        return (values, nil)
    }

    static func counter(_ steps: Int, odd: [Int: String] = [:]) throws -> Recording {
        var lines = [#"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#]
        for seq in 1...steps {
            lines.append(odd[seq] ?? #"{"seq":\#(seq),"action":{"incrementBy":{"n":\#(seq % 5)}}\#(seq % 97 == 0 ? #","state":{"count":\#(seq)}"# : "")}"#)
        }
        return try Recording(text: lines.joined(separator: "\n") + "\n", path: "walk.jsonl")
    }

    /// Also on a machine of one core.
    @Test(arguments: [1, 2, 3])
    func valuesAreThoseOfOneStateAfterAnother(cores: Int) throws {
        let reducer = try TimelineTests.reducer("counter")
        let recording = try Self.counter(1_000, odd: [500: #"{"seq":500,"type":"zählen","action":{"increment":{}}}"#])
        let expected = Self.oneByOne(recording, reducer: reducer)
        #expect(expected.error == nil && expected.values.count == 1_000)
        func timeline() -> Timeline {
            let timeline = Timeline(recording: recording, reducer: reducer)
            timeline.walkCores = cores
            return timeline
        }
        #expect(Self.walked(timeline()) == expected)
        // Stopped in the middle of a window, the walk has visited exactly up to there.
        let stopped = Self.walked(timeline(), stopAt: 300)
        #expect(stopped.values == Array(expected.values.prefix(301)) && stopped.error == nil)
    }

    /// A replayed state that cannot be encoded whole (a `Decimal` that overflowed to NaN in
    /// the cart) is read where a path avoids it from its text, on any number of cores: on one,
    /// the walk made each state whole and stopped at the first.
    @Test(arguments: [1, 2])
    func aStateThatCannotBeEncodedIsReadAlongAPathThatAvoidsIt(cores: Int) throws {
        let (lines, _) = ReplayCheckTests.unencodable[0]
        var long = lines
        long.removeLast()
        for seq in 2...400 { long.append(#"{"seq":\#(seq),"action":{"dismissError":{}}}"#) }
        let recording = try Recording(text: long.joined(separator: "\n") + "\n", path: "nan.jsonl")
        let timeline = Timeline(recording: recording, reducer: try TimelineTests.reducer("shop"))
        timeline.walkCores = cores
        let path = PathReading(try JSONPath(parsing: "isLoading"), writtenAs: "isLoading")
        let reading = StateTextReading(paths: [path.skeletonPath]) { path.value(in: $0) }
        var values: [JSONValue?] = []
        try timeline.walk(recording.steps.indices, projecting: { path.value(in: $0) }, projectingText: reading) { _, value in
            values.append(value)
            return true
        }
        #expect(values == Array(repeating: .bool(false), count: 400))
    }

    @Test func aStepThatCannotBeReplayedFailsWhereTheWalkReachesIt() throws {
        let reducer = try TimelineTests.reducer("counter")
        let recording = try Self.counter(1_000, odd: [700: #"{"seq":700,"action":{"explode":{}}}"#])
        let expected = Self.oneByOne(recording, reducer: reducer)
        #expect(expected.values.count == 699 && expected.error?.contains("walk.jsonl:701:") == true)
        #expect(Self.walked(Timeline(recording: recording, reducer: reducer)) == expected)
    }

    @Test func aStateThatCannotBeEncodedFailsWhereTheWalkReachesIt() throws {
        let (lines, _) = ReplayCheckTests.unencodable[0]
        var long = lines
        long.removeLast()
        for seq in 2...400 { long.append(#"{"seq":\#(seq),"action":{"dismissError":{}}}"#) }
        let recording = try Recording(text: long.joined(separator: "\n") + "\n", path: "nan.jsonl")
        let reducer = try TimelineTests.reducer("shop")
        let timeline = Timeline(recording: recording, reducer: reducer)
        var visited = 0
        let error = ReplayCheckTests.error {
            try timeline.walk(recording.steps.indices, projecting: { $0.value(at: Self.cart) }) { _, _ in
                visited += 1
                return true
            }
        }
        #expect(visited == 0)
        #expect(error?.hasPrefix("nan.jsonl:2:1: cannot encode the replayed state") == true, "\(error ?? "no error")")
    }
}
