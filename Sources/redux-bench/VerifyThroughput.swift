import Foundation
import ReduxInspect

/// `verify-throughput`: steps per second of `redux-inspect verify` on the 100k recording with
/// every state (20k with `--quick`), through the public CLI function with output captured in
/// memory. One file runs on one core (verify spreads files, not steps, across cores).
///
/// The baseline is reading alone: indexing the same file and parsing every entry, which any
/// verify must do. The ratio is the share of the time left for the replay proper — decoding
/// each action, running the reducer, encoding the state and comparing it with the recorded one;
/// the note gives ``ReplayRun`` alone, without the verify command around it.
enum VerifyThroughput {
    static let benchmark = Benchmark(
        name: "verify-throughput", summary: "steps/s of verify vs reading and parsing every entry", run: run)

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
        Progress.show("verify-throughput: ReplayRun")
        let replay = try Stopwatch.median(repetitions: repetitions) {
            var diverged = 0
            try ReplayRun(recording: try Recording(path: path), reducer: Goto.shop).run { step in
                if step.divergence?.isEmpty == false { diverged += 1 }
                return true
            }
            guard diverged == 0 else { throw BenchError("verify-throughput: \(diverged) steps diverge") }
        }
        Progress.show("verify-throughput: parse entries")
        let read = try Stopwatch.median(repetitions: repetitions) {
            let recording = try Recording(path: path)
            for index in recording.steps.indices { _ = try recording.entry(at: index) }
        }
        return [
            Measurement(
                name: "verify-throughput", ours: steps / verify, baseline: steps / read, unit: "steps/s",
                baselineName: "parse entries",
                note: "ReplayRun alone \(Measurement.format(steps / replay)) steps/s")
        ]
    }
}
