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
}
