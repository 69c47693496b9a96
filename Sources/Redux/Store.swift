import Foundation
import Observation

/// The single source of truth of an app: holds the state, runs actions through the
/// middleware chain and the reducer, and tells subscribers and SwiftUI about changes.
///
/// Dispatch is safe from any thread: actions are serialized, so none is lost and every
/// subscriber sees every state in order. A middleware may dispatch from inside `dispatch`;
/// the new action runs through the whole chain, from the first middleware, before the call
/// returns. A reducer must never dispatch: that is reported through `onMisuse`.
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
    // Unchecked Sendable: every mutable property below is guarded by `box.lock`.
    private let box: StateBox<State>
    private let reducer: Reducer<State, Action>
    private let onMisuse: @Sendable (StoreMisuse) -> Void
    private let registrar = ObservationRegistrar()
    /// Built once: a key path literal in a generic class is instantiated at run time, and
    /// doing that on every access cost more than the rest of `dispatch` together.
    private let stateKeyPath: KeyPath<Store, State> = \Store.state
    private var chain: DispatchFunction<Action> = { _ in }
    private var isReducing = false
    private var depth = 0
    private var isNotifying = false
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
    ///     program with a message saying what happened.
    public init(
        initialState: State,
        reducer: Reducer<State, Action>,
        middleware: [Middleware<State, Action>] = [],
        onMisuse: @escaping @Sendable (StoreMisuse) -> Void = StoreMisuse.stop
    ) {
        self.box = StateBox(initialState)
        self.reducer = reducer
        self.onMisuse = onMisuse
        let box = self.box
        let getState: @Sendable () -> State = { box.lock.withLock { box.value } }
        let dispatchFromTop: DispatchFunction<Action> = { [weak self] action in self?.dispatch(action) }
        let base: DispatchFunction<Action> = { [weak self] action in self?.reduce(action) }
        for link in middleware { link.attach?(box.lock) }
        self.chain = middleware.reversed().reduce(base) { next, link in
            link.body(dispatchFromTop, getState)(next)
        }
    }

    /// The current state. Reading it inside a SwiftUI view (or `withObservationTracking`)
    /// makes the view update when an action changes it.
    public var state: State {
        registrar.access(self, keyPath: stateKeyPath)
        return box.lock.withLock { box.value }
    }

    /// Sends an action through the middleware chain and the reducer, then notifies
    /// subscribers. Returns when the action and every action it caused have been reduced.
    ///
    /// - Parameter action: The action to dispatch.
    public func dispatch(_ action: Action) {
        box.lock.lock()
        defer { box.lock.unlock() }
        if isReducing {
            onMisuse(.reducerDispatched(action: String(describing: action)))
            return
        }
        depth += 1
        chain(action)
        depth -= 1
        if depth == 0 && pendingCount > 0 && !isNotifying { notifySubscribers() }
    }

    /// Calls `handler` with the state after every action, on the dispatching thread, after
    /// the dispatch that caused it has finished running its middleware.
    ///
    /// - Parameter handler: Receives each new state.
    /// - Returns: A token to pass to ``unsubscribe(_:)``.
    @discardableResult
    public func subscribe(_ handler: @escaping @Sendable (State) -> Void) -> StoreSubscription {
        box.lock.withLock {
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
        box.lock.withLock {
            subscribers.removeAll { $0.id == subscription.id }
            subscriberCount = subscribers.count
        }
    }

    /// The end of the middleware chain: runs the reducer. Called with the lock held.
    private func reduce(_ action: Action) {
        isReducing = true
        registrar.withMutation(of: self, keyPath: stateKeyPath) {
            reducer.reduce(&box.value, action)
        }
        isReducing = false
        if subscriberCount > 0 {
            pendingStates.append(box.value)
            pendingCount += 1
        }
    }

    /// Delivers the states reduced so far. Called with the lock held; a subscriber that
    /// dispatches adds to `pendingStates`, which this loop picks up in order.
    private func notifySubscribers() {
        isNotifying = true
        defer { isNotifying = false }
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

/// The state and the lock that guards it, shared with the closures the store hands to
/// middleware so that they never keep the store itself alive.
final class StateBox<Value>: @unchecked Sendable {
    let lock = NSRecursiveLock()
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
