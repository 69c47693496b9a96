import Foundation
import ReduxInspect

/// `diff-throughput`: MB/s of what `redux-inspect diff` does over a recording that holds every
/// state — index the file, parse every entry, diff each state against the one before, on every
/// core as the command does — on the 100k recording (20k with `--quick`). The changes are
/// kept as the command's text output takes them (addresses and checked value bytes);
/// formatting them is left out. The note gives the same diff on one thread, the same diff
/// making `JSONChange`s (as the library's callers and the JSON formats take them), and the
/// whole `diff` command, text output included (run in process, its output counted and
/// dropped).
///
/// Two baselines over the same file, already in the page cache:
/// - `diff-vs-jq`: `jq -c . FILE > /dev/null`, a separate process (skipped when `jq` is not on
///   the `PATH`). It parses and prints every line, diffs nothing.
/// - `diff-vs-wc`: a newline count in process (`read(2)` + `memchr`, what `wc -l` does): the
///   speed of merely reading the file. The note adds `wc -l` itself, process start included
///   (started with `posix_spawn`, which costs about a millisecond).
enum DiffThroughput {
    static let benchmark = Benchmark(
        name: "diff-throughput",
        summary: "MB/s diffing every consecutive state vs jq -c . and a newline count",
        lines: ["diff-vs-jq", "diff-vs-wc"], sessions: [.shop(.medium)], run: run)

    static func run(_ workload: Workload) throws -> [Measurement] {
        let path = try workload.recording(.medium, states: .everyAction)
        let megabytes = Double(Workload.size(path)) / 1e6
        let repetitions = workload.repetitions(full: 3, quick: 2)

        Progress.show("diff-throughput: ours")
        var changes = 0
        let ours = try Stopwatch.median(repetitions: repetitions) { changes = try diffAll(path) }
        guard changes > 0 else { throw BenchError("diff-throughput: no changes found in \(path)") }
        Progress.show("diff-throughput: ours on one thread")
        var oneThreadChanges = 0
        let oneThread = try Stopwatch.median(repetitions: repetitions) {
            oneThreadChanges = try diffAll(path, workers: 1)
        }
        guard oneThreadChanges == changes else {
            throw BenchError("diff-throughput: \(oneThreadChanges) changes on one thread, \(changes) on all")
        }

        Progress.show("diff-throughput: ours making JSONChanges")
        var jsonChangeCount = 0
        let withJSONChanges = try Stopwatch.median(repetitions: repetitions) {
            jsonChangeCount = try diffAll(path, jsonChanges: true)
        }
        guard jsonChangeCount == changes else {
            throw BenchError("diff-throughput: \(jsonChangeCount) JSONChanges, \(changes) raw changes")
        }
        Progress.show("diff-throughput: the diff command")
        let command = try Stopwatch.median(repetitions: repetitions) { try runCommand(path) }

        Progress.show("diff-throughput: newline count")
        let newlines = try Stopwatch.median(repetitions: repetitions * 3) {
            _ = try NewlineCount.count(path: path)
        }
        var wcNote = ""
        if let wc = ExternalCommand(named: "wc") {
            let seconds = try Stopwatch.median(repetitions: repetitions) { try wc.run(["-l", path]) }
            wcNote = ", wc -l incl. start-up \(Measurement.format(megabytes / seconds)) MB/s"
        }
        var measurements: [Measurement] = []
        if let jq = ExternalCommand(named: "jq") {
            Progress.show("diff-throughput: jq -c .")
            let jqSeconds = try Stopwatch.median(repetitions: repetitions) { try jq.run(["-c", ".", path]) }
            measurements.append(
                Measurement(
                    name: "diff-vs-jq", ours: megabytes / ours, baseline: megabytes / jqSeconds, unit: "MB/s",
                    baselineName: "jq -c .", target: .ratioAtLeast(10)))
        } else {
            measurements.append(
                Measurement(
                    name: "diff-vs-jq", ours: megabytes / ours, baseline: .nan, unit: "MB/s",
                    baselineName: "jq -c .",
                    note: "skipped: jq is not on the PATH"))
        }
        measurements.append(
            Measurement(
                name: "diff-vs-wc", ours: megabytes / ours, baseline: megabytes / newlines, unit: "MB/s",
                baselineName: "newline count", target: .ratioAtLeast(0.2),
                note:
                    "\(Measurement.format(megabytes)) MB, \(changes) changes, one thread \(Measurement.format(megabytes / oneThread)) MB/s, making JSONChanges \(Measurement.format(megabytes / withJSONChanges)) MB/s, the diff command with its text \(Measurement.format(megabytes / command)) MB/s\(wcNote); 200 MB/s: \(megabytes / ours >= 200 ? "met" : "NOT MET")"
            ))
        return measurements
    }

    /// Runs `redux-inspect diff FILE` in process, as a user would, with `reducer` (the shop's
    /// by default) and the text it prints counted and dropped.
    static func runCommand(_ path: String, reducer: InspectableReducer = Goto.shop) throws {
        let output = CountingSink()
        let context = CLIContext(
            output: output, error: output, readLine: { nil }, outputIsTerminal: false, errorIsTerminal: false,
            inputIsTerminal: false, environment: [:])
        let status = Inspector(reducers: [reducer]).run(["diff", path], context: context)
        guard status == 0, output.bytes > 0 else {
            throw BenchError("diff exited with \(status) after \(output.bytes) bytes of output")
        }
    }

    /// Every consecutive diff of a recording, as `redux-inspect diff` computes it: from the
    /// lines' bytes where both states are recorded (`RecordedStateDiffer`), in chunks on every
    /// core (or on `workers` threads), else from parsed states on this thread; returns the
    /// number of changes. The changes are kept as the text output takes them, as addresses
    /// and checked value bytes (`rawChanges(at:)`), or with `jsonChanges` made into
    /// `JSONChange`s (`changes(at:)`), as the library's callers and the JSON formats take them.
    static func diffAll(
        _ path: String, workers: Int = ProcessInfo.processInfo.activeProcessorCount, jsonChanges: Bool = false
    ) throws -> Int {
        let recording = try Recording(path: path)
        var changes = 0
        try RecordedStateDiffer.forEachChunk(of: recording, steps: recording.steps.indices, workers: workers) {
            differ, chunk in
            var count = 0
            var replay: [Int] = []
            for index in chunk {
                if jsonChanges, let step = differ.changes(at: index) {
                    count += step.changes.count
                } else if !jsonChanges, let step = differ.rawChanges(at: index) {
                    count += step.count
                } else {
                    replay.append(index)
                }
            }
            return (count, replay)
        } consume: { (chunk: (count: Int, replay: [Int])) throws in
            changes += chunk.count
            for index in chunk.replay {
                guard let state = try recording.entry(at: index).state else { continue }
                let previous = index > 0 ? try recording.entry(at: index - 1).state : recording.header?.initialState
                if let previous { changes += JSONDiff.changes(from: previous, to: state).count }
            }
        }
        return changes
    }
}

/// Output that is counted, not kept: the benchmark times making the text, not keeping it.
private final class CountingSink: TextSink {
    private(set) var bytes = 0

    func write(_ text: String) {
        bytes += text.utf8.count
    }

    func write(utf8 bytes: [UInt8]) {
        self.bytes += bytes.count
    }
}
