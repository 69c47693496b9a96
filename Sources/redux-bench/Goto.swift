import Foundation
import Redux
import ReduxExamples
import ReduxInspect

/// `goto`: time travel on the large recordings (1M steps; 100k with `--quick`).
///
/// - `goto-states`: latency of ``Timeline/state(after:)`` at random steps (seeded) of the
///   recording with every state; baseline: parsing the same lines with ``JSONParser``, the
///   least a jump there can do.
/// - `goto-replay`: the same on the recording without states, where each state is replayed
///   from the nearest checkpoint, after a first jump to the step before the last has made them
///   all; baseline: `goto-states`.
/// - `goto-first`: that first jump, on a fresh timeline — a replay of every step from the
///   initial state (the last step itself would not do: the end marker holds its state);
///   baseline: a warm `goto-replay` jump. The note gives the least any replay needs: the
///   time the same session takes to dispatch into a `Store`, reading nothing.
/// - `goto-idle`: the same first jump, on a fresh timeline whose checkpoints were first filled
///   as `step` fills them while its prompt waits for a command
///   (``Timeline/fillCheckpoints(replaying:)``, in slices of ``idleSlice`` actions); baseline:
///   `goto-first`. The note gives how long the filling took: a jump typed that long after the
///   prompt came is this fast.
/// - `goto-sparse`: first jumps, each on a fresh timeline, into a recording that holds the
///   state every ``sparseInterval`` steps (`statePolicy: .every(1000)`), from which the timeline
///   replays at most that many steps; baseline: `goto-first`.
/// - `goto-index`: MB/s of indexing the with-states file (``Recording/init(path:strict:)``),
///   the build alone: the recording of the repetition before is released before the clock
///   starts (the note gives what that costs); baseline: a newline count of the same file.
/// - `goto-memory`: see ``GotoMemory``.
enum Goto {
    static let benchmark = Benchmark(
        name: "goto",
        summary: "ms per jump to random steps of 1M-step recordings, index build, memory per step",
        lines: ["goto-states", "goto-replay", "goto-first", "goto-idle", "goto-sparse", "goto-index", "goto-memory"],
        sessions: [.shop(.large)], run: run)

    /// Actions replayed in a slice of `goto-idle`'s filling: what `step`'s idle replay settles
    /// on for the shop on this machine (slices of about 10 ms).
    static let idleSlice = 8192

    static let shop = InspectableReducer(name: "shop", reducer: Shop.reducer, initialState: Shop.State())

