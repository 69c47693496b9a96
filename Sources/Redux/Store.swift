import Foundation
import Observation

/// The single source of truth of an app: holds the state, runs actions through the
/// middleware chain and the reducer, and tells subscribers and SwiftUI about changes.
///
/// Dispatch is safe from any thread: actions are serialized, so none is lost and every
/// subscriber sees every state in order. A middleware may dispatch from inside `dispatch`;
/// the new action runs through the whole chain, from the first middleware, before the call
/// returns. A middleware may also hold an action back and pass it to `next` later, from
/// another thread or task (a delay, a debounce): the rest of the chain then runs as a
/// dispatch does, in turn with the others. A reducer must never dispatch (nor call a
/// middleware's `next` it kept): that is reported through `onMisuse`.
///
/// The middleware, the reducer, Observation's change handlers and the subscribers all run
/// while the store holds its lock, so that they see the states one at a time. Reading
/// `state`, dispatching or passing an action on from another thread waits until they are
/// done: one of them that waits for such a thread deadlocks, as does a middleware calling
/// `DispatchQueue.main.sync { next(action) }` from a background dispatch, or a subscriber
/// reading the state through `DispatchQueue.main.sync`. Hop to another thread asynchronously
/// instead. A middleware's `next` called after the store is gone does nothing.
///
/// ```swift
/// let store = Store(
///     initialState: Counter.State(),
///     reducer: Counter.reducer,
///     middleware: [logger.middleware]
/// )
/// store.dispatch(.increment)
/// print(store.state.count)  // 1
/// ```
public final class Store<State: Sendable, Action: Sendable>: Observable, @unchecked Sendable {
    // Unchecked Sendable: every mutable property below is guarded by `gate.lock`.
    private let box: StateBox<State>
    private let gate: DispatchGate
    private let reducer: Reducer<State, Action>
    private let onMisuse: @Sendable (StoreMisuse) -> Void
    private let registrar = ObservationRegistrar()
    /// Built once: a key path literal in a generic class is instantiated at run time, and
    /// doing that on every access cost more than the rest of `dispatch` together.
    private let stateKeyPath: KeyPath<Store, State> = \Store.state
    /// `nil` while the store is created: actions dispatched then wait in `waiting`.
    private var chain: DispatchFunction<Action>?
    private var isReducing = false
    /// Actions that wait their turn, in order: dispatched while the store is created, or
    /// dispatched or passed on while the state changes (``DispatchGate/isMutating``), with the
    /// rest of the chain they go through (`nil`: all of it).
    private var waiting: [(action: Action, through: DispatchFunction<Action>?)] = []
    private var waitingCount = 0
    /// Set while the waiting actions run: a dispatch one of them makes (a thunk middleware's,
    /// say) runs the actions waiting after it only once that one is through.
    private var isRunningWaiting = false
    private var pendingStates: [State] = []
    private var subscribers: [(id: UInt64, handler: @Sendable (State) -> Void)] = []
    private var nextSubscriberID: UInt64 = 0
    // Plain counts mirror `subscribers` and `pendingStates`: checking them is free, while
    // touching a `[State]` in unspecialized generic code costs a metadata lookup per dispatch.
    private var subscriberCount = 0
    private var pendingCount = 0

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - reducer: Computes each next state.
    ///   - middleware: Runs in array order before the reducer; the first sees actions first.
    ///   - onMisuse: Called when the store is used in a way that breaks Redux's rules, such as
    ///     a reducer that dispatches. The offending action is dropped. The default stops the
    ///     program with a message saying what happened. It must not dispatch: it is called
    ///     from inside the reducer.
    public init(
        initialState: State,
        reducer: Reducer<State, Action>,
        middleware: [Middleware<State, Action>] = [],
        onMisuse: @escaping @Sendable (StoreMisuse) -> Void = StoreMisuse.stop
    ) {
        self.box = StateBox(initialState)
        self.gate = box.gate
        self.reducer = reducer
        self.onMisuse = onMisuse
        let box = self.box
        let getState: @Sendable () -> State = { box.lock.withLock { box.value } }
        let dispatchFromTop: DispatchFunction<Action> = { [weak self] action in self?.dispatch(action) }
        let base: DispatchFunction<Action> = { [weak self] action in self?.reduce(action) }
        let gate = self.gate
        // Each middleware's `next` takes the lock: one that passes an action on later, from
        // another thread, would otherwise run the rest of the chain beside another dispatch.
        let chain = StoreSetup.$gate.withValue(gate) {
            middleware.reversed().reduce(base) { next, link in
                link.body(dispatchFromTop, getState)({ [weak self] action in
                    gate.lock.lock()
                    defer { gate.lock.unlock() }
                    // This thread is dispatching already, and the state is not changing: the
                    // usual case.
                    if gate.depth > 0 && !gate.isMutating {
                        next(action)
                    } else {
                        self?.pass(action, to: next)
                    }
                })
            }
        }
        gate.lock.withLock {
            self.chain = chain
            // What the middleware dispatched while it was set up, in order, before anything
            // dispatched from elsewhere since.
            if waitingCount > 0 { asDispatch {} }
        }
    }

