import Testing

@testable import ReduxInspect

/// The O(n log n) move plan gives exactly the moves of the direct simulation (remove each
/// mover, insert it after its predecessor, reading positions off the array).
@Suite struct MovePlanTests {
    /// The reference: the straightforward O(n × moves) simulation.
    static func simulated(_ kept: [Int]) -> [MovePlan.Move] {
        let stays = longestIncreasingSubsequence(kept)
        guard stays.contains(false) else { return [] }
        var predecessor: [Int: Int] = [:]
        let inNewOrder = kept.sorted()
        for (rank, newIndex) in inNewOrder.enumerated().dropFirst() { predecessor[newIndex] = inNewOrder[rank - 1] }
        var current = kept
        var moves: [MovePlan.Move] = []
        for newIndex in zip(kept, stays).filter({ !$0.1 }).map(\.0).sorted() {
            let from = current.firstIndex(of: newIndex)!
            current.remove(at: from)
            let to = predecessor[newIndex].map { current.firstIndex(of: $0)! + 1 } ?? 0
            current.insert(newIndex, at: to)
            moves.append(MovePlan.Move(newIndex: newIndex, from: from, to: to))
        }
        #expect(current == inNewOrder, "the moves sort the array")
        return moves
    }

    @Test(arguments: [
        [], [0], [0, 1, 2], [2, 1, 0], [1, 0], [3, 0, 1, 2], [1, 2, 3, 0], [4, 3, 2, 1, 0], [0, 5, 2, 7, 1, 3],
    ])
    func smallCases(_ kept: [Int]) {
        #expect(MovePlan.moves(kept) == Self.simulated(kept))
    }

    @Test func randomPermutationsAndSubsetsMatchTheSimulation() {
        var generator = SeededGenerator(seed: 0x5EED_0F_0DE5)
        for round in 0..<2_000 {
            let size = Int.random(in: 0...40, using: &generator)
            var kept = Array(0..<(size + 10)).shuffled(using: &generator)
            kept = Array(kept.prefix(size))
            if round % 3 == 0 {
                kept.sort()
                if size > 1 { kept.swapAt(0, size - 1) }
            }
            #expect(MovePlan.moves(kept) == Self.simulated(kept), "kept \(kept)")
        }
    }

    @Test func aLargeShuffleIsPlanned() {
        // 50,000 shuffled elements (the simulation would take minutes in a debug build): one
        // move per element off the longest increasing subsequence, in ascending new order,
        // each within bounds. Exactness is checked against the simulation above.
        var generator = SeededGenerator(seed: 42)
        let kept = Array(0..<50_000).shuffled(using: &generator)
        let moves = MovePlan.moves(kept)
        let movers = zip(kept, longestIncreasingSubsequence(kept)).filter { !$0.1 }.map(\.0).sorted()
        #expect(moves.map(\.newIndex) == movers)
        #expect(moves.allSatisfy { (0..<50_000).contains($0.from) && (0..<50_000).contains($0.to) })
    }
}