    static func run(_ workload: Workload) throws -> [Measurement] {
        let statesPath = try workload.recording(.large, states: .everyAction)
        let actionsPath = try workload.recording(.large, states: .never)
        let steps = workload.steps(.large)
        let jumps = workload.quick ? 200 : 1_000
        let targets = randomSteps(jumps, below: steps)
        let stepLabel = "\(Measurement.format(Double(steps))) steps"
        var measurements: [Measurement] = []

        Progress.show("goto: index")
        let megabytes = Double(Workload.size(statesPath)) / 1e6
        let repetitions = workload.repetitions(full: 3, quick: 2)
        var recording: Recording?
        // Only the build is timed. The recording of the run before is released first, off
        // the clock: unmapping a file whose pages were all read is the kernel's work on another
        // recording (tens of milliseconds for the large file), which a process pays when it exits.
        var releases: [Double] = []
        let index = try Stopwatch.medianOfMeasured(repetitions: repetitions) {
            if recording != nil { releases.append(Stopwatch.time { recording = nil }) }
            return try Stopwatch.time { recording = try Recording(path: statesPath) }
        }
        let newlines = try Stopwatch.median(repetitions: repetitions) {
            _ = try NewlineCount.count(path: statesPath)
        }
        guard let states = recording else { throw BenchError("goto: \(statesPath) was not indexed") }
        try requireSteps(states, steps, statesPath)

        Progress.show("goto: jumps with states")
        let timeline = Timeline(recording: states, reducer: shop)
        let withStates = try latencies(targets) { _ = try timeline.state(after: $0) }
        let lines = try MappedLines(path: statesPath)
        let parse = try latencies(targets) { step in
            _ = try JSONParser.parse(lines.line(states.steps[step].line - 1))
        }
        measurements.append(
            Measurement(
                name: "goto-states", ours: Stopwatch.median(withStates), baseline: Stopwatch.median(parse),
                unit: "ms", baselineName: "parse the line", target: .atMost(10),
                note: spread(withStates, stepLabel)))

        Progress.show("goto: first jump without states")
        let actions = try Recording(path: actionsPath)
        try requireSteps(actions, steps, actionsPath)
        let replayTimeline = Timeline(recording: actions, reducer: shop)
        // The last step is not a fair far jump: the end marker holds its state.
        let first = try Stopwatch.time { _ = try replayTimeline.state(after: steps - 2) } * 1000
        // What no replay can avoid: the app's own reducer and middleware on every step.
        Progress.show("goto: the session's dispatches alone")
        let dispatches = Stopwatch.time {
            let store = Store(
                initialState: Shop.State(), reducer: Shop.reducer, middleware: [Shop.loginMiddleware()])
            for action in ShopScript(steps: steps) { store.dispatch(action) }
        } * 1000
        Progress.show("goto: jumps without states")
        let replayed = try latencies(targets) { _ = try replayTimeline.state(after: $0) }
        measurements.append(
            Measurement(
                name: "goto-replay", ours: Stopwatch.median(replayed), baseline: Stopwatch.median(withStates),
                unit: "ms", baselineName: "goto-states", target: .atMost(10),
                note: spread(replayed, "after a first jump")))
        measurements.append(
            Measurement(
                name: "goto-first", ours: first, baseline: Stopwatch.median(replayed), unit: "ms",
                baselineName: "warm goto-replay", target: .atMost(10),
                note:
                    "fresh timeline to step \(steps - 1) of \(steps), one run; dispatching the session "
                    + "into a Store alone takes \(Measurement.format(dispatches)) ms"))

        Progress.show("goto: the first jump after filling the checkpoints, as step's waiting prompt does")
        let idleTimeline = Timeline(recording: actions, reducer: shop)
        var slices = 1
        let fill = Stopwatch.time { while idleTimeline.fillCheckpoints(replaying: idleSlice) { slices += 1 } } * 1000
        let afterIdle = try Stopwatch.time { _ = try idleTimeline.state(after: steps - 2) } * 1000
        measurements.append(
            Measurement(
                name: "goto-idle", ours: afterIdle, baseline: first, unit: "ms", baselineName: "goto-first",
                target: .atMost(10),
                note:
                    "to step \(steps - 1), one run, after filling the checkpoints as step does while its prompt "
                    + "waits: \(Measurement.format(fill)) ms in \(slices) slices of \(idleSlice) actions"))

        Progress.show("goto: first jumps with a state every \(sparseInterval) steps")
        let sparsePath = try workload.recording(.large, states: .every(sparseInterval))
        let sparse = try Recording(path: sparsePath)
        try requireSteps(sparse, steps, sparsePath)
        let firstJumps = try latencies(targets) { step in
            // A fresh timeline each time: nothing replayed before helps.
            _ = try Timeline(recording: sparse, reducer: shop).state(after: step)
        }
        measurements.append(
            Measurement(
                name: "goto-sparse", ours: Stopwatch.median(firstJumps), baseline: first, unit: "ms",
                baselineName: "goto-first", target: .atMost(10),
                note: spread(
                    firstJumps,
                    "each the first on its timeline; a state every \(sparseInterval) steps: "
                        + "\(Measurement.format(Double(Workload.size(sparsePath)) / 1e6)) MB, "
                        + "\(Measurement.format(sizeIncrease(sparsePath, over: actionsPath)))% more than without states"
                )))
        measurements.append(
            Measurement(
                name: "goto-index", ours: megabytes / index, baseline: megabytes / newlines, unit: "MB/s",
                baselineName: "newline count", target: .ratioAtLeast(0.5),
                note:
                    "\(Measurement.format(index * 1000)) ms for \(Measurement.format(megabytes)) MB, \(stepLabel); "
                    + "releasing the recording of the run before, not counted: "
                    + "\(Measurement.format(Stopwatch.median(releases.map { $0 * 1000 }))) ms"
            ))
        measurements.append(
            try GotoMemory.measure(statesPath: statesPath, actionsPath: actionsPath, steps: steps))
        return measurements
    }

    /// Throws unless `recording` has `steps` steps, those the jumps go to: a jump past the last
    /// step traps (``Timeline/state(after:)`` takes a step that exists), and a benchmark given
    /// bad data must fail with a message, not stop the run.
    private static func requireSteps(_ recording: Recording, _ steps: Int, _ path: String) throws {
        guard recording.steps.count == steps else {
            throw BenchError("goto: \(path) holds \(recording.steps.count) steps, not \(steps)")
        }
    }

    /// How often the recording for `goto-sparse` holds a state (`statePolicy: .every(1000)`).
    static let sparseInterval = 1_000

    /// How much larger the file at `path` is than the one at `other`, in percent.
    private static func sizeIncrease(_ path: String, over other: String) -> Double {
        (Double(Workload.size(path)) / Double(Workload.size(other)) - 1) * 100
    }

    /// `count` random step indices below `limit`, the same on every run.
    static func randomSteps(_ count: Int, below limit: Int) -> [Int] {
        var random = SplitMix64(seed: 0x60_70)
        return (0..<count).map { _ in Int.random(in: 0..<limit, using: &random) }
    }

    /// Milliseconds of `jump` for each step.
    private static func latencies(_ steps: [Int], _ jump: (Int) throws -> Void) throws -> [Double] {
        try steps.map { step in try Stopwatch.time { try jump(step) } * 1000 }
    }

    private static func spread(_ samples: [Double], _ remark: String) -> String {
        "p99 \(Measurement.format(Stopwatch.percentile(samples, 0.99))) ms, max \(Measurement.format(samples.max() ?? .nan)) ms, "
            + "\(samples.count) jumps, \(remark)"
    }
}
