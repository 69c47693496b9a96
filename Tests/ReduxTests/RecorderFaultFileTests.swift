import Foundation
import Redux
import Testing

/// The recording file goes away while recording. The behaviour chosen: the next write notices
/// that the open file has no name left, starts a new file at the same path with the header and
/// a `gap` marker for everything that went with the removed file, reports
/// `RecorderError.fileRemoved` once, and goes on — rather than writing on, silently, into a file
/// nobody can open. A renamed file (log rotation) is written on where it now is.
@Suite struct RecorderFaultFileTests {
    static func record(
        _ store: Store<CounterState, CounterAction>, _ recorder: Recorder<CounterState, CounterAction>, _ count: Int
    ) {
        for _ in 0..<count { store.dispatch(.increment) }
        recorder.flush()
    }

    static func makeRecorder(
        _ path: String, errors: LockedBox<[RecorderError]>
    ) throws -> (Store<CounterState, CounterAction>, Recorder<CounterState, CounterAction>) {
        let recorder = try Recorder<CounterState, CounterAction>(
            path: path, options: steppingOptions(onError: { error in errors.withLock { $0.append(error) } }))
        let store = Store(initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        return (store, recorder)
    }

    @Test func fileRemovedWhileRecordingIsStartedAgainWithAGap() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("session.jsonl").path
            let errors = LockedBox<[RecorderError]>([])
            let (store, recorder) = try Self.makeRecorder(path, errors: errors)
            Self.record(store, recorder, 50)
            let header = try fileLines(path)[0]

            try FileManager.default.removeItem(atPath: path)
            Self.record(store, recorder, 50)
            recorder.close()

            #expect(store.state.count == 100)
            #expect(errors.value == [.fileRemoved(path: path)])
            let lines = try fileLines(path)
            #expect(lines.first == header, "the new file starts with the same header")
            #expect(lines[1] == #"{"gap":{"after":0,"dropped":50,"reason":"file removed while recording"}}"#)
            let account = try RecordingAccount(lines: lines)
            #expect(account.entries == Array(51...100))
            #expect(account.endSeq == 100)
            account.expectEverySeqAccountedFor(through: 100)
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        }
    }

    @Test func fileRemovedTwiceIsStartedAgainTwice() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("session.jsonl").path
            let errors = LockedBox<[RecorderError]>([])
            let (store, recorder) = try Self.makeRecorder(path, errors: errors)
            Self.record(store, recorder, 10)
            try FileManager.default.removeItem(atPath: path)
            Self.record(store, recorder, 10)
            try FileManager.default.removeItem(atPath: path)
            Self.record(store, recorder, 10)
            recorder.close()

            #expect(errors.value == [.fileRemoved(path: path), .fileRemoved(path: path)])
            let account = try RecordingAccount(lines: try fileLines(path))
            #expect(account.gaps.map(\.after) == [0])
            #expect(account.gaps.map(\.dropped) == [20])
            #expect(account.entries == Array(21...30))
            account.expectEverySeqAccountedFor(through: 30)
        }
    }

    /// With its directory gone too, no new file can be made: the failure is reported and the
    /// entries are counted; once the directory is back, recording starts again there.
    @Test func fileRemovedWithItsDirectory() throws {
        try withTemporaryDirectory { parent in
            let directory = parent.appendingPathComponent("recordings")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            let path = directory.appendingPathComponent("session.jsonl").path
            let errors = LockedBox<[RecorderError]>([])
            let (store, recorder) = try Self.makeRecorder(path, errors: errors)
            Self.record(store, recorder, 10)

            try FileManager.default.removeItem(at: directory)
            Self.record(store, recorder, 5)
            Self.record(store, recorder, 5)
            #expect(
                errors.value == [
                    .writeFailed(
                        path: path,
                        reason: "file removed while recording, and a new one cannot be created: No such file or directory")
                ])

            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            Self.record(store, recorder, 5)
            recorder.close()

            #expect(store.state.count == 25)
            #expect(errors.value.count == 2)
            #expect(errors.value.last == .fileRemoved(path: path))
            let account = try RecordingAccount(lines: try fileLines(path))
            #expect(account.gaps.map(\.after) == [0])
            #expect(account.gaps.map(\.dropped) == [20])
            #expect(account.entries == Array(21...25))
            #expect(account.endSeq == 25)
            account.expectEverySeqAccountedFor(through: 25)
        }
    }

    /// A file put at the path by someone else after the removal is never overwritten.
    @Test func anotherFileAtThePathIsLeftAlone() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("session.jsonl").path
            let errors = LockedBox<[RecorderError]>([])
            let (store, recorder) = try Self.makeRecorder(path, errors: errors)
            Self.record(store, recorder, 3)
            try FileManager.default.removeItem(atPath: path)
            try "someone else's\n".write(toFile: path, atomically: false, encoding: .utf8)
            Self.record(store, recorder, 3)
            recorder.close()

            #expect(store.state.count == 6)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "someone else's\n")
            #expect(
                errors.value == [
                    .writeFailed(
                        path: path, reason: "file removed while recording, and a new one cannot be created: File exists")
                ])
        }
    }

    @Test func renamedFileIsWrittenOnWhereItIsNow() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("session.jsonl").path
            let moved = directory.appendingPathComponent("session.1.jsonl").path
            let errors = LockedBox<[RecorderError]>([])
            let (store, recorder) = try Self.makeRecorder(path, errors: errors)
            Self.record(store, recorder, 5)
            try FileManager.default.moveItem(atPath: path, toPath: moved)
            Self.record(store, recorder, 5)
            recorder.close()

            #expect(errors.value == [])
            #expect(!FileManager.default.fileExists(atPath: path))
            let account = try RecordingAccount(lines: try fileLines(moved))
            #expect(account.entries == Array(1...10))
            #expect(account.gaps.isEmpty)
            #expect(account.endSeq == 10)
        }
    }

    @Test func fileRemovedIsDescribed() {
        #expect(
            RecorderError.fileRemoved(path: "a.jsonl").description
                == "a.jsonl: file removed while recording; recording goes on in a new file at this path, after a gap marker")
    }
}
