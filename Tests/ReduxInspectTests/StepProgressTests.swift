import ExampleInspector
import Testing

@testable import ReduxInspect

/// The progress line of long commands: on a terminal only, after the delay, and always taken
/// away again.
@Suite struct StepProgressTests {
    static func errorText(_ context: CLIContext) -> String {
        (context.error as? StringSink)?.text ?? ""
    }

    @Test func onATerminalTheLineShowsTheStepAndIsTakenAway() {
        let context = CLIContext.capturing(outputIsTerminal: true)
        let progress = StepProgress(context, label: "bisect", total: 5000, delay: 0)
        progress.update(0)
        // Within the same 1,024 steps the clock is not read again.
        progress.update(10)
        progress.clear()
        progress.clear()
        #expect(Self.errorText(context) == "\rbisect: step 1 of 5000…\u{1B}[K\r\u{1B}[K")
    }

    /// A line longer than the terminal wraps, and `\r` goes back to its last row only: each
    /// update used to leave a row behind on a narrow terminal. The line is made to fit by
    /// leaving out the total, then the label, then the word, so that the step is not a cut
    /// number (at 20 columns it read "step 40…" at step 400,385); only a terminal narrower
    /// than the number cuts it.
    @Test(arguments: [
        (80, "replaying: step 400385 of 999999…"), (25, "replaying: step 400385…"), (20, "step 400385…"),
        (8, "400385…"), (6, "4003…"),
    ])
    func theLineIsMadeToFitTheTerminalsWidth(columns: Int, shown: String) {
        let context = CLIContext.capturing(outputIsTerminal: true, environment: ["COLUMNS": String(columns)])
        StepProgress(context, label: "replaying", total: 999_999, delay: 0).update(400_384)
        #expect(Self.errorText(context) == "\r\(shown)\u{1B}[K")
    }

    @Test func aLinePrintedPutsTheProgressAwayForTheDelay() {
        let context = CLIContext.capturing(outputIsTerminal: true)
        let progress = StepProgress(context, label: "blame", total: 5000, delay: 0)
        progress.update(0)
        progress.willPrint()
        progress.update(2000)
        #expect(
            Self.errorText(context)
                == "\rblame: step 1 of 5000…\u{1B}[K\r\u{1B}[K\rblame: step 2001 of 5000…\u{1B}[K")

