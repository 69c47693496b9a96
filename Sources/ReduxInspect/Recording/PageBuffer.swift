import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A list of plain values in memory mapped straight from the system, given back whole when
/// the list goes away.
///
/// For what a worker thread builds and the indexer copies and drops (``TailIndex``): arrays
/// of that size, freed on the thread that did not allocate them, left megabytes of freed but
/// resident memory in the allocator (4 bytes per step of a recording without states). Only
/// the pages written to cost memory, so the capacity can be generous.
final class PageBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
    // Unchecked Sendable: written by one thread, then handed over (see `TailIndexTask`).
    private let base: UnsafeMutablePointer<Element>?
    private let byteCount: Int
    /// How many values fit.
    let capacity: Int
    /// How many values there are.
    private(set) var count = 0

    /// Reserves room for `capacity` values; with none at all when the system refuses the
    /// mapping (``append(_:)`` then returns `false`).
    init(capacity: Int) {
        byteCount = max(1, capacity) * MemoryLayout<Element>.stride
        let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        if let mapped, mapped != MAP_FAILED {
            base = mapped.bindMemory(to: Element.self, capacity: max(1, capacity))
            self.capacity = capacity
        } else {
            base = nil
            self.capacity = 0
        }
    }

    deinit {
        if let base { munmap(base, byteCount) }
    }

    /// Adds `element` and returns `true`, or returns `false` when it is full.
    @inline(__always)
    func append(_ element: Element) -> Bool {
        guard count < capacity, let base else { return false }
        (base + count).initialize(to: element)
        count += 1
        return true
    }

    /// The values, valid while the buffer is.
    var elements: UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base, count: count)
    }
}
