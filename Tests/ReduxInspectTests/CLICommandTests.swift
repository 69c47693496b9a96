import Foundation
import Testing

@testable import ReduxInspect

/// `replay`, `diff`, `show`, `log` and `check` on small recordings, compared whole, and on the
/// shipped fixtures.
@Suite struct CLICommandTests {
    typealias Support = CLITestSupport

    /// Three counter steps: a state recorded at seq 2, the final state in the end marker.
    static let counter = [
        #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
        #"{"seq":1,"time":"2026-11-22T10:00:00.250Z","type":"increment","action":{"increment":{}}}"#,
        #"{"seq":2,"time":"2026-11-22T10:00:00.500Z","type":"incrementBy","action":{"incrementBy":{"n":5}},"state":{"count":6}}"#,
        #"{"seq":3,"type":"decrement","action":{"decrement":{}}}"#,
        #"{"end":{"seq":3,"state":{"count":5}}}"#,
    ]

    let directory: CLITemporaryDirectory
    let file: String

    init() throws {
        directory = try CLITemporaryDirectory()
        file = try directory.file("counter.jsonl", lines: Self.counter)
    }

    @Test func replay() {
        let result = Support.run(["replay", file])
        #expect(result.code == 0)
        #expect(result.err == "")
        #expect(
            result.out == """
                seq 1  increment  {"increment":{}}
                  ~ count: 0 → 1
                seq 2  incrementBy  {"incrementBy":{"n":5}}
                  ~ count: 1 → 6
                seq 3  decrement  {"decrement":{}}
                  ~ count: 6 → 5
                3 steps replayed with reducer counter; all recorded states match

                """)
    }

    @Test func replayToWithStates() {
        let result = Support.run(["replay", file, "--to", "2", "--states"])
        #expect(
            result.out == """
                seq 1  increment  {"increment":{}}
                  ~ count: 0 → 1
                  state: {"count":1}
                seq 2  incrementBy  {"incrementBy":{"n":5}}
                  ~ count: 1 → 6
                  state: {"count":6}
                2 steps replayed with reducer counter; all recorded states match

                """)
    }

    @Test func replayAsJSON() {
        let result = Support.run(["replay", file, "--format", "json"])
        #expect(
            result.out == """
                {"seq":1,"type":"increment","action":{"increment":{}},"changes":[{"path":"count","kind":"changed","old":0,"new":1}]}
                {"seq":2,"type":"incrementBy","action":{"incrementBy":{"n":5}},"changes":[{"path":"count","kind":"changed","old":1,"new":6}],"matchesRecording":true}
                {"seq":3,"type":"decrement","action":{"decrement":{}},"changes":[{"path":"count","kind":"changed","old":6,"new":5}]}
                {"end":{"seq":3,"matchesRecording":true}}

                """)
    }

    @Test func replayReportsDivergences() throws {
        var lines = Self.counter
        lines[2] = lines[2].replacingOccurrences(of: #""state":{"count":6}"#, with: #""state":{"count":7}"#)
        lines[4] = #"{"end":{"seq":3,"state":{"count":9}}}"#
        let path = try directory.file("diverging.jsonl", lines: lines)
        let result = Support.run(["replay", path])
        #expect(result.code == 0)
        #expect(
            result.out == """
                seq 1  increment  {"increment":{}}
                  ~ count: 0 → 1
                seq 2  incrementBy  {"incrementBy":{"n":5}}
                  ~ count: 1 → 6
                  ! the recorded state differs from the replay (recorded → replayed):
                    ~ count: 7 → 6
                seq 3  decrement  {"decrement":{}}
                  ~ count: 6 → 5
                ! the final state in the end marker differs from the replay (recorded → replayed):
                  ~ count: 9 → 5
                3 steps replayed with reducer counter; 2 of 2 recorded states differ from the replay

                """)
    }

    @Test func replayAcrossAGapContinuesFromTheNextRecordedState() throws {
        let path = try directory.file(
            "gap.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
                #"{"seq":1,"action":{"increment":{}}}"#,
                #"{"gap":{"after":1,"dropped":2,"reason":"queue full"}}"#,
                #"{"seq":4,"action":{"increment":{}},"state":{"count":4}}"#,
                #"{"seq":5,"action":{"increment":{}}}"#,
            ])
        let result = Support.run(["replay", path])
        #expect(
            result.out == """
                seq 1  increment  {"increment":{}}
                  ~ count: 0 → 1
                ! 2 entries missing after seq 1 (queue full)
                seq 4  increment  {"increment":{}}
                  ~ count: 1 → 4
                seq 5  increment  {"increment":{}}
                  ~ count: 4 → 5
                3 steps replayed with reducer counter; no recorded state to compare with

                """)
    }

    @Test func nullStatesAreNoStates() throws {
        let path = try directory.file(
            "nulls.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":null}"#,
                #"{"seq":1,"action":{"increment":{}},"state":null}"#,
                #"{"end":{"seq":1,"state":null}}"#,
            ])
        let result = Support.run(["replay", path])
        #expect(result.code == 0)
        #expect(
            result.out == """
                seq 1  increment  {"increment":{}}
                  ~ count: 0 → 1
                1 step replayed with reducer counter; no recorded state to compare with

                """)
        #expect(Support.run(["check", path]).out.contains("1 step (seq 1…1), 0 with states"))
    }

    @Test func diffEveryStepOneStepAndARange() {
        #expect(
            Support.run(["diff", file]).out == """
                @@ seq 1 increment @@
                ~ count: 0 → 1
                @@ seq 2 incrementBy @@
                ~ count: 1 → 6
                @@ seq 3 decrement @@
                ~ count: 6 → 5

                """)
        #expect(Support.run(["diff", file, "2"]).out == "@@ seq 2 incrementBy @@\n~ count: 1 → 6\n")
        #expect(
            Support.run(["diff", file, "2..3", "--format", "json-patch"]).out == """
                [{"op":"replace","path":"/count","value":6}]
                [{"op":"replace","path":"/count","value":5}]

                """)
        #expect(
            Support.run(["diff", file, "2", "--format=json"]).out
                == #"{"seq":2,"type":"incrementBy","changes":[{"path":"count","kind":"changed","old":1,"new":6}]}"# + "\n")
    }

    @Test func diffPathFiltersChanges() throws {
        let shop = Support.fixture("shop.jsonl")
        let all = Support.run(["diff", shop, "27"])
        #expect(
            all.out == """
                @@ seq 27 setQuantity @@
                ~ cart.items[id=4].quantity: 1 → 2
                ~ cart.total: 36.99 → 60.99

                """)
        let filtered = Support.run(["diff", shop, "27", "--path", "cart.total"])
        #expect(filtered.out == "@@ seq 27 setQuantity @@\n~ cart.total: 36.99 → 60.99\n")
    }

    @Test func show() {
        #expect(Support.run(["show", file, "--at", "0"]).out == "{\n  \"count\": 0\n}\n")
        // Seq 1 has no recorded state: replayed.
        #expect(Support.run(["show", file, "--at", "1"]).out == "{\n  \"count\": 1\n}\n")
        #expect(Support.run(["show", file, "--at", "2"]).out == "{\n  \"count\": 6\n}\n")
        #expect(Support.run(["show", file, "--at=3", "--path", "count"]).out == "5\n")
    }

    @Test func showPath() {
        let shop = Support.fixture("shop.jsonl")
        let result = Support.run(["show", shop, "--at", "3", "--path", "cart"])
        #expect(result.code == 0)
        #expect(
            result.out == """
                {
                  "items": [
                    {
                      "id": 1,
                      "name": "Green tea",
                      "price": 4.5,
                      "quantity": 2
                    },
                    {
                      "id": 3,
                      "name": "Ceramic mug",
                      "price": 9.99,
                      "quantity": 1
                    }
                  ],
                  "total": 18.99
                }

                """)
        let byID = Support.run(["show", shop, "--at", "3", "--path", "cart.items[id=3].price"])
        #expect(byID.out == "9.99\n")
        let missing = Support.run(["show", shop, "--at", "3", "--path", "cart.coupon"])
        #expect(missing.code == 1)
        #expect(missing.out == "")
        #expect(missing.err == "cart.coupon: not present in the state after seq 3\n")
    }

    @Test func log() {
        #expect(
            Support.run(["log", file]).out == """
                    1  10:00:00.250  increment  {"increment":{}}
                    2  10:00:00.500  incrementBy  {"incrementBy":{"n":5}}
                    3  decrement  {"decrement":{}}

                """)
    }

    @Test func logFilters() {
        let types = Support.run(["log", file, "--type", "increment", "--type", "decrement"])
        #expect(types.outLines == ["    1  10:00:00.250  increment  {\"increment\":{}}", "    3  decrement  {\"decrement\":{}}"])
        let grep = Support.run(["log", file, "--grep", #""n":5"#])
        #expect(grep.outLines == [#"    2  10:00:00.500  incrementBy  {"incrementBy":{"n":5}}"#])
        let byType = Support.run(["log", file, "--grep", "decr"])
        #expect(byType.outLines == [#"    3  decrement  {"decrement":{}}"#])
        // Repeated, the texts add up as --type's names do: the last one no longer replaces the first.
        let either = Support.run(["log", file, "--grep", #""n":5"#, "--grep", "decr"])
        #expect(either.outLines == grep.outLines + byType.outLines)
        // Every action contains the empty text.
        #expect(Support.run(["log", file, "--grep", ""]).out == Support.run(["log", file]).out)
        // A type that names no action (a typo, say) is not silent.
        let none = Support.run(["log", file, "--type", "reset"])
        #expect(none.code == 0 && none.out == "")
        #expect(
            none.err == "warning: no action of type 'reset' in \(file); its types are: increment, incrementBy, decrement\n")
        let shop = Support.run(["log", Support.fixture("shop.jsonl"), "--type", "logout"])
        #expect(shop.out == "   21  10:00:05.250  logout  {\"logout\":{}}\n")
        // Nor is a text found nowhere; when a type is missing too, its warning is the one shown.
        let nowhere = Support.run(["log", file, "--grep", "reset", "--grep", #""n":6"#])
        #expect(nowhere.code == 0 && nowhere.out == "")
        #expect(nowhere.err == "warning: no action in \(file) contains 'reset' or '\"n\":6'\n")
        let ofType = Support.run(["log", file, "--type", "decrement", "--grep", "5"])
        #expect(ofType.out == "" && ofType.err == "warning: no action of type 'decrement' in \(file) contains '5'\n")
        let missingType = Support.run(["log", file, "--type", "reset", "--grep", "5"])
        #expect(missingType.err.hasPrefix("warning: no action of type 'reset' in \(file); its types are:"))
        #expect(missingType.err.split(separator: "\n").count == 1)
        // A type typed in another case, or mistyped, names the one likely meant.
        let misspelt = Support.run(["log", file, "--type", "Decrment"])
        #expect(
            misspelt.err
                == "warning: no action of type 'Decrment' in \(file) (did you mean 'decrement'?); its types are: "
                + "increment, incrementBy, decrement\n")
        // With another type that is there, both are said.
        let oneMissing = Support.run(["log", file, "--type", "reset", "--type", "decrement", "--grep", "5"])
        #expect(oneMissing.err.split(separator: "\n").last == "warning: no action of type 'decrement' in \(file) contains '5'")
    }

    @Test func logShowsGaps() throws {
        let path = try directory.file(
            "gaps.jsonl",
            lines: [
                #"{"seq":1,"action":{"increment":{}}}"#,
                #"{"gap":{"after":1,"dropped":1,"reason":"queue full"}}"#,
                #"{"seq":3,"action":{"increment":{}}}"#,
                #"{"seq":7,"action":{"decrement":{}}}"#,
                #"{"end":{"seq":9,"state":null}}"#,
            ])
        #expect(
            Support.run(["log", path]).out == """
                    1  increment  {"increment":{}}
                ! 1 entry missing after seq 1 (queue full)
                    3  increment  {"increment":{}}
                ! 3 entries missing after seq 3
                    7  decrement  {"decrement":{}}
                ! 2 entries missing after seq 7

                """)
        // check counts the three, and warns of each with its line.
        let check = Support.run(["check", path])
        #expect(check.code == 0)
        #expect(check.out.contains(", 3 gaps;"))
        #expect(check.err.contains("gaps.jsonl:5: 2 entries missing after seq 7"))
        // replay shows the last one after the last step, before its summary.
        let replay = Support.run(["replay", path, "--reducer", "counter"]).outLines
        #expect(replay.suffix(2).first == "! 2 entries missing after seq 7")
    }

    /// The entries missing are of no known type, so `--type` and `--grep` keep every gap where
    /// it is, between the listed entries around it; they used to hide them all.
    @Test func filteredLogsStillShowGapsWhereTheyAre() throws {
        let path = try directory.file(
            "filtered.jsonl",
            lines: [
                #"{"gap":{"after":0,"dropped":1,"reason":"queue full"}}"#,
                #"{"seq":2,"action":{"increment":{}}}"#,
                #"{"seq":3,"action":{"decrement":{}}}"#,
                #"{"seq":6,"action":{"increment":{}}}"#,
                #"{"end":{"seq":8,"state":null}}"#,
            ])
        let expected = """
            ! 1 entry missing after seq 0 (queue full)
                2  increment  {"increment":{}}
            ! 2 entries missing after seq 3
                6  increment  {"increment":{}}
            ! 2 entries missing after seq 6

            """
        let byType = Support.run(["log", path, "--type", "increment"])
        #expect(byType.code == 0)
        #expect(byType.out == expected)
        #expect(Support.run(["log", path, "--grep", "incr"]).out == expected)
        // With nothing listed the gaps are still there: the entries missing may be the ones sought.
        #expect(Support.run(["log", path, "--type", "reset"]).outLines.count == 3)
    }

    /// The reviewer's case: seq 1, then seq 5.
    @Test func logByTypeShowsAJumpInSeqBetweenTheEntriesItLists() throws {
        let path = try directory.file(
            "jump.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"todos"}"#,
                #"{"seq":1,"type":"addItem","action":{"addItem":{"title":"a"}}}"#,
                #"{"seq":5,"type":"addItem","action":{"addItem":{"title":"b"}}}"#,
            ])
        let result = Support.run(["log", path, "--type", "addItem"])
        #expect(result.code == 0)
        #expect(result.outLines == [
            #"    1  addItem  {"addItem":{"title":"a"}}"#,
            "! 3 entries missing after seq 1",
            #"    5  addItem  {"addItem":{"title":"b"}}"#,
        ])
        #expect(result.out == Support.run(["log", path]).out)
    }

    /// A gap at every other step: check lists the first ones and counts the rest, instead of
    /// a warning per gap; log still shows each where it is.
    @Test func checkListsTheFirstGapsAndCountsTheRest() throws {
        let directory = try CLITemporaryDirectory()
        let path = try directory.file(
            "sparse.jsonl", lines: (1...30_000).map { #"{"seq":\#(2 * $0),"action":{"increment":{}}}"# })
        let check = Support.run(["check", path])
        #expect(check.code == 0)
        #expect(check.out.contains("30000 steps (seq 2…60000), 0 with states, 30000 gaps, no end marker"))
        let warnings = check.err.split(separator: "\n")
        #expect(warnings.count == CheckCommand.listed + 1)
        #expect(warnings.first == "warning: \(path):1: 1 entry missing after seq 0")
        #expect(warnings.last == "warning: \(path): 29980 more gaps not listed; 'redux-inspect log' shows each where it is")
        let log = Support.run(["log", path])
        #expect(log.outLines.count == 60_000)
        #expect(log.outLines.suffix(2) == ["! 1 entry missing after seq 59998", "60000  increment  {\"increment\":{}}"])
    }

    /// A recording the recorder never closed has no end marker: check says so, since its
    /// last entries may be missing; one step is "1 step".
    @Test func checkSaysWhenThereIsNoEndMarker() throws {
        let directory = try CLITemporaryDirectory()
        let path = try directory.file("open.jsonl", lines: [#"{"seq":1,"action":{"increment":{}}}"#])
        let result = Support.run(["check", path, "--reducer", "counter"])
        #expect(result.code == 0)
        #expect(result.out == "\(path): ok: 1 step (seq 1…1), 0 with states, no gaps, no end marker (the recorder was not closed, or could not write it); every action decodes with reducer counter\n")
    }

    @Test func check() {
        let result = Support.run(["check", file])
        #expect(result.code == 0)
        #expect(result.err == "")
        #expect(result.out == "\(file): ok: 3 steps (seq 1…3), 1 with states, no gaps; every action decodes with reducer counter\n")
    }
}
