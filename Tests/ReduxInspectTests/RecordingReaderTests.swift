import Foundation
import Testing

@testable import ReduxInspect

/// Indexing a recording: seq numbering, gaps, markers, line endings, and the errors that say
/// which line is wrong.
@Suite struct RecordingReaderTests {
    static let header = #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#

    static func recording(_ lines: [String], terminated: Bool = true, strict: Bool = false) throws(RecordingError) -> Recording {
        try Recording(text: lines.joined(separator: "\n") + (terminated ? "\n" : ""), path: "test.jsonl", strict: strict)
    }

    static func error(_ lines: [String], terminated: Bool = true, strict: Bool = false) -> RecordingError? {
        do {
            _ = try recording(lines, terminated: terminated, strict: strict)
            return nil
        } catch {
            return error
        }
    }

    @Test func headerAndEntries() throws {
        let recording = try Self.recording([
            Self.header,
            #"{"seq":1,"time":"2026-11-22T10:00:00.250Z","type":"increment","action":{"increment":{}},"us":12}"#,
            #"{"seq":2,"action":{"incrementBy":{"n":5}},"state":{"count":6}}"#,
            #"{"seq":3,"action":"reset","state":null}"#,
        ])
        #expect(recording.header == RecordingHeader(version: 1, reducer: "counter", initialState: ["count": 0], line: 1))
        #expect(recording.reducerName == "counter")
        #expect(recording.steps.map(\.seq) == [1, 2, 3])
        #expect(recording.steps.map(\.hasState) == [false, true, false])
        #expect(recording.steps.map(\.line) == [2, 3, 4])
        #expect(recording.gaps.isEmpty && recording.warnings.isEmpty)
        #expect(
            try recording.entry(at: 0)
                == RecordingEntry(
                    seq: 1, type: "increment", action: ["increment": [:]], state: nil, time: "2026-11-22T10:00:00.250Z",
                    microseconds: 12, line: 2))
        // `type` defaults to the action's only key, or the action itself when it is a string.
        #expect(try recording.entry(at: 1).type == "incrementBy")
        #expect(try recording.entry(at: 1).state == ["count": 6])
        #expect(try recording.entry(at: 2).type == "reset")
        #expect(try recording.entry(at: 2).state == nil)
    }

    @Test func nullStatesAreNoStates() throws {
        let recording = try Self.recording([
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":null}"#,
            #"{"seq":1,"action":{"increment":{}},"state":null}"#,
        ])
        #expect(recording.header?.initialState == nil)
        #expect(recording.steps[0].hasState == false)
        #expect(try recording.entry(at: 0).state == nil)
    }

    @Test func seqGapsAreReported() throws {
        let recording = try Self.recording([
            #"{"seq":1,"action":{"a":{}}}"#, #"{"seq":4,"action":{"a":{}}}"#, #"{"seq":5,"action":{"a":{}}}"#,
            #"{"seq":9,"action":{"a":{}}}"#,
        ])
        #expect(recording.steps.map(\.seq) == [1, 4, 5, 9])
        #expect(
            recording.gaps == [
                RecordingGap(after: 1, dropped: 2, reason: nil, line: 2), RecordingGap(after: 5, dropped: 3, reason: nil, line: 4),
            ])
        #expect(recording.index(ofSeq: 5) == 2)
        #expect(recording.index(ofSeq: 9) == 3)
        #expect(recording.index(ofSeq: 3) == nil)
        #expect(recording.index(ofSeq: 0) == nil)
    }

    @Test func gapMarkersAreReportedOnce() throws {
        let recording = try Self.recording([
            #"{"seq":1,"action":{"a":{}}}"#,
            #"{"gap":{"after":1,"dropped":3,"reason":"queue full"}}"#,
            #"{"seq":5,"action":{"a":{}}}"#,
        ])
        #expect(recording.gaps == [RecordingGap(after: 1, dropped: 3, reason: "queue full", line: 2)])
    }

    @Test func anEndMarkerPastTheLastEntryIsAGap() throws {
        // The last actions were left out (by the recorder's filter, say): as a jump in seq.
        let recording = try Self.recording([#"{"seq":1,"action":{"a":{}}}"#, #"{"end":{"seq":4,"state":null}}"#])
        #expect(recording.gaps == [RecordingGap(after: 1, dropped: 3, reason: nil, line: 2)])
        // A marker for them is not counted twice.
        let marked = try Self.recording([
            #"{"seq":1,"action":{"a":{}}}"#, #"{"gap":{"after":1,"dropped":3,"reason":"queue full"}}"#,
            #"{"end":{"seq":4,"state":null}}"#,
        ])
        #expect(marked.gaps == [RecordingGap(after: 1, dropped: 3, reason: "queue full", line: 2)])
    }

    @Test func firstSeqAboveOneIsAGap() throws {
        let recording = try Self.recording([#"{"seq":3,"action":{"a":{}}}"#])
        #expect(recording.gaps == [RecordingGap(after: 0, dropped: 2, reason: nil, line: 1)])
    }

    @Test func endMarker() throws {
        let recording = try Self.recording([
            Self.header, #"{"seq":1,"action":{"increment":{}}}"#, #"{"end":{"seq":1,"state":{"count":1}}}"#,
        ])
        #expect(recording.endSeq == 1)
        #expect(try recording.endState() == ["count": 1])
        let withoutState = try Self.recording([#"{"seq":1,"action":{"a":{}}}"#, #"{"end":{"seq":1,"state":null}}"#])
        #expect(try withoutState.endState() == nil)
        #expect(try Self.recording([#"{"seq":1,"action":{"a":{}}}"#]).endState() == nil)
    }

    @Test func linesWithoutSeqAreNumberedByPosition() throws {
        let recording = try Self.recording([
            #"{"action":{"increment":{}}}"#, #"{"action":{"increment":{}}}"#, "", #"{"action":{"decrement":{}},"state":{"count":1}}"#,
        ])
        #expect(recording.steps.map(\.seq) == [1, 2, 3])
        #expect(recording.steps.map(\.line) == [1, 2, 4])
        #expect(try recording.entry(at: 2).seq == 3)
        #expect(recording.header == nil)
    }

    @Test func linesWithoutSeqContinueFromTheLastOne() throws {
        let recording = try Self.recording([#"{"seq":7,"action":{"a":{}}}"#, #"{"action":{"b":{}}}"#])
        #expect(recording.steps.map(\.seq) == [7, 8])
    }

    @Test func crlfLineEndingsAreAccepted() throws {
        let text = [Self.header, #"{"seq":1,"type":"increment","action":{"increment":{}},"state":{"count":1}}"#, #"{"seq":2,"action":{"increment":{}}}"#]
            .joined(separator: "\r\n") + "\r\n"
        let recording = try Recording(text: text)
        #expect(recording.steps.map(\.seq) == [1, 2])
        #expect(recording.warnings.isEmpty)
        #expect(try recording.entry(at: 0).state == ["count": 1])
        #expect(try recording.entry(at: 1).type == "increment")
        #expect(recording.header?.initialState == ["count": 0])
    }

    @Test func blankLinesAreSkipped() throws {
        let recording = try Self.recording(["", Self.header, "   ", #"{"seq":1,"action":{"a":{}}}"#, "\t", "", #"{"seq":2,"action":{"a":{}}}"#, ""])
        #expect(recording.steps.map(\.line) == [4, 7])
        #expect(recording.header?.line == 2)
    }

    @Test func unknownKeysAreIgnored() throws {
        let recording = try Self.recording([
            #"{"format":"redux-inspect","version":1,"future":{"x":[1,2]},"reducer":"counter"}"#,
            #"{"seq":1,"action":{"a":{}},"tags":["new"],"origin":"ui"}"#,
        ])
        #expect(recording.steps.count == 1)
        #expect(recording.reducerName == "counter")
    }

    @Test func numbersKeepTheirText() throws {
        let recording = try Self.recording([#"{"seq":1,"action":{"pay":{"amount":9.90}},"state":{"total":1e2,"paid":9.90}}"#])
        let entry = try recording.entry(at: 0)
        #expect(entry.action.compactText == #"{"pay":{"amount":9.90}}"#)
        #expect(entry.state?.compactText == #"{"total":1e2,"paid":9.90}"#)
    }

    struct Bad: CustomStringConvertible, Sendable {
        let name: String
        let lines: [String]
        let error: String
        var description: String { name }
    }

    static let bad = [
        Bad(
            name: "seq goes backwards", lines: [#"{"seq":1,"action":{}}"#, #"{"seq":5,"action":{}}"#, #"{"seq":3,"action":{}}"#],
            error: "test.jsonl:3:8: seq goes backwards from 5 to 3: expected seq to increase (seq 3)"),
        Bad(
            name: "seq repeats", lines: [#"{"seq":1,"action":{}}"#, "", #"{"seq":1,"action":{}}"#],
            error: "test.jsonl:3:8: seq 1 repeats: expected seq to increase (seq 1)"),
        Bad(name: "seq zero", lines: [#"{"seq":0,"action":{}}"#], error: "test.jsonl:1:8: expected seq to start at 1 (seq 0)"),
        Bad(name: "seq negative", lines: [#"{"seq":-1,"action":{}}"#], error: #"test.jsonl:1:8: expected "seq" to be a positive integer of at most 18 digits"#),
        Bad(name: "seq fractional", lines: [#"{"seq":1.5,"action":{}}"#], error: #"test.jsonl:1:8: expected "seq" to be a positive integer of at most 18 digits"#),
        Bad(
            name: "header after an entry", lines: [#"{"seq":1,"action":{}}"#, header],
            error: "test.jsonl:2:1: a header is allowed only on the first line"),
        Bad(
            name: "unknown version", lines: [#"{"format":"redux-inspect","version":2}"#],
            error: "test.jsonl:1:37: unsupported recording version 2: this inspector reads version 1"),
        Bad(
            name: "wrong format", lines: [#"{"format":"other","version":1}"#],
            error: #"test.jsonl:1:11: expected "format" to be "redux-inspect", found "other""#),
        Bad(
            name: "malformed gap marker", lines: [#"{"seq":1,"action":{}}"#, #"{"gap":{"after":"x"}}"#],
            error: #"test.jsonl:2:17: expected "after" to be a seq (a whole number) in a gap marker {"gap":{"after":SEQ,"dropped":N}}"#),
        Bad(name: "invalid JSON", lines: [#"{"seq":1,"action":{}"#, "{}"], error: "test.jsonl:1:21: unexpected end of input: expected ',' or '}' after object member (seq 1)"),
        Bad(name: "not an object", lines: [#""text""#], error: "test.jsonl:1:1: expected a JSON object on every line, found a string"),
        // What is wrong with the JSON comes before what the line lacks.
        Bad(
            name: "no entry and no JSON", lines: [#"{"seq":1,"action":{}}"#, #"{"seq":x}"#],
            error: "test.jsonl:2:8: expected a value, found 'x'"),
        Bad(
            name: "a late header and no JSON", lines: [#"{"seq":1,"action":{}}"#, #"{"format":"redux-inspect","version":x}"#],
            error: "test.jsonl:2:37: expected a value, found 'x'"),
        Bad(
            name: "pretty-printed", lines: ["{", #"  "seq": 1,"#, #"  "action": {}"#, "}"],
            error: #"test.jsonl:1:2: unexpected end of input: expected '"' to begin an object key; "#
                + "each line of a recording holds one whole JSON object (is the file pretty-printed?)"),
        Bad(
            name: "UTF-16", lines: ["{\u{0}\"\u{0}s\u{0}"],
            error: "test.jsonl:1:1: expected UTF-8, found UTF-16LE (convert the file: iconv -f UTF-16LE -t UTF-8)"),
        // NUL bytes alone are no encoding of JSON: what a crash or preallocation leaves.
        Bad(name: "NUL bytes", lines: ["\u{0}\u{0}\u{0}\u{0}"], error: "test.jsonl:1:1: expected a value, found byte 0x00"),
        // What is no JSON is said before the kinds.
        Bad(
            name: "two kinds and no JSON", lines: [#"{"seq":1,"action":{"a":{x}},"end":{"seq":1}}"#],
            error: #"test.jsonl:1:25: expected '"' to begin an object key (seq 1)"#),
        // A line of two kinds: the end marker's state was never compared.
        Bad(
            name: "gap and end on one line",
            lines: [#"{"seq":1,"action":{}}"#, #"{"gap":{"after":1,"dropped":1},"end":{"seq":2,"state":{"count":9}}}"#],
            error: #"test.jsonl:2:38: expected one kind of line, found a gap marker ("gap") with an end marker ("end")"#),
        Bad(
            name: "entry with an end",
            lines: [#"{"seq":1,"action":{},"end":{"seq":1,"state":{}}}"#],
            error: #"test.jsonl:1:28: expected one kind of line, found an entry ("action") with an end marker ("end") (seq 1)"#),
        Bad(
            name: "header with an entry",
            lines: [#"{"format":"redux-inspect","version":1,"reducer":"counter","seq":1,"action":{}}"#],
            error: #"test.jsonl:1:11: expected one kind of line, found an entry ("action") with a header ("format")"#),
        Bad(
            name: "header with a gap",
            lines: [#"{"format":"redux-inspect","version":1,"gap":{"after":0,"dropped":1}}"#],
            error: #"test.jsonl:1:45: expected one kind of line, found a header ("format") with a gap marker ("gap")"#),
    ]

    /// Gap markers that contradict the seqs around them are taken as given, with a warning
    /// that names the marker or the entry after it. Markers in a row, and jumps in seq they do
    /// not count (actions the recorder's filter left out), are one gap before the next step.
    @Test func gapMarkersAreCheckedAgainstTheSeqsAndMergedBetweenSteps() throws {
        let recording = try Recording(text: [
            #"{"seq":1,"action":{}}"#,
            #"{"gap":{"after":1,"dropped":3}}"#,
            #"{"seq":2,"action":{}}"#,
            #"{"gap":{"after":7,"dropped":1,"reason":"queue full"}}"#,
            #"{"seq":9,"action":{}}"#,
            #"{"gap":{"after":9,"dropped":2,"reason":"queue full"}}"#,
            #"{"gap":{"after":11,"dropped":1,"reason":"encoding failed"}}"#,
            #"{"seq":13,"action":{}}"#,
            #"{"gap":{"after":12,"dropped":1}}"#,
            #"{"end":{"seq":15}}"#,
        ].joined(separator: "\n") + "\n", path: "test.jsonl")
        #expect(recording.warnings.map(\.description) == [
            "test.jsonl:3:8: the gap markers before this entry count entries missing up to seq 4: expected a seq past it (seq 2)",
            "test.jsonl:9:17: gap marker after seq 12, which is not past seq 13 before it; its count is taken as given",
        ])
        #expect(recording.steps.map(\.seq) == [1, 2, 9, 13])
        func gap(_ index: Int) -> String? {
            recording.gap(before: index).map { "\($0.dropped) after \($0.after)" + ($0.reason.map { " (\($0))" } ?? "") }
        }
        #expect(gap(0) == nil)
        // The markers' count, as given.
        #expect(gap(1) == "3 after 1")
        // 3…8: the marker's 8, and 3…7 that no marker counts.
        #expect(gap(2) == "6 after 2 (queue full)")
        #expect(gap(3) == "3 after 9 (queue full; encoding failed)")
        // 14 and 15, up to the end marker's seq: the last marker's one and one it does not count.
        #expect(recording.gapAtEnd.map { "\($0.dropped) after \($0.after)" } == "2 after 13")
        #expect(recording.gaps.count == 7)
        // check counts and lists the places, as the other commands show them.
        #expect(recording.gapsBetweenSteps.map(\.dropped) == [3, 6, 3, 2])
    }

    /// Counts as large as an Int holds are summed without trapping, by every command that
    /// says how many entries are missing before a step.
    @Test func gapCountsTooLargeToAddUpStopAtIntMax() throws {
        let path = CLITestSupport.fixturesDirectory.appendingPathComponent("bad/ok-gap-marker-counts-too-large.jsonl").path
        let recording = try Recording(path: path)
        #expect(recording.gap(before: 1)?.dropped == Int.max)
        // The second marker is not after the entries the first one counted.
        #expect(recording.warnings.count == 2)
        let blame = CLITestSupport.run(["blame", path, "count"])
        #expect(blame.code == 0)
        #expect(blame.outLines.last == "    2  increment  1 → 2  (\(Int.max) entries missing before this step)")
        let bisect = CLITestSupport.run(["bisect", path, "--until", "count > 1"])
        #expect(bisect.code == 0)
        #expect(bisect.out.contains("(\(Int.max) entries are missing before this step; the change may come from them)"))
    }

    @Test(arguments: bad)
    func errorsNameTheLine(_ example: Bad) {
        let error = Self.error(example.lines)
        #expect(error?.kind == .malformed)
        #expect(error?.description == example.error)
    }

    /// An error found while the file is indexed names the entry by the seq its line starts
    /// with, as one found reading a well-formed entry does; not a seq the error cuts short,
    /// nor a number that is no seq.
    @Test(arguments: [
        (#"{"seq":7,"type" "x","action":{"x":{}}}"#, "test.jsonl:1:17: expected ':' after object key (seq 7)"),
        (#" { "seq" : 12 , "action":{"x":{}},}"#, "test.jsonl:1:34: trailing comma is not allowed (seq 12)"),
        (#"{"seq":7x,"action":{"x":{}}}"#, #"test.jsonl:1:8: expected "seq" to be a positive integer of at most 18 digits"#),
        (#"{"seq":1.5,"action":{"x":{}},}"#, "test.jsonl:1:29: trailing comma is not allowed"),
        (#"{"seq":012,"action":{"x":{}}}"#, #"test.jsonl:1:8: expected "seq" to be a positive integer of at most 18 digits"#),
        (#"{"action":{"x":{}},"seq":3,}"#, "test.jsonl:1:27: trailing comma is not allowed"),
    ] as [(String, String)])
    func indexingErrorsNameTheSeqTheLineStartsWith(line: String, error: String) {
        #expect(Self.error([line, #"{"seq":99,"action":{"x":{}}}"#])?.description == error)
    }

    /// The wide encodings a text editor saves as "Unicode", by their byte order mark or the
    /// NUL bytes beside the first character, named as `iconv` names them.
    @Test(arguments: [
        ([0xFF, 0xFE, 0x7B, 0x00], "UTF-16"), ([0x00, 0x7B, 0x00, 0x22], "UTF-16BE"), ([0x7B, 0x00, 0x22, 0x00], "UTF-16LE"),
        ([0x7B, 0x00, 0x00, 0x00], "UTF-32LE"), ([0x00, 0x00, 0x00, 0x7B], "UTF-32BE"), ([0x00, 0x00, 0x00, 0x00], nil),
        ([0x7B, 0x22], nil), ([0x7B], nil),
    ] as [([UInt8], String?)])
    func wideEncodingsAreNamed(bytes: [UInt8], encoding: String?) {
        #expect(bytes.withUnsafeBufferPointer { RecordingIndexer.wideEncoding($0) } == encoding)
    }

    /// An end marker after a state the index passes over unread is found when the entry is
    /// read (by `check`, which validates every entry, and by any command that reads it):
    /// `check` and `verify` passed such a file, the end marker's state never compared.
    @Test func anEndMarkerAfterAnEntrysStateIsFoundReadingTheEntry() throws {
        let recording = try Self.recording([
            #"{"seq":1,"action":{},"state":{"n":1},"end":{"seq":1,"state":{"n":5}}}"#, #"{"seq":2,"action":{}}"#,
        ])
        let error = #expect(throws: RecordingError.self) { try recording.validate() }
        #expect(
            error?.description
                == #"test.jsonl:1:44: expected one kind of line, found an entry ("action") with an end marker ("end") (seq 1)"#)
    }

    /// A key of a header that an entry writes is one it does not know, and ignores.
    @Test func anEntrysVersionIsAnUnknownKey() throws {
        let recording = try Self.recording([#"{"seq":1,"action":{"a":{}},"version":2}"#])
        #expect(recording.steps.count == 1)
    }

    @Test func byteOrderMarkIsAnError() {
        let error = #expect(throws: RecordingError.self) {
            try Recording(text: "\u{FEFF}" + #"{"seq":1,"action":{}}"# + "\n", path: "bom.jsonl")
        }
        #expect(error?.description == "bom.jsonl:1:1: byte order mark: expected UTF-8 without a BOM")
    }

    @Test func truncatedLastLineIsAWarningUnlessStrict() throws {
        let lines = [#"{"seq":1,"action":{"a":{}}}"#, #"{"seq":2,"action":{"a""#]
        let recording = try Self.recording(lines, terminated: false)
        #expect(recording.steps.map(\.seq) == [1])
        #expect(recording.warnings.map(\.description) == [
            "test.jsonl:2:23: truncated last line ignored (unexpected end of input: expected ':' after object key); a crash while recording leaves this"
        ])
        #expect(Self.error(lines, terminated: false, strict: true)?.description == "test.jsonl:2:23: unexpected end of input: expected ':' after object key (seq 2)")
        // A complete last line without its newline is fine.
        let complete = try Self.recording([#"{"seq":1,"action":{"a":{}}}"#], terminated: false)
        #expect(complete.steps.count == 1 && complete.warnings.isEmpty)
        // A bad line that is terminated is an error, not a crash's leftover.
        #expect(Self.error(lines, terminated: true)?.description == "test.jsonl:2:23: unexpected end of input: expected ':' after object key (seq 2)")
    }

    @Test func emptyAndMissingFiles() throws {
        #expect(Self.error([""], terminated: false)?.description == "test.jsonl:1:1: empty file: expected a recording")
        let directory = try CLITemporaryDirectory()
        let missing = #expect(throws: RecordingError.self) { try Recording(path: directory.path("none.jsonl")) }
        #expect(missing?.kind == .notFound)
        let folder = #expect(throws: RecordingError.self) { try Recording(path: directory.url.path) }
        #expect(folder?.kind == .unreadable)
        #expect(folder?.message == "is a directory, not a recording file")
    }

    @Test func readsFromAFile() throws {
        let directory = try CLITemporaryDirectory()
        let path = try directory.file("r.jsonl", lines: [Self.header, #"{"seq":1,"action":{"increment":{}},"state":{"count":1}}"#])
        let recording = try Recording(path: path)
        #expect(recording.path == path)
        #expect(try recording.entry(at: 0).state == ["count": 1])
    }
}
