import Foundation
import Redux
import Testing

enum AsyncAction: Sendable {
    case thunk(Thunk<CounterState, AsyncAction>)
    case counter(CounterAction)
}

@Suite struct ThunkTests {
    // The thunk runs in a task of its own, and the test waits for it three times (its start,
    // its `Task.yield()`, the test's own resumption). Swift Testing starts every test of a run
    // at once, so each wait may last until the tests queued before it have run: a minute was
    // once not enough on two cores. The limit only has to turn a thunk that never ends into a
    // failure, so it is longer than a whole run.
    @Test(.hangGuard)
    func thunkDispatchesPlainActionsThatReachTheReducerInOrder() async {
        let reduced = LockedBox<[String]>([])
        let reducer = Reducer<CounterState, AsyncAction> { state, action in
            reduced.append(ActionType.name(of: action))
            if case .counter(let child) = action { counterReducer.reduce(&state, child) }
        }
        let store = Store(
            initialState: CounterState(), reducer: reducer,
            middleware: [.thunks { action in if case .thunk(let thunk) = action { thunk } else { nil } }])
        let seenInThunk = LockedBox<[Int]>([])

        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let load = Thunk<CounterState, AsyncAction>("load") { dispatch, getState in
                seenInThunk.withLock { $0.append(getState().count) }
                dispatch(.counter(.increment))
                await Task.yield()
                seenInThunk.withLock { $0.append(getState().count) }
                dispatch(.counter(.incrementBy(n: 10)))
                done.resume()
            }
            store.dispatch(.thunk(load))
        }

        #expect(store.state.count == 11)
        #expect(reduced.value == ["counter", "counter"])
        #expect(seenInThunk.value == [0, 1])
    }

    @Test func thunkEncodesItsNameAndCannotBeDecoded() throws {
        let thunk = Thunk<CounterState, AsyncAction>("loadProfile") { _, _ in }

        let data = try JSONEncoder().encode(thunk)

        #expect(String(decoding: data, as: UTF8.self) == #"{"thunk":"loadProfile"}"#)
        #expect(thunk.name == "loadProfile")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Thunk<CounterState, AsyncAction>.self, from: data)
        }
    }
}
