/// Where the keys of the open keyed frames were written in the output, for
/// ``StreamingEncoder``'s duplicate-key test: a growing buffer of raw memory.
///
/// An array of them cost a uniqueness test on every key written and ~77 instructions to
/// drop a frame's keys; here an append is a capacity test and a store, and dropping is
/// setting the count. The owner frees the memory with ``deallocate()``.
struct KeyRangeStack {
    private var base: UnsafeMutablePointer<(start: Int, end: Int)>
    private(set) var count = 0
    private var capacity = 64

    init() {
        base = .allocate(capacity: capacity)
    }

    func deallocate() {
        base.deallocate()
    }

    subscript(index: Int) -> (start: Int, end: Int) {
        precondition(index >= 0 && index < count)
        return base[index]
    }

    @inline(__always)
    mutating func append(_ range: (start: Int, end: Int)) {
        if count == capacity { grow() }
        (base + count).initialize(to: range)
        count += 1
    }

    private mutating func grow() {
        let newBase = UnsafeMutablePointer<(start: Int, end: Int)>.allocate(capacity: capacity * 2)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity *= 2
    }

    /// Drops the ranges from `newCount` on.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count)
        count = newCount
    }
}
