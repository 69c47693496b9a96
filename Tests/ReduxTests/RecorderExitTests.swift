import Foundation
import Testing

@testable import Redux

/// A state of about 60 kB, so that the writer writes a batch every few dozen entries.
private struct Bulky: Codable, Sendable, Equatable {
    var count = 0
    var filler = Array(repeating: 123_456_789, count: 6_000)
}

private let bulkyReducer = Reducer<Bulky, CounterAction> { state, _ in state.count += 1 }

/// A process that exits with its recorder still open waits a few seconds for the writer; a
/// writer still behind then stops with a `gap` marker for the entries it leaves. Before, the
/// recording ended at the last entry written, with no word of those lost: `check` found no
/// gap, and a reader took the session for shorter than it was.
@Suite struct RecorderExitTests {
    @Test func aWriterStillBehindAtExitLeavesAGapMarkerForTheRest() throws {
        let sink = SwitchableSink(delay: 0.05)
        let recorder = Recorder<Bulky, CounterAction>(sink: sink, options: steppingOptions(reducer: "bulky"))
        let store = Store(initialState: Bulky(), reducer: bulkyReducer, middleware: [recorder.middleware])
        for _ in 0..<600 { store.dispatch(.increment) }

        // As the atexit handler does it, with a wait that runs out.
        recorder.flushAtExit(waitingAtMost: 0.01)

        let lines = sink.memory.lines
        let account = try RecordingAccount(lines: lines)
        account.expectEverySeqAccountedFor(through: 600)
        let gap = try #require(account.gaps.last, "no gap marker: \(account.entries.count) entries")
        #expect(gap.reason == "the process exited before they were written")
        #expect(gap.after + gap.dropped == 600)
        #expect(account.entries.count < 600)
        #expect(account.endSeq == nil)
    }

    /// A writer that catches up in time writes everything, with no marker.
    @Test func aWriterThatCatchesUpLeavesNoMarker() throws {
        let sink = SwitchableSink()
        let recorder = Recorder<CounterState, CounterAction>(sink: sink, options: steppingOptions())
        let store = Store(initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        for _ in 0..<50 { store.dispatch(.increment) }
        recorder.flushAtExit(waitingAtMost: 10)
        let account = try RecordingAccount(lines: sink.memory.lines)
        #expect(account.entries == Array(1...50))
        #expect(account.gaps.isEmpty)
        recorder.close()
    }
}
