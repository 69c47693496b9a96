import Foundation
import Testing

@testable import ReduxInspect

/// Where a replayed state meets a recorded one that today's reducer does not make from it (the
/// reducer changed since the recording), the changes `diff`, `blame`, `bisect` and `step` show
/// at that step are not the action's alone: they say so on standard error, naming the step,
/// and their output is as before.
@Suite struct UnreproducedStateTests {
    typealias Support = CLITestSupport

    let directory: CLITemporaryDirectory
    /// The counter fixture (states recorded at seq 5, 10, 15 and 20) with the state at seq 10
    /// changed from 11 to 50, as a reducer that now adds differently would leave it.
    let drifted: String

    init() throws {
        directory = try CLITemporaryDirectory()
        let text = try String(contentsOfFile: Support.fixture("counter.jsonl"), encoding: .utf8)
        let changed = text.replacingOccurrences(of: #""state":{"count":11}"#, with: #""state":{"count":50}"#)
        #expect(changed != text)
        drifted = try directory.file("drifted.jsonl", changed)
    }

    func expectWarning(_ result: CLIResult, seqs: String, path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            result.err == """
                warning: \(path): the reducer does not make the state recorded at \(seqs) from the replayed state \
                before it: it has changed since the recording, and the changes shown there mix replayed and recorded \
                states; to find where they first differ: redux-inspect verify \(path)

                """, "\(result)", sourceLocation: sourceLocation)
    }

    @Test func diffBlameAndBisectSaySoAndShowWhatTheyShowedBefore() throws {
        let diff = Support.run(["diff", drifted, "9..11"])
        #expect(diff.code == 0)
        #expect(diff.outLines == [
            "@@ seq 9 increment @@", "~ count: 0 → 1", "@@ seq 10 incrementBy @@", "~ count: 1 → 50",
            "@@ seq 11 decrement @@", "~ count: 50 → 49",
        ])
        expectWarning(diff, seqs: "seq 10", path: drifted)

        let blame = Support.run(["blame", drifted, "count"])
        #expect(blame.code == 0)
        #expect(blame.outLines.contains("   10  incrementBy  1 → 50"), "\(blame)")
        expectWarning(blame, seqs: "seq 10", path: drifted)

        let bisect = Support.run(["bisect", drifted, "--until", "count > 40"])
        #expect(bisect.code == 0)
        #expect(bisect.outLines.first == "count > 40 holds first at seq 10 (step 10 of 22)")
        expectWarning(bisect, seqs: "seq 10", path: drifted)
    }

    /// Only the steps a command showed or went through are named, not those a walk replayed
    /// ahead of them (it replays windows of 64 steps a core), whatever the number of cores.
    @Test func stepsReplayedBeyondWhatACommandShowsAreNotNamed() throws {
        let bisect = Support.run(["bisect", drifted, "--until", "count >= 3"])
        #expect(bisect.outLines.first == "count >= 3 holds first at seq 3 (step 3 of 22)", "\(bisect)")
        #expect(bisect.err.isEmpty, "\(bisect)")
        let diff = Support.run(["diff", drifted, "11..12"])
        #expect(diff.code == 0 && diff.err.isEmpty, "\(diff)")
        // The watchpoint stops at seq 1 and 2; goto 12 jumps past seq 10, and shows seq 12's
        // changes, replayed from the state recorded at seq 10.
        let step = Support.run(["step", drifted], input: "watch count\nc\nc\ngoto 12\nquit\n")
        #expect(step.err.isEmpty, "\(step)")
    }

    /// The step is named once, however often the session passes it.
    @Test func stepSaysSoOnceWhenItFirstPassesTheStep() throws {
        let result = Support.run(["step", drifted], input: "goto 9\nn\nn\nb\nb\nn\nquit\n")
        #expect(result.code == 0)
        expectWarning(result, seqs: "seq 10", path: drifted)
        #expect(result.outLines.contains("  ~ count: 1 → 50"), "\(result)")
        // Coming back to it with the states the session kept from the step after it.
        let back = Support.run(["step", drifted], input: "goto 11\nback\nquit\n")
        #expect(back.outLines.contains("  ~ count: 1 → 50"), "\(back)")
        expectWarning(back, seqs: "seq 10", path: drifted)
    }

    @Test func theFinalStateOfARecordingWithoutStatesIsCheckedToo() throws {
        let lines = try String(contentsOfFile: Support.fixture("counter.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { line in
                // Every state left out but the end marker's, which is changed from 3 to 7.
                guard let range = line.range(of: #","state":{"count":"#), !line.hasPrefix(#"{"end""#) else {
                    return String(line).replacingOccurrences(of: #"{"count":3}}}"#, with: #"{"count":7}}}"#)
                }
                return String(line[..<range.lowerBound]) + "}"
            }
        let file = try directory.file("never.jsonl", lines: lines)
        let result = Support.run(["diff", file, "22"])
        #expect(result.outLines == ["@@ seq 22 decrement @@", "~ count: 4 → 7"], "\(result)")
        expectWarning(result, seqs: "seq 22", path: file)
    }

    /// The reducer that recorded a file makes its states: nothing to say. After missing
    /// entries a difference is expected, not a sign of a changed reducer.
    @Test func aFaithfulRecordingAndAStepAfterAGapAreNotNamed() throws {
        for (fixture, blamed) in [("counter.jsonl", "count"), ("todos.jsonl", "nextID"), ("shop.jsonl", "cart.total")] {
            let path = Support.fixture(fixture)
            for arguments in [["diff", path], ["blame", path, blamed]] {
                let result = Support.run(arguments)
                #expect(result.code == 0 && result.err.isEmpty, "\(arguments): \(result)")
            }
        }
        let lines = try String(contentsOfFile: drifted, encoding: .utf8).split(separator: "\n").map(String.init)
        let withGap = lines.map { $0.hasPrefix(#"{"seq":9,"#) ? #"{"gap":{"after":8,"dropped":1}}"# : $0 }
        let file = try directory.file("gap.jsonl", lines: withGap)
        let result = Support.run(["diff", file, "8..11"])
        #expect(result.code == 0)
        #expect(result.err.isEmpty, "\(result)")
    }
}
