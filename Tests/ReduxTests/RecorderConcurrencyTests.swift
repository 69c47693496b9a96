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

@Suite struct RecorderConcurrencyTests {
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
        for object in objects.dropFirst().dropLast() {
            if let seq = seqNumber(of: object) {
                entries += 1
                covered.append(seq)
            } else {
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
        #expect(entries + dropped == dispatches)
        #expect(covered.sorted() == Array(1...dispatches))
    }
}
