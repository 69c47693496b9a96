import Foundation
import Redux
import ReduxExamples

/// `record-overhead`: what the ``Recorder`` costs the dispatching thread per action, with the
/// default options (state after every action, queue of 4096, system clock), against the same
/// store without it. The time is the dispatching thread's own processor time, so the writer
/// thread (and other processes) taking turns on a busy machine do not count as dispatch cost;
/// what the writer costs the dispatching thread through shared memory still does.
///
/// The shop session is dispatched in bursts of 1,000 actions that fit the queue, as an app's
/// bursts do; only the dispatch loops are timed. Between bursts the recorder is flushed, off
/// the clock, so the writer thread never makes a dispatch wait: a full queue would measure the
/// writer's speed instead (that is `record-sustained`). Runs with and without the recorder
/// alternate, each figure is the median of its runs.
enum RecordOverhead {
    static let benchmark = Benchmark(
        name: "record-overhead", summary: "ns per dispatched action with the Recorder attached vs without",
        sessions: [.shop(.medium)], run: run)

    static func run(_ workload: Workload) throws -> [Measurement] {
        let actions = Array(ShopScript(steps: workload.steps(.medium)))
        let steps = Double(actions.reduce(0) { $0 + ShopScript.recordedSteps(of: $1) })
        let repetitions = workload.repetitions(full: 7, quick: 5)
        let burst = 1_000
        let path = workload.scratchPath("record-overhead.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }

        /// Seconds the dispatch loops of a new store take, burst by burst: the dispatching
        /// thread's processor time, and the time on the clock, which also counts what the
        /// thread waits for (the writer thread or another process on its core, a lock);
        /// `afterBurst` runs off both clocks.
        func timeBursts(
            _ middleware: [Middleware<Shop.State, Shop.Action>], afterBurst: () -> Void = {}
        ) -> (processor: Double, clock: Double) {
            let store = Store(
                initialState: Shop.State(), reducer: Shop.reducer, middleware: [Shop.loginMiddleware()] + middleware)
            var timed = (processor: 0.0, clock: 0.0)
            for start in stride(from: 0, to: actions.count, by: burst) {
                let begin = (processor: Stopwatch.threadTime(), clock: Stopwatch.now())
                for action in actions[start..<min(start + burst, actions.count)] { store.dispatch(action) }
                timed.processor += Stopwatch.threadTime() - begin.processor
                timed.clock += Stopwatch.now() - begin.clock
                afterBurst()
            }
            return timed
        }
        let without = { timeBursts([]) }
        let with = {
            let recorder = try Recorder<Shop.State, Shop.Action>(
                path: path, ifExists: .replace, options: .init(reducer: "shop"))
            defer { recorder.close() }
            return timeBursts([recorder.middleware], afterBurst: recorder.flush)
        }
        // The two runs alternate, so that a change in the machine's load (other processes on
        // a shared machine) falls on both alike instead of on whichever ran second.
        var withoutSamples: [Double] = []
        var withSamples: [Double] = []
        var withoutClock: [Double] = []
        var withClock: [Double] = []
        for repetition in 0...repetitions {
            Progress.show("record-overhead: repetition \(repetition) of \(repetitions)")
            let pair = (without(), try with())
            guard repetition > 0 else { continue }  // the warm-up pair
            withoutSamples.append(pair.0.processor)
            withSamples.append(pair.1.processor)
            withoutClock.append(pair.0.clock)
            withClock.append(pair.1.clock)
        }
        let withoutMedian = Stopwatch.median(withoutSamples)
        let withMedian = Stopwatch.median(withSamples)
        let nanoseconds = 1e9 / steps
        // Worked out as the processor figure is, from the two medians.
        let clockOverhead = (Stopwatch.median(withClock) - Stopwatch.median(withoutClock)) * nanoseconds
        return [
            Measurement(
                name: "record-overhead", ours: withMedian * nanoseconds, baseline: withoutMedian * nanoseconds,
                unit: "ns/dispatch",
                baselineName: "without recorder", target: .differenceAtMost(1000),
                note: "overhead \(Measurement.format((withMedian - withoutMedian) * nanoseconds)) ns per action; "
                    + "on the clock \(Measurement.format(clockOverhead)) ns (the waits for a core included)")
        ]
    }
}
