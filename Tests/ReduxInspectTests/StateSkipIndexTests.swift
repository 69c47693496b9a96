import Foundation
import Testing

@testable import ReduxInspect

/// The indexer passes over an entry's state without reading it (``KnownMembers`` with
/// `skippingState`): a line it indexes either way gets the same index, errors inside a state —
/// structural ones too — are reported when the entry is read, and a last line cut short is
/// still recognised as such.
@Suite struct StateSkipIndexTests {
    static let header = #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#

    /// What the index takes from a line: the known members' presence, `seq`, and whether the
    /// state is `null`. (The state's range may differ: only its first bytes matter.)
    struct Verdict: Equatable, CustomStringConvertible {
        var action, format, version, gap, end: Range<Int>?
        var seq: Range<Int>?
        var state: Bool?

        init?(_ members: KnownMembers?, _ line: UnsafeBufferPointer<UInt8>) {
            guard let members else { return nil }
            (action, format, version, gap, end, seq) =
                (members.action, members.format, members.version, members.gap, members.end, members.seq)
            state = members.state.map { !($0.count == 4 && line[$0.lowerBound] == UInt8(ascii: "n")) }
        }

        var description: String { "action \(String(describing: action)) seq \(String(describing: seq)) state \(String(describing: state))" }
    }

    static func verdicts(_ text: String) -> (full: Verdict?, skipping: Verdict?, skippedState: Range<Int>?) {
        Array(text.utf8).withUnsafeBufferPointer { line in
            let skipping = KnownMembers(line, skippingState: true)
            return (Verdict(KnownMembers(line), line), Verdict(skipping, line), skipping?.state)
        }
    }

    /// Lines another tool may write, valid JSON all: members after the state, white space,
    /// `seq` or `action` after it, `us` in every form. Indexed exactly as by the full skim.
    @Test(arguments: [
        #"{"seq":1,"action":{"a":{}},"state":{"count":1}}"#,
        #"{"seq":1,"action":{"a":{}},"state":{"count":1},"us":12}"#,
        #"{"seq":1,"action":{"a":{}},"state":{"count":1},"us":-3}"#,
        #"{"seq":1,"action":{"a":{}},"state":{"count":1},"us":"<redacted>"}"#,
        #"{"seq":1,"action":{"a":{}},"state":{"count":1},"us":1.5}"#,
        #"{"seq":1,"action":{"a":{}},"state":{"count":1},"x":12}"#,
        #"{"seq":1,"action":{"a":{}},"state":{"count":1},"x":{"y":2}}"#,
        #"{"seq":1,"action":{"a":{}},"state":{"count":1} }"#,
        #"{"seq":1,"action":{"a":{}},"state":{"count":1}}  "#,
        #"{"seq":1,"action":{"a":{}},"state":{"count":1}}"# + "\r",
        #"{"seq":1,"action":{"a":{}},"state":{"count":1} ,"us":4}"#,
        #"{"seq":1,"action":{"a":{}},"state":[1,2,{"a":[]}]}"#,
        #"{"seq":1,"action":{"a":{}},"state":[1,2],"us":9}"#,
        #"{"seq":1,"action":{"a":{}},"state":{}}"#,
        #"{"seq":1,"action":{"a":{}},"state":null}"#,
        #"{"seq":1,"action":{"a":{}},"state":null,"us":12}"#,
        #"{"seq":1,"action":{"a":{}},"state":"<redacted>","us":12}"#,
        #"{"seq":1,"action":{"a":{}},"state":7}"#,
        #"{"seq":1,"action":{"a":{}},"state":{"count":1},"state":null}"#,
        #"{"seq":1,"action":{"a":{}},"state":null,"state":{"count":1}}"#,
        #"{"action":{"a":{}},"state":{"count":1},"seq":4}"#,
        #"{"seq":4,"state":{"count":1},"action":{"a":{}}}"#,
        #"{"state":{"count":1},"seq":4,"action":{"a":{}}}"#,
        #"{"seq":1,"action":{"a":{}},"state":{"count":1},"seq":2,"action":7}"#,
        #"{"seq":1,"action":{"a":{}},"state":{"us":1},"us":2}"#,
        #"{"seq":1,"action":{"a":{}},"state":{"s":",\"us\":1"},"us":2}"#,
        #"{"seq":1,"action":{"a":{}}, "state" : {"count":1} }"#,
        #"{"end":{"seq":1,"state":{"count":1}}}"#,
        #"{"format":"redux-inspect","version":1,"state":{"count":1}}"#,
    ])
    func validLinesIndexAsBefore(_ text: String) throws {
        #expect(try JSONParser.parse(Array(text.utf8)) != .null)
        let (full, skipping, _) = Self.verdicts(text)
        #expect(full != nil)
        #expect(skipping == full)
    }

