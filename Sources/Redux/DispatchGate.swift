import Foundation

/// A store's lock, and how many dispatches this thread has under way while it holds it.
///
/// Not generic, unlike the store: each middleware's `next` checks `depth` on every dispatch,
/// and in the store's unspecialized generic code that check cost more than the rest of a
/// link.
final class DispatchGate: @unchecked Sendable {
    // Unchecked Sendable: `depth` is only touched under `lock`.
    let lock = NSRecursiveLock()
    /// Dispatches under way, nested in one another, on the thread holding `lock`: 0 when
    /// none is, so that a thread that gets the lock and finds more is inside one of its own.
    var depth = 0
}
