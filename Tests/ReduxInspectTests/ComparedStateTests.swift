import Foundation
import Testing

@testable import ReduxInspect

/// Which recorded states `diff`, `blame`, `bisect` and `step` compare with the replay's
/// values in place of the recorder's placeholders (``Timeline/comparedState(after:)``), and
/// what else of them stays as recorded (found by review).
@Suite struct ComparedStateTests {
    typealias CLI = CLITestSupport

    /// A counter recording of `steps` increments whose states hold `count` redacted and a
    /// member the app's state does not have, on the steps `recorded` says.
    private func counter(steps: Int, recorded: (Int) -> Bool, in directory: CLITemporaryDirectory) throws -> String {
        var lines = [#"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#]
        for seq in 1...steps {
            let state = recorded(seq) ? #","state":{"count":"<redacted>","debugInfo":4.50}"# : ""
            lines.append(#"{"seq":\#(seq),"type":"increment","action":{"increment":{}}\#(state)}"#)
        }
        return try directory.file("counter-\(UUID().uuidString).jsonl", lines: lines)
    }

    /// Only a recorded state next to a step without one: further away, a state is compared as
    /// written, without the replay that a state with stand-ins needs from every such state
    /// before it (a recording with every state but one replayed from its start at every step).
    @Test func onlyStatesNextToAReplayedOne() throws {
        let directory = try CLITemporaryDirectory()
        let recording = try Recording(path: try counter(steps: 10, recorded: { $0 != 6 }, in: directory))
        #expect(recording.steps.indices.filter(recording.mayCompareReplayedValues(after:)) == [4, 6])
        let every = try Recording(path: try counter(steps: 10, recorded: { _ in true }, in: directory))
        #expect(every.steps.indices.filter(every.mayCompareReplayedValues(after:)).isEmpty)
    }

    /// The replay's values take only the placeholders' places: a member the app's state does
    /// not have, and a number as the recording writes it, stay as recorded, so that the step
    /// from the recorded state before shows neither going.
    @Test func everythingButThePlaceholdersStaysAsRecorded() throws {
        let directory = try CLITemporaryDirectory()
        let file = try counter(steps: 4, recorded: { $0 != 3 }, in: directory)
        let diff = CLI.run(["diff", file, "2"])
        #expect(diff.code == 0, "\(diff)")
        #expect(diff.outLines == ["@@ seq 2 increment @@", #"~ count: "<redacted>" → 2"#], "\(diff.out)")
        let timeline = Timeline(recording: try Recording(path: file), reducer: try TimelineTests.reducer("counter"))
        #expect(try timeline.comparedState(after: 1).compactText == #"{"count":2,"debugInfo":4.50}"#)
    }
}
