import Foundation
import Redux
import ReduxInspect
import Testing

/// `check` decodes the recorded states that replays start from: one the app's `State`
/// cannot hold used to pass `check`, and `show` of the steps after it then failed (65).
@Suite struct CheckReplayStartTests {
    typealias CLI = CLITestSupport

    /// Adds 1 to 5 with a state after every second action (seq 2 and 4), then writes
    /// `replacement` for the recorded total of 3 at seq 2.
    private func tally(replacing replacement: String) throws -> (
        file: String, inspector: Inspector, directory: CLITemporaryDirectory
    ) {
        let directory = try CLITemporaryDirectory()
        let text = RecordedSession.text(
            from: TallyState(), tallyReducer(countingTwice: nil), options: .init(reducer: "tally", statePolicy: .every(2)),
            dispatching: (1...5).map { .add($0) })
        let edited = text.replacingOccurrences(of: #""state":{"total":3}"#, with: #""state":{"total":\#(replacement)}"#)
        #expect(edited != text)
        let file = try directory.file("tally.jsonl", edited)
        let inspector = Inspector(
            reducers: [
                InspectableReducer(name: "tally", reducer: tallyReducer(countingTwice: nil), initialState: TallyState())
            ])
        return (file, inspector, directory)
    }

    @Test func aStateReplaysStartFromThatDoesNotDecodeFailsCheck() throws {
        let (file, inspector, directory) = try tally(replacing: #""three""#)
        defer { withExtendedLifetime(directory) {} }
        let checked = CLI.run(["check", file], inspector: inspector)
        #expect(checked.code == 65, "\(checked)")
        #expect(checked.out == "")
        #expect(checked.err.hasPrefix("Error: \(file):3:"), "\(checked.err)")
        #expect(checked.err.contains(#"at total: expected Int, found a string ("three") (seq 2)"#), "\(checked.err)")
        // What check now catches is what show met.
        let shown = CLI.run(["show", file, "--at", "3"], inspector: inspector)
        #expect(shown.code == 65)
        #expect(shown.err == checked.err)
    }

    @Test func aStateThatDecodesPassesCheckAsBefore() throws {
        let (file, inspector, directory) = try tally(replacing: "30")
        defer { withExtendedLifetime(directory) {} }
        let checked = CLI.run(["check", file], inspector: inspector)
        #expect(checked.code == 0, "\(checked)")
        #expect(checked.err == "")
    }
}
