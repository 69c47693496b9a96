import Foundation
import Testing

@testable import ReduxInspect

/// A replayed first step is diffed against the header's initial state as the reducer reads it,
/// not as the header writes it: numbers written another way (`0.0` for an `Int`, `4.50` for a
/// `Decimal` the app writes `4.5`) are no change of the action's, in `replay` and in every
/// command that shows a step's changes from replayed states. What the reading changes beyond
/// spelling, `replay` tells apart, before the first step.
@Suite struct InitialStateReadingTests {
    typealias Support = CLITestSupport

    /// A counter written `0.0`; the first action leaves it at zero, the second counts one.
    static let counter = [
        #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0.0}}"#,
        #"{"seq":1,"type":"reset","action":{"reset":{}}}"#,
        #"{"seq":2,"type":"increment","action":{"increment":{}}}"#,
    ]

    /// A shop whose one product costs `4.50`, which the app writes `4.5`; nothing changes it.
    static let shop = [
        #"{"format":"redux-inspect","version":1,"reducer":"shop","initialState":{"isLoading":false,"catalog":[{"id":1,"name":"Green tea","price":4.50}],"packages":[],"cart":{"items":[],"total":0}}}"#,
        #"{"seq":1,"type":"addToCart","action":{"addToCart":{"productID":1,"quantity":2}}}"#,
        #"{"seq":2,"type":"setQuantity","action":{"setQuantity":{"itemID":1,"quantity":3}}}"#,
    ]

    let directory: CLITemporaryDirectory

    init() throws {
        directory = try CLITemporaryDirectory()
    }

    // MARK: replay

