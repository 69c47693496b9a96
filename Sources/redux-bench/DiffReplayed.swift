import Foundation
import Redux
import ReduxExamples
import ReduxInspect

/// `diff-replayed`: steps/s of `redux-inspect diff` over a recording that holds no state, so
/// that every state is replayed: the to-do session whose list grows to 2,000 items and then
/// has one item changed per step (500 with `--quick`; ``TodosScript``), run in process with
/// its text output counted and dropped.
///
/// The baseline is what any diff of replayed states must do at least: the session's actions
/// run through the reducer, each state after encoded as the recorder encodes it (the actions
/// taken from the script, not decoded from the file). The note gives the way `diff` worked
/// before the fourteenth session, each state a tree (``Timeline/state(after:)``) diffed with
/// the one before (``JSONDiff``), and the same command over the shop recording of 100k steps
/// without states (20k with `--quick`). PRODUCT.md sets no target for it.
enum DiffReplayed {
    static let benchmark = Benchmark(
        name: "diff-replayed",
        summary: "steps/s diffing a recording without states vs replaying and encoding every state",
        sessions: [.todos, .shop(.medium)], run: run)

    static let todos = InspectableReducer(name: "todos", reducer: Todos.reducer, initialState: Todos.State())

    static func run(_ workload: Workload) throws -> [Measurement] {
        let script = workload.todosScript
        let path = try workload.recording(script)
        let steps = Double(script.steps)
        let repetitions = workload.repetitions(full: 3, quick: 2)

        Progress.show("diff-replayed: the diff command")
        let ours = try Stopwatch.median(repetitions: repetitions) {
            try DiffThroughput.runCommand(path, reducer: todos)
        }
        Progress.show("diff-replayed: replaying and encoding")
        var bytes = 0
        let floor = try Stopwatch.median(repetitions: repetitions) {
            let encoder = RecordingEncoder()
            var state = Todos.State()
            bytes = 0
            for action in script {
                Todos.reducer.reduce(&state, action)
                bytes += try encoder.encode(state).count
            }
        }
        Progress.show("diff-replayed: trees")
        let trees = try Stopwatch.median(repetitions: workload.repetitions(full: 1, quick: 1)) {
            let timeline = Timeline(recording: try Recording(path: path), reducer: todos)
            var before = try timeline.state(before: 0)
            var changes = 0
            for index in 0..<timeline.count {
                let after = try timeline.state(after: index)
                changes += JSONDiff.changes(from: before, to: after).count
                before = after
            }
            guard changes > 0 else { throw BenchError("diff-replayed: no changes found in \(path)") }
        }
        Progress.show("diff-replayed: the shop recording without states")
        let shopPath = try workload.recording(.medium, states: .never)
        let shop = try Stopwatch.median(repetitions: repetitions) {
            try DiffThroughput.runCommand(shopPath, reducer: Goto.shop)
        }
        let shopSteps = Double(workload.steps(.medium))
        return [
            Measurement(
                name: "diff-replayed", ours: steps / ours, baseline: steps / floor, unit: "steps/s",
                baselineName: "reduce+encode",
                note:
                    "\(script.items) to-dos, \(Measurement.format(Double(bytes) / steps / 1e3)) kB of state a step; trees and JSONDiff (before the fourteenth session) \(Measurement.format(steps / trees)) steps/s, ours \(Measurement.format(trees / ours))× that; shop without states \(Measurement.format(shopSteps / shop)) steps/s"
            )
        ]
    }
}
