import Foundation
import Observation
import Redux
import Testing

/// How a recorder comes to record a store: wrapped in an app's own middleware, or installed
/// in more than one store.
@Suite struct RecorderInstallationTests {
    /// Wrapped, the recorder used not to get the store's lock, so `close()` from another
    /// thread returned at once, while an action was being reduced, before the end marker was
    /// written.
    @Test(.hangGuard) func aWrappedRecorderClosedDuringADispatchReturnsWithTheRecordingEnded() throws {
        let sink = MemoryRecordingSink()
        let recorder = Recorder<CounterState, CounterAction>(sink: sink, options: steppingOptions())
        let wrapped = Middleware<CounterState, CounterAction> { dispatch, getState in
            recorder.middleware.body(dispatch, getState)
        }
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let blocking = Reducer<CounterState, CounterAction> { state, action in
            counterReducer.reduce(&state, action)
            if action == .decrement {
                entered.signal()
                _ = release.wait(timeout: .now() + 30)
            }
        }
        let store = Store(initialState: CounterState(), reducer: blocking, middleware: [wrapped])
        store.dispatch(.increment)
        let lastLineAfterClose = LockedBox<String?>(nil)

        runOnThreads(2) { index in
            if index == 0 {
                store.dispatch(.decrement)
            } else {
                guard entered.wait(timeout: .now() + 30) == .success else {
                    Issue.record("the dispatch never reached the reducer")
                    return
                }
                let closer = Thread {
                    recorder.close()
                    lastLineAfterClose.withLock { $0 = sink.lines.last }
                    release.signal()
                }
                closer.start()
                // `close()` waits for the dispatch, which the closer ends if `close()` does not.
                Thread.sleep(forTimeInterval: 0.1)
                release.signal()
            }
        }

        let end = #"{"end":{"seq":2,"state":{"count":0}}}"#
        let deadline = Date().addingTimeInterval(10)
        while lastLineAfterClose.value == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(lastLineAfterClose.value == end)
        #expect(sink.lines.last == end)
    }

    @Test func aSecondStoreIsNotRecordedAndIsReported() throws {
        let errors = LockedBox<[RecorderError]>([])
        let sink = MemoryRecordingSink()
        let recorder = Recorder<CounterState, CounterAction>(
            sink: sink, options: steppingOptions(onError: { error in errors.withLock { $0.append(error) } }))
        let first = Store(initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        let second = Store(
            initialState: CounterState(count: 100), reducer: counterReducer, middleware: [recorder.middleware])

        first.dispatch(.increment)
        second.dispatch(.incrementBy(n: 5))
        first.dispatch(.increment)
        recorder.close()

        #expect(second.state.count == 105)
        let lines = sink.lines
        try #require(lines.count == 4, "\(lines)")
        #expect(canonical(try jsonObject(lines[0])["initialState"]) == #"{"count":0}"#)
        #expect(try lines[1...2].map { canonical(try jsonObject($0)["state"]) } == [#"{"count":1}"#, #"{"count":2}"#])
        #expect(lines[3] == #"{"end":{"seq":2,"state":{"count":2}}}"#)
        #expect(errors.value == [.installedInSecondStore])
        #expect(
            RecorderError.installedInSecondStore.description
                == "the recorder was installed again (in a second store, or twice in one store's middleware); it records only where it was installed first: make a recorder for each store")
    }

    /// Runs `body` on a new thread; `false` when it has not returned within `seconds`.
    private static func finishes(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        return done.wait(timeout: .now() + seconds) == .success
    }

    /// `close()` inside a dispatch waited for the error handler, which waited for the store's
    /// lock to read the state: a deadlock. From a subscriber, and deferred from a change
    /// handler (it runs as the recorder's middleware returns, under the lock).
    @Test(arguments: ["subscriber", "change handler"])
    func closeInsideADispatchDoesNotWaitForAnErrorHandlerReadingTheState(from place: String) {
        let storeReference = LockedBox<Store<CounterState, CounterAction>?>(nil)
        let sink = SwitchableSink()
        let handled = LockedBox(0)
        let recorder = Recorder<CounterState, CounterAction>(
            sink: sink,
            options: steppingOptions(onError: { _ in
                _ = storeReference.value?.state
                handled.withLock { $0 += 1 }
            }))
        let store = Store(initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
        storeReference.withLock { $0 = store }
        defer { storeReference.withLock { $0 = nil } }
        store.dispatch(.increment)
        recorder.flush()
        sink.failing.withLock { $0 = true }
        if place == "subscriber" {
            store.subscribe { state in if state.count == 2 { recorder.close() } }
        } else {
            withObservationTracking { _ = store.state.count } onChange: { recorder.close() }
        }

        let finished = Self.finishes(within: 10) { store.dispatch(.increment) }
        #expect(finished, "close() deadlocked")
        guard finished else {
            // Kept: its `deinit` closes it, which would wait for the deadlocked store.
            _ = Unmanaged.passRetained(recorder)
            return
        }
        recorder.flush()
        #expect(handled.value > 0, "the write error was handled, after the dispatch")
    }
}
