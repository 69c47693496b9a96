import Foundation
import Redux
import ReduxInspect
import Testing

/// Entries missing after the last step (the recorder's filter left out the last actions):
/// the end marker holds the only state known after them, and `show`, `blame` and `bisect`
/// take it into account instead of stopping at the last step.
@Suite struct EndAfterGapTests {
    typealias CLI = CLITestSupport

    /// Adds 1 to 6 with states never recorded; the filter leaves out the last two, so the last
    /// step is seq 4 (a total of 10) and the end marker's state, at seq 6, holds 21.
    private func recording() throws -> (file: String, inspector: Inspector, directory: CLITemporaryDirectory) {
        let directory = try CLITemporaryDirectory()
        let text = RecordedSession.text(
            from: TallyState(), tallyReducer(countingTwice: nil),
            options: .init(
                reducer: "tally", statePolicy: .never,
                shouldRecord: { if case .add(let number) = $0 { number < 5 } else { true } }),
            dispatching: (1...6).map { .add($0) })
        let file = try directory.file("tally.jsonl", text)
        let inspector = Inspector(
            reducers: [InspectableReducer(name: "tally", reducer: tallyReducer(countingTwice: nil), initialState: TallyState())])
        return (file, inspector, directory)
    }

    @Test func showAtTheEndMarkersSeqPrintsItsState() throws {
        let (file, inspector, directory) = try recording()
        defer { withExtendedLifetime(directory) {} }
        let end = CLI.run(["show", file, "--at", "6", "--path", "total"], inspector: inspector)
        #expect(end.code == 0, "\(end)")
        #expect(end.out == "21\n")
        #expect(CLI.run(["show", file, "--at", "4", "--path", "total"], inspector: inspector).out == "10\n")
        // A seq the missing entries had, but no state is known for, is still no step; the
        // errors name the end marker's seq among those `show` takes.
        let missing = CLI.run(["show", file, "--at", "5"], inspector: inspector)
        #expect(missing.code == 64)
        #expect(
            missing.err
                == "Error: \(file): no step with seq 5: entries are missing after seq 4, and seq 6 is the end marker's state after them\n")
        let past = CLI.run(["show", file, "--at", "7"], inspector: inspector)
        #expect(past.code == 64)
        #expect(
            past.err
                == "Error: \(file): no step with seq 7: expected 0 (the initial state), a seq from 1 to 4, or 6 (the end marker's state, after missing entries)\n")
    }

    @Test func blameListsTheEndMarkersChangeLast() throws {
        let (file, inspector, directory) = try recording()
        defer { withExtendedLifetime(directory) {} }
        let text = CLI.run(["blame", file, "total"], inspector: inspector)
        #expect(text.code == 0)
        #expect(text.outLines.count == 5)
        #expect(text.outLines.last == "    6  (end marker)  10 → 21  (2 entries missing before it)")
        let json = CLI.run(["blame", file, "total", "--format", "json"], inspector: inspector)
        #expect(
            json.outLines.last
                == #"{"seq":6,"type":null,"path":"total","kind":"changed","old":10,"new":21,"missingBefore":2,"end":true}"#)
    }

    @Test func bisectFindsAPredicateThatHoldsOnlyInTheEndMarkersState() throws {
        let (file, inspector, directory) = try recording()
        defer { withExtendedLifetime(directory) {} }
        let text = CLI.run(["bisect", file, "--until", "total > 15"], inspector: inspector)
        #expect(text.code == 0)
        #expect(
            text.outLines == [
                "total > 15 holds first in the end marker's state (seq 6): 2 entries are missing before it, "
                    + "so the step that made it is not in the recording",
                "",
                "  ~ total: 10 → 21",
                "",
                #"step before: seq 4  add  {"add":{"_0":4}}"#,
            ])
        let json = CLI.run(["bisect", file, "--until", "total > 15", "--format", "json"], inspector: inspector)
        #expect(
            json.out
                == #"{"predicate":"total > 15","holds":true,"seq":6,"type":null,"action":null,"changes":[{"path":"total","kind":"changed","old":10,"new":21}],"before":{"seq":4,"type":"add"},"missingBefore":2,"end":true}"#
                + "\n")
        let never = CLI.run(["bisect", file, "--until", "total > 21"], inspector: inspector)
        #expect(never.code == 1)
        #expect(
            never.outLines == [
                "total > 21 never holds: not in the initial state, nor after any of the 4 steps (seq 1…4), "
                    + "nor in the end marker's state (seq 6, after missing entries)"
            ])
        let neverJSON = CLI.run(["bisect", file, "--until", "total > 21", "--format", "json"], inspector: inspector)
        // The initial state, four steps' and the end marker's.
        #expect(neverJSON.out == #"{"predicate":"total > 21","holds":false,"checked":6}"# + "\n")
    }
}
