import Foundation
import Testing

@testable import ReduxInspect

/// A `step` command that cannot have the state it needs says why, and the session goes on
/// where it was: a bad line in a long recording must not take the rest of it, and the
/// watchpoints set, away. A script then exits as the one-shot commands would.
@Suite struct StepFailureTests {
    typealias Support = CLITestSupport

    let directory: CLITemporaryDirectory

    init() throws {
        directory = try CLITemporaryDirectory()
    }

    /// The counter fixture with the action of seq 4 changed so that it does not decode.
    func counterWithABadAction() throws -> String {
        let text = try String(contentsOfFile: Support.fixture("counter.jsonl"), encoding: .utf8)
        let bad = text.replacingOccurrences(of: #""incrementBy":{"n":5}"#, with: #""incrementBy":{"n":"five"}"#)
        #expect(bad != text)
        let path = directory.path("bad-action.jsonl")
        try bad.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func anUndecodableActionFailsTheCommandAndTheSessionGoesOn() throws {
        let path = try counterWithABadAction()
        let result = Support.run(["step", path], input: "goto 3\nn\nstate\ngoto 12\nstate\nquit\n")
        #expect(result.code == 65, "\(result)")
        let errors = result.err.split(separator: "\n")
        #expect(errors.count == 1, "\(result)")
        #expect(errors.first?.hasPrefix("error: line 2: \(path):5:") == true, "\(result)")
        #expect(errors.first?.contains("cannot decode the action") == true, "\(result)")
        // Still at seq 3 after the failed `n`; seq 12 is replayed from the state recorded at 10.
        #expect(result.outLines.filter { $0.hasPrefix("seq ") } == [
            "seq 3/22  increment  {\"increment\":{}}", "seq 12/22  decrement  {\"decrement\":{}}",
        ], "\(result)")
        #expect(result.out.contains("\"count\": 3\n"), "the state after seq 3: \(result)")
        #expect(result.out.contains("\"count\": 9\n"), "the state after seq 12: \(result)")
    }

    /// A script that names a step the recording lacks and then meets a malformed line exits
    /// 65, as a CI job checking for a malformed recording expects; it exited 64, the first
    /// error's status.
    @Test func aMalformedRecordingOutranksAMistypedStep() throws {
        let path = try counterWithABadAction()
        for script in ["goto 99\ngoto 3\nn\n", "goto 3\nn\ngoto 99\n"] {
            let result = Support.run(["step", path], input: script)
            #expect(result.code == 65, "\(script): \(result)")
            #expect(result.err.split(separator: "\n").count == 2, "\(result)")
        }
        #expect(Support.run(["step", path], input: "goto 99\ngoto 98\n").code == 64)
    }

    /// `--at` a step whose state cannot be had is no place to start, as `goto` would not go
    /// there: it fails as `show --at` does, before any command runs.
    @Test func startingAtAStepThatCannotBeReplayedFailsAsShowDoes() throws {
        let path = try counterWithABadAction()
        let step = Support.run(["step", path, "--at", "4"], input: "where\nback\nquit\n")
        let show = Support.run(["show", path, "--at", "4"])
        #expect(step.code == 65 && show.code == 65, "\(step) \(show)")
        #expect(step.out.isEmpty, "no command ran: \(step)")
        #expect(step.err == show.err, "\(step) \(show)")
        #expect(step.err.hasPrefix("Error: \(path):5:"), "\(step)")
        // Seq 5 has a recorded state, but the state before it, which its diff shows, is seq
        // 4's: as `goto 5` does, starting there fails.
        let after = Support.run(["step", path, "--at", "5"], input: "where\nquit\n")
        #expect(after.code == 65 && after.out.isEmpty && after.err == step.err, "\(after)")
        // The step before is a place to start.
        #expect(Support.run(["step", path, "--at", "3"], input: "where\nquit\n").code == 0)
    }

    @Test func withJSONTheFailureIsAnErrorReply() throws {
        let path = try counterWithABadAction()
        let result = Support.run(["step", path, "--json"], input: "goto 4\ngoto 12\n")
        #expect(result.code == 65, "\(result)")
        #expect(result.err.isEmpty, "\(result)")
        let replies = try result.outLines.map(Support.json)
        #expect(replies.count == 2, "\(result)")
        #expect(replies.first?["error"]?.stringValue?.contains("cannot decode the action") == true, "\(result)")
        #expect(replies.last?["error"] == nil, "\(result)")
    }

    /// A script that names a step the recording lacks exits 64, as `show --at` does; the
    /// session goes on where it was, and a command that fails otherwise still gives 1.
    @Test func aScriptThatNamesAMissingStepIsAUsageError() {
        let counter = Support.fixture("counter.jsonl")
        let missing = Support.run(["step", counter], input: "goto 3\ngoto 99\nstate count\n")
        #expect(missing.code == 64, "\(missing)")
        #expect(missing.outLines.last == "3", "\(missing)")
        #expect(missing.err == "error: line 2: no step with seq 99: expected 0 (the initial state) or a seq from 1 to 22\n")
        #expect(Support.run(["step", counter], input: "goto 3\nbogus\n").code == 1)
        #expect(Support.run(["step", counter], input: "goto 3\nstate nothing.here\n").code == 1)
    }

    /// A hand-written file with every step's state and no header opens without a reducer;
    /// only what needs the state before its first step fails, and says how to get it.
    @Test func aHeaderlessRecordingWithEveryStateOpensWithoutAReducer() throws {
        let file = try directory.file(
            "states.jsonl",
            lines: [
                #"{"seq":1,"action":{"increment":{}},"state":{"count":1}}"#,
                #"{"seq":2,"action":{"increment":{}},"state":{"count":2}}"#,
                #"{"seq":3,"action":{"reset":{}},"state":{"count":0}}"#,
            ])
        let result = Support.run(["step", file, "--at", "2"], input: "state\nnext\ndiff\ngoto 1\nstate\nquit\n")
        #expect(result.code == 64, "a reducer was needed: \(result)")
        #expect(
            result.out == """
                {
                  "count": 2
                }
                seq 3/3  reset  {"reset":{}}
                  ~ count: 2 → 0
                ~ count: 2 → 0
                {
                  "count": 0
                }

                """, "\(result)")
        // Whose reducers are listed: the inspector's, not the recording's.
        #expect(
            result.err.hasPrefix(
                "error: line 4: \(file): names no reducer and none was given (this inspector has: counter, shop, todos). "),
            "\(result)")
        #expect(result.err.split(separator: "\n").count == 1, "\(result)")
        // Where the session starts, it says that the state there cannot be had.
        let start = Support.run(["step", file, "--json"], input: "where\nquit\n")
        #expect(start.outLines.first?.contains(#""source":"unavailable""#) == true, "\(start)")
        let withReducer = Support.run(["step", file, "--reducer", "counter"], input: "goto 1\nquit\n")
        #expect(withReducer.code == 0, "\(withReducer)")
        #expect(withReducer.outLines.prefix(2) == ["seq 1/3  increment  {\"increment\":{}}", "  ~ count: 0 → 1"])
    }
}
