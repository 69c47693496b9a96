import Redux
import Testing

/// A parent state holding child states, for composition tests.
struct ParentState: Equatable, Sendable {
    var counter = CounterState()
    var detail: CounterState?
    var log: [String] = []
}

enum ParentAction: Equatable, Sendable {
    case counter(CounterAction)
    case detail(CounterAction)
    case clearLog
}

@Suite struct ReducerTests {
    struct PureCase: Sendable, CustomTestStringConvertible {
        let start: Int
        let action: CounterAction
        let expected: Int
        var testDescription: String { "\(start) + \(action) = \(expected)" }
    }

    static let pureCases = [
        PureCase(start: 0, action: .increment, expected: 1),
        PureCase(start: 0, action: .decrement, expected: -1),
        PureCase(start: 7, action: .incrementBy(n: 5), expected: 12),
        PureCase(start: 7, action: .incrementBy(n: -9), expected: -2),
        PureCase(start: 7, action: .reset, expected: 0),
    ]

    @Test(arguments: pureCases)
    func pureReducerCalledAsAFunctionLeavesItsInputAlone(_ example: PureCase) {
        let reducer = Reducer<Int, CounterAction>(pure: { count, action in
            var state = CounterState(count: count)
            counterReducer.reduce(&state, action)
            return state.count
        })
        let start = example.start

        #expect(reducer(start, example.action) == example.expected)
        #expect(start == example.start)

        var inPlace = example.start
        reducer.reduce(&inPlace, example.action)
        #expect(inPlace == example.expected)
    }

    @Test func combineRunsReducersInOrderOnEachOthersResult() {
        let first = Reducer<ParentState, ParentAction> { state, _ in state.log.append("first") }
        let second = Reducer<ParentState, ParentAction> { state, _ in
            state.log.append("second saw \(state.log.count)")
        }

        #expect(Reducer.combine(first, second)(ParentState(), .clearLog).log == ["first", "second saw 1"])
        #expect(Reducer.combine([second, first])(ParentState(), .clearLog).log == ["second saw 0", "first"])
        #expect(Reducer<ParentState, ParentAction>.combine([])(ParentState(), .clearLog) == ParentState())
    }

    @Test func liftOverAKeyPathChangesOnlyThatPart() {
        let lifted: Reducer<ParentState, CounterAction> = counterReducer.lift(state: \ParentState.counter)
        let start = ParentState(counter: CounterState(count: 1), detail: CounterState(count: 50), log: ["x"])

        let after = lifted(start, .incrementBy(n: 4))

        #expect(
            after == ParentState(counter: CounterState(count: 5), detail: CounterState(count: 50), log: ["x"])
        )
    }

    @Test func liftWithActionExtractionIgnoresOtherActions() {
        let lifted: Reducer<ParentState, ParentAction> = counterReducer.lift(
            state: \ParentState.counter,
            action: { action in
                if case .counter(let child) = action { return child }
                return nil
            })
        let clearLog = Reducer<ParentState, ParentAction> { state, action in
            if action == .clearLog { state.log = [] }
        }
        let reducer = Reducer.combine(lifted, clearLog)
        let store = Store(initialState: ParentState(log: ["old"]), reducer: reducer)

        store.dispatch(.counter(.incrementBy(n: 2)))
        store.dispatch(.clearLog)
        store.dispatch(.detail(.increment))
        store.dispatch(.counter(.increment))

        #expect(store.state == ParentState(counter: CounterState(count: 3), detail: nil, log: []))
    }

    @Test func liftOverAnOptionalRunsOnlyWhileThePartIsPresent() {
        let lifted: Reducer<ParentState, ParentAction> = counterReducer.lift(
            optionalState: \ParentState.detail,
            action: { action in
                if case .detail(let child) = action { return child }
                return nil
            })

        #expect(lifted(ParentState(detail: nil), .detail(.increment)) == ParentState(detail: nil))
        #expect(
            lifted(ParentState(detail: CounterState(count: 1)), .detail(.incrementBy(n: 2)))
                == ParentState(detail: CounterState(count: 3)))
        #expect(
            lifted(ParentState(detail: CounterState(count: 1)), .counter(.increment))
                == ParentState(detail: CounterState(count: 1)))
    }

    @Test func liftOverAnOptionalWithTheSameActionType() {
        let lifted: Reducer<ParentState, CounterAction> = counterReducer.lift(
            optionalState: \ParentState.detail)

        #expect(lifted(ParentState(detail: nil), .increment) == ParentState(detail: nil))
        #expect(
            lifted(ParentState(detail: CounterState(count: 9)), .reset) == ParentState(detail: CounterState())
        )
    }
}
