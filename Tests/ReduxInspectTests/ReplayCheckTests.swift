import Foundation
import Testing

@testable import ReduxInspect

/// `ReplayRun.check` reads only what a replay needs, and must find what `run` finds: the same
/// divergences, gaps, end comparison and errors, on recordings of every shape.
@Suite struct ReplayCheckTests {
    static let header = #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#

    /// Counter recordings with matching and differing states, other spellings of the same
    /// state, lines that cannot be read without parsing them, gaps and end markers.
    static let recordings: [[String]] = [
        [
            header,
            #"{"seq":1,"action":{"increment":{}},"state":{"count":1}}"#,
            #"{"seq":2,"action":{"incrementBy":{"n":5}},"state":{ "count" : 6 }}"#,
            #"{"seq":3,"action":{"increment":{}},"state":{"count":99}}"#,
            #"{"seq":4,"action":{"increment":{}}}"#,
            #"{"seq":5,"type":"über","action":{"decrement":{}},"state":{"count":7}}"#,
            #"{"seq":6,"act\u0069on":{"reset":{}},"action":{"increment":{}},"state":{"count":8}}"#,
            #"{"seq":7,"action":{"increment":{}},"state":{"count":9,"extra":true}}"#,
            #"{"seq":8,"action":{"increment":{}},"state":null}"#,
            #"{"end":{"seq":8,"state":{"count":10}}}"#,
        ],
        [
            header,
            #"{"seq":1,"action":{"increment":{}},"state":{"count":1}}"#,
            #"{"gap":{"after":1,"dropped":1,"reason":"queue full"}}"#,
            #"{"seq":3,"action":{"increment":{}},"state":{"count":5}}"#,
            #"{"seq":4,"action":{"increment":{}}}"#,
            #"{"end":{"seq":4,"state":{"count":7}}}"#,
        ],
        [
            header,
            #"{"seq":1,"action":{"increment":{}}}"#,
            #"{"seq":3,"action":{"increment":{}}}"#,
            #"{"seq":4,"action":{"increment":{}},"state":{"count":4}}"#,
            #"{"seq":5,"action":{"increment":{}}}"#,
            #"{"end":{"seq":5,"state":{"count":5}}}"#,
        ],
        [
            #"{"seq":1,"action":{"increment":{}}}"#,
            #"{"seq":2,"action":{"increment":{}}}"#,
            #"{"end":{"seq":2,"state":{"count":2}}}"#,
        ],
    ]

    /// What both ways of replaying say about a step, in a form that compares.
    struct Seen: Equatable, CustomStringConvertible {
        let index: Int
        /// The divergence as `replay` prints it.
        let divergence: String?
        let gapAfter: Int?

        var description: String { "step \(index): \(divergence ?? "nil"), gap \(gapAfter.map(String.init) ?? "-")" }
    }

    static func reducer(_ name: String) throws -> InspectableReducer {
        try TimelineTests.reducer(name)
    }

    @Test(arguments: recordings.indices)
    func checkFindsWhatRunFinds(_ which: Int) throws {
        let recording = try Recording(text: Self.recordings[which].joined(separator: "\n") + "\n", path: "r\(which).jsonl")
        let run = ReplayRun(recording: recording, reducer: try Self.reducer("counter"))
        var expected: [Seen] = []
        var trees: [Int: JSONValue] = [:]
        let expectedEnd = try run.run { step in
            expected.append(Seen(index: step.index, divergence: step.divergence.map(DiffTextFormatter().format), gapAfter: step.gapBefore?.after))
            trees[step.index] = step.after
            return true
        }
        var seen: [Seen] = []
        let end = try run.check { step in
            seen.append(Seen(index: step.index, divergence: step.divergence.map(DiffTextFormatter().format), gapAfter: step.gapBefore?.after))
            #expect(step.seq == recording.steps[step.index].seq)
            if step.divergence?.isEmpty == false {
                // A differing state is parsed to be compared, and given as `run` gives it.
                let entry = try? recording.entry(at: step.index)
                #expect(step.entry == entry)
                #expect(step.after == trees[step.index])
            }
            return true
        }
        #expect(seen == expected)
        #expect(end?.recorded == expectedEnd?.recorded)
        #expect(end?.replayed == expectedEnd?.replayed)
        #expect(end?.divergence == expectedEnd?.divergence)
        #expect(end?.afterGap == expectedEnd?.afterGap)
    }

