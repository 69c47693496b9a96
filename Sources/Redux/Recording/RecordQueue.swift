import Foundation

/// What the recorder does when the app dispatches faster than the sink can write and the
/// queue is full.
public enum QueueFullPolicy: Sendable {
    /// The dispatching thread waits for room. Nothing is lost; the app slows to disk speed.
    case wait
    /// The entry is dropped and counted; a `gap` marker with the count takes its place.
    case drop
}

/// The bounded queue between dispatching threads and the recorder's writer thread.
///
/// Producers append under a lock; the writer takes everything queued in one swap, so it
/// encodes and writes in batches and the lock is held only for moments.
final class RecordQueue<Item>: @unchecked Sendable {
    // Unchecked Sendable: every property is guarded by `condition`.
    private let condition = NSCondition()
    private var items: [Item] = []
    private let capacity: Int
    private var isFinished = false

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        items.reserveCapacity(self.capacity)
    }

    /// Appends an item, waiting for room when `wait` is true.
    ///
    /// - Returns: `false` when the queue was full and `wait` was false, or it is finished.
    func append(_ item: Item, wait: Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !isFinished {
            guard wait else { return false }
            condition.wait()
        }
        guard !isFinished else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// Appends items regardless of capacity: markers that must not be lost.
    func force(_ newItems: [Item]) {
        condition.lock()
        items.append(contentsOf: newItems)
        condition.broadcast()
        condition.unlock()
    }

    /// Appends an item regardless of capacity unless the queue is finished.
    ///
    /// - Returns: `false` when the queue no longer takes items.
    func appendUnlessFinished(_ item: Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isFinished else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// Waits for items and takes them all; returns an empty array once finished and drained.
    func takeAll() -> [Item] {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !isFinished { condition.wait() }
        let batch = items
        items.removeAll(keepingCapacity: true)
        condition.broadcast()
        return batch
    }

    /// Refuses new items; the writer drains what is queued and stops.
    func finish() {
        condition.lock()
        isFinished = true
        condition.broadcast()
        condition.unlock()
    }
}
