import Foundation

/// A value shared between threads, guarded by a lock.
final class LockedBox<Value>: @unchecked Sendable {
    // Unchecked Sendable: `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value { lock.withLock { stored } }

    /// Changes the value in place, under the lock.
    func update(_ change: (inout Value) -> Void) {
        lock.withLock { change(&stored) }
    }

    func append<Element>(_ element: Element) where Value == [Element] {
        update { $0.append(element) }
    }
}