    @Test func replayShowsNoChangeForAnActionThatKeepsANumberTheHeaderWritesDifferently() throws {
        let file = try directory.file("counter.jsonl", lines: Self.counter)
        let result = Support.run(["replay", file])
        #expect(result.code == 0)
        #expect(
            result.out == """
                seq 1  reset  {"reset":{}}
                  (no change)
                seq 2  increment  {"increment":{}}
                  ~ count: 0 → 1
                2 steps replayed with reducer counter; no recorded state to compare with

                """)
    }

    @Test func replayShowsOnlyWhatTheFirstActionChangedNotAPriceWrittenWithATrailingZero() throws {
        let file = try directory.file("shop.jsonl", lines: Self.shop)
        let result = Support.run(["replay", file, "--to", "1"])
        #expect(
            result.out == """
                seq 1  addToCart  {"addToCart":{"productID":1,"quantity":2}}
                  + cart.items[id=1]: {"id":1,"name":"Green tea","price":4.5,"quantity":2}
                  ~ cart.total: 0 → 9
                1 step replayed with reducer shop; no recorded state to compare with

                """)
        let json = Support.run(["replay", file, "--to", "1", "--format", "json"])
        #expect(
            json.out == """
                {"seq":1,"type":"addToCart","action":{"addToCart":{"productID":1,"quantity":2}},"changes":[{"path":"cart.items[id=1]","kind":"added","new":{"id":1,"name":"Green tea","price":4.5,"quantity":2}},{"path":"cart.total","kind":"changed","old":0,"new":9}]}

                """)
    }

    @Test func replayTellsAMemberTheReducerDropsFromTheInitialStateApartFromTheFirstStep() throws {
        var lines = Self.counter
        lines[0] = #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0.0,"extra":1}}"#
        let file = try directory.file("extra.jsonl", lines: lines)
        let result = Support.run(["replay", file])
        #expect(result.code == 0)
        // `0.0` read as `0` is the same number: only the dropped member is a difference.
        #expect(
            result.out == """
                ! the reducer reads the initial state differently from the header (header → read):
                  - extra: 1
                seq 1  reset  {"reset":{}}
                  (no change)
                seq 2  increment  {"increment":{}}
                  ~ count: 0 → 1
                2 steps replayed with reducer counter; no recorded state to compare with

                """)
        let json = Support.run(["replay", file, "--format", "json"])
        #expect(
            json.outLines == [
                #"{"seq":1,"type":"reset","action":{"reset":{}},"changes":[],"initialDivergence":[{"path":"extra","kind":"removed","old":1}]}"#,
                #"{"seq":2,"type":"increment","action":{"increment":{}},"changes":[{"path":"count","kind":"changed","old":0,"new":1}]}"#,
            ])
    }

    @Test func initialDivergenceLeavesOutNumbersThatOnlyDifferInHowTheyAreWritten() throws {
        let header = try JSONParser.parse(#"{"a":4.50,"b":0.0,"c":1e2,"d":"x","e":0.1}"#)
        let read = try JSONParser.parse(#"{"a":4.5,"b":0,"c":100,"e":0.2}"#)
        let changes = ReplayRun.initialDivergence(recorded: header, read: read)
        #expect(changes.map(\.path.description).sorted() == ["d", "e"])
        #expect(ReplayRun.initialDivergence(recorded: header, read: header).isEmpty)
    }

    /// The recorder's placeholders in the header are no difference: the reducer reads them as
    /// placeholders of its own types (a redacted number as 0).
    @Test func initialDivergenceLeavesOutRedactedValues() throws {
        let header = try JSONParser.parse(#"{"token":{"value":"<redacted>","expires":"<redacted>","ok":true},"n":1}"#)
        let read = try JSONParser.parse(#"{"token":{"value":"<redacted>","expires":0,"ok":true},"n":1}"#)
        #expect(ReplayRun.initialDivergence(recorded: header, read: read).isEmpty)
        let other = try JSONParser.parse(#"{"token":{"value":"<redacted>","expires":0,"ok":false},"n":1}"#)
        #expect(ReplayRun.initialDivergence(recorded: header, read: other).map(\.path.description) == ["token.ok"])
    }

    // MARK: The commands that show a step's changes from replayed states

    @Test func blameDoesNotBlameTheFirstActionForHowTheHeaderWritesANumber() throws {
        let file = try directory.file("counter.jsonl", lines: Self.counter)
        let result = Support.run(["blame", file, "count"])
        #expect(result.code == 0)
        #expect(result.outLines == ["    2  increment  0 → 1"])
    }

    @Test func diffOfAReplayedFirstStepShowsOnlyItsActionsChanges() throws {
        let counter = try directory.file("counter.jsonl", lines: Self.counter)
        #expect(Support.run(["diff", counter, "1"]).out == "@@ seq 1 reset @@\n(no change)\n")
        let shop = try directory.file("shop.jsonl", lines: Self.shop)
        let underPath = Support.run(["diff", shop, "1", "--path", "catalog"])
        #expect(underPath.code == 0)
        #expect(underPath.out == "")
        let patch = Support.run(["diff", shop, "1", "--format", "json-patch"])
        #expect(!patch.out.contains("/catalog"), "\(patch)")
    }

    @Test func diffOfARecordedFirstStepStillComparesTheRecordedTexts() throws {
        var lines = Self.counter
        lines[1] = #"{"seq":1,"type":"reset","action":{"reset":{}},"state":{"count":0}}"#
        let file = try directory.file("recorded.jsonl", lines: lines)
        // Both states are the recording's own text: `0.0` and `0` are written differently there.
        #expect(Support.run(["diff", file, "1"]).out == "@@ seq 1 reset @@\n~ count: 0.0 → 0\n")
        let replay = Support.run(["replay", file, "--to", "1"])
        #expect(replay.outLines.prefix(2) == ["seq 1  reset  {\"reset\":{}}", "  (no change)"])
    }

    @Test func stepShowsTheHeadersStateAtTheStartButOnlyTheActionsChangesAtTheFirstStep() throws {
        let file = try directory.file("counter.jsonl", lines: Self.counter)
        let result = Support.run(["step", file], input: "state\nnext\ndiff\nback\nstate\nquit\n")
        #expect(result.code == 0)
        #expect(
            result.out == """
                {
                  "count": 0.0
                }
                seq 1/2  reset  {"reset":{}}
                  (no change)
                (no change)
                seq 0/2  (initial state)
                {
                  "count": 0.0
                }

                """)
    }

    @Test func stepsWatchpointDoesNotFireAtAFirstStepThatOnlyRewritesANumber() throws {
        let file = try directory.file("counter.jsonl", lines: Self.counter)
        let result = Support.run(["step", file], input: "watch count\ncontinue\nquit\n")
        #expect(result.code == 0)
        #expect(result.outLines.contains("watchpoint 1: count: 0 → 1"), "\(result)")
        #expect(result.outLines.contains("seq 2/2  increment  {\"increment\":{}}"), "\(result)")
        #expect(!result.out.contains("0.0 → 0"), "\(result)")
    }

    @Test func bisectShowsOnlyTheFoundFirstStepsOwnChanges() throws {
        let file = try directory.file("shop.jsonl", lines: Self.shop)
        let result = Support.run(["bisect", file, "--until", "cart.total > 0"])
        #expect(result.code == 0)
        #expect(result.out.contains("holds first at seq 1"), "\(result)")
        #expect(result.out.contains("~ cart.total: 0 → 9"), "\(result)")
        #expect(!result.out.contains("catalog"), "\(result)")
    }
}