        let slow = CLIContext.capturing(outputIsTerminal: true)
        let waiting = StepProgress(slow, label: "blame", total: 5000, delay: 60_000_000_000)
        waiting.willPrint()
        waiting.update(2000)
        #expect(Self.errorText(slow).isEmpty)
    }

    /// `reverse-continue` searches back: its steps come down, and its line, without a total,
    /// gets shorter as the count loses a digit.
    @Test func aLineGoingBackCountsDownAndErasesWhatItLeaves() {
        let context = CLIContext.capturing(outputIsTerminal: true)
        let progress = StepProgress(context, label: "reverse-continue", total: nil, delay: 0)
        progress.update(10_000)
        progress.willPrint()
        // Within 1,024 steps of the last look, going back, the clock is not read again.
        progress.update(9_500)
        progress.update(8_000)
        progress.clear()
        #expect(
            Self.errorText(context)
                == "\rreverse-continue: step 10001…\u{1B}[K\r\u{1B}[K"
                + "\rreverse-continue: step 8001…\u{1B}[K\r\u{1B}[K")
    }

    @Test func notOffATerminalNorOnADumbOneNorBeforeTheDelay() {
        let piped = CLIContext.capturing()
        let progress = StepProgress(piped, label: "blame", total: 5000, delay: 0)
        for index in 0..<5000 { progress.update(index) }
        progress.clear()
        #expect(Self.errorText(piped).isEmpty)

        let dumb = CLIContext.capturing(outputIsTerminal: true, environment: ["TERM": "dumb"])
        let cannotErase = StepProgress(dumb, label: "blame", total: 5000, delay: 0)
        for index in 0..<5000 { cannotErase.update(index) }
        cannotErase.clear()
        #expect(Self.errorText(dumb).isEmpty)

        let terminal = CLIContext.capturing(outputIsTerminal: true)
        let early = StepProgress(terminal, label: "blame", total: 5000, delay: 60_000_000_000)
        for index in 0..<5000 { early.update(index) }
        early.clear()
        #expect(Self.errorText(terminal).isEmpty)
    }

    @Test func aBlameOnATerminalLeavesNoProgressInItsOutput() throws {
        let context = CLIContext.capturing(outputIsTerminal: true)
        let status = Inspector.examples.run(["blame", CLITestSupport.fixture("shop.jsonl"), "cart.total"], context: context)
        #expect(status == 0)
        let output = (context.output as? StringSink)?.text ?? ""
        #expect(!output.contains("step ") && !output.contains("\r"))
        // The fixture is replayed in far less than the delay.
        #expect(Self.errorText(context).isEmpty)
    }

    /// A fresh timeline over the counter recording `text`, replayed with its reducer.
    static func counterTimeline(_ text: String) throws -> Timeline {
        Timeline(recording: try Recording(text: text, path: "long.jsonl"), reducer: try TimelineTests.reducer("counter"))
    }

    /// The reports of the jumps `jump` makes on a fresh timeline over `text`.
    static func replayReports(
        _ text: String, _ jump: (Timeline) throws -> Void
    ) throws -> [(step: Int, target: Int)?] {
        let timeline = try counterTimeline(text)
        var reports: [(step: Int, target: Int)?] = []
        timeline.replayProgress = { reports.append($0) }
        try jump(timeline)
        return reports
    }

    @Test func aLongJumpReportsItsReplayAndItsEnd() throws {
        let text = DecodeAheadTests.text(states: false)
        let reports = try Self.replayReports(text) { timeline in
            _ = try timeline.state(after: 9_000)
        }
        // Every 1,024 steps on the way to step 9,000, then the end.
        let steps = reports.compactMap { $0?.step }
        #expect(steps == Array(stride(from: 0, through: 9_000, by: 1_024)))
        #expect(reports.compactMap { $0?.target }.allSatisfy { $0 == 9_000 })
        #expect(reports.count == steps.count + 1 && reports.last! == nil)

        // A short replay, from where the last one stopped or from the start, is not reported.
        let short = try Self.replayReports(text) { timeline in
            _ = try timeline.state(after: 3_000)
            _ = try timeline.state(after: 7_000)
            _ = try timeline.state(after: 2_000)
        }
        #expect(short.isEmpty)
    }

    @Test func aFarGotoInAStepSessionCountsToTheStepAskedFor() throws {
        let text = DecodeAheadTests.text(states: false)
        let timeline = try Self.counterTimeline(text)
        var targets: Set<Int> = []
        timeline.replayProgress = { reached in
            if let reached { targets.insert(reached.target) }
        }
        // Seq 9,000 is step 8,999: the session replays to the step before it first, and the
        // line counts to the step itself ("of 9000"), not to the one before it.
        _ = try StepSession(timeline: timeline).execute(.goto(seq: 9_000))
        #expect(targets == [8_999])
    }

    /// Ctrl-C in a session stops a long replay within 1,024 steps, leaves the session where
    /// it was, takes the progress line away, and the next jump goes on from where it stopped.
    @Test func anInterruptedJumpLeavesTheSessionWhereItWas() throws {
        let timeline = try Self.counterTimeline(DecodeAheadTests.text(states: false))
        Self.interrupt(timeline, atCheck: 3)
        var reports: [(step: Int, target: Int)?] = []
        timeline.replayProgress = { reports.append($0) }
        let session = StepSession(timeline: timeline, position: 4)

        #expect(try session.execute(.goto(seq: 9_000)) == .failure("interrupted: still at seq 5"))
        #expect(session.cursor.position == 4)
        #expect(reports.last! == nil)
        let stoppedAt = reports.compactMap { $0?.step }.last ?? 0
        #expect(stoppedAt < 4_096)

        // Asked no more: the jump arrives, having replayed only the rest.
        reports = []
        guard case .moved = try session.execute(.goto(seq: 9_000)) else {
            Issue.record("the second goto did not move")
            return
        }
        #expect(session.cursor.seq == 9_000)
        #expect(reports.compactMap { $0?.step }.first ?? 0 > stoppedAt)
    }

    /// How often a timeline was asked whether the user interrupted it.
    final class InterruptChecks {
        var checks = 0
    }

    /// Makes `timeline` report Ctrl-C the `check`th time it is asked (``Timeline/isInterrupted``).
    @discardableResult
    static func interrupt(_ timeline: Timeline, atCheck check: Int) -> InterruptChecks {
        let asked = InterruptChecks()
        timeline.isInterrupted = {
            asked.checks += 1
            return asked.checks == check
        }
        return asked
    }

    /// A session over the long counter recording without states, watching a path no state
    /// has, so that `continue` and `reverse-continue` go through every step; its progress
    /// lines go to `context`, at once.
    static func watchingSession(_ context: CLIContext, at position: Int) throws -> StepSession {
        let timeline = try counterTimeline(DecodeAheadTests.text(states: false))
        let session = StepSession(timeline: timeline, position: position)
        session.makeProgress = { StepProgress(context, label: $0, total: $1, delay: 0) }
        _ = try session.execute(.watch([PathReading(try JSONPath(parsing: "total"), writtenAs: "total")]))
        return session
    }

    /// `continue` over a long recording without states replays its steps a stretch at a time
    /// (``Timeline/replayedSnapshots(_:)``), which tells ``Timeline/replayProgress`` nothing:
    /// it shows a line of its own, counting to the last step, taken away before the reply.
    @Test func aContinueOnATerminalShowsItsRunAndTakesItAway() throws {
        let context = CLIContext.capturing(outputIsTerminal: true)
        let session = try Self.watchingSession(context, at: -1)
        guard case .stopped(_, let fired, let note, _) = try session.execute(.resume(forward: true)) else {
            Issue.record("continue did not stop")
            return
        }
        #expect(fired.isEmpty && note?.hasPrefix("reached the last step") == true)
        let shown = Self.errorText(context)
        #expect(shown.hasPrefix("\rcontinue: step 1 of 10000…\u{1B}[K"))
        #expect(shown.hasSuffix("\r\u{1B}[K"))

        // Off a terminal, nothing is shown.
        let piped = CLIContext.capturing()
        _ = try Self.watchingSession(piped, at: -1).execute(.resume(forward: true))
        #expect(Self.errorText(piped).isEmpty)
    }

    /// `reverse-continue` searches back a window at a time, each walked forward: its line
    /// shows the step the search has come down to, without a total, and is taken away.
    @Test func aReverseContinueOnATerminalCountsDownAndTakesItAway() throws {
        let context = CLIContext.capturing(outputIsTerminal: true)
        let session = try Self.watchingSession(context, at: DecodeAheadTests.steps - 1)
        guard case .stopped(_, _, let note, _) = try session.execute(.resume(forward: false)) else {
            Issue.record("reverse-continue did not stop")
            return
        }
        #expect(note?.hasPrefix("reached the initial state") == true)
        #expect(session.cursor.position == -1)
        let shown = Self.errorText(context)
        // The last window, of checkpoint interval 128, starts at step 9,986 (index 9,985).
        #expect(shown.hasPrefix("\rreverse-continue: step 9987…\u{1B}[K"))
        #expect(!shown.contains(" of "))
        #expect(shown.hasSuffix("\r\u{1B}[K"))
    }

    /// Ctrl-C during a `continue` takes its line away too, before the reply that says so.
    @Test func anInterruptedContinueTakesItsLineAway() throws {
        let context = CLIContext.capturing(outputIsTerminal: true)
        let session = try Self.watchingSession(context, at: -1)
        // Ctrl-C once the line is up.
        session.timeline.isInterrupted = { !Self.errorText(context).isEmpty }
        #expect(try session.execute(.resume(forward: true)) == .failure("interrupted: still at seq 0"))
        let shown = Self.errorText(context)
        #expect(shown.hasPrefix("\rcontinue: step 1 of 10000…\u{1B}[K"))
        #expect(shown.hasSuffix("\r\u{1B}[K"))
    }

    /// Ctrl-C stops `continue` and `reverse-continue` over a recording that holds every state
    /// too, where no replay asks for it: they read the recorded states a window at a time.
    @Test(arguments: [true, false])
    func anInterruptedContinueOverRecordedStatesLeavesTheSessionWhereItWas(forward: Bool) throws {
        let timeline = try Self.counterTimeline(DecodeAheadTests.text(states: true))
        let start = forward ? -1 : DecodeAheadTests.steps - 1
        let session = StepSession(timeline: timeline, position: start)
        _ = try session.execute(.watch([PathReading(try JSONPath(parsing: "total"), writtenAs: "total")]))
        let interrupts = Self.interrupt(timeline, atCheck: 3)
        let expected = forward ? "interrupted: still at seq 0" : "interrupted: still at seq \(DecodeAheadTests.steps)"
        #expect(try session.execute(.resume(forward: forward)) == .failure(expected))
        #expect(session.cursor.position == start)
        #expect(interrupts.checks == 3)
    }

    /// Ctrl-C during a long `find` stops the search within 1,024 steps, leaves the session
    /// where it was and takes the progress line away.
    @Test func anInterruptedFindLeavesTheSessionWhereItWas() throws {
        let context = CLIContext.capturing(outputIsTerminal: true)
        let session = try Self.watchingSession(context, at: -1)
        let interrupts = Self.interrupt(session.timeline, atCheck: 2)
        #expect(try session.execute(.find("no such action")) == .failure("interrupted: still at seq 0"))
        #expect(session.cursor.position == -1)
        #expect(interrupts.checks == 2)
        let shown = Self.errorText(context)
        #expect(shown.hasPrefix("\rfind: step "))
        #expect(shown.hasSuffix("\r\u{1B}[K"))

        // Not interrupted, the same search goes through every step.
        session.timeline.isInterrupted = nil
        #expect(try session.execute(.find("no such action")) == .failure(#"no step after seq 0 has "no such action" in its type or action"#))
    }

    @Test func aReplayThatFailsStillEndsItsReport() throws {
        let broken = [6_000: #"{"seq":6000,"time":"2026-11-22T10:00:00.000Z","type":"t","action":{"explode":{}}}"#]
        let text = DecodeAheadTests.text(states: false, odd: broken)
        let reports = try Self.replayReports(text) { timeline in
            #expect(throws: InspectorError.self) { try timeline.state(after: 9_000) }
        }
        #expect(reports.compactMap { $0?.step } == [0, 1_024, 2_048, 3_072, 4_096, 5_120])
        #expect(reports.count == 7 && reports.last! == nil)
    }

    @Test func aLongJumpOnATerminalShowsTheReplayAndTakesItAway() throws {
        let text = DecodeAheadTests.text(states: false)
        let timeline = try Self.counterTimeline(text)
        let context = CLIContext.capturing(outputIsTerminal: true)
        timeline.showsReplayProgress(in: context, delay: 0)
        _ = try timeline.state(after: 9_000)
        let shown = Self.errorText(context)
        #expect(shown.hasPrefix("\rreplaying: step 1 of 9001…"))
        #expect(shown.hasSuffix("\r\u{1B}[K"))

        // Off a terminal, nothing is shown.
        let piped = CLIContext.capturing()
        let quiet = try Self.counterTimeline(text)
        quiet.showsReplayProgress(in: piped, delay: 0)
        _ = try quiet.state(after: 9_000)
        #expect(Self.errorText(piped).isEmpty)
        #expect(quiet.replayProgress == nil)
    }

    @Test func showOnATerminalLeavesNoProgressInItsOutput() throws {
        let text = DecodeAheadTests.text(states: false)
        let result = CLITestSupport.run(["show", "-", "--at", "9000", "--path", "count"], input: text, terminal: true)
        var count = 0
        for seq in 1...9_000 { count += seq % 3 == 0 ? -1 : seq % 7 }
        #expect(result.code == 0)
        #expect(result.out == "\(count)\n")
        // Replayed in far less than the delay.
        #expect(result.err.isEmpty)
    }
}
