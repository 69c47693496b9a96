import ExampleInspector
import Foundation
import Testing

@testable import ReduxInspect

/// `diff --path` reads the value at the path from the recorded states' text where it can
/// (`DiffReplay.outputUnderPrefix`), and must print exactly what diffing the parsed states
/// under the path prints (``JSONDiff/changes(from:to:under:)``): in every format, for paths
/// that are always there, sometimes there, never there, reached through indices and by id,
/// on states holding the recorder's placeholder however written, and on recordings whose
/// steps with states come between steps without.
@Suite struct DiffPathFromTextTests {
    static let paths = [
        "cart.total", "user", "user.displayName", "cart.items", "cart.items[0]", "cart.items[1].quantity",
        "cart.items[id=2].quantity", "nosuch", "error", "isLoading", "packages[1].items[2]", "count", "categories",
        "categories[0].items", "categories[id=1].items[0].done",
    ]

    /// What diffing each step from its parsed states gives, as `diff` prints it.
    static func expected(_ timeline: Timeline, under prefix: JSONPath, _ text: DiffStepText) throws -> [String] {
        try timeline.recording.steps.indices.map { index in
            let entry = try timeline.entry(at: index)
            return text.lines(
                seq: entry.seq, type: entry.type,
                changes: JSONDiff.changes(
                    from: try timeline.state(before: index), to: try timeline.state(after: index), under: prefix,
                    asPatch: text.writesPatch))
        }
    }

    /// Checks every path of ``paths`` and `extraPaths` in every format on the recording at `path`.
    static func check(_ path: String, extraPaths: [String] = []) throws {
        let recording = try Recording(path: path)
        let reducer = try #require(Inspector.examples.reducers.first { $0.name == recording.reducerName })
        let timeline = Timeline(recording: recording, reducer: reducer)
        for format in ["text", "json", "json-patch"] {
            let text = DiffStepText(
                format: format, formatter: DiffTextFormatter(valueWidth: 80, colors: false), colors: false,
                skipsUnchanged: true)
            for pathText in Self.paths + extraPaths {
                let prefix = try JSONPath(parsing: pathText)
                var replay = DiffReplay(timeline: timeline, prefix: prefix, cores: 1)
                let printed = try recording.steps.indices.map { index in
                    String(decoding: try replay.output(at: index, text), as: UTF8.self)
                }
                #expect(printed == (try Self.expected(timeline, under: prefix, text)), "\(path) \(pathText) \(format)")
            }
        }
    }

    @Test(arguments: ["shop.jsonl", "todos.jsonl", "counter.jsonl"])
    func printsWhatTheParsedStatesGive(_ fixture: String) throws {
        try Self.check(CLITestSupport.fixturesDirectory.appendingPathComponent(fixture).path)
    }

    @Test func statesWithPlaceholdersAndValuesComingAndGoing() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("redacted.jsonl", lines: [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
            #"{"seq":1,"time":"2026-11-22T10:00:00.250Z","type":"increment","action":{"increment":{}},"state":{"count":1,"token":"<redacted>"}}"#,
            #"{"seq":2,"time":"2026-11-22T10:00:00.500Z","type":"increment","action":{"increment":{}},"state":{"count":2,"token":"<redacted>","list":[1]}}"#,
            #"{"seq":3,"time":"2026-11-22T10:00:00.750Z","type":"increment","action":{"increment":{}},"state":{"count":3,"list":[1,{"a":2}]}}"#,
            #"{"seq":4,"time":"2026-11-22T10:00:01.000Z","type":"increment","action":{"increment":{}},"state":{"count":3,"list":[]}}"#,
            #"{"seq":5,"time":"2026-11-22T10:00:01.250Z","type":"increment","action":{"increment":{}},"state":{"count":3}}"#,
            // The placeholder as other encoders write it, then gone.
            #"{"seq":6,"time":"2026-11-22T10:00:01.500Z","type":"increment","action":{"increment":{}},"state":{"count":4,"token":"\u003credacted>"}}"#,
            #"{"seq":7,"time":"2026-11-22T10:00:01.750Z","type":"increment","action":{"increment":{}},"state":{"count":5,"token":5}}"#,
            // Steps without a state between steps with one.
            #"{"seq":8,"time":"2026-11-22T10:00:02.000Z","type":"increment","action":{"increment":{}}}"#,
            #"{"seq":9,"time":"2026-11-22T10:00:02.250Z","type":"increment","action":{"increment":{}},"state":{"count":7}}"#,
            #"{"seq":10,"time":"2026-11-22T10:00:02.500Z","type":"increment","action":{"increment":{}}}"#,
            #"{"seq":11,"time":"2026-11-22T10:00:02.750Z","type":"increment","action":{"increment":{}}}"#,
            #"{"seq":12,"time":"2026-11-22T10:00:03.000Z","type":"increment","action":{"increment":{}},"state":{"count":10}}"#,
            #"{"seq":13,"time":"2026-11-22T10:00:03.250Z","type":"increment","action":{"increment":{}},"state":{"count":11}}"#,
        ])
        try Self.check(file, extraPaths: ["token", "list", "list[1]", "list[1].a", "list[0]"])
    }
}
