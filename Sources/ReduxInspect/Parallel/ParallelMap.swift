import Dispatch

/// Work split across cores: runs of consecutive offsets, each run on a thread of its own.
enum ParallelMap {
    /// `make(offsets)` for at most `cores` runs of consecutive offsets that together make up
    /// `0..<count`, each run on a thread of its own; the values in offset order. `make` must
    /// return one value per offset it is given.
    static func map<Value: Sendable>(
        _ count: Int, cores: Int, _ make: @Sendable (Range<Int>) -> [Value]
    ) -> [Value] {
        guard count > 0 else { return [] }
        let parts = max(1, min(cores, count))
        // One run needs no other thread.
        guard parts > 1 else { return make(0..<count) }
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = Slots(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let offsets = (part * count / parts)..<((part + 1) * count / parts)
                let values = make(offsets)
                precondition(values.count == offsets.count, "one value per offset")
                for (offset, value) in zip(offsets, values) { (slots.buffer.baseAddress! + offset).initialize(to: value) }
            }
            initialized = count
        }
    }
}

/// The values of a parallel run. Unchecked Sendable: each thread writes only the slots of its
/// own offsets, and the buffer outlives the threads.
private struct Slots<Value>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Value>
}
