/// The moves that put the kept elements of an id-matched array into their new order, shared
/// by the tree diff and the byte-level diff so that both address moves identically.
///
/// The elements on a longest increasing subsequence of new indices stay; every other kept
/// element moves, in ascending new order, to just after its predecessor in new order.
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
        // The kept elements, as new indices, while the moves are made.
        var current = kept
        var moves: [Move] = []
        for newIndex in movers {
            let from = current.firstIndex(of: newIndex)!
            current.remove(at: from)
            let to = predecessor[newIndex].map { current.firstIndex(of: $0)! + 1 } ?? 0
            current.insert(newIndex, at: to)
            moves.append(Move(newIndex: newIndex, from: from, to: to))
        }
        return moves
    }
}
