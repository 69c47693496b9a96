import Foundation
import Testing

@testable import ReduxInspect

/// `log` reads an entry's type, time and action from the line's bytes, without the tree of
/// its state, where it can (``Recording/listedAction(at:)``). These tests hold it to what the
/// parsed entry gives, on the recorder's lines and on lines written every other way an entry
/// may be, and check that it still finds a broken state.
@Suite struct ListedActionTests {
    static func recording(_ lines: [String]) throws -> Recording {
        let text = ([#"{"format":"redux-inspect","version":1,"initialState":{"n":0}}"#] + lines).joined(separator: "\n") + "\n"
        return try Recording(path: "<memory>", bytes: FileBytes(bytes: Array(text.utf8)), strict: false)
    }

    static let lines = [
        #"{"seq":1,"time":"2026-11-22T10:00:00.250Z","type":"addToCart","action":{"addToCart":{"productID":2,"quantity":2}},"state":{"n":2}}"#,
        #"{"seq":2,"time":"2026-11-22T10:00:00.500Z","type":"logout","action":{"logout":{}},"us":12}"#,
        #"{"seq":3,"type":"\u0041dd","action":{"add":{}}}"#,
        #"{"seq":4,"time":5,"type":"add","action":{"add":{}}}"#,
        #"{"seq":5,"time":null,"type":"add","action":{"add":{}}}"#,
        #"{"seq":6,"time":"10:00\t","type":"add","action":{"add":{}}}"#,
        #"{"seq":7,"action":{"onlyKey":{"x":1}}}"#,
        #"{"seq":8,"action":"plainString"}"#,
        #"{"seq":9,"action":[1,2]}"#,
        #"{"seq":10,"type":"add","action": { "add" : { "text" : "a b" } } }"#,
        #"{"seq":11,"type":"add","action":{"add":{"text":"café"}}}"#,
        #"{"seq":12,"type":"first","type":"second","action":{"a":1},"action":{"b":2},"time":"t1","time":"t2"}"#,
        #"{"seq":13,"type":"add","action":{"add":{"n":4.50e0}},"state":{"deep":[[{"x":[1,2,{"y":"z"}]}]]}}"#,
        #"{ "seq" : 14 , "type" : "spaced" , "action" : {"s":1} }"#,
        #"{"seq":15,"type":"add","action":{"add":{"text":"quote \" inside"}}}"#,
        #"{"seq":16,"type":"add","action":{"add":{}},"\u0074ime":"escaped key"}"#,
    ]

    @Test func readsWhatTheParsedEntryGives() throws {
        let recording = try Self.recording(Self.lines)
        #expect(recording.steps.count == Self.lines.count)
        for index in recording.steps.indices {
            let entry = try recording.entry(at: index)
            let listed = try recording.listedAction(at: index)
            #expect(listed.seq == entry.seq, "line \(index + 2)")
            #expect(listed.type == entry.type, "line \(index + 2)")
            #expect(listed.time == entry.time, "line \(index + 2)")
            #expect(listed.action == entry.action.compactText, "line \(index + 2)")
        }
    }

    @Test func stillFindsABrokenState() throws {
        let recording = try Self.recording([
            #"{"seq":1,"type":"add","action":{"add":{}},"state":{"n":[1,2}}"#
        ])
        #expect(throws: RecordingError.self) { try recording.listedAction(at: 0) }
    }

    @Test func logListsTheRecordersLinesAsTheyAre() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("mixed.jsonl", lines: [#"{"format":"redux-inspect","version":1,"initialState":{"n":0}}"#] + Self.lines)
        let run = CLITestSupport.run(["log", file])
        #expect(run.code == 0)
        #expect(run.outLines.first == #"    1  10:00:00.250  addToCart  {"addToCart":{"productID":2,"quantity":2}}"#)
        #expect(run.outLines.contains(#"   12  t1  first  {"a":1}"#))
        #expect(run.outLines.contains(#"   10  add  {"add":{"text":"a b"}}"#))
    }

    @Test func seqsOfSixDigitsKeepTheColumnsInLine() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("long.jsonl", lines: [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
            #"{"seq":99999,"type":"increment","action":{"increment":{}},"state":{"count":1}}"#,
            #"{"seq":100000,"type":"increment","action":{"increment":{}},"state":{"count":2}}"#,
        ])
        let log = CLITestSupport.run(["log", file])
        #expect(log.outLines.suffix(2) == [#" 99999  increment  {"increment":{}}"#, #"100000  increment  {"increment":{}}"#])
        let blame = CLITestSupport.run(["blame", file, "count"])
        #expect(blame.outLines.suffix(2) == [
            " 99999  increment  0 → 1  (99998 entries missing before this step)", "100000  increment  1 → 2",
        ])
    }

    @Test func stepFindsTypesAndActionsAsLogReadsThem() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("find.jsonl", lines: [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
            #"{"seq":1,"time":"2026-11-22T10:00:00.250Z","type":"increment","action":{"increment":{}},"state":{"count":1}}"#,
            #"{"seq":2,"time":"2026-11-22T10:00:00.500Z","type":"\u0041dd","action":{"increment":{"note":"caf\u00e9"}},"state":{"count":2}}"#,
            #"{"seq":3,"time":"2026-11-22T10:00:00.750Z","type":"increment","action":{"increment":{}},"state":{"count":3}}"#,
        ])
        let found = CLITestSupport.run(["step", file], input: "find Add\nwhere\nfirst\nfind café\nwhere\n")
        #expect(found.code == 0, "\(found.err)")
        // Each find moves to seq 2, and each `where` says so.
        #expect(found.outLines.filter { $0.hasPrefix("seq 2/3") }.count == 4, "\(found.out)")
        #expect(found.outLines.filter { $0.hasPrefix("seq 0/3") }.count == 1, "\(found.out)")
    }
}
