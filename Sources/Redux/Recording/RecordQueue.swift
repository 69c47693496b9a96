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
/// encodes and writes in batches. Waking a thread is a system call that costs more than the
/// rest of a dispatch, so producers wake the writer only when it sleeps idle or a batch is
/// large: while actions keep coming, the writer polls every few milliseconds instead.
@usableFromInline
final class RecordQueue<Item>: @unchecked Sendable {
    // Unchecked Sendable: every property is guarded by `condition`.
    // `append` is inlinable, and so are the properties it touches: a dispatch then runs a copy
    // specialized for the app's types instead of generic code that looks up type metadata
    // and copies the state through value witnesses.
    @usableFromInline let condition = NSCondition()
    // Exclusivity is unchecked because `condition` already serializes every access; the
    // run-time checks cost more than the rest of `append`.
    @exclusivity(unchecked) @usableFromInline var items: [Item] = []
    @usableFromInline let capacity: Int
    @usableFromInline let wakeThreshold: Int
    @exclusivity(unchecked) @usableFromInline var isFinished = false
    /// The writer waits with no deadline: the next item must wake it.
    @exclusivity(unchecked) @usableFromInline var writerIdle = false
    @exclusivity(unchecked) @usableFromInline var waitingProducers = 0
    /// Queued items that take no room: flush barriers, which hold no line. A barrier queued
    /// behind a sink that hangs (the header's, which creating a store waits for a moment)
    /// must not leave the app one place short in its queue.
    @exclusivity(unchecked) @usableFromInline var barriers = 0
    /// Set by ``wake()``: the writer no longer waits for items.
    private var woken = false
    /// How long the writer waits for more items while busy.
    static var batchWindow: TimeInterval { 0.002 }

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        self.wakeThreshold = max(1, self.capacity / 4)
        items.reserveCapacity(min(self.capacity, 1 << 16))
    }

    /// Appends an item, waiting for room when `wait` is true.
    ///
    /// - Returns: `false` when the queue was full and `wait` was false, or it is finished.
    @inlinable
    func append(_ item: consuming Item, wait: Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard hasRoom(waiting: wait) else { return false }
        items.append(item)
        if writerIdle || items.count >= wakeThreshold { condition.broadcast() }
        return true
    }

    /// Whether the queue takes one more item, once it has room if `waiting`. Called with the
    /// lock held.
    @inlinable
    func hasRoom(waiting: Bool) -> Bool {
        while items.count &- barriers >= capacity && !isFinished {
            guard waiting else { return false }
            waitingProducers += 1
            condition.wait()
            waitingProducers -= 1
        }
        return !isFinished
    }

    /// Appends `marker` and then `item` once there is room for one item: a gap marker and the
    /// entry after the gap, which would otherwise take the one free place from that entry
    /// (and with a small queue leave a file of markers). The queue holds at most one item
    /// more than its capacity.
    ///
    /// - Returns: `false` when neither was appended: the queue is full and `wait` is `false`,
    ///   or it is finished.
    @usableFromInline
    func append(_ marker: consuming Item, then item: consuming Item, wait: Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard hasRoom(waiting: wait) else { return false }
        items.append(marker)
        items.append(item)
        if writerIdle || items.count >= wakeThreshold { condition.broadcast() }
        return true
    }

    /// Appends items regardless of capacity and wakes the writer: markers that must not be
    /// lost (they take room, as the lines they are).
    func force(_ newItems: [Item]) {
        condition.lock()
        items.append(contentsOf: newItems)
        condition.broadcast()
        condition.unlock()
    }

    /// Appends a flush barrier regardless of capacity, taking no room, and wakes the writer,
    /// unless the queue is finished.
    ///
    /// - Returns: `false` when the queue no longer takes items.
    func appendBarrier(_ barrier: Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isFinished else { return false }
        items.append(barrier)
        barriers += 1
        condition.broadcast()
        return true
    }

    /// Waits for items and takes them all; returns an empty array once finished and drained.
    ///
    /// - Parameter busy: Whether the writer just wrote a batch, so more items are likely soon.
    /// - Returns: The items, and whether the queue was full: a producer waits for room, or
    ///   drops what it cannot queue.
    func takeAll(busy: Bool) -> (items: [Item], wasFull: Bool) {
        condition.lock()
        defer { condition.unlock() }
        if busy && items.isEmpty && !isFinished {
            _ = condition.wait(until: Date(timeIntervalSinceNow: Self.batchWindow))
        }
        while items.isEmpty && !isFinished && !woken {
            writerIdle = true
            condition.wait()
            writerIdle = false
        }
        let batch = items
        let wasFull = items.count &- barriers >= capacity || waitingProducers > 0
        items.removeAll(keepingCapacity: true)
        barriers = 0
        if waitingProducers > 0 { condition.broadcast() }
        return (batch, wasFull)
    }

    /// Wakes a writer waiting for items, which then takes none, now and whenever it waits
    /// again: a writer stopping as the process exits does not wait for more.
    func wake() {
        condition.lock()
        woken = true
        condition.broadcast()
        condition.unlock()
    }

    /// Refuses new items, and takes those queued: what a writer that stops before writing
    /// them has to account for.
    func finishTakingRest() -> [Item] {
        condition.lock()
        defer { condition.unlock() }
        isFinished = true
        let rest = items
        items.removeAll()
        barriers = 0
        condition.broadcast()
        return rest
    }

    /// Refuses new items; the writer drains what is queued and stops.
    func finish() {
        condition.lock()
        isFinished = true
        condition.broadcast()
        condition.unlock()
    }
}
