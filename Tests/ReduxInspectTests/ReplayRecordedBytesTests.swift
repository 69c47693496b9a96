import ExampleInspector
import Testing

@testable import ReduxInspect

/// A replayed state that encodes to exactly the recorded bytes is settled without a tree
/// comparison; every other state, whatever its bytes, is compared as JSON as before.
@Suite struct ReplayRecordedBytesTests {
    static let header = #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#

    static func steps(_ lines: [String]) throws -> [ReplayStep] {
        let recording = try Recording(text: ([header] + lines).joined(separator: "\n") + "\n")
        let reducer = try #require(Inspector.examples.reducers.first { $0.name == "counter" })
        var steps: [ReplayStep] = []
        try ReplayRun(recording: recording, reducer: reducer).run { step in
            steps.append(step)
            return true
        }
        return steps
    }

    @Test func statesAsTheRecorderWritesThemMatchAndAreTheRecordedJSON() throws {
        let steps = try Self.steps([
            #"{"seq":1,"action":{"increment":{}},"state":{"count":1},"us":3}"#,
            #"{"seq":2,"action":{"increment":{}},"state":{"count":2}}"#,
        ])
        #expect(steps.map(\.divergence) == [[], []])
        #expect(steps.map(\.after) == [.object(JSONObject([("count", .number(JSONNumber("1")))])),
            .object(JSONObject([("count", .number(JSONNumber("2")))]))])
    }

    @Test func otherSpellingsOfTheSameStateStillMatch() throws {
        // White space and a member after the state: the bytes differ from the replay's, the
        // JSON does not.
        let steps = try Self.steps([
            #"{"seq":1,"action":{"increment":{}},"state":{ "count": 1 }}"#,
            #"{"seq":2,"action":{"increment":{}},"state":{"count":2},"note":{"by":"another tool"}}"#,
        ])
        #expect(steps.map(\.divergence) == [[], []])
    }

    @Test func aDifferentStateStillDiverges() throws {
        let steps = try Self.steps([
            #"{"seq":1,"action":{"increment":{}},"state":{"count":1}}"#,
            #"{"seq":2,"action":{"increment":{}},"state":{"count":7},"us":1}"#,
            #"{"seq":3,"action":{"increment":{}},"state":{"count":3,"extra":true}}"#,
        ])
        #expect(steps[0].divergence == [])
        #expect(steps[1].divergence?.map(\.path.description) == ["count"])
        #expect(steps[2].divergence?.count == 1)
        #expect(steps[2].after == .object(JSONObject([("count", .number(JSONNumber("3")))])))
    }
}
