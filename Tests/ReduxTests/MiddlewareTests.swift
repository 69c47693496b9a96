import Redux
import Testing

@Suite struct MiddlewareTests {
    /// A middleware that logs `name>action` before passing the action on and `<name` after.
    static func tracing(
        _ name: String, _ log: LockedBox<[String]>, dispatchingOn trigger: FlowAction? = nil
    ) -> Middleware<LogState, FlowAction> {
        Middleware { dispatch, _ in
            { next in
                { action in
                    log.append("\(name)>\(ActionType.name(of: action))")
                    if action == trigger { dispatch(.followUp) }
                    next(action)
                    log.append("<\(name)")
                }
            }
        }
    }

    /// The log reducer, also writing `reducer:action` into `log`.
    static func loggingReducer(_ log: LockedBox<[String]>) -> Reducer<LogState, FlowAction> {
        Reducer { state, action in
            log.append("reducer:\(ActionType.name(of: action))")
            logReducer.reduce(&state, action)
        }
    }

    @Test func middlewareRunsInArrayOrderAndUnwindsInReverse() {
        let log = LockedBox<[String]>([])
        let store = Store(
            initialState: LogState(), reducer: Self.loggingReducer(log),
            middleware: [Self.tracing("a", log), Self.tracing("b", log), Self.tracing("c", log)])

        store.dispatch(.trigger)

        #expect(log.value.joined(separator: " ") == "a>trigger b>trigger c>trigger reducer:trigger <c <b <a")
        #expect(store.state.seen == ["trigger"])
    }

    @Test func followUpDispatchedByAMiddlewareEntersTheChainFromTheTop() {
        let log = LockedBox<[String]>([])
        let store = Store(
            initialState: LogState(), reducer: Self.loggingReducer(log),
            middleware: [
                Self.tracing("a", log), Self.tracing("b", log, dispatchingOn: .trigger),
                Self.tracing("c", log),
            ])

        store.dispatch(.trigger)

        #expect(
            log.value.joined(separator: " ")
                == "a>trigger b>trigger a>followUp b>followUp c>followUp reducer:followUp <c <b <a "
                + "c>trigger reducer:trigger <c <b <a")
        #expect(store.state.seen == ["followUp", "trigger"])
    }

    @Test func effectSeesTheNewStateAndItsFollowUpIsReducedAfterTheTrigger() {
        let log = LockedBox<[String]>([])
        let statesSeenByEffect = LockedBox<[[String]]>([])
        let effect = Middleware<LogState, FlowAction>.effect { action, context in
            statesSeenByEffect.withLock { $0.append(context.state.seen) }
            if action == .trigger { context.dispatch(.followUp) }
        }
        let store = Store(
            initialState: LogState(), reducer: Self.loggingReducer(log),
            middleware: [Self.tracing("a", log), effect, Self.tracing("c", log)])

        store.dispatch(.trigger)

        #expect(store.state.seen == ["trigger", "followUp"])
        #expect(statesSeenByEffect.value == [["trigger"], ["trigger", "followUp"]])
        #expect(
            log.value.joined(separator: " ")
                == "a>trigger c>trigger reducer:trigger <c a>followUp c>followUp reducer:followUp <c <a <a")
    }

    @Test func middlewareCanSwallowOrReplaceActions() {
        let replace = Middleware<LogState, FlowAction> { _, _ in
            { next in
                { action in
                    switch action {
                    case .other: return
                    case .trigger: next(.followUp)
                    case .followUp: next(action)
                    }
                }
            }
        }
        let store = Store(initialState: LogState(), reducer: logReducer, middleware: [replace])

        store.dispatch(.other)
        store.dispatch(.trigger)

        #expect(store.state.seen == ["followUp"])
    }

    @Test func getStateGivesTheStateBeforeAndAfterTheReducer() {
        let observed = LockedBox<[Int]>([])
        let probe = Middleware<CounterState, CounterAction> { _, getState in
            { next in
                { action in
                    observed.withLock { $0.append(getState().count) }
                    next(action)
                    observed.withLock { $0.append(getState().count) }
                }
            }
        }
        let store = Store(initialState: CounterState(count: 10), reducer: counterReducer, middleware: [probe])

        store.dispatch(.incrementBy(n: 5))
        store.dispatch(.decrement)

        #expect(observed.value == [10, 15, 15, 14])
    }
}
