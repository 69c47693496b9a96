import Foundation

/// A store's lock, and what the thread holding it is doing with the store.
///
/// Not generic, unlike the store: each middleware's `next` checks `depth` and `isMutating` on
/// every dispatch, and in the store's unspecialized generic code those checks cost more than
/// the rest of a link. The recorder, given the gate when a store installs it, reads it too.
final class DispatchGate: @unchecked Sendable {
    // Unchecked Sendable: the properties are only touched under `lock`.
    let lock = NSRecursiveLock()
    /// Dispatches under way, nested in one another, on the thread holding `lock`: 0 when
    /// none is, so that a thread that gets the lock and finds more is inside one of its own.
    var depth = 0
    /// Set while the state changes, from Observation's `willSet` to its `didSet`, which
    /// includes the reducer: an action dispatched or passed on then waits for the change.
    var isMutating = false
    /// Set while subscribers hear of the states.
    var isNotifying = false

    /// Whether the thread holding `lock` is using the store: dispatching, or telling
    /// subscribers. Called with the lock held, it says whether the caller is.
    var isBusy: Bool { depth > 0 || isNotifying }
}
