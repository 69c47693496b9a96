import Foundation
import Redux
import Testing

/// A sink with room for `room` more bytes, as a nearly full disk has: a write that does not
/// fit fails whole, as the file sink takes a partly written one back.
private final class NearlyFullSink: RecordingSink, @unchecked Sendable {
    // Unchecked Sendable: `memory` and `room` are themselves thread-safe.
    let memory = MemoryRecordingSink()
    let room = LockedBox(Int.max)

    func write(_ bytes: [UInt8]) throws {
        try room.withLock { room in
            guard bytes.count <= room else { throw RecorderError.writeFailed(path: "full", reason: "disk full") }
            room -= bytes.count
        }
        try memory.write(bytes)
    }

    func close() throws {
        try memory.close()
    }
}

/// The last batch, written when the recorder is closed, fails on a disk that is nearly full:
/// the gap marker for its entries and the end line, much smaller, are written after all, so
/// that the file says what it lost. It used to end at the last entry written, as if none were
/// missing (found by QA).
@Suite(.serialized) struct RecorderFullDiskTests {
    /// Records two entries and flushes, leaves `room` bytes, then records three more and
    /// closes; returns the lines written.
    private func record(room: Int) -> [String] {
        let sink = NearlyFullSink()
        let errors = LockedBox<[RecorderError]>([])
        let recorder = Recorder<CounterState, CounterAction>(
            sink: sink, options: steppingOptions(onError: { error in errors.withLock { $0.append(error) } }))
        let store = Store(initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        store.dispatch(.increment)
        store.dispatch(.increment)
        recorder.flush()
        sink.room.withLock { $0 = room }
        for _ in 0..<3 { store.dispatch(.increment) }
        recorder.close()
        #expect(errors.value == [.writeFailed(path: "full", reason: "disk full")])
        return sink.memory.lines
    }

    private static let written = [
        #"{"format":"redux-inspect","version":1,"reducer":"test","started":"2026-11-22T10:00:00.000Z","#
            + #""initialState":{"count":0}}"#,
        #"{"seq":1,"time":"2026-11-22T10:00:00.100Z","type":"increment","action":{"increment":{}},"state":{"count":1}}"#,
        #"{"seq":2,"time":"2026-11-22T10:00:00.200Z","type":"increment","action":{"increment":{}},"state":{"count":2}}"#,
    ]
    private static let gap = #"{"gap":{"after":2,"dropped":3,"reason":"write failed: disk full"}}"#

    @Test func theGapAndTheEndLineWithItsState() {
        #expect(record(room: 200) == Self.written + [Self.gap, #"{"end":{"seq":5,"state":{"count":5}}}"#])
    }

    @Test func theGapAndTheEndLineWithoutItsState() {
        #expect(record(room: Self.gap.utf8.count + 25) == Self.written + [Self.gap, #"{"end":{"seq":5}}"#])
    }

    @Test func theGapAlone() {
        #expect(record(room: Self.gap.utf8.count + 5) == Self.written + [Self.gap])
    }

    @Test func nothingWhenNothingFits() {
        #expect(record(room: 10) == Self.written)
    }
}
