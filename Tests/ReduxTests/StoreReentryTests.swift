import Foundation
import Observation
import Redux
import Testing

/// Actions that reach the reducer other than straight through `dispatch`: passed on later by
/// a middleware, dispatched while the middleware is set up, or by an Observation change
/// handler while the state changes.
@Suite struct StoreReentryTests {
    /// A middleware that holds every action back and passes it on from another thread, as
    /// a delay or a debounce does.
    private static func passingOnLater(_ group: DispatchGroup) -> Middleware<CounterState, CounterAction> {
        Middleware { _, _ in
            { next in
                { action in
                    group.enter()
                    DispatchQueue.global().async {
                        next(action)
                        group.leave()
                    }
                }
            }
        }
    }

    /// Passed on from other threads, the actions used to reach the reducer and the recorder
    /// beside one another: subscribers missed states, recorded states did not follow their
    /// `seq`, and the heap could be corrupted.
    @Test func actionsPassedOnLaterFromOtherThreadsAreReducedRecordedAndNotifiedInTurn() throws {
        let group = DispatchGroup()
        let sink = MemoryRecordingSink()
        let recorder = Recorder<CounterState, CounterAction>(sink: sink, options: steppingOptions())
        let store = Store(
            initialState: CounterState(), reducer: counterReducer,
            middleware: [Self.passingOnLater(group), recorder.middleware])
        let notified = LockedBox<[Int]>([])
        store.subscribe { state in notified.withLock { $0.append(state.count) } }

        for _ in 0..<2_000 { store.dispatch(.increment) }
        group.wait()
        recorder.close()

        #expect(store.state.count == 2_000)
        #expect(notified.value == Array(1...2_000))
        let entries = try sink.lines.dropFirst().dropLast().map { try jsonObject($0) }
        #expect(entries.count == 2_000)
        let mismatched = entries.filter { entry in
            (entry["state"] as? [String: Any])?["count"] as? Int != seqNumber(of: entry)
        }
        #expect(mismatched.isEmpty, "\(mismatched.prefix(3))")
        #expect(sink.lines.last == #"{"end":{"seq":2000,"state":{"count":2000}}}"#)
    }

    @Test func anActionPassedOnLaterFromAnotherThreadIsNotifiedThere() {
        let group = DispatchGroup()
        let store = Store(
            initialState: CounterState(), reducer: counterReducer, middleware: [Self.passingOnLater(group)])
        let notified = LockedBox<[Int]>([])
        store.subscribe { state in notified.withLock { $0.append(state.count) } }

        store.dispatch(.incrementBy(n: 3))
        group.wait()

        #expect(store.state.count == 3)
        #expect(notified.value == [3])
    }

    /// Such an action used to run into the empty chain of a store not yet made, and was lost.
    @Test func anActionDispatchedWhileTheMiddlewareIsSetUpRunsOnceTheStoreIsMade() throws {
        let announcing = Middleware<CounterState, CounterAction> { dispatch, _ in
            dispatch(.incrementBy(n: 5))
            return { next in next }
        }
        let sink = MemoryRecordingSink()
        let recorder = Recorder<CounterState, CounterAction>(sink: sink, options: steppingOptions())
        let store = Store(
            initialState: CounterState(), reducer: counterReducer, middleware: [announcing, recorder.middleware])

        #expect(store.state.count == 5)
        store.dispatch(.increment)
        recorder.close()

        #expect(store.state.count == 6)
        let lines = sink.lines
        try #require(lines.count == 4, "\(lines)")
        #expect(canonical(try jsonObject(lines[0])["initialState"]) == #"{"count":0}"#)
        #expect(canonical(try jsonObject(lines[1])["action"]) == #"{"incrementBy":{"n":5}}"#)
        #expect(canonical(try jsonObject(lines[2])["state"]) == #"{"count":6}"#)
    }

    /// Observation calls a change handler before the change (`willSet`); one that dispatched
    /// was reported as a reducer that dispatched, which stops the program by default.
    @Test func anActionAnObservationHandlerDispatchesRunsAfterTheChangeItWasToldOf() throws {
        let misuses = LockedBox<[StoreMisuse]>([])
        let sink = MemoryRecordingSink()
        let recorder = Recorder<CounterState, CounterAction>(sink: sink, options: steppingOptions())
        let store = Store(
            initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware],
            onMisuse: { misuse in misuses.withLock { $0.append(misuse) } })
        let notified = LockedBox<[Int]>([])
        store.subscribe { state in notified.withLock { $0.append(state.count) } }
        withObservationTracking {
            _ = store.state.count
        } onChange: {
            store.dispatch(.incrementBy(n: 10))
        }

        store.dispatch(.increment)
        recorder.close()

