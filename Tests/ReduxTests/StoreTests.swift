import Observation
import Redux
import Testing

@Suite struct StoreTests {
    @Test func dispatchRunsTheReducer() {
        let store = Store(initialState: CounterState(), reducer: counterReducer)

        store.dispatch(.incrementBy(n: 5))
        store.dispatch(.decrement)

        #expect(store.state == CounterState(count: 4))
    }

    @Test func subscribersReceiveEveryStateInOrderUntilTheyUnsubscribe() {
        let store = Store(initialState: CounterState(), reducer: counterReducer)
        let first = LockedBox<[Int]>([])
        let second = LockedBox<[Int]>([])
        let subscription = store.subscribe { state in first.withLock { $0.append(state.count) } }

        store.dispatch(.increment)
        store.dispatch(.incrementBy(n: 5))
        store.subscribe { state in second.withLock { $0.append(state.count) } }
        store.dispatch(.decrement)
        store.unsubscribe(subscription)
        store.unsubscribe(subscription)
        store.dispatch(.reset)

        #expect(first.value == [1, 6, 5])
        #expect(second.value == [5, 0])
        #expect(store.state.count == 0)
    }

    @Test func subscriberThatDispatchesLetsEverySubscriberSeeEveryStateInOrder() {
        let store = Store(initialState: CounterState(), reducer: counterReducer)
        let first = LockedBox<[Int]>([])
        let second = LockedBox<[Int]>([])
        store.subscribe { [weak store] state in
            first.withLock { $0.append(state.count) }
            if state.count == 1 { store?.dispatch(.incrementBy(n: 10)) }
        }
        store.subscribe { state in second.withLock { $0.append(state.count) } }

        store.dispatch(.increment)

        #expect(first.value == [1, 11])
        #expect(second.value == [1, 11])
    }

    @Test func subscribersHearAboutFollowUpsAfterTheWholeDispatch() {
        let followUp = Middleware<LogState, FlowAction>.effect { action, context in
            if action == .trigger { context.dispatch(.followUp) }
        }
        let store = Store(initialState: LogState(), reducer: logReducer, middleware: [followUp])
        let received = LockedBox<[[String]]>([])
        store.subscribe { state in received.withLock { $0.append(state.seen) } }

        store.dispatch(.trigger)

        #expect(received.value == [["trigger"], ["trigger", "followUp"]])
    }

    @Test func observationTrackingSeesEachDispatch() {
        let store = Store(initialState: CounterState(), reducer: counterReducer)
        let changes = LockedBox(0)
        withObservationTracking {
            _ = store.state
        } onChange: {
            changes.withLock { $0 += 1 }
        }

        store.dispatch(.increment)
        #expect(changes.value == 1)

        withObservationTracking {
            _ = store.state.count
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        store.dispatch(.increment)
        #expect(changes.value == 2)
        #expect(store.state.count == 2)
    }

    @Test func reducerThatDispatchesIsReportedAndItsActionDropped() {
        let storeReference = LockedBox<Store<CounterState, CounterAction>?>(nil)
        let misuses = LockedBox<[StoreMisuse]>([])
        let impureReducer = Reducer<CounterState, CounterAction> { state, action in
            counterReducer.reduce(&state, action)
            if action == .reset { storeReference.value?.dispatch(.incrementBy(n: 100)) }
        }
        let store = Store(
            initialState: CounterState(), reducer: impureReducer,
            onMisuse: { misuse in misuses.withLock { $0.append(misuse) } })
        storeReference.withLock { $0 = store }
        defer { storeReference.withLock { $0 = nil } }

        store.dispatch(.incrementBy(n: 3))
        store.dispatch(.reset)
        #expect(store.state.count == 0)
        store.dispatch(.increment)

        #expect(misuses.value == [.reducerDispatched(action: "incrementBy(n: 100)")])
        #expect(store.state.count == 1)
        #expect(
            misuses.value.first?.description
                == "a reducer dispatched incrementBy(n: 100) while reducing. Reducers must be pure: "
                + "dispatch follow-up actions from a middleware instead")
    }

    @Test func reducerThatDispatchesStopsTheProgramWithAClearMessageByDefault() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let storeReference = LockedBox<Store<CounterState, CounterAction>?>(nil)
            let impureReducer = Reducer<CounterState, CounterAction> { (_: inout CounterState, action) in
                if action == .reset { storeReference.value?.dispatch(.increment) }
            }
            let store = Store(initialState: CounterState(), reducer: impureReducer)
            storeReference.withLock { $0 = store }
            store.dispatch(.reset)
        }

        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            standardError.contains(
                "Redux.Store: a reducer dispatched increment while reducing. Reducers must be pure: "
                    + "dispatch follow-up actions from a middleware instead"),
            "\(standardError)")
    }

    @Test func eightTasksDispatchingTenThousandActionsEachLoseNothing() async {
        let store = Store(initialState: CounterState(), reducer: counterReducer)
        let received = LockedBox(0)
        store.subscribe { _ in received.withLock { $0 += 1 } }

        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 { store.dispatch(.increment) }
                }
            }
        }

        #expect(store.state.count == 80_000)
        #expect(received.value == 80_000)
    }

    @Test func eightThreadsDispatchingTenThousandActionsEachLoseNothing() {
        let store = Store(initialState: CounterState(), reducer: counterReducer)

        runOnThreads(8) { index in
            for _ in 0..<10_000 { store.dispatch(index.isMultiple(of: 2) ? .incrementBy(n: 2) : .decrement) }
        }

        #expect(store.state.count == 4 * 10_000 * 2 - 4 * 10_000)
    }
}
