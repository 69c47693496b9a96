import Foundation
import Redux
import Testing

/// A sink whose writes fail while `failing` is set.
final class FlakySink: RecordingSink, @unchecked Sendable {
    // Unchecked Sendable: `memory` and `failing` are themselves thread-safe.
    let memory = MemoryRecordingSink()
    let failing = LockedBox(false)
    let failedWrites = LockedBox(0)

    func write(_ bytes: [UInt8]) throws {
        if failing.value {
            failedWrites.withLock { $0 += 1 }
            throw RecorderError.writeFailed(path: "flaky", reason: "disk full")
        }
        try memory.write(bytes)
    }

    func close() throws {
        try memory.close()
    }
}

@Suite(.serialized) struct RecorderWriteErrorTests {
    @Test func writeErrorIsReportedDispatchGoesOnAndAGapMarksTheLostEntries() throws {
        let sink = FlakySink()
        let errors = LockedBox<[RecorderError]>([])
        let recorder = Recorder<CounterState, CounterAction>(
            sink: sink,
            options: steppingOptions(onError: { error in errors.withLock { $0.append(error) } }))
        let store = Store(
            initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        func dispatchAndFlush() {
            store.dispatch(.increment)
            recorder.flush()
        }

        dispatchAndFlush()
        dispatchAndFlush()
        sink.failing.withLock { $0 = true }
        dispatchAndFlush()
        dispatchAndFlush()
        dispatchAndFlush()
        #expect(store.state.count == 5)
        #expect(errors.value == [.writeFailed(path: "flaky", reason: "disk full")])
        sink.failing.withLock { $0 = false }
        dispatchAndFlush()
        recorder.close()

        #expect(sink.failedWrites.value == 3)
        #expect(store.state.count == 6)
        #expect(errors.value == [.writeFailed(path: "flaky", reason: "disk full")])
        #expect(
            sink.memory.lines == [
                #"{"format":"redux-inspect","version":1,"reducer":"test","started":"2026-11-22T10:00:00.000Z","#
                    + #""initialState":{"count":0}}"#,
                #"{"seq":1,"time":"2026-11-22T10:00:00.100Z","type":"increment","#
                    + #""action":{"increment":{}},"state":{"count":1}}"#,
                #"{"seq":2,"time":"2026-11-22T10:00:00.200Z","type":"increment","#
                    + #""action":{"increment":{}},"state":{"count":2}}"#,
                #"{"gap":{"after":2,"dropped":3,"reason":"write failed: disk full"}}"#,
                #"{"seq":6,"time":"2026-11-22T10:00:00.600Z","type":"increment","#
                    + #""action":{"increment":{}},"state":{"count":6}}"#,
                #"{"end":{"seq":6,"state":{"count":6}}}"#,
            ])
    }

    @Test func headerLostToAFailedWriteIsWrittenFirstOnceWritesWork() throws {
        let sink = FlakySink()
        sink.failing.withLock { $0 = true }
        let errors = LockedBox<[RecorderError]>([])
        let recorder = Recorder<CounterState, CounterAction>(
            sink: sink,
            options: steppingOptions(
                statePolicy: .never, onError: { error in errors.withLock { $0.append(error) } }))
        let store = Store(
            initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])

        store.dispatch(.increment)
        recorder.flush()
        store.dispatch(.increment)
        recorder.flush()
        sink.failing.withLock { $0 = false }
        store.dispatch(.reset)
        recorder.close()