    @Test func theFixturesCheckAsTheyRun() throws {
        for name in ["counter", "shop", "todos"] {
            let recording = try Recording(path: CLITestSupport.fixture("\(name).jsonl"))
            let run = ReplayRun(recording: recording, reducer: try Self.reducer(name))
            var expected: [[JSONChange]?] = []
            try run.run { step in
                expected.append(step.divergence)
                return true
            }
            var seen: [[JSONChange]?] = []
            var parsed: [Int] = []
            try run.check { step in
                seen.append(step.divergence)
                if step.entry != nil { parsed.append(step.index) }
                return true
            }
            #expect(seen == expected, "\(name)")
            // The recorder wrote every state as the replay encodes it: only the lines that
            // cannot be read without parsing them (a non-ASCII title in the todos) are parsed.
            let unreadable = recording.steps.indices.filter { recording.actionText(at: $0) == nil }
            #expect(parsed == unreadable, "\(name)")
        }
        let shop = try Recording(path: CLITestSupport.fixture("shop.jsonl"))
        #expect(shop.steps.filter(\.hasState).count == shop.steps.count)
    }

    /// A run can be made again, from the start, with or without a header's initial state.
    @Test func aSecondReplayStartsFromTheInitialStateAgain() throws {
        for which in Self.recordings.indices {
            let recording = try Recording(text: Self.recordings[which].joined(separator: "\n") + "\n")
            let run = ReplayRun(recording: recording, reducer: try Self.reducer("counter"))
            let first = try run.check { _ in true }
            #expect(first != nil)
            #expect(try run.check { _ in true }?.replayed == first?.replayed, "recording \(which)")
            #expect(try run.run { _ in true }?.replayed == first?.replayed, "recording \(which)")
        }
    }

