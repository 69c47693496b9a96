import Foundation

/// A function that sends an action into a store.
public typealias DispatchFunction<Action> = @Sendable (Action) -> Void

/// Code that sits between `dispatch` and the reducer: it sees every action first and may
/// pass it on, hold it back, change it, or dispatch more actions.
///
/// This is the curried Redux shape: given the store's `dispatch` and `getState`, take the
/// `next` function in the chain and return the dispatch function of this link. Middleware
/// runs in the order of the store's array: the first middleware sees an action first.
/// Actions dispatched from a middleware enter the chain again from the top.
///
/// ```swift
/// let logger = Middleware<AppState, AppAction> { dispatch, getState in
///     { next in
///         { action in
///             print("→", action)
///             next(action)
///             print("state:", getState())
///         }
///     }
/// }
/// ```
public struct Middleware<State, Action>: Sendable {
    /// The curried middleware function.
    public typealias Body = @Sendable (
        _ dispatch: @escaping DispatchFunction<Action>,
        _ getState: @escaping @Sendable () -> State
    ) -> (_ next: @escaping DispatchFunction<Action>) -> DispatchFunction<Action>

    /// The curried middleware function.
    public let body: Body

    /// Creates a middleware from the curried Redux shape.
    ///
    /// - Parameter body: Given `dispatch` and `getState`, maps `next` to this link's dispatch.
    ///   The store calls it once, while it is created; a middleware made of another calls
    ///   the other's `body` from its own.
    public init(_ body: @escaping Body) {
        self.body = body
    }

    /// Creates a middleware for the common case: pass every action on to the reducer, then
    /// look at it and perhaps dispatch more.
    ///
    /// The handler runs after the reducer has applied the action, so `context.state` is the
    /// state after it; follow-up actions it dispatches enter the chain from the top.
    ///
    /// - Parameter handler: Called with each action and a context to read state and dispatch.
    /// - Returns: The middleware.
    public static func effect(
        _ handler: @escaping @Sendable (_ action: Action, _ context: MiddlewareContext<State, Action>) -> Void
    ) -> Middleware {
        Middleware { dispatch, getState in
            let context = MiddlewareContext(dispatch: dispatch, getState: getState)
            return { next in
                { action in
                    next(action)
                    handler(action, context)
                }
            }
        }
    }
}

/// What a simple ``Middleware/effect(_:)`` handler can do: read the state and dispatch.
public struct MiddlewareContext<State, Action>: Sendable {
    /// Dispatches an action into the store, from the top of the middleware chain.
    public let dispatch: DispatchFunction<Action>
    let getState: @Sendable () -> State

    /// The store's current state.
    public var state: State { getState() }
}
