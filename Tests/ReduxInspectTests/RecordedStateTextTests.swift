import Foundation
import Testing

@testable import ReduxInspect

/// `blame`, `bisect` and `step`'s watchpoints read a recorded state's path from the state's
/// text on its line (``Recording/stateText(at:)``) instead of parsing the line. These tests
/// hold the text to the parsed entry's state, on the recorder's lines and others, and check
/// that a line with a broken state is left to the parser, which reports it.
@Suite struct RecordedStateTextTests {
    static let lines = [
        #"{"seq":1,"time":"2026-11-22T10:00:00.250Z","type":"add","action":{"add":{}},"state":{"n":1,"items":[{"id":1}]}}"#,
        #"{"seq":2,"time":"2026-11-22T10:00:00.500Z","type":"add","action":{"add":{}},"state":{"n":2},"us":17}"#,
        #"{"seq":3,"time":"2026-11-22T10:00:00.750Z","type":"add","action":{"add":{}},"state":{"n":3},"us":-1}"#,
        #"{"seq":4,"time":"t","type":"add","action":{"add":{}},"state":{"n":4}}"#,
        #"{"seq":5,"type":"add","action":{"add":{}},"state": { "n" : 5 } }"#,
        #"{"seq":6,"state":{"n":6},"type":"add","action":{"add":{}}}"#,
        #"{"seq":7,"time":"t","type":"add","action":{"add":{}},"state":{"n":7},"state":{"n":70}}"#,
        #"{"seq":8,"time":"t","type":"add","action":{"add":{}},"state":{"text":"é \" \u00e9"}}"#,
        #"{"seq":9,"time":"t","type":"add","action":{"add":{}},"state":[1,2.50,-0,1e3]}"#,
        #"{"seq":10,"time":"t","type":"add","action":{"add":{}},"state":"just text"}"#,
        #"{"seq":11,"time":"t","type":"add","action":{"add":{}},"state":{"n":11},"us":5,"later":{"x":[1]}}"#,
    ]

    @Test func holdsWhatTheParsedEntryHolds() throws {
        let recording = try ListedActionTests.recording(Self.lines)
        #expect(recording.steps.count == Self.lines.count)
        var fromText: [Int] = []
        for index in recording.steps.indices {
            let state = try recording.entry(at: index).state
            guard let text = recording.stateText(at: index) else { continue }
            fromText.append(index + 1)
            #expect(try JSONParser.parse(text.bytes) == state, "line \(index + 2)")
        }
        // The recorder's lines and the plain others; not a state with escapes or beyond ASCII,
        // which the quick check leaves to the parser.
        #expect(fromText == [1, 2, 3, 4, 5, 6, 7, 9, 10, 11])
    }

    @Test func aNullStateIsNone() throws {
        let recording = try ListedActionTests.recording([
            #"{"seq":1,"time":"t","type":"add","action":{"add":{}},"state":null}"#,
            #"{"seq":2,"type":"add","action":{"add":{}},"state" : null }"#,
        ])
        #expect(recording.stateText(at: 0) == nil)
        #expect(recording.stateText(at: 1) == nil)
    }

    @Test func aBrokenStateIsLeftToTheParser() throws {
        let broken = [
            #"{"seq":1,"time":"2026-11-22T10:00:00.250Z","type":"add","action":{"add":{}},"state":{"n":[1,2}}"#,
            #"{"seq":4,"time":"2026-11-22T10:00:00.250Z","type":"add","action":{"add":{}},"state":{"n":1}}}"#,
            // What follows the state is checked too: no leading zeros, no brace missing.
            #"{"seq":5,"time":"2026-11-22T10:00:00.250Z","type":"add","action":{"add":{}},"state":{"n":1},"us":007}"#,
            #"{"seq":6,"time":"2026-11-22T10:00:00.250Z","type":"add","action":{"add":{}},"state":{"n":1},"us":-01}"#,
            #"{"seq":7,"time":"2026-11-22T10:00:00.250Z","type":"add","action":{"add":{}},"state":{"n":{}} "#,
        ]
        for line in broken {
            let recording = try ListedActionTests.recording([line])
            #expect(recording.stateText(at: 0) == nil, "\(line)")
        }
    }

    @Test func blameAndBisectReadRecordedStatesAsBefore() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "states.jsonl", lines: [#"{"format":"redux-inspect","version":1,"initialState":{"n":0}}"#] + Self.lines)
        let blame = CLITestSupport.run(["blame", file, "n"])
        #expect(blame.code == 0)
        #expect(blame.outLines.prefix(3) == ["    1  add  0 → 1", "    2  add  1 → 2", "    3  add  2 → 3"])
        // The first of two `state` members is the state, as the parser reads it.
        #expect(blame.outLines.contains("    7  add  6 → 7"))
        let broken = try directory.file(
            "broken.jsonl",
            lines: [#"{"format":"redux-inspect","version":1,"initialState":{"n":0}}"#, Self.lines[0],
                #"{"seq":2,"time":"t","type":"add","action":{"add":{}},"state":{"n":[1,2}}"#])
        let failed = CLITestSupport.run(["bisect", broken, "--until", "n > 5"])
        #expect(failed.code == 65)
        #expect(failed.err.hasPrefix("Error: \(broken):3:"))
        // A bad duration on a line whose value blame reads is found, though the value does
        // not change there.
        let zeros = try directory.file(
            "zeros.jsonl",
            lines: [#"{"format":"redux-inspect","version":1,"initialState":{"n":0,"k":0}}"#,
                #"{"seq":1,"time":"2026-11-22T10:00:00.250Z","type":"add","action":{"add":{}},"state":{"n":1,"k":0},"us":007}"#,
                #"{"seq":2,"time":"2026-11-22T10:00:00.500Z","type":"add","action":{"add":{}},"state":{"n":2,"k":0}}"#])
        let blamed = CLITestSupport.run(["blame", zeros, "k"])
        #expect(blamed.code == 65)
        #expect(blamed.err.contains("leading zeros"))
    }
}

