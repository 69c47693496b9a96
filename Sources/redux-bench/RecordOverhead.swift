import Foundation
import Redux
import ReduxExamples

/// `record-overhead`: what the ``Recorder`` costs the dispatching thread per action, with the
/// default options (state after every action, queue of 4096, system clock), against the same
/// store without it.
///
/// The shop session is dispatched in bursts of 1,000 actions that fit the queue, as an app's
/// bursts do; only the dispatch loops are timed. Between bursts the recorder is flushed, off
/// the clock, so the writer thread never makes a dispatch wait: a full queue would measure the
/// writer's speed instead (that is `record-sustained`).
enum RecordOverhead {
    static let benchmark = Benchmark(
        name: "record-overhead", summary: "ns per dispatched action with the Recorder attached vs without",
        run: run)

    static func run(_ workload: Workload) throws -> [Measurement] {
        let actions = Array(ShopScript(steps: workload.quick ? 20_000 : 100_000))
        let steps = Double(actions.reduce(0) { $0 + ShopScript.recordedSteps(of: $1) })
        let repetitions = workload.repetitions(full: 5, quick: 3)
        let burst = 1_000
        let path = workload.scratchPath("record-overhead.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }

        Progress.show("record-overhead: without recorder")
        let without = Stopwatch.medianOfMeasured(repetitions: repetitions) {
            let store = Store(
                initialState: Shop.State(), reducer: Shop.reducer, middleware: [Shop.loginMiddleware()])
            var timed = 0.0
            for start in stride(from: 0, to: actions.count, by: burst) {
                let begin = Stopwatch.now()
                for action in actions[start..<min(start + burst, actions.count)] { store.dispatch(action) }
                timed += Stopwatch.now() - begin
            }
            return timed
        }
        Progress.show("record-overhead: with recorder")
        let with = try Stopwatch.medianOfMeasured(repetitions: repetitions) {
            let recorder = try Recorder<Shop.State, Shop.Action>(
                path: path, ifExists: .replace, options: .init(reducer: "shop"))
            let store = Store(
                initialState: Shop.State(), reducer: Shop.reducer,
                middleware: [Shop.loginMiddleware(), recorder.middleware])
            var timed = 0.0
            for start in stride(from: 0, to: actions.count, by: burst) {
                let begin = Stopwatch.now()
                for action in actions[start..<min(start + burst, actions.count)] { store.dispatch(action) }
                timed += Stopwatch.now() - begin
                recorder.flush()
            }
            recorder.close()
            return timed
        }
        let nanoseconds = 1e9 / steps
        return [
            Measurement(
                name: "record-overhead", ours: with * nanoseconds, baseline: without * nanoseconds,
                unit: "ns/dispatch",
                baselineName: "without recorder", target: .differenceAtMost(1000),
                note: "overhead \(Measurement.format((with - without) * nanoseconds)) ns per action")
        ]
    }
}
