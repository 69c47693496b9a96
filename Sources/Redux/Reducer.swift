/// A pure function that computes the next state from the current state and an action.
///
/// Reducers change the state in place (`inout`), which lets Swift avoid copying large
/// states, but they must stay pure: no side effects, no clock, no randomness, and no
/// dispatching. Side effects belong in a ``Middleware``.
///
/// ```swift
/// let counter = Reducer<Int, CounterAction> { count, action in
///     switch action {
///     case .increment: count += 1
///     case .decrement: count -= 1
///     }
/// }
/// ```
public struct Reducer<State, Action>: Sendable {
    /// Applies `action` to `state`.
    public let reduce: @Sendable (inout State, Action) -> Void

    /// Creates a reducer that changes the state in place.
    ///
    /// - Parameter reduce: Applies an action to the state.
    public init(_ reduce: @escaping @Sendable (inout State, Action) -> Void) {
        self.reduce = reduce
    }

    /// Creates a reducer from the classic Redux shape `(State, Action) -> State`.
    ///
    /// - Parameter reduce: Returns the state after the action.
    public init(pure reduce: @escaping @Sendable (State, Action) -> State) {
        self.reduce = { state, action in state = reduce(state, action) }
    }

    /// Returns the state after `action`, leaving `state` untouched.
    ///
    /// - Parameters:
    ///   - state: The state before the action.
    ///   - action: The action to apply.
    /// - Returns: The state after the action.
    public func callAsFunction(_ state: State, _ action: Action) -> State {
        var next = state
        reduce(&next, action)
        return next
    }
}
