import Foundation
import Redux
import Testing

@Suite struct RecorderLifecycleTests {
    /// A recorder, its writer and everything they hold go away once it is closed and let go
    /// of: the writer thread used to keep them all, through its `Thread` and back.
    @Test func aClosedRecorderLetsGoOfItsSink() async throws {
        weak var weakSink: MemoryRecordingSink?
        do {
            let sink = MemoryRecordingSink()
            weakSink = sink
            let recorder = Recorder<CounterState, CounterAction>(sink: sink, options: steppingOptions())
            let store = Store(
                initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
            store.dispatch(.increment)
            recorder.close()
            #expect(sink.lines.count == 3)
        }
        // The thread lets go of its `Thread` just after `close()` has returned: up to 2 s.
        for _ in 0..<200 where weakSink != nil {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(weakSink == nil)
    }

    /// An app killed right after its launch leaves its header, not an empty file: the store is
    /// created once the header is written, even by a sink that takes its time.
    @Test func theHeaderIsWrittenBeforeTheStoreIsCreated() {
        let sink = SlowSink(delay: 0.05)
        let recorder = Recorder<CounterState, CounterAction>(sink: sink, options: steppingOptions())
        let store = Store(
            initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        #expect(sink.memory.lines.count == 1)
        #expect(sink.memory.lines.first?.hasPrefix(#"{"format":"redux-inspect""#) == true)
        store.dispatch(.increment)
        recorder.close()
        #expect(sink.memory.lines.count == 3)
    }

    /// A sink that hangs delays the store's creation (by a quarter second), not for ever; what
    /// was dispatched meanwhile is recorded once it writes again.
    @Test func aHangingSinkDelaysTheStoresCreationAQuarterSecondAtMost() {
        let sink = SteppedSink()
        let recorder = Recorder<CounterState, CounterAction>(sink: sink, options: steppingOptions())
        let start = ContinuousClock.now
        let store = Store(
            initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        let waited = ContinuousClock.now - start
        #expect(waited < .seconds(10), "a hang guard, not a speed: the store was created after \(waited)")
        store.dispatch(.increment)
        sink.allow(100)
        recorder.close()
        #expect(sink.memory.lines.count == 3)
    }

    @Test func flushMakesLinesVisibleBeforeClose() {
        let sink = MemoryRecordingSink()
        let recorder = Recorder<CounterState, CounterAction>(sink: sink, options: steppingOptions())
        let store = Store(
            initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])

        store.dispatch(.increment)
        store.dispatch(.increment)
        store.dispatch(.increment)
        recorder.flush()

        #expect(sink.lines.count == 4)
        #expect(sink.lines.last?.hasPrefix(#"{"seq":3,"#) == true)
        #expect(!sink.isClosed)
        recorder.close()
        #expect(sink.isClosed)
    }

    @Test func flushMakesLinesVisibleInTheFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("session.jsonl").path
            let recorder = try Recorder<CounterState, CounterAction>(path: path, options: steppingOptions())
            let store = Store(
                initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])

            store.dispatch(.incrementBy(n: 2))
            recorder.flush()

            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.split(separator: "\n").count == 2)
            #expect(text.hasSuffix(#""state":{"count":2}}"# + "\n"))
            recorder.close()
        }
    }

    /// `close()` from the reducer (or a middleware after the recorder): the action being
    /// dispatched has no state after it yet, so the recording ends once that action is
    /// recorded, with the state after it; later actions are not recorded.
    @Test func closingFromTheReducerEndsTheRecordingAfterThatAction() {
        let sink = MemoryRecordingSink()
        let recorder = Recorder<CounterState, CounterAction>(sink: sink, options: steppingOptions())
        let closing = Reducer<CounterState, CounterAction> { state, action in
            counterReducer.reduce(&state, action)
            if action == .decrement { recorder.close() }
        }
        let store = Store(initialState: CounterState(), reducer: closing, middleware: [recorder.middleware])
        store.dispatch(.increment)
        store.dispatch(.increment)
        store.dispatch(.decrement)
        store.dispatch(.increment)
        recorder.close()

        #expect(sink.lines.count == 5, "\(sink.lines)")
        #expect(sink.lines.last == #"{"end":{"seq":3,"state":{"count":1}}}"#)
        #expect(store.state.count == 2)
    }

    @Test func closeTwiceWritesOneEndMarker() {
        let sink = MemoryRecordingSink()
        let recorder = Recorder<CounterState, CounterAction>(sink: sink, options: steppingOptions())
        let store = Store(
            initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        store.dispatch(.increment)

        recorder.close()
        recorder.close()

        #expect(sink.lines.count == 3)
        #expect(
            sink.lines.filter { $0.hasPrefix(#"{"end":"#) } == [#"{"end":{"seq":1,"state":{"count":1}}}"#])
    }

    @Test func closingFromManyThreadsWhileOthersDispatchEndsTheRecordingOnce() throws {
        let sink = MemoryRecordingSink()
        let recorder = Recorder<CounterState, CounterAction>(
            sink: sink, options: .init(onError: { Issue.record("recorder error: \($0)") }))
        let store = Store(
            initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])

        runOnThreads(8) { index in
            if index < 4 {
                for _ in 0..<1_000 { store.dispatch(.increment) }
            } else {
                Thread.sleep(forTimeInterval: 0.001)
                recorder.close()
            }
        }

        #expect(store.state.count == 4_000)
        let lines = sink.lines
        let ends = lines.filter { $0.hasPrefix(#"{"end":"#) }
        try #require(ends.count == 1)
        #expect(lines.last == ends[0])
        let end = try #require(try jsonObject(ends[0])["end"] as? [String: Any])
        let lastSeq = try #require((end["seq"] as? NSNumber)?.intValue)
        // Each entry holds the count after its action, so the final state matches the last seq.
        #expect(canonical(end["state"]) == #"{"count":\#(lastSeq)}"#)
        let seqs = try lines.dropFirst().dropLast().map { try #require(seqNumber(of: try jsonObject($0))) }
        #expect(seqs == Array(0..<lastSeq).map { $0 + 1 })
    }

    @Test func dispatchAndFlushAfterCloseWorkAndRecordNothing() {
        let sink = MemoryRecordingSink()
        let recorder = Recorder<CounterState, CounterAction>(sink: sink, options: steppingOptions())
        let store = Store(
            initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        store.dispatch(.increment)
        recorder.close()
        let closedRecording = sink.lines

        store.dispatch(.incrementBy(n: 10))
        recorder.flush()
        recorder.close()

        #expect(store.state.count == 11)
        #expect(sink.lines == closedRecording)
        #expect(sink.lines.last == #"{"end":{"seq":1,"state":{"count":1}}}"#)
    }

    @Test func releasedRecorderEndsItsRecording() {
        let sink = MemoryRecordingSink()
        do {
            let recorder = Recorder<CounterState, CounterAction>(sink: sink, options: steppingOptions())
            let store = Store(
                initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
            store.dispatch(.increment)
        }

        #expect(sink.isClosed)
        #expect(sink.lines.last == #"{"end":{"seq":1,"state":{"count":1}}}"#)
    }

    @Test func flushFromTheErrorHandlerReturns() {
        let sink = FlakySink()
        sink.failing.withLock { $0 = true }
        let recorderBox = LockedBox<Recorder<CounterState, CounterAction>?>(nil)
        let handled = LockedBox(0)
        let recorder = Recorder<CounterState, CounterAction>(
            sink: sink,
            options: steppingOptions(onError: { _ in
                recorderBox.value?.flush()
                handled.withLock { $0 += 1 }
            }))
        recorderBox.withLock { $0 = recorder }
        let store = Store(
            initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])

        store.dispatch(.increment)
        recorder.flush()
        recorderBox.withLock { $0 = nil }
        recorder.close()

        #expect(handled.value == 1)
    }

    /// A handler that reads the state waits for the store's lock, which a dispatch holds while
    /// it waits for room in a full queue: when the writer itself called the handler, it stopped
    /// emptying the queue and the app hung (a review found it with `/dev/full`).
    @Test(.hangGuard) func anErrorHandlerMayReadTheStateWhileTheQueueIsFull() {
        let sink = FlakySink()
        let storeBox = LockedBox<Store<CounterState, CounterAction>?>(nil)
        let seen = LockedBox<[Int]>([])
        let recorder = Recorder<CounterState, CounterAction>(
            sink: sink,
            options: .init(
                queueCapacity: 4,
                onError: { _ in
                    let count = storeBox.value?.state.count ?? -1
                    seen.withLock { $0.append(count) }
                }))
        let store = Store(initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        storeBox.withLock { $0 = store }
        // The header is written before the store exists; the writes after it fail.
        sink.failing.withLock { $0 = true }

        // 50 times the queue's room: every dispatch after the first few waits for the writer,
        // which takes a wake-up of each thread per action; more made the test take over a
        // minute on a loaded machine.
        for _ in 0..<200 { store.dispatch(.increment) }
        recorder.close()

        #expect(store.state.count == 200)
        // Handled before close() returned: the first failure, the state as it was then.
        #expect(seen.value.count == 1)
        #expect((0...200).contains(seen.value.first ?? -2))
        storeBox.withLock { $0 = nil }
    }

    /// Without a store there is no header; an `end` marker alone was a file the inspector
    /// rejects as malformed.
    @Test func aRecorderNoStoreUsedWritesNothing() throws {
        let sink = MemoryRecordingSink()
        let recorder = Recorder<CounterState, CounterAction>(sink: sink, options: steppingOptions())

        recorder.close()

        #expect(sink.isClosed)
        #expect(sink.bytes == [])
    }

    /// An empty file is not a recording (`redux-inspect check` rejects it) and made the next
    /// recorder at that path refuse to start.
    @Test func aRecorderNoStoreUsedLeavesNoFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("unused.jsonl").path
            do {
                _ = try Recorder<CounterState, CounterAction>(path: path, options: steppingOptions())
            }
            #expect(!FileManager.default.fileExists(atPath: path))

            let (lines, _) = try recordToFile(path: path)
            #expect(lines.count == 3)
        }
    }

    /// Only an empty file that is still the recorder's own goes: one put in its place is kept.
    @Test func aFilePutInPlaceOfAnUnusedRecordersIsKept() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("unused.jsonl").path
            let recorder = try Recorder<CounterState, CounterAction>(path: path, options: steppingOptions())
            try FileManager.default.removeItem(atPath: path)
            try Data("kept\n".utf8).write(to: URL(fileURLWithPath: path))
            recorder.close()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept\n")
        }
    }

    /// Records one increment to a new file at `path`; returns its lines.
    private func recordToFile(path: String) throws -> (lines: [String], state: CounterState) {
        let recorder = try Recorder<CounterState, CounterAction>(path: path, options: steppingOptions())
        let store = Store(initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        store.dispatch(.increment)
        recorder.close()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return (text.split(separator: "\n").map(String.init), store.state)
    }
}
