import Foundation
import Redux
import ReduxInspect
import Testing

/// An app whose reducer sets a `Double` to NaN, which JSON cannot hold, and back.
private enum Ratio {
    struct State: Codable, Equatable, Sendable {
        var ratio = 1.0
        var taps = 0
    }

    enum Action: Codable, Sendable {
        case tap
        case divideByZero
        case reset
    }

    static let reducer = Reducer<State, Action> { state, action in
        switch action {
        case .tap: state.taps += 1
        case .divideByZero: state.ratio = .nan
        case .reset: state.ratio = 1
        }
    }

    static let inspector = Inspector(
        reducers: [InspectableReducer(name: "ratio", reducer: reducer, initialState: State())], program: "ratio-inspector")

    /// Every state recorded but seq 3's, which the recorder cannot encode.
    static func record(_ actions: [Action] = [.tap, .tap, .divideByZero, .reset, .tap]) -> String {
        RecordedSession.text(from: State(), reducer, options: .init(reducer: "ratio", app: "Ratio"), dispatching: actions)
    }
}

/// A replayed state with a member JSON cannot hold (NaN) stopped `blame` and `bisect` with 65
/// on any path, the member being encoded although the path read leaves it out: the README
/// says such a state stops these commands only where they read it.
@Suite struct UnencodableReplayedStateTests {
    @Test func commandsReadingAnotherPathGoThrough() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("ratio.jsonl", Ratio.record())
        func run(_ arguments: [String]) -> CLIResult { CLITestSupport.run(arguments, inspector: Ratio.inspector) }

        let blame = run(["blame", file, "taps"])
        #expect(blame.code == 0, "\(blame)")
        #expect(blame.outLines == ["    1  tap  0 → 1", "    2  tap  1 → 2", "    5  tap  2 → 3"], "\(blame)")
        let bisect = run(["bisect", file, "--until", "taps > 2"])
        #expect(bisect.code == 0, "\(bisect)")
        #expect(bisect.outLines.first == "taps > 2 holds first at seq 5 (step 5 of 5)", "\(bisect)")
        let path = run(["diff", file, "--path", "taps"])
        #expect(path.code == 0, "\(path)")
        #expect(
            path.outLines == ["@@ seq 1 tap @@", "~ taps: 0 → 1", "@@ seq 2 tap @@", "~ taps: 1 → 2", "@@ seq 5 tap @@", "~ taps: 2 → 3"],
            "\(path)")
        let watch = CLITestSupport.run(["step", file, "--json"], input: "watch taps\ncontinue\ncontinue\ncontinue\n", inspector: Ratio.inspector)
        #expect(watch.code == 0, "\(watch)")
        #expect(watch.outLines.last?.hasPrefix(#"{"seq":5,"#) == true, "\(watch)")

        // Where the path reads it, the error is as before.
        let ratio = run(["blame", file, "ratio"])
        #expect(ratio.code == 65, "\(ratio)")
        #expect(ratio.err.contains("cannot encode the replayed state"), "\(ratio)")
    }

    /// A step found inside the stretch whose states hold the NaN: its changes cannot be
    /// shown, but the answer is said before the error, which said nothing else.
    @Test func bisectSaysTheStepFoundBeforeItsChangesFail() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("ratio.jsonl", Ratio.record([.tap, .divideByZero, .tap, .reset, .tap]))
        let bisect = CLITestSupport.run(["bisect", file, "--until", "taps > 1"], inspector: Ratio.inspector)
        #expect(bisect.code == 65, "\(bisect)")
        #expect(bisect.out == "taps > 1 holds first at seq 3 (step 3 of 5)\n", "\(bisect)")
        #expect(bisect.err.contains("cannot encode the replayed state"), "\(bisect)")
    }

    /// `step` stopped at the first step whose changes needed a NaN state, and stayed where it
    /// was: `continue` never got past it, nor did `next`. It goes there now, and says why the
    /// step's changes are not shown.
    @Test func stepGoesThroughTheStepsItCannotShow() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("ratio.jsonl", Ratio.record([.tap, .divideByZero, .tap, .reset, .tap]))
        let watch = CLITestSupport.run(
            ["step", file], input: "watch taps\ncontinue\ncontinue\ncontinue\n", inspector: Ratio.inspector)
        #expect(watch.code == 65, "\(watch)")
        #expect(
            watch.outLines == [
                "watchpoint 1: taps (now 0)",
                "watchpoint 1: taps: 0 → 1", "seq 1/5  tap  {\"tap\":{}}", "  ~ taps: 0 → 1",
                "watchpoint 1: taps: 1 → 2", "seq 3/5  tap  {\"tap\":{}}", "  (changes cannot be shown)",
                "watchpoint 1: taps: 2 → 3", "seq 5/5  tap  {\"tap\":{}}", "  ~ taps: 2 → 3",
            ], "\(watch)")
        #expect(
            watch.err
                == "error: line 3: \(file):3:1: cannot encode the replayed state: at ratio: nan cannot be written as JSON (seq 2)\n",
            "\(watch)")

        let next = CLITestSupport.run(["step", file, "--json"], input: "next 3\nnext\ndiff\nwhere\nnext\n", inspector: Ratio.inspector)
        #expect(next.code == 65, "\(next)")
        let replies = try next.outLines.map { try JSONParser.parse($0) }
        #expect(replies.map { $0["seq"] } == [3, 4, 4, 4, 5], "\(next)")
        #expect(replies[0]["changes"] == .null && replies[0]["line"] == 1, "\(next)")
        #expect(replies[1]["error"]?.stringValue?.hasSuffix("nan cannot be written as JSON (seq 3)") == true, "\(next)")
        #expect(replies[2]["line"] == 3, "\(next)")
        // `where` shows no changes: it reports no error of theirs.
        #expect(replies[3]["changes"] == .null && replies[3]["error"] == nil && replies[3]["line"] == nil, "\(next)")
        #expect(replies[4]["changes"]?.arrayValue?.count == 1 && replies[4]["error"] == nil, "\(next)")

        // Inside the stretch, what reads only paths that hold no NaN answers.
        let inside = CLITestSupport.run(
            ["step", file, "--at", "3"], input: "watch taps\nstate taps\ninfo watch\nreverse-continue\ngoto 3\nstate ratio\n",
            inspector: Ratio.inspector)
        #expect(
            Array(inside.outLines.drop { !$0.hasPrefix("watchpoint 1: taps (now 2)") }.prefix(6)) == [
                "watchpoint 1: taps (now 2)", "2", "watchpoint 1: taps (now 2)",
                "watchpoint 1: taps: 0 → 1", "seq 1/5  tap  {\"tap\":{}}", "  ~ taps: 0 → 1",
            ], "\(inside)")
        #expect(inside.err.contains("line 6: \(file):4:1: cannot encode the replayed state: at ratio: nan"), "\(inside)")

        // Back into the stretch from after it: the window walked back starts inside it.
        let back = CLITestSupport.run(["step", file, "--at", "5"], input: "watch taps\nreverse-continue\n", inspector: Ratio.inspector)
        #expect(
            Array(back.outLines.dropFirst()) == [
                "watchpoint 1: taps: 1 → 2", "seq 3/5  tap  {\"tap\":{}}", "  (changes cannot be shown)",
            ], "\(back)")
        #expect(back.err.hasPrefix("error: line 2: \(file):3:1: cannot encode the replayed state"), "\(back)")
    }
}

