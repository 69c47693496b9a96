/// The moves that put the kept elements of an id-matched array into their new order, shared
/// by the tree diff and the byte-level diff so that both address moves identically.
///
/// The elements on a longest increasing subsequence of new indices stay; every other kept
/// element moves, in ascending new order, to just after its predecessor in new order.
///
/// Positions are found in O(n log n), so that a recording that shuffles a large array cannot
/// stall the inspector: which element goes after which does not depend on positions, so the
/// moves are first played on a linked list that never removes a node (a moved element leaves
/// a tombstone and gets a new node), which gives every node one rank valid at all times; a
/// Fenwick tree over those ranks then counts the live nodes before any node.
enum MovePlan {
    /// One move: the element's new index, and its position within the kept elements just
    /// before and just after the move, as a JSON Patch applying the moves in order sees them.
    struct Move: Equatable {
        let newIndex: Int
        let from: Int
        let to: Int
    }

    /// The moves, in the order they must be applied.
    ///
    /// - Parameter kept: The new index of each element kept from the old array, in old order.
    /// - Returns: The moves; empty when the kept elements are already in order.
    static func moves(_ kept: [Int]) -> [Move] {
        let stays = longestIncreasingSubsequence(kept)
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
