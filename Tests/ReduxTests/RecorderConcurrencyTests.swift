import Foundation
import Redux
import Testing

/// A sink that takes its time over every write, so that the recorder's queue fills up.
final class SlowSink: RecordingSink, @unchecked Sendable {
    // Unchecked Sendable: `memory` is itself thread-safe; the delay is immutable.
    let memory = MemoryRecordingSink()
    let delay: TimeInterval

    init(delay: TimeInterval) {
        self.delay = delay
    }

    func write(_ bytes: [UInt8]) throws {
        Thread.sleep(forTimeInterval: delay)
        try memory.write(bytes)
    }

    func close() throws {
        try memory.close()
    }
}

/// A sink whose every write waits for the test to allow it, and says when one has begun: the
/// test knows what the writer has taken from the queue.
final class SteppedSink: RecordingSink, @unchecked Sendable {
    // Unchecked Sendable: `memory` is itself thread-safe; the semaphores are.
    let memory = MemoryRecordingSink()
    let started = DispatchSemaphore(value: 0)
    let allowed = DispatchSemaphore(value: 0)

    func write(_ bytes: [UInt8]) throws {
        started.signal()
        allowed.wait()
        try memory.write(bytes)
    }

    func close() throws {
        try memory.close()
    }

    /// Waits until a write has begun: the writer has taken what the queue held.
    func waitForWrite() -> Bool {
        started.wait(timeout: .now() + 10) == .success
    }

    /// Lets `count` writes finish.
    func allow(_ count: Int = 1) {
        for _ in 0..<count { allowed.signal() }
    }
}

@Suite struct RecorderConcurrencyTests {
    /// With `.drop`, the gap marker goes into the queue with the entry after the gap: the one
    /// free place of a queue of one is not taken from that entry by the marker.
    @Test(.hangGuard) func aGapMarkerGoesInWithTheEntryAfterIt() throws {
        let sink = SteppedSink()
        var options = steppingOptions(Recorder<CounterState, CounterAction>.self)
        options.queueCapacity = 1
        options.whenQueueFull = .drop
        let recorder = Recorder<CounterState, CounterAction>(sink: sink, options: options)
        let store = Store(initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        defer {
            sink.allow(100)
            recorder.close()
        }
        try #require(sink.waitForWrite())  // the header, taken: the queue is empty
        store.dispatch(.increment)  // seq 1 queued
        store.dispatch(.increment)  // seq 2 dropped: the queue holds seq 1
        sink.allow()
        try #require(sink.waitForWrite())  // seq 1 taken
        store.dispatch(.increment)  // the marker for seq 2, and seq 3
        sink.allow()
        try #require(sink.waitForWrite())  // both taken
        store.dispatch(.increment)  // seq 4
        sink.allow(100)
        recorder.close()

        #expect(
            Array(sink.memory.lines.dropFirst()) == [
                #"{"seq":1,"time":"2026-11-22T10:00:00.100Z","type":"increment","action":{"increment":{}},"state":{"count":1}}"#,
                #"{"gap":{"after":1,"dropped":1,"reason":"queue full"}}"#,
                #"{"seq":3,"time":"2026-11-22T10:00:00.300Z","type":"increment","action":{"increment":{}},"state":{"count":3}}"#,
                #"{"seq":4,"time":"2026-11-22T10:00:00.400Z","type":"increment","action":{"increment":{}},"state":{"count":4}}"#,
                #"{"end":{"seq":4,"state":{"count":4}}}"#,
            ])
    }

    @Test func eightThreadsRecordEightyThousandEntriesNumberedOneToEightyThousand() throws {
        let sink = MemoryRecordingSink()
        let recorder = Recorder<CounterState, CounterAction>(
            sink: sink, options: .init(reducer: "counter", onError: { Issue.record("recorder error: \($0)") })
        )
        let store = Store(
            initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])

        runOnThreads(8) { _ in
            for _ in 0..<10_000 { store.dispatch(.increment) }
        }
        recorder.close()

        #expect(store.state.count == 80_000)
        let lines = sink.lines
        try #require(lines.count == 80_002)
        let header = try jsonObject(lines[0])
        #expect(header["format"] as? String == "redux-inspect")
        #expect(canonical(header["initialState"]) == #"{"count":0}"#)
        var seqs: [Int] = []
        var statesOutOfStep = 0
        seqs.reserveCapacity(80_000)
        for line in lines[1...80_000] {
            let entry = try jsonObject(line)
            let seq = try #require(seqNumber(of: entry))
            seqs.append(seq)
            // Recorded inside the serialized dispatch, so the state after action n counts n.
            let count = ((entry["state"] as? [String: Any])?["count"] as? NSNumber)?.intValue
            if count != seq { statesOutOfStep += 1 }
        }
        #expect(seqs == Array(1...80_000))
        #expect(statesOutOfStep == 0)
        #expect(lines[80_001] == #"{"end":{"seq":80000,"state":{"count":80000}}}"#)
    }

    @Test func droppingPolicyAccountsForEveryActionWithGapMarkers() throws {
        let sink = SlowSink(delay: 0.002)
        let errors = LockedBox<[RecorderError]>([])
        let recorder = Recorder<CounterState, CounterAction>(
            sink: sink,
            options: .init(
                statePolicy: .never, queueCapacity: 1, whenQueueFull: .drop,
                onError: { error in errors.withLock { $0.append(error) } }))
        let store = Store(
            initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        let dispatches = 300

        for _ in 0..<dispatches { store.dispatch(.increment) }
        recorder.close()

        #expect(store.state.count == dispatches)
        #expect(errors.value.isEmpty)
        let objects = try sink.memory.lines.map { try jsonObject($0) }
        #expect(objects.first?["format"] as? String == "redux-inspect")
        #expect(canonical(objects.last) == #"{"end":{"seq":300,"state":{"count":300}}}"#)
        var covered: [Int] = []
        var gaps = 0
        var entries = 0
        var dropped = 0
        // A marker goes in with the entry after it, so no marker follows another: one took
        // the free place from that entry before, and a queue of one kept mostly markers.
        var markersInARow = 0
        var lastWasMarker = false
        for object in objects.dropFirst().dropLast() {
            if let seq = seqNumber(of: object) {
                entries += 1
                covered.append(seq)
                lastWasMarker = false
            } else {
                if lastWasMarker { markersInARow += 1 }
                lastWasMarker = true
                let gap = try #require(
                    object["gap"] as? [String: Any], "unexpected line \(canonical(object))")
                let after = try #require((gap["after"] as? NSNumber)?.intValue)
                let count = try #require((gap["dropped"] as? NSNumber)?.intValue)
                #expect(gap["reason"] as? String == "queue full")
                #expect(count > 0)
                gaps += 1
                dropped += count
                covered += (after + 1)...(after + count)
            }
        }
        #expect(gaps > 0, "a slow sink with a queue of one should have dropped entries")
        #expect(markersInARow == 0)
        #expect(entries >= gaps - 1, "\(entries) entries, \(gaps) markers")
        #expect(entries + dropped == dispatches)
        #expect(covered.sorted() == Array(1...dispatches))
    }
}
