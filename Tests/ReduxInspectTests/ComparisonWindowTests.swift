import Foundation
import Testing

@testable import ReduxInspect

/// `verify` compares the replayed states with the recorded ones a window at a time on more
/// than one core (``ComparisonWindow``), and must see exactly what one core sees: the same
/// steps, divergences, parsed entries and end comparison, and the same error after the same
/// steps, whatever the window holds when a step differs, fails or stops the replay.
@Suite struct ComparisonWindowTests {
    typealias Support = CLITestSupport

    /// Each step as `check` hands it out, then the end comparison or the error.
    private func visits(_ path: String, cores: Int, stoppingAt stop: Int? = nil) throws -> [String] {
        let recording = try Recording(path: path)
        let name = recording.reducerName ?? "counter"
        let run = ReplayRun(recording: recording, reducer: try TimelineTests.reducer(name))
        var lines: [String] = []
        do throws(InspectorError) {
            let end = try run.check(through: nil, comparingStates: true, cores: cores) { step in
                let divergence = step.divergence.map { DiffTextFormatter().format($0) }
                lines.append(
                    "\(step.index) seq \(step.seq) line \(step.entry.map { String($0.line) } ?? "-") "
                        + "after \(step.after?.compactText ?? "-") gap \(step.gapBefore.map { String($0.after) } ?? "-") "
                        + "divergence \(divergence ?? "-")")
                return step.seq != stop
            }
            lines.append(
                "end \(end.map { "\($0.replayed.compactText) \(DiffTextFormatter().format($0.divergence)) \($0.afterGap)" } ?? "-")")
        } catch {
            lines.append("error: \(error)")
        }
        return lines
    }

    /// A counter recording of `steps` steps with a state on each but every 7th, as the recorder
    /// writes them; `change` may rewrite a step's line.
    private func counter(
        steps: Int, in directory: CLITemporaryDirectory, _ change: (Int, String) -> String? = { _, line in line }
    ) throws -> String {
        var lines = [#"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#]
        var count = 0
        for seq in 1...steps {
            let n = (seq * 37) % 11 - 5
            count += n
            var line = #"{"seq":\#(seq),"type":"incrementBy","action":{"incrementBy":{"n":\#(n)}}"#
            if seq % 7 != 0 { line += #","state":{"count":\#(count)}"# }
            if let changed = change(seq, line + "}") { lines.append(changed) }
        }
        lines.append(#"{"end":{"seq":\#(steps),"state":{"count":\#(count)}}}"#)
        return try directory.file("counter-\(UUID().uuidString).jsonl", lines: lines)
    }

    private func expectSame(_ path: String, stoppingAt stop: Int? = nil) throws {
        try Support.expectSameOnEveryCoreCount(atLeast: 2) { cores in try visits(path, cores: cores, stoppingAt: stop) }
    }

    @Test func theFixturesAndTheCheckRecordings() throws {
        for fixture in Support.fixtures { try expectSame(fixture) }
        let directory = try CLITemporaryDirectory()
        for (which, lines) in ReplayCheckTests.recordings.enumerated() {
            try expectSame(try directory.file("check-\(which).jsonl", lines: lines))
        }
    }

    /// Several windows of states that match, with states that differ, one written with other
    /// spaces (parsed to find it the same), a gap, and long enough (5,000 steps) for the
    /// actions to be decoded ahead.
    @Test func longRecordingsWithDifferencesAndAGap() throws {
        let directory = try CLITemporaryDirectory()
        try expectSame(try counter(steps: 700, in: directory))
        let differing = try counter(steps: 5000, in: directory) { seq, line in
            switch seq {
            case 130, 131, 2222: line.replacingOccurrences(of: #""count":"#, with: #""count":1000"#)
            case 300: line.replacingOccurrences(of: #""count":"#, with: #" "count" : "#)
            case 3001, 3002: nil
            default: line
            }
        }
        let one = try visits(differing, cores: 1)
        #expect(one.count == 4999, "two steps are missing")
        #expect(one.filter { $0.contains("divergence ~ count") }.count == 3)
        #expect(one.contains { $0.hasPrefix("3000 seq 3003") && $0.contains("gap 3000") })
        try expectSame(differing)
    }

    /// A visitor that stops within a window: the steps replayed ahead of it are not handed
    /// out, and an error among them is not reported.
    @Test func aVisitorThatStops() throws {
        let directory = try CLITemporaryDirectory()
        let path = try counter(steps: 600, in: directory) { seq, line in
            seq == 210 ? line.replacingOccurrences(of: #""count":"#, with: #""count":"# + "}") : line
        }
        let stopped = try visits(path, cores: 2, stoppingAt: 200)
        #expect(stopped.count == 201 && stopped.last == "end -", "\(stopped.suffix(2))")
        try expectSame(path, stoppingAt: 200)
    }

    /// A state that is not JSON, and an action the reducer cannot decode, within a window:
    /// the steps before them are handed out, then the first error.
    @Test func stepsThatFailWithinAWindow() throws {
        let directory = try CLITemporaryDirectory()
        let malformed = try counter(steps: 600, in: directory) { seq, line in
            seq == 250 ? line.replacingOccurrences(of: #""state":{"count":"#, with: #""state":{"count":0"#) : line
        }
        let one = try visits(malformed, cores: 1)
        #expect(one.count == 250 && one.last?.contains(":251:") == true, "\(one.suffix(2))")
        try expectSame(malformed)
        let undecodable = try counter(steps: 600, in: directory) { seq, line in
            seq == 140 ? line.replacingOccurrences(of: #""n":"#, with: #""n":"x","m":"#) : line
        }
        #expect(try visits(undecodable, cores: 1).count == 140)
        try expectSame(undecodable)
    }

    /// A replayed state that cannot be encoded, reported where it is compared.
    @Test(arguments: ReplayCheckTests.unencodable.indices)
    func aStateThatCannotBeEncoded(_ which: Int) throws {
        let directory = try CLITemporaryDirectory()
        let path = try directory.file("nan-\(which).jsonl", lines: ReplayCheckTests.unencodable[which].lines)
        try Support.expectSameOnEveryCoreCount { cores in try visits(path, cores: cores) }
    }
}
