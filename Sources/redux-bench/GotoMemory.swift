import Foundation
import ReduxInspect

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `goto-memory`: memory per step of an indexed recording, measured in a fresh child process
/// per file (`redux-bench --probe-memory FILE`) so that nothing else in the run counts.
///
/// The figure is the growth of anonymous resident memory (`RssAnon` in `/proc/self/status`:
/// the heap, what the process owns) across ``Recording/init(path:strict:)``, divided by the
/// steps. Ours is the recording with a state after every action, the baseline the one without
/// states: the same steps, states ten times the size of the actions. A ratio near 1 says the
/// index does not grow with the states. The note adds the growth after a jump to the step
/// before the last and random jumps (replay checkpoints), and the peak RSS (`ru_maxrss`), which
/// also counts the file's pages mapped in the page cache — the kernel's to drop, not ours —
/// read from `VmHWM` where there is one.
enum GotoMemory {
    /// What a child process reports, in kB.
    struct Report {
        var values: [String: Int] = [:]

        subscript(key: String) -> Int { values[key] ?? 0 }

        /// Bytes per step of growth from `start` to `key`.
        func perStep(_ key: String, from start: String = "anon-start") -> Double {
            Double(self[key] - self[start]) * 1024 / Double(max(self["steps"], 1))
        }
    }

    static func measure(statesPath: String, actionsPath: String, steps: Int) throws -> Measurement {
        Progress.show("goto: memory with states")
        let states = try probe(statesPath)
        Progress.show("goto: memory without states")
        let actions = try probe(actionsPath)
        guard states["steps"] == steps, actions["steps"] == steps else {
            throw BenchError("goto-memory: wrong step count")
        }
        guard states.values["anon-index"] != nil else {
            return Measurement(
                name: "goto-memory", ours: .nan, baseline: .nan, unit: "B/step",
                baselineName: "without states",
                note:
                    "skipped: no /proc/self/status; peak RSS \(states["maxrss"] / 1024) MB / \(actions["maxrss"] / 1024) MB"
            )
        }
        let note =
            "after jumps \(Measurement.format(states.perStep("anon-goto"))) / \(Measurement.format(actions.perStep("anon-goto"))) B/step; "
            + "peak RSS \(states["maxrss"] / 1024) MB / \(actions["maxrss"] / 1024) MB "
            + "(file pages \(states["file-goto"] / 1024) MB / \(actions["file-goto"] / 1024) MB)"
        return Measurement(
            name: "goto-memory", ours: states.perStep("anon-index"), baseline: actions.perStep("anon-index"),
            unit: "B/step",
            baselineName: "without states", target: .ratioAtMost(1.5), note: note)
    }

    /// Runs the probe in a child process and reads its report.
    private static func probe(_ path: String) throws -> Report {
        let output = try ExternalCommand(path: ownExecutable()).output(["--probe-memory", path])
        var report = Report()
        for field in output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = field.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { report.values[String(parts[0])] = value }
        }
        return report
    }

    private static func ownExecutable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
    }

    /// The child's side: index `path`, jump around it, print what memory it took as
    /// `key=value` pairs in kB (and `steps`).
    static func runProbe(path: String) throws -> String {
        var fields: [(String, Int)] = []
        func sample(_ suffix: String) {
            let status = processStatus()
            if let anon = status["RssAnon"] { fields.append(("anon-\(suffix)", anon)) }
            if let file = status["RssFile"] { fields.append(("file-\(suffix)", file)) }
        }
        sample("start")
        let recording = try Recording(path: path)
        sample("index")
        // The jumps below need a step before the last; fewer would trap, not throw.
        guard recording.steps.count >= 2 else { throw BenchError("\(path) holds fewer than 2 steps") }
        let timeline = Timeline(recording: recording, reducer: Goto.shop)
        _ = try timeline.state(after: recording.steps.count - 2)
        for step in Goto.randomSteps(200, below: recording.steps.count) {
            _ = try timeline.state(after: step)
        }
        sample("goto")
        // The peak RSS: VmHWM where there is one (ru_maxrss would carry the parent's peak
        // over fork and exec on Linux), else ru_maxrss (kB on Linux, bytes on macOS).
        let maxRSS: Int
        if let peak = processStatus()["VmHWM"] {
            maxRSS = peak
        } else {
            var usage = rusage()
            #if canImport(Glibc)
                getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
                maxRSS = Int(usage.ru_maxrss)
            #else
                getrusage(RUSAGE_SELF, &usage)
                maxRSS = Int(usage.ru_maxrss) / 1024
            #endif
        }
        fields.append(("maxrss", maxRSS))
        fields.append(("steps", recording.steps.count))
        withExtendedLifetime(timeline) {}
        return fields.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
    }

    /// The kB fields of `/proc/self/status`, empty where there is none.
    private static func processStatus() -> [String: Int] {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return [:] }
        var fields: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let number = parts[1].split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
            if let number { fields[String(parts[0])] = number }
        }
        return fields
    }
}
