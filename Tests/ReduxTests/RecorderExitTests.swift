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

    /// States of 600 kB, a slow disk: the writer stops within the second it is given, in the
    /// middle of its batch, encoding alone (all entries queued at once) or with a helper (the
    /// queue full). Before, it stopped only every 64 lines it encoded itself (38 MB here), and
    /// not while a helper encoded with it: the process exited with no marker.
    @Test(arguments: [1, 2])
    func aWriterBehindOnLargeStatesStopsInTime(encodingThreads: Int) throws {
        struct Huge: Codable, Sendable, Equatable {
            var count = 0
            var filler = Array(repeating: 123_456_789, count: 60_000)
        }
        let sink = SwitchableSink(delay: 0.1)
        var options = steppingOptions(Recorder<Huge, CounterAction>.self, reducer: "huge")
        options.encodingThreads = encodingThreads
        // Dispatches a few past a queue of 64 wait for room: the queue is full when taken.
        let dispatches = encodingThreads > 1 ? 70 : 200
        if encodingThreads > 1 { options.queueCapacity = 64 }
        let recorder = Recorder<Huge, CounterAction>(sink: sink, options: options)
        let store = Store(
            initialState: Huge(), reducer: Reducer { state, _ in state.count += 1 }, middleware: [recorder.middleware])
        for _ in 0..<dispatches { store.dispatch(.increment) }

        // The marker is written only if the writer stops within the second it is given.
        recorder.flushAtExit(waitingAtMost: 0.01)

        let account = try RecordingAccount(lines: sink.memory.lines)
        account.expectEverySeqAccountedFor(through: dispatches)
        #expect(account.gaps.last?.reason == "the process exited before they were written")
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
