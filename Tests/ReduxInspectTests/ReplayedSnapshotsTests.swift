import ExampleInspector
import Foundation
import Redux
import ReduxExamples
import Testing

@testable import ReduxInspect

/// A stretch of replayed states (``Timeline/replayedSnapshots(_:)``) keeps its copies within
/// a budget of state text, weighed as the state grows.
@Suite struct ReplayedSnapshotsTests {
    /// A state small at first that grows to 600 kB after three steps: the copies stop soon
    /// after, where weighing only now and then kept the whole stretch.
    @Test func aStateThatGrowsEndsTheStretch() throws {
        let actions: [Shop.Action] =
            [.setLoading(true), .dismissError, .setLoading(false)]
            + (0..<30).map { .loginFailed(error: String(repeating: "\($0 % 10)", count: 600_000)) }
        let text = RecordedSession.text(
            from: Shop.State(), Shop.reducer, options: .init(reducer: "shop", statePolicy: .never), dispatching: actions)
        let timeline = Timeline(recording: try Recording(text: text), reducer: try TimelineTests.reducer("shop"))
        let snapshots = try timeline.replayedSnapshots(0..<timeline.count - 1)
        // 4 MiB of 600 kB states is 7 copies; weighed at each doubling, at most 8.
        #expect(snapshots.count <= 8, "\(snapshots.count) copies")
        #expect(snapshots.count >= 4)
        // The stretch after it goes on from there, with the same states as one at a time.
        let next = try timeline.replayedSnapshots(snapshots.count..<timeline.count - 1)
        #expect(!next.isEmpty)
    }
}