        #expect(misuses.value.isEmpty)
        #expect(store.state.count == 11)
        #expect(notified.value == [1, 11])
        let states = try sink.lines.dropFirst().dropLast().map { canonical(try jsonObject($0)["state"]) }
        #expect(states == [#"{"count":1}"#, #"{"count":11}"#])
    }

    /// A middleware that passes an action on while it is set up runs the actions waiting
    /// then: they were taken from the list with no chain to run them, and lost.
    @Test func actionsWaitingWhileTheStoreIsMadeSurviveAMiddlewarePassingOneOnMeanwhile() {
        let replaying = Middleware<CounterState, CounterAction> { _, _ in
            { next in
                next(.increment)
                return { action in next(action) }
            }
        }
        let announcing = Middleware<CounterState, CounterAction> { dispatch, _ in
            dispatch(.incrementBy(n: 5))
            return { next in next }
        }
        let store = Store(initialState: CounterState(), reducer: counterReducer, middleware: [replaying, announcing])

        #expect(store.state.count == 6)
    }

    /// A held-back action passed on from a change handler was reduced inside the change,
    /// which called the handler again, until the stack overflowed. It waits like an action
    /// the handler dispatches, in the order the handler sent them.
    @Test func anActionPassedOnFromAnObservationHandlerWaitsForTheChange() {
        let held = LockedBox<(@Sendable () -> Void)?>(nil)
        let holding = Middleware<CounterState, CounterAction> { _, _ in
            { next in
                { action in
                    guard action == .reset else { return next(action) }
                    held.withLock { $0 = { next(.incrementBy(n: 100)) } }
                }
            }
        }
        let misuses = LockedBox<[StoreMisuse]>([])
        let store = Store(
            initialState: CounterState(), reducer: counterReducer, middleware: [holding],
            onMisuse: { misuse in misuses.withLock { $0.append(misuse) } })
        let notified = LockedBox<[Int]>([])
        store.subscribe { state in notified.withLock { $0.append(state.count) } }
        store.dispatch(.reset)
        withObservationTracking {
            _ = store.state.count
        } onChange: {
            held.value?()
            store.dispatch(.incrementBy(n: 10))
        }

        store.dispatch(.increment)

        #expect(store.state.count == 111)
        #expect(notified.value == [1, 101, 111])
        #expect(misuses.value.isEmpty)
    }

    struct Log: Codable, Sendable, Equatable {
        var log: [String] = []
    }

    static let logReducer = Reducer<Log, String> { state, action in state.log.append(action) }

    /// On "a", dispatches "x" before passing "a" on, as a thunk middleware dispatches; while it
    /// is set up, dispatches "a" and "b" when asked to.
    static func dispatchingXBeforeA(whileSetUp: Bool) -> Middleware<Log, String> {
        Middleware { dispatch, _ in
            if whileSetUp {
                dispatch("a")
                dispatch("b")
            }
            return { next in
                { action in
                    if action == "a" { dispatch("x") }
                    next(action)
                }
            }
        }
    }

    /// The dispatch a waiting action made ran the actions waiting after it, before it: "b"
    /// overtook "a" (found by helper-80). Dispatched directly, the same actions go x, a, b.
    @Test(arguments: ["while the store is made", "from a change handler"])
    func waitingActionsRunInTheOrderTheyWereSent(_ when: String) throws {
        let sink = MemoryRecordingSink()
        let recorder = Recorder<Log, String>(sink: sink, options: steppingOptions())
        let store = Store(
            initialState: Log(), reducer: Self.logReducer,
            middleware: [Self.dispatchingXBeforeA(whileSetUp: when == "while the store is made"), recorder.middleware])
        let heard = LockedBox<[String]>([])
        store.subscribe { state in heard.withLock { $0.append(state.log.last ?? "") } }
        if when == "from a change handler" {
            withObservationTracking {
                _ = store.state
            } onChange: {
                store.dispatch("a")
                store.dispatch("b")
            }
        }
        store.dispatch("go")
        recorder.close()

        let expected = when == "from a change handler" ? ["go", "x", "a", "b"] : ["x", "a", "b", "go"]
        #expect(store.state.log == expected)
        let recorded = try sink.lines.dropFirst().dropLast().map { try jsonObject($0)["action"] as? String }
        #expect(recorded == expected)
        #expect(heard.value == (when == "from a change handler" ? expected : ["go"]))
    }

    /// A middleware that passes an action on while it is set up went ahead of one dispatched
    /// before it, while the store was made.
    @Test func anActionPassedOnWhileTheStoreIsMadeWaitsItsTurn() {
        let first = Middleware<Log, String> { _, _ in
            { next in
                next("b")
                return { action in next(action) }
            }
        }
        let second = Middleware<Log, String> { dispatch, _ in
            dispatch("a")
            return { next in next }
        }
        let store = Store(initialState: Log(), reducer: Self.logReducer, middleware: [first, second])

        #expect(store.state.log == ["a", "b"])
    }

    /// A reducer that calls a middleware's `next` it kept is reported as one that dispatches,
    /// and the action dropped: it used to wait, and run after.
    @Test func aReducerCallingAKeptNextIsReportedAndTheActionDropped() {
        let kept = LockedBox<(@Sendable (CounterAction) -> Void)?>(nil)
        let keeping = Middleware<CounterState, CounterAction> { _, _ in
            { next in
                kept.withLock { $0 = next }
                return next
            }
        }
        let impure = Reducer<CounterState, CounterAction> { state, action in
            counterReducer.reduce(&state, action)
            if action == .reset { kept.value?(.incrementBy(n: 100)) }
        }
        let misuses = LockedBox<[StoreMisuse]>([])
        let store = Store(
            initialState: CounterState(), reducer: impure, middleware: [keeping],
            onMisuse: { misuse in misuses.withLock { $0.append(misuse) } })

        store.dispatch(.reset)

        #expect(store.state.count == 0)
        #expect(misuses.value == [.reducerDispatched(action: "incrementBy(n: 100)")])
    }
}