        #expect(errors.value.count == 1)
        let lines = sink.memory.lines
        try #require(lines.count == 4)
        #expect(lines[0].hasPrefix(#"{"format":"redux-inspect","version":1,"#))
        #expect(lines[1] == #"{"gap":{"after":0,"dropped":2,"reason":"write failed: disk full"}}"#)
        #expect(lines[2].hasPrefix(#"{"seq":3,"#))
        #expect(lines[3] == #"{"end":{"seq":3,"state":{"count":0}}}"#)
    }

    @Test func actionThatCannotBeEncodedBecomesAGapAndIsReportedOncePerRun() throws {
        let errors = LockedBox<[RecorderError]>([])
        let (lines, state) = recordedLines(
            initialState: ShopState(), reducer: shopReducer,
            options: steppingOptions(
                statePolicy: .never, onError: { error in errors.withLock { $0.append(error) } }),
            actions: [.note("a"), .measure(.nan), .measure(.infinity), .note("b"), .measure(-.infinity)])

        #expect(state.note == "b")
        #expect(errors.value.map(\.seq) == [2, 5])
        for error in errors.value {
            guard case .encodingFailed = error else {
                Issue.record("expected encodingFailed, got \(error)")
                return
            }
        }
        try #require(lines.count == 7)
        #expect(lines[1].hasPrefix(#"{"seq":1,"#))
        #expect(lines[2] == #"{"gap":{"after":1,"dropped":1,"reason":"encoding failed"}}"#)
        #expect(lines[3] == #"{"gap":{"after":2,"dropped":1,"reason":"encoding failed"}}"#)
        #expect(lines[4].hasPrefix(#"{"seq":4,"#))
        #expect(lines[5] == #"{"gap":{"after":4,"dropped":1,"reason":"encoding failed"}}"#)
        #expect(lines[6] == #"{"end":{"seq":5,"state":{"items":[],"total":0,"note":"b"}}}"#)
    }

    @Test func finalStateThatCannotBeEncodedStillEndsTheRecordingWithoutAFalseGap() throws {
        let errors = LockedBox<[RecorderError]>([])
        let (lines, _) = recordedLines(
            initialState: ReadingState(value: 0), reducer: readingReducer,
            options: steppingOptions(onError: { error in errors.withLock { $0.append(error) } }),
            actions: [.set(1), .set(.nan)])

        // The action of seq 2 holds the NaN too: its entry is a gap, the end marker has no state.
        #expect(errors.value.map(\.seq) == [2, 2])
        try #require(lines.count == 4)
        #expect(lines[1].hasPrefix(#"{"seq":1,"#))
        #expect(lines[2] == #"{"gap":{"after":1,"dropped":1,"reason":"encoding failed"}}"#)
        // Entry 2 is already accounted for by the gap above; the end marker must not drop it again.
        #expect(lines[3] == #"{"end":{"seq":2}}"#)
    }

    @Test func initialStateThatCannotBeEncodedIsReportedAsSuchAndTheHeaderIsWrittenWithoutIt() throws {
        let errors = LockedBox<[RecorderError]>([])
        let (lines, _) = recordedLines(
            initialState: ReadingState(value: .nan), reducer: readingReducer,
            options: steppingOptions(
                statePolicy: .never, onError: { error in errors.withLock { $0.append(error) } }),
            actions: [.set(1)])

        try #require(errors.value.count == 1)
        guard case .stateEncodingFailed(seq: 0, _) = errors.value[0] else {
            Issue.record("expected stateEncodingFailed(seq: 0), got \(errors.value[0])")
            return
        }
        // Said plainly: a replay of this recording does not start where the app did.
        #expect(errors.value[0].description.hasPrefix("initial state: cannot encode: "))
        #expect(
            errors.value[0].description.hasSuffix("so a replay starts from the inspector's initial state"))
        try #require(lines.count == 3)
        #expect(
            lines[0]
                == #"{"format":"redux-inspect","version":1,"reducer":"test","#
                + #""started":"2026-11-22T10:00:00.000Z"}"#)
        #expect(lines[1].hasPrefix(#"{"seq":1,"#))
        #expect(lines[2] == #"{"end":{"seq":1,"state":{"value":1.0}}}"#)
    }

    @Test(arguments: [
        (
            RecorderError.fileExists(path: "a.jsonl"),
            "a.jsonl: file exists; pass ifExists: .replace to overwrite it, or choose another name"
        ),
        (
            .cannotOpen(path: "a.jsonl", reason: "Permission denied"),
            "a.jsonl: cannot open: Permission denied"
        ),
        (
            .writeFailed(path: "a.jsonl", reason: "No space left on device"),
            "a.jsonl: write failed: No space left on device"
        ),
        (.encodingFailed(seq: 7, reason: "NaN"), "seq 7: cannot encode: NaN"),
        (
            .stateEncodingFailed(seq: 7, reason: "NaN"),
            "seq 7: cannot encode the state: NaN; lines are written without their state until one can be encoded"
        ),
        (
            .stateEncodingFailed(seq: 0, reason: "NaN"),
            "initial state: cannot encode: NaN; the header is written without it, so a replay starts from the inspector's initial state"
        ),
        (
            .lineTooLong(seq: 7, length: 70_000_000, limit: 67_108_864),
            "seq 7: the line would be 70000000 bytes, more than the 67108864 a line may hold; written without its state"
        ),
        (
            .lineTooLong(seq: 0, length: 70_000_000, limit: 67_108_864),
            "initial state: the header would be 70000000 bytes, more than the 67108864 a line may hold; written without its state, so a replay starts from the inspector's initial state"
        ),
    ])
    func errorsSayWhatWentWrong(_ error: RecorderError, _ message: String) {
        #expect(error.description == message)
    }

    static let devFull = "/dev/full"

    @Test(.enabled(if: FileManager.default.fileExists(atPath: devFull), "needs /dev/full"))
    func fullDiskIsReportedAndTheAppKeepsRunning() throws {
        let originalMode = try FileManager.default.attributesOfItem(atPath: Self.devFull)[.posixPermissions]
        defer {
            // Replacing a file sets mode 0600; put the device's mode back.
            if let originalMode {
                try? FileManager.default.setAttributes(
                    [.posixPermissions: originalMode], ofItemAtPath: Self.devFull)
            }
        }
        let errors = LockedBox<[RecorderError]>([])
        let recorder = try Recorder<CounterState, CounterAction>(
            path: Self.devFull, ifExists: .replace,
            options: .init(onError: { error in errors.withLock { $0.append(error) } }))
        let store = Store(
            initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])

        for _ in 0..<100 { store.dispatch(.increment) }
        recorder.flush()
        for _ in 0..<100 { store.dispatch(.increment) }
        recorder.close()

        #expect(store.state.count == 200)
        #expect(errors.value.first == .writeFailed(path: Self.devFull, reason: "No space left on device"))
        #expect(
            errors.value.allSatisfy {
                $0 == .writeFailed(path: Self.devFull, reason: "No space left on device")
            })
    }

    /// Replacing asks for a fresh file; it must not change the permissions of a device (as
    /// root, `fchmod` would make `/dev/full` unwritable for everyone else).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: devFull), "needs /dev/full"))
    func replacingADeviceLeavesItsModeAlone() throws {
        let originalMode = try #require(
            try FileManager.default.attributesOfItem(atPath: Self.devFull)[.posixPermissions] as? Int)
        defer {
            try? FileManager.default.setAttributes(
                [.posixPermissions: originalMode], ofItemAtPath: Self.devFull)
        }

        let sink = try FileRecordingSink(path: Self.devFull, ifExists: .replace)
        try sink.close()

        let mode = try FileManager.default.attributesOfItem(atPath: Self.devFull)[.posixPermissions] as? Int
        #expect(mode == originalMode)
    }
}