    @Test func stopsAtTheLastSeqAndWhenTheVisitorSaysSo() throws {
        let text = (1...5).map { #"{"seq":\#($0),"action":{"increment":{}}}"# }.joined(separator: "\n")
        let run = ReplayRun(recording: try Recording(text: text), reducer: try Self.reducer("counter"))
        var seqs: [Int] = []
        try run.check(through: 3) { step in
            seqs.append(step.seq)
            return true
        }
        #expect(seqs == [1, 2, 3])
        seqs = []
        let end = try run.check { step in
            seqs.append(step.seq)
            return step.seq < 2
        }
        #expect(seqs == [1, 2])
        #expect(end == nil)
    }

    @Test func withoutComparingStatesNoStepDivergesButActionsStillDecode() throws {
        let recording = try Recording(text: Self.recordings[0].joined(separator: "\n") + "\n")
        let run = ReplayRun(recording: recording, reducer: try Self.reducer("counter"))
        var divergences: [[JSONChange]?] = []
        var afters: [JSONValue?] = []
        let end = try run.check(comparingStates: false) { step in
            divergences.append(step.divergence)
            afters.append(step.after)
            return true
        }
        #expect(divergences.count == 8)
        #expect(divergences.allSatisfy { $0 == nil })
        // No state is compared: none is given as the state after a step, nor compared at the end.
        #expect(afters.allSatisfy { $0 == nil })
        #expect(end == nil)

        let broken = try Recording(text: [Self.header, #"{"seq":1,"action":{"explode":{}},"state":{"count":1}}"#].joined(separator: "\n") + "\n", path: "broken.jsonl")
        let brokenRun = ReplayRun(recording: broken, reducer: try Self.reducer("counter"))
        let expected = Self.error { try brokenRun.run { _ in true } }
        #expect(expected != nil)
        #expect(Self.error { try brokenRun.check(comparingStates: false) { _ in true } } == expected)
        #expect(Self.error { try brokenRun.check { _ in true } } == expected)
    }

    /// Lines whose action cannot be replayed, or which are malformed: the same error, with
    /// the same line, either way.
    @Test(arguments: TimelineActionTextTests.broken)
    func errorsAreRunsErrors(_ line: String) throws {
        let text = [Self.header, #"{"seq":1,"action":{"increment":{}},"state":{"count":1}}"#, line.replacingOccurrences(of: #""seq":1"#, with: #""seq":2"#)]
        let recording = try Recording(text: text.joined(separator: "\n") + "\n", path: "broken.jsonl")
        let run = ReplayRun(recording: recording, reducer: try Self.reducer("counter"))
        let expected = Self.error { try run.run { _ in true } }
        #expect(expected != nil, "\(line)")
        #expect(Self.error { try run.check { _ in true } } == expected, "\(line)")
    }

    /// Lines of the recorder's shape whose state is not valid JSON: the index does not read a
    /// state, and `check` compares it with the replayed state's encoding before anything else
    /// reads it.
    static let brokenStates = [
        #"{"count":2,}"#, #"{"count":02}"#, #"{"count":2}}"#, #"{"count":2]"#, #"{"count":"\x"}"#,
        #"{"count":2,"c":tru}"#, "{\"count\":2,\"c\":\"\u{7}\"}",
    ]

    @Test(arguments: brokenStates)
    func aStateThatIsNotJSONIsReportedAsRunReportsIt(_ state: String) throws {
        let time = #""time":"2026-11-22T10:00:00.250Z""#
        let text = [
            Self.header,
            #"{"seq":1,\#(time),"type":"increment","action":{"increment":{}},"state":{"count":1}}"#,
            #"{"seq":2,\#(time),"type":"increment","action":{"increment":{}},"state":\#(state)}"#,
        ]
        let recording = try Recording(text: text.joined(separator: "\n") + "\n", path: "state.jsonl")
        let run = ReplayRun(recording: recording, reducer: try Self.reducer("counter"))
        let expected = Self.error { try run.run { _ in true } }
        #expect(expected?.contains("state.jsonl:3:") == true, "\(expected ?? "no error")")
        #expect(Self.error { try run.check { _ in true } } == expected, "\(state)")
        #expect(Self.error { try recording.validate() } == Self.error { _ = try recording.entry(at: 1) })
    }

    /// Shop recordings whose replay reaches a state that cannot be encoded (a `Decimal`
    /// total overflowing to NaN) at seq 1, a step without a recorded state, with what `check`
    /// reports: `run` reports it there, on line 2, as it makes every state a tree; `check`
    /// where the state is compared — at the next recorded state, or at the end marker, naming
    /// the last step — and not at all when no state is compared after it.
    static let unencodable: [(lines: [String], checkReports: String?)] = {
        let header = #"{"format":"redux-inspect","version":1,"reducer":"shop","initialState":{"isLoading":false,"catalog":[{"id":1,"name":"X","price":1e127}],"packages":[],"cart":{"items":[],"total":0}}}"#
        let overflow = #"{"seq":1,"type":"addToCart","action":{"addToCart":{"productID":1,"quantity":10}}}"#
        let empty = #"{"isLoading":false,"catalog":[],"packages":[],"cart":{"items":[],"total":0}}"#
        return [
            ([header, overflow, #"{"seq":2,"type":"logout","action":{"logout":{}}}"#], nil),
            (
                [header, overflow, #"{"seq":2,"action":{"dismissError":{}}}"#, #"{"seq":3,"action":{"dismissError":{}},"state":\#(empty)}"#],
                "nan.jsonl:4:1: cannot encode the replayed state"
            ),
            ([header, overflow, #"{"end":{"seq":1,"state":\#(empty)}}"#], "nan.jsonl:2:1: cannot encode the replayed state"),
        ]
    }()

    @Test(arguments: unencodable.indices)
    func aStateThatCannotBeEncodedIsReportedWhereItIsCompared(_ which: Int) throws {
        let (lines, reported) = Self.unencodable[which]
        let recording = try Recording(text: lines.joined(separator: "\n") + "\n", path: "nan.jsonl")
        let run = ReplayRun(recording: recording, reducer: try Self.reducer("shop"))
        let expected = Self.error { try run.run { _ in true } }
        #expect(expected?.hasPrefix("nan.jsonl:2:1: cannot encode the replayed state") == true, "\(expected ?? "no error")")
        let checked = Self.error { try run.check { _ in true } }
        #expect(checked.map { String($0.prefix(reported?.count ?? 0)) } == reported, "\(checked ?? "no error")")
        // Without comparing states, no state is encoded.
        #expect(Self.error { try run.check(comparingStates: false) { _ in true } } == nil)
    }

    static func error(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return String(describing: error)
        }
    }
}
