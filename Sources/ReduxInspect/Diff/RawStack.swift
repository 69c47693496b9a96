/// A stack of values in memory it owns alone: the stacks a ``RawDiffWalker`` shares between
/// the levels of a walk (ranges, members, address steps), and a ``DecodeWorkspace``'s members
/// and coding paths.
///
/// An `Array` mutated at every level of a walk checks that its buffer is unique, and retains
/// and releases it, on every append, removal and slice; those checks cost about as much as
/// the appends themselves. This stack cannot be copied, so its memory is never shared and
/// needs no check: an append is a store and an increment. It grows like an array and keeps
/// its memory when emptied.
///
/// Its items are read one at a time or through ``buffer(_:)``, a view that stays valid only
/// until the stack next changes, like the pointer `withUnsafeBufferPointer` gives: callers
/// take one for a loop that does not touch this stack.
struct RawStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// How many items the stack holds.
    private(set) var count = 0

    /// An empty stack with room for `capacity` items.
    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        base = UnsafeMutablePointer.allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The item at `index`, which must be below ``count``.
    subscript(index: Int) -> Element {
        @inline(__always) get {
            precondition(index >= 0 && index < count, "index out of range")
            return base[index]
        }
        @inline(__always) set {
            precondition(index >= 0 && index < count, "index out of range")
            base[index] = newValue
        }
    }

    /// The items in `range`, which must lie within ``count``, until the stack next changes.
    @inline(__always)
    func buffer(_ range: Range<Int>) -> UnsafeBufferPointer<Element> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of range")
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// The items from `start` on, until the stack next changes.
    @inline(__always)
    func buffer(from start: Int) -> UnsafeBufferPointer<Element> {
        buffer(start..<count)
    }

    /// Pushes `item`.
    @inline(__always)
    mutating func append(_ item: Element) {
        if count == capacity { grow(to: count + 1) }
        (base + count).initialize(to: item)
        count += 1
    }

    /// Pushes `items`, in order: a view of other memory than this stack's, which growing frees.
    mutating func append(contentsOf items: UnsafeBufferPointer<Element>) {
        guard let source = items.baseAddress else { return }
        if count + items.count > capacity { grow(to: count + items.count) }
        (base + count).initialize(from: source, count: items.count)
        count += items.count
    }

    /// Pushes `item` `repetitions` times.
    mutating func append(repeating item: Element, count repetitions: Int) {
        if count + repetitions > capacity { grow(to: count + repetitions) }
        (base + count).initialize(repeating: item, count: repetitions)
        count += repetitions
    }

    /// Removes the items from position `newCount` on: what one level of a walk pushed.
    @inline(__always)
    mutating func truncate(to newCount: Int) {
        guard newCount < count else { return }
        precondition(newCount >= 0, "negative count")
        (base + newCount).deinitialize(count: count - newCount)
        count = newCount
    }

    /// Moves the items to memory with room for at least `minimum`, doubling at least.
    private mutating func grow(to minimum: Int) {
        let newCapacity = max(minimum, 2 * capacity)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
