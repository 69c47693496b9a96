import Redux

/// The smallest example app: one number, four actions.
///
/// ```swift
/// let store = Store(initialState: Counter.State(), reducer: Counter.reducer)
/// store.dispatch(.incrementBy(n: 5))
/// store.state.count  // 5
/// ```
public enum Counter {
    /// The counter's state.
    public struct State: Codable, Equatable, Sendable {
        /// The current count.
        public var count: Int

        /// Creates a state; counters start at zero.
        public init(count: Int = 0) {
            self.count = count
        }
    }

    /// What can happen to a counter.
    public enum Action: Codable, Equatable, Sendable {
        case increment
        case decrement
        case incrementBy(n: Int)
        case reset
    }

    /// The counter's reducer. The count wraps around at `Int`'s bounds rather than trapping, so
    /// that replaying any recording — one edited by hand, or hostile — cannot crash the inspector.
    public static let reducer = Reducer<State, Action> { state, action in
        switch action {
        case .increment: state.count &+= 1
        case .decrement: state.count &-= 1
        case .incrementBy(let n): state.count &+= n
        case .reset: state.count = 0
        }
    }
}
