import Foundation
import Redux
import Testing

/// Faults under load, from several dispatching threads: writes that fail on and off, a disk
/// slower than the app, `close()` racing dispatches. None crashes; no accepted line is lost,
/// written twice or interleaved with another — every `seq` is in exactly one entry or one gap.
@Suite struct RecorderFaultLoadTests {
    static let threads = 4

    @Test(.hangGuard)
    func writesFailingOnAndOffLoseNothingUnaccounted() throws {
        let sink = SwitchableSink()
        let errors = LockedBox<[RecorderError]>([])
        let recorder = Recorder<CounterState, CounterAction>(
            sink: sink, options: .init(queueCapacity: 64, onError: { error in errors.withLock { $0.append(error) } }))
        let store = Store(initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        let perThread = 2_500
        let done = LockedBox(false)
        let toggler = Thread {
            var failing = false
            while !done.value {
                failing.toggle()
                sink.failing.withLock { $0 = failing }
                Thread.sleep(forTimeInterval: 0.0005)
            }
            sink.failing.withLock { $0 = false }
        }
        toggler.start()
        runOnThreads(Self.threads) { _ in
            for _ in 0..<perThread { store.dispatch(.increment) }
        }
        done.withLock { $0 = true }
        while sink.failing.value { Thread.sleep(forTimeInterval: 0.001) }
        recorder.close()

        let total = Self.threads * perThread
        #expect(store.state.count == total)
        #expect(!errors.value.isEmpty)
        #expect(errors.value.allSatisfy { $0 == .writeFailed(path: "switchable", reason: "device error") })
        let account = try RecordingAccount(lines: sink.memory.lines)
        #expect(account.header != nil)
        #expect(account.endSeq == total)
        #expect(account.gaps.allSatisfy { $0.reason == "write failed: device error" })
        account.expectEverySeqAccountedFor(through: total)
        // Each failure is reported once per run of failures, not once per write.
        #expect(errors.value.count <= account.gaps.count + 1)
    }

    @Test(.hangGuard)
    func waitingPolicyLosesNothingWhenTheDiskIsSlow() throws {
        let sink = SwitchableSink(delay: 0.001)
        let recorder = Recorder<CounterState, CounterAction>(
            sink: sink,
            options: .init(queueCapacity: 8, whenQueueFull: .wait, onError: { Issue.record("recorder error: \($0)") }))
        let store = Store(initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        runOnThreads(Self.threads) { _ in
            for _ in 0..<500 { store.dispatch(.increment) }
        }
        recorder.close()

        let account = try RecordingAccount(lines: sink.memory.lines)
        #expect(account.gaps.isEmpty)
        #expect(account.entries == Array(1...2_000))
        #expect(account.endSeq == 2_000)
    }

    @Test(.hangGuard)
    func droppingPolicyCountsEveryDropExactlyFromManyThreads() throws {
        let sink = SwitchableSink(delay: 0.002)
        let recorder = Recorder<CounterState, CounterAction>(
            sink: sink,
            options: .init(queueCapacity: 4, whenQueueFull: .drop, onError: { Issue.record("recorder error: \($0)") }))
        let store = Store(initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        runOnThreads(Self.threads) { _ in
            for _ in 0..<1_000 { store.dispatch(.increment) }
        }
        recorder.close()

        let account = try RecordingAccount(lines: sink.memory.lines)
        #expect(account.endSeq == 4_000)
        #expect(!account.gaps.isEmpty, "a slow sink and a queue of four should have dropped entries")
        #expect(account.gaps.allSatisfy { $0.reason == "queue full" })
        account.expectEverySeqAccountedFor(through: 4_000)
    }

    /// `close()` from several threads while others dispatch and the sink fails now and then:
    /// one end marker, last; everything before it accounted for; dispatches go on unrecorded.
    @Test(.hangGuard)
    func closeFromManyThreadsWhileWritesFailAndDispatchesContinue() throws {
        for round in 0..<10 {
            let sink = SwitchableSink()
            let recorder = Recorder<CounterState, CounterAction>(
                sink: sink, options: .init(queueCapacity: 16, whenQueueFull: round.isMultiple(of: 2) ? .wait : .drop, onError: { _ in }))
            let store = Store(initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
            runOnThreads(8) { index in
                switch index {
                case 0..<4:
                    for _ in 0..<500 { store.dispatch(.increment) }
                case 4:
                    sink.failing.withLock { $0 = true }
                    Thread.sleep(forTimeInterval: 0.001)
                    sink.failing.withLock { $0 = false }
                default:
                    Thread.sleep(forTimeInterval: 0.002)
                    recorder.close()
                }
            }
            recorder.close()
            store.dispatch(.increment)
            recorder.flush()

            #expect(store.state.count == 2_001)
            let lines = sink.memory.lines
            // A write that failed at the very end leaves no end marker; otherwise there is one.
            let account = try RecordingAccount(lines: lines)
            if let end = account.endSeq {
                account.expectEverySeqAccountedFor(through: end)
            }
            #expect(sink.memory.isClosed)
        }
    }

    /// A failed write that held no entry (here only the header) loses nothing: no gap marker
    /// claiming `dropped: 0` may follow it. This was the flake in the test above.
    @Test func aFailedHeaderOnlyWriteLeavesNoEmptyGap() throws {
        let sink = SwitchableSink()
        sink.failing.withLock { $0 = true }
        let errors = LockedBox(0)
        let recorder = Recorder<CounterState, CounterAction>(
            sink: sink, options: .init(onError: { _ in errors.withLock { $0 += 1 } }))
        let store = Store(initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        recorder.flush()  // the header alone is written, and fails
        sink.failing.withLock { $0 = false }
        store.dispatch(.increment)
        recorder.close()
        let lines = sink.memory.lines
        #expect(lines.count == 3, "header, entry, end: \(lines)")
        #expect(lines.first?.hasPrefix(#"{"format":"redux-inspect""#) == true)
        #expect(!lines.contains { $0.contains(#""gap""#) })
        #expect(errors.value == 1)
    }

    @Test func dispatchFromManyThreadsAfterCloseRecordsNothing() throws {
        let sink = MemoryRecordingSink()
        let recorder = Recorder<CounterState, CounterAction>(sink: sink, options: steppingOptions())
        let store = Store(initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        store.dispatch(.increment)
        recorder.close()
        let closed = sink.lines
        runOnThreads(Self.threads) { _ in
            for _ in 0..<250 { store.dispatch(.increment) }
            recorder.flush()
            recorder.close()
        }
        #expect(store.state.count == 1_001)
        #expect(sink.lines == closed)
    }

    /// `/dev/full`: every write fails. Reported once, the app runs on, the dispatching threads
    /// never block, whatever the queue policy.
    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"), .hangGuard,
        arguments: [QueueFullPolicy.wait, .drop])
    func fullDiskFromManyThreadsIsReportedOnce(_ policy: QueueFullPolicy) throws {
        let path = "/dev/full"
        let originalMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
        defer {
            if let originalMode { try? FileManager.default.setAttributes([.posixPermissions: originalMode], ofItemAtPath: path) }
        }
        let errors = LockedBox<[RecorderError]>([])
        let recorder = try Recorder<CounterState, CounterAction>(
            path: path, ifExists: .replace,
            options: .init(queueCapacity: 16, whenQueueFull: policy, onError: { error in errors.withLock { $0.append(error) } }))
        let store = Store(initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        runOnThreads(Self.threads) { _ in
            for _ in 0..<1_000 { store.dispatch(.increment) }
        }
        recorder.close()

        #expect(store.state.count == 4_000)
        #expect(errors.value == [.writeFailed(path: path, reason: "No space left on device")])
    }
}
