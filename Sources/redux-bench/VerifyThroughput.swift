import Foundation
import ReduxInspect

/// `verify-throughput`: steps per second of `redux-inspect verify` on the 100k recording with
/// every state (20k with `--quick`), through the public CLI function with output captured in
/// memory. One file runs on one core (verify spreads files, not steps, across cores), with a
/// second thread decoding its actions ahead.
///
/// The baseline is indexing the same file and parsing every entry into a tree, which verify
/// did until the ninth session (``ReplayRun/run(through:_:)`` still does, for the steps it
/// hands out). Verify now replays with ``ReplayRun/check(through:comparingStates:_:)``: each
/// action decoded from its bytes, each replayed state encoded and compared with the recorded
/// bytes, and a line parsed only when they differ: the ratio says what share of the time of
/// merely parsing the file a verify takes. The note gives `check` alone, without the command
/// around it, and `run`, which parses every entry and makes every state a tree.
enum VerifyThroughput {
    static let benchmark = Benchmark(
        name: "verify-throughput", summary: "steps/s of verify vs reading and parsing every entry",
        sessions: [.shop(.medium)], run: run)

    static func run(_ workload: Workload) throws -> [Measurement] {
        let path = try workload.recording(.medium, states: .everyAction)
        let steps = Double(workload.steps(.medium))
        let repetitions = workload.repetitions(full: 3, quick: 2)
        let inspector = Inspector(reducers: [Goto.shop])

        Progress.show("verify-throughput: verify")
        let verify = try Stopwatch.median(repetitions: repetitions) {
            let context = CLIContext.capturing()
            let status = inspector.run(["verify", path], context: context)
            guard status == 0 else {
                let output = (context.output as? StringSink)?.text ?? ""
                throw BenchError("verify exited with \(status): \(output.prefix(400))")
            }
        }
        Progress.show("verify-throughput: ReplayRun.check")
        let check = try Stopwatch.median(repetitions: repetitions) {
            try requireNoDivergence { run, diverged in
                try run.check { step in
                    if step.divergence?.isEmpty == false { diverged += 1 }
                    return true
                }
            }
        }
        Progress.show("verify-throughput: ReplayRun.run")
        let replay = try Stopwatch.median(repetitions: repetitions) {
            try requireNoDivergence { run, diverged in
                try run.run { step in
                    if step.divergence?.isEmpty == false { diverged += 1 }
                    return true
                }
            }
        }
        Progress.show("verify-throughput: parse entries")
        let read = try Stopwatch.median(repetitions: repetitions) {
            let recording = try Recording(path: path)
            for index in recording.steps.indices { _ = try recording.entry(at: index) }
        }
        /// Replays the recording with `replay`, which counts the steps that diverge: none may.
        func requireNoDivergence(_ replay: (ReplayRun, inout Int) throws -> Void) throws {
            var diverged = 0
            try replay(ReplayRun(recording: try Recording(path: path), reducer: Goto.shop), &diverged)
            guard diverged == 0 else { throw BenchError("verify-throughput: \(diverged) steps diverge") }
        }
        return [
            Measurement(
                name: "verify-throughput", ours: steps / verify, baseline: steps / read, unit: "steps/s",
                baselineName: "parse entries",
                note: "ReplayRun.check alone \(Measurement.format(steps / check)) steps/s, "
                    + "ReplayRun.run (every entry parsed, every state a tree) \(Measurement.format(steps / replay)) steps/s")
        ]
    }
}
