import Foundation
import Redux
import Testing

enum AsyncAction: Sendable {
    case thunk(Thunk<CounterState, AsyncAction>)
    case counter(CounterAction)
}

@Suite struct ThunkTests {
    @Test(.timeLimit(.minutes(1)))
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