    /// The current state. Reading it inside a SwiftUI view (or `withObservationTracking`)
    /// makes the view update after every action the reducer runs: the store tells Observation
    /// of the whole state, also for an action that changes nothing or nothing the view
    /// reads, as it does not compare states. A view that should redraw less can read a part
    /// of the state into a model of its own and compare it there.
    public var state: State {
        registrar.access(self, keyPath: stateKeyPath)
        return box.lock.withLock { box.value }
    }

    /// Sends an action through the middleware chain and the reducer, then notifies
    /// subscribers. Returns when the action and every action it caused have been reduced,
    /// except those dispatched or passed on later (by a thunk, or a middleware that held the
    /// action back) and those that wait their turn: an action dispatched while the store is
    /// being created runs once it is made, one dispatched by an Observation change handler
    /// once the change it heard of is made.
    ///
    /// - Parameter action: The action to dispatch.
    public func dispatch(_ action: Action) {
        gate.lock.lock()
        defer { gate.lock.unlock() }
        if isReducing {
            onMisuse(.reducerDispatched(action: String(describing: action)))
            return
        }
        guard let chain, !gate.isMutating else {
            // Dispatched by a middleware being set up, or by an Observation change handler,
            // which is told of a change before it is made: it runs once that is done.
            wait(action, through: nil)
            return
        }
        asDispatch { chain(action) }
    }

    /// Passes `action` on to `next`, the rest of the chain after a middleware, where it cannot
    /// go at once. Called with the lock held. While the state changes (a change handler that
    /// dispatched, or called a held-back `next`), it waits: it would otherwise be reduced
    /// inside the change. So it does while the store is made, after the actions dispatched
    /// then. Else no dispatch is under way on this thread (the middleware held the action
    /// back), and it runs as a dispatch of its own.
    private func pass(_ action: Action, to next: @escaping DispatchFunction<Action>) {
        if isReducing {
            // A reducer that kept a middleware's `next`: as impure as one that dispatches.
            onMisuse(.reducerDispatched(action: String(describing: action)))
        } else if gate.isMutating || chain == nil {
            wait(action, through: next)
        } else {
            asDispatch { next(action) }
        }
    }

    private func wait(_ action: Action, through next: DispatchFunction<Action>?) {
        waiting.append((action, next))
        waitingCount += 1
    }

    /// Runs `body` as a dispatch, then the actions that waited for it, then notifies
    /// subscribers when this is the outermost dispatch. Called with the lock held.
    private func asDispatch(_ body: () -> Void) {
        gate.depth += 1
        body()
        // `waiting` is touched only when it holds something: in the store's unspecialized
        // generic code, every use of an array of actions looks up its type.
        if waitingCount > 0 && !isRunningWaiting { runWaiting() }
        gate.depth -= 1
        if gate.depth == 0 && pendingCount > 0 && !gate.isNotifying { notifySubscribers() }
    }

