/// The moves that put the kept elements of an id-matched array into their new order, shared
/// by the inspector's tree diff and byte-level diff, and the console logger, so that all of
/// them address moves identically.
///
/// The elements that stay (``stayers(_:oldIndices:)``) are every element at the same index
/// before and after, and as many others as can stay with them; every other kept element moves,
/// in ascending new order, to just after its predecessor in new order. The moves are what
/// every form of `diff` reports, so an element that is where it was is never one of them.
///
/// Positions are found in O(n log n), so that a recording that shuffles a large array cannot
/// stall the inspector: which element goes after which does not depend on positions, so the
/// moves are first played on a linked list that never removes a node (a moved element leaves
/// a tombstone and gets a new node), which gives every node one rank valid at all times; a
/// Fenwick tree over those ranks then counts the live nodes before any node.
package enum MovePlan {
    /// One move: the element's new index, and its position within the kept elements just
    /// before and just after the move, as a JSON Patch applying the moves in order sees them.
    package struct Move: Equatable {
        package let newIndex: Int
        package let from: Int
        package let to: Int

        package init(newIndex: Int, from: Int, to: Int) {
            self.newIndex = newIndex
            self.from = from
            self.to = to
        }
    }

    /// The moves, in the order they must be applied.
    ///
    /// - Parameters:
    ///   - kept: The new index of each element kept from the old array, in old order.
    ///   - oldIndices: The old index of each of them, in the same order.
    /// - Returns: The moves; empty when the kept elements are already in order.
    package static func moves(_ kept: [Int], oldIndices: [Int]) -> [Move] {
        moves(kept, stays: stayers(kept, oldIndices: oldIndices))
    }

    /// Which kept elements stay: all those whose index is the same before and after, and a
    /// longest increasing subsequence of the others that fit between them.
    ///
    /// A longest increasing subsequence alone gives the fewest moves, but when several exist it
    /// may pick one that moves an element which ends where it started ([1,2,3] → [3,2,1] would
    /// move 2 from index 1 to 1 and leave 3, which did move, unmentioned). Elements in place
    /// are always in order among themselves, so all of them can stay; the others stay when
    /// they are in order with them, and of those the longest increasing run stays. That can
    /// cost more moves than the fewest (in [a, b, P, c, d] → [c, d, P, a, b] every element but
    /// P moves, where moving a and b after P would do), which is the price of never reporting
    /// an element that did not move. Indices are of the whole arrays, so elements equal and in place at
    /// the start or end of both, which one caller leaves out and the other keeps, stay either
    /// way and change nothing else.
    ///
    /// - Parameters:
    ///   - kept: The new index of each element kept from the old array, in old order.
    ///   - oldIndices: The old index of each of them, in the same order.
    /// - Returns: For each kept element, whether it stays.
    package static func stayers(_ kept: [Int], oldIndices: [Int]) -> [Bool] {
        precondition(kept.count == oldIndices.count, "one old index per kept element")
        let inPlace = zip(kept, oldIndices).map { $0 == $1 }
        guard inPlace.contains(true) else { return longestIncreasingSubsequence(kept) }
        // An element fits when its new index lies between those of the nearest elements in
        // place before and after it in old order: then it is in order with all of them.
        var fits = [Bool](repeating: true, count: kept.count)
        var below = Int.min
        for position in kept.indices {
            if inPlace[position] {
                below = kept[position]
            } else if kept[position] < below {
                fits[position] = false
            }
        }
        var above = Int.max
        for position in kept.indices.reversed() {
            if inPlace[position] {
                above = kept[position]
            } else if kept[position] > above {
                fits[position] = false
            }
        }
        // Every element in place fits and is in order with every other that fits, so a
        // longest increasing subsequence of those that fit holds all of them.
        let candidates = kept.indices.filter { fits[$0] }
        var stays = [Bool](repeating: false, count: kept.count)
        for (position, member) in zip(candidates, longestIncreasingSubsequence(candidates.map { kept[$0] })) {
            stays[position] = member
        }
        return stays
    }

    /// The moves that put the elements not in `stays` into new order around those that are.
    ///
    /// - Parameters:
    ///   - kept: The new index of each element kept from the old array, in old order.
    ///   - stays: For each, whether it stays; those that do must be in increasing order.
    /// - Returns: The moves; empty when every element stays.
    package static func moves(_ kept: [Int], stays: [Bool]) -> [Move] {
        guard stays.contains(false) else { return [] }
        var predecessor: [Int: Int] = [:]
        let inNewOrder = kept.sorted()
        for (rank, newIndex) in inNewOrder.enumerated().dropFirst() {
            predecessor[newIndex] = inNewOrder[rank - 1]
        }
        let movers = zip(kept, stays).filter { !$0.1 }.map(\.0).sorted()

        // Play the moves on a linked list of nodes: 0..<kept.count first, in old order, then
        // one new node per move, inserted right after the predecessor's current node.
        let nodeCount = kept.count + movers.count
        var next = [Int](repeating: -1, count: nodeCount)
        for node in 0..<(kept.count - 1) { next[node] = node + 1 }
        var nodeOf: [Int: Int] = [:]
        for (node, newIndex) in kept.enumerated() { nodeOf[newIndex] = node }
        var head = 0
        var moveNodes: [(old: Int, new: Int, after: Int?)] = []
        for (offset, newIndex) in movers.enumerated() {
            let node = kept.count + offset
            let old = nodeOf[newIndex]!
            if let before = predecessor[newIndex].map({ nodeOf[$0]! }) {
                next[node] = next[before]
                next[before] = node
            } else {
                next[node] = head
                head = node
            }
            moveNodes.append((old, node, predecessor[newIndex].map { nodeOf[$0]! }))
            nodeOf[newIndex] = node
        }
        var rank = [Int](repeating: 0, count: nodeCount)
        var node = head
        var position = 1
        while node >= 0 {
            rank[node] = position
            position += 1
            node = next[node]
        }

        // Replay with live counts.
        var live = FenwickTree(count: nodeCount)
        for node in 0..<kept.count { live.add(1, at: rank[node]) }
        var moves: [Move] = []
        moves.reserveCapacity(movers.count)
        for (newIndex, step) in zip(movers, moveNodes) {
            let from = live.sum(through: rank[step.old] - 1)
            live.add(-1, at: rank[step.old])
            let to = step.after.map { live.sum(through: rank[$0]) } ?? 0
            live.add(1, at: rank[step.new])
            moves.append(Move(newIndex: newIndex, from: from, to: to))
        }
        return moves
    }
}

/// Prefix sums over positions 1…count with point updates, both in O(log count).
struct FenwickTree {
    private var tree: [Int]

    init(count: Int) {
        tree = [Int](repeating: 0, count: count + 1)
    }

    mutating func add(_ delta: Int, at position: Int) {
        var index = position
        while index < tree.count {
            tree[index] += delta
            index += index & -index
        }
    }

    /// The sum of positions 1…position (0 for position 0).
    func sum(through position: Int) -> Int {
        var index = position
        var total = 0
        while index > 0 {
            total += tree[index]
            index -= index & -index
        }
        return total
    }
}

/// Marks the members of one longest strictly increasing subsequence of `values`, found by
/// patience sorting in O(n log n). When several exist, the one chosen is always the same for
/// the same input, so diffs are reproducible.
///
/// - Returns: For each position of `values`, whether it belongs to the subsequence.
package func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
    // tails[k]: position of the smallest value ending an increasing run of length k + 1.
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
        var low = 0
        var high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[position] = tails[low - 1] }
        if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var members = [Bool](repeating: false, count: values.count)
    var position = tails.last ?? -1
    while position >= 0 {
        members[position] = true
        position = previous[position]
    }
    return members
}