    /// The recorder's shape is what gets skipped: `…"state":{…}}` or `…"state":{…},"us":N}`.
    /// A state with a string left open shows it: only a skipped one is not seen.
    @Test(arguments: [
        ("}", true), (#","us":12}"#, true), (#","us":-4}"#, true), ("}\r", true), ("}  ", true),
        (#","x":1}"#, false), (" }", false), (#","us":"1"}"#, false), (#", "us":1}"#, false), (#","us":}"#, false),
    ])
    func theRecordersShapeIsSkipped(_ tail: String, _ skipped: Bool) {
        let state = #"{"count":1,"s":"x}"#
        let line = #"{"seq":1,"time":"t","type":"a","action":{"a":{}},"state":"# + state + tail
        let (full, skipping, range) = Self.verdicts(line)
        #expect(full == nil)
        #expect((skipping != nil) == skipped, "\(line)")
        if skipped {
            let start = line.utf8.count - state.utf8.count - tail.utf8.count
            #expect(range == start..<(start + state.utf8.count))
            #expect(skipping?.state == true)
        }
    }

    /// Lines built from entry-like pieces and mutated, mostly inside the state: skipping
    /// accepts every line the full skim accepts and indexes it the same; a line only it accepts
    /// is invalid JSON, has an action, a seq and a state that is not `null`, and its error is
    /// the parser's — what ``Recording/entry(at:)`` reports.
    @Test(arguments: 0..<4)
    func randomLines(batch: Int) throws {
        let states = [
            #"{"count":1}"#, #"{"a":[1,{"b":"c}"}],"d":"\\"}"#, #"[{"id":1},[],"]"]"#, #"{}"#, "null", #""s""#,
            #"{"x":{"y":{"z":[true,false,null]}}}"#,
        ]
        let tails = ["}", #","us":12}"#, #","us":-1}"#, #","x":1}"#, " }", "}  ", #","us":"7"}"#]
        let heads = [
            #"{"seq":3,"action":{"a":{}},"state":"#, #"{"seq":3,"time":"t","type":"a","action":"a","state":"#,
            #"{"action":{"a":{}},"state":"#, #"{"seq":3,"state":"#, #"{"seq":3,"action":[1,"]"],"state": "#,
        ]
        let alphabet = Array(#"{}[]"\,: 1an"#.utf8)
        var generator = SeededGenerator(seed: 0x5_7A7E + UInt64(batch))
        var onlySkipping = 0
        for _ in 0..<5_000 {
            let head = Array(heads.randomElement(using: &generator)!.utf8)
            var state = Array(states.randomElement(using: &generator)!.utf8)
            let tail = Array(tails.randomElement(using: &generator)!.utf8)
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                let at = Int.random(in: 0...state.count, using: &generator)
                switch Int.random(in: 0...2, using: &generator) {
                case 0: state.insert(alphabet.randomElement(using: &generator)!, at: at)
                case 1 where at < state.count: state.remove(at: at)
                default: if at < state.count { state[at] = alphabet.randomElement(using: &generator)! }
                }
            }
            let bytes = head + state + tail
            let text = String(decoding: bytes, as: UTF8.self)
            let (full, skipping, _) = Self.verdicts(text)
            if let full {
                #expect(skipping == full, "\(text)")
                continue
            }
            guard let skipping else { continue }
            onlySkipping += 1
            #expect(skipping.action != nil && skipping.seq != nil && skipping.state == true, "\(text)")
            #expect(throws: JSONParseError.self, "\(text)") { try JSONParser.parse(bytes) }
        }
        #expect(onlySkipping > 100)
    }

    /// A structural error inside a state, on a line that is not the last: indexed, and reported
    /// by the parser, with the entry's seq, when the entry is read — by ``Recording/entry(at:)``,
    /// ``Recording/validate()``, the timeline and the byte-level differ's fallback.
    @Test(arguments: [
        (#"{"count":2,"note":"half}"#, 62, "unterminated string"),
        (#"{"count":2,"log":[1,2}"#, 65, "expected ',' or ']' after array element"),
                (#"{"count":2}}"#, 56, "unexpected text after the value"),
    ])
    func structuralErrorInAStateIsFoundWhenRead(_ state: String, _ column: Int, _ message: String) throws {
        let line = #"{"seq":2,"action":{"increment":{}},"state":"# + state + "}"
        let lines = [
            Self.header, #"{"seq":1,"action":{"increment":{}},"state":{"count":1}}"#, line,
            #"{"seq":3,"action":{"increment":{}},"state":{"count":3}}"#,
        ]
        let recording = try Recording(text: lines.joined(separator: "\n") + "\n", path: "t.jsonl")
        #expect(recording.steps.map(\.hasState) == [true, true, true])
        let expected = RecordingError(.malformed, path: "t.jsonl", line: 3, column: column, seq: 2, message: message)
        #expect(throws: expected) { try recording.entry(at: 1) }
        #expect(throws: expected) { try recording.validate() }
        #expect(try recording.entry(at: 2).state == ["count": 3])
        let timeline = Timeline(recording: recording, reducer: nil)
        #expect(throws: InspectorError.recording(expected)) { try timeline.state(after: 1) }
        #expect(try timeline.state(after: 2) == ["count": 3])
        var differ = RecordedStateDiffer(recording)
        #expect(differ.changes(at: 0) != nil)
        #expect(differ.changes(at: 1) == nil)
        #expect(differ.changes(at: 2) == nil)
        // After the broken line, the differ reads on.
        #expect(differ.changes(at: 0)?.changes.count == 1)
    }

    /// A line whose end is not a state's closing bracket and the line's `}` is skimmed in full,
    /// so an error there is still found while indexing, with the seq the line starts with.
    @Test func aLineThatDoesNotEndLikeTheRecordersIsSkimmed() {
        let line = #"{"seq":2,"action":{"increment":{}},"state":{"count":2,"log":[1,2]}"#
        let error = RecordingReaderTests.error([Self.header, line, #"{"seq":3,"action":{"increment":{}}}"#])
        #expect(error?.seq == 2)
        #expect(error?.line == 2)
    }

    /// The last line without a newline is skimmed to its end: a state cut short there is what a
    /// crash leaves, warned about and skipped (an error with `strict`), as before.
    @Test func aLastLineCutShortInItsStateIsStillTruncated() throws {
        let cut = #"{"seq":2,"action":{"increment":{}},"state":{"count":2,"s":"ab}}"#
        let text = [Self.header, #"{"seq":1,"action":{"increment":{}},"state":{"count":1}}"#, cut].joined(separator: "\n")
        let recording = try Recording(text: text, path: "t.jsonl")
        #expect(recording.steps.count == 1)
        #expect(recording.warnings.map(\.message) == [
            "truncated last line ignored (unterminated string); a crash while recording leaves this"
        ])
        #expect(throws: RecordingError.self) { try Recording(text: text, path: "t.jsonl", strict: true) }
        // With its newline, the same line is complete as far as the index goes; reading it fails.
        let terminated = try Recording(text: text + "\n", path: "t.jsonl")
        #expect(terminated.steps.count == 2)
        #expect(throws: RecordingError.self) { try terminated.entry(at: 1) }
    }
}