    /// Runs the waiting actions in order, once the store is made (until then they stay).
    private func runWaiting() {
        isRunningWaiting = true
        defer { isRunningWaiting = false }
        while waitingCount > 0, let chain {
            waitingCount -= 1
            let next = waiting.removeFirst()
            (next.through ?? chain)(next.action)
        }
    }

    /// Calls `handler` with the state after every action, on the dispatching thread, after
    /// the dispatch that caused it has finished running its middleware. The store's lock is
    /// held meanwhile: a handler must not wait for another thread that uses the store. A
    /// handler unsubscribed while the subscribers hear of a state still hears of that one;
    /// one subscribed or unsubscribed during a dispatch (from a middleware, say) may or may
    /// not hear of the states that dispatch made before.
    ///
    /// - Parameter handler: Receives each new state.
    /// - Returns: A token to pass to ``unsubscribe(_:)``.
    @discardableResult
    public func subscribe(_ handler: @escaping @Sendable (State) -> Void) -> StoreSubscription {
        gate.lock.withLock {
            nextSubscriberID += 1
            subscribers.append((nextSubscriberID, handler))
            subscriberCount = subscribers.count
            return StoreSubscription(id: nextSubscriberID)
        }
    }

    /// Stops the notifications of a subscription. Unsubscribing twice does nothing.
    ///
    /// - Parameter subscription: The token ``subscribe(_:)`` returned.
    public func unsubscribe(_ subscription: StoreSubscription) {
        gate.lock.withLock {
            subscribers.removeAll { $0.id == subscription.id }
            subscriberCount = subscribers.count
        }
    }

    /// The end of the middleware chain: runs the reducer. Called with the lock held.
    private func reduce(_ action: Action) {
        gate.isMutating = true
        registrar.withMutation(of: self, keyPath: stateKeyPath) {
            // Only the reducer itself: Observation calls change handlers around it, and
            // they may dispatch.
            isReducing = true
            reducer.reduce(&box.value, action)
            isReducing = false
        }
        gate.isMutating = false
        if subscriberCount > 0 {
            pendingStates.append(box.value)
            pendingCount += 1
        }
    }

    /// Delivers the states reduced so far. Called with the lock held; a subscriber that
    /// dispatches adds to `pendingStates`, which this loop picks up in order.
    private func notifySubscribers() {
        gate.isNotifying = true
        defer { gate.isNotifying = false }
        while pendingCount > 0 {
            let states = pendingStates
            pendingStates.removeAll(keepingCapacity: true)
            pendingCount = 0
            for state in states {
                for subscriber in subscribers { subscriber.handler(state) }
            }
        }
    }
}

/// Identifies one ``Store/subscribe(_:)`` registration.
public struct StoreSubscription: Hashable, Sendable {
    let id: UInt64
}

/// A use of a ``Store`` that breaks Redux's rules.
public enum StoreMisuse: Sendable, Equatable, CustomStringConvertible {
    /// A reducer called `dispatch` while reducing; the action it dispatched was dropped.
    case reducerDispatched(action: String)

    public var description: String {
        switch self {
        case .reducerDispatched(let action):
            "a reducer dispatched \(action) while reducing. Reducers must be pure: "
                + "dispatch follow-up actions from a middleware instead"
        }
    }

    /// The default misuse handler: stops the program with the misuse's description.
    public static let stop: @Sendable (StoreMisuse) -> Void = { misuse in
        fatalError("Redux.Store: \(misuse)")
    }
}

/// What a store being created tells the middleware it sets up.
enum StoreSetup {
    /// The store's gate, while the store calls its middleware's bodies: the recorder takes its
    /// lock to see the state and its own bookkeeping together. A task-local value rather than
    /// an argument, so that it reaches a middleware wrapped in another.
    @TaskLocal static var gate: DispatchGate?
}

/// The state and the lock that guards it, shared with the closures the store hands to
/// middleware so that they never keep the store itself alive.
final class StateBox<Value>: @unchecked Sendable {
    let gate = DispatchGate()
    var value: Value

    /// The store's lock, which guards `value`.
    var lock: NSRecursiveLock { gate.lock }

    init(_ value: Value) {
        self.value = value
    }
}
