import Redux
import Testing

@testable import ReduxInspect

/// The O(n log n) move plan gives exactly the moves of the direct simulation (remove each
/// mover, insert it after its predecessor, reading positions off the array), and never moves
/// an element that is at the same index before and after.
@Suite struct MovePlanTests {
    /// The reference: the straightforward O(n × moves) simulation.
    static func simulated(_ kept: [Int], stays: [Bool]) -> [MovePlan.Move] {
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
        let stays = longestIncreasingSubsequence(kept)
        #expect(MovePlan.moves(kept, stays: stays) == Self.simulated(kept, stays: stays))
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
            let stays = longestIncreasingSubsequence(kept)
            #expect(MovePlan.moves(kept, stays: stays) == Self.simulated(kept, stays: stays), "kept \(kept)")
        }
    }

    @Test func aLargeShuffleIsPlanned() {
        // 50,000 shuffled elements (the simulation would take minutes in a debug build): one
        // move per element off the longest increasing subsequence, in ascending new order,
        // each within bounds. Exactness is checked against the simulation above.
        var generator = SeededGenerator(seed: 42)
        let kept = Array(0..<50_000).shuffled(using: &generator)
        let oldIndices = Array(kept.indices)
        let moves = MovePlan.moves(kept, oldIndices: oldIndices)
        let stays = MovePlan.stayers(kept, oldIndices: oldIndices)
        let movers = zip(kept, stays).filter { !$0.1 }.map(\.0).sorted()
        #expect(moves.map(\.newIndex) == movers)
        #expect(moves.allSatisfy { (0..<50_000).contains($0.from) && (0..<50_000).contains($0.to) })
    }

    struct StayersCase: CustomTestStringConvertible, Sendable {
        let kept: [Int]
        let oldIndices: [Int]
        let movers: [Int]
        var testDescription: String { "\(kept) from \(oldIndices)" }
    }

    /// The movers (by new index) for arrays where a longest increasing subsequence alone would
    /// move an element that ends at the index it started at.
    @Test(arguments: [
        // [1,2,3] → [3,2,1]: 2 stays; 3 and 1 move.
        StayersCase(kept: [2, 1, 0], oldIndices: [0, 1, 2], movers: [0, 2]),
        // [0,1,2,4,5] → [5,4,2,1,0]: 2 stays.
        StayersCase(kept: [4, 3, 2, 1, 0], oldIndices: [0, 1, 2, 3, 4], movers: [0, 1, 3, 4]),
        // [5,4,2,1,0] → [5,1,2] (4 and 0 removed): 5 and 2 stay; 1 moves from 3 to 1.
        StayersCase(kept: [0, 2, 1], oldIndices: [0, 2, 3], movers: [1]),
        // [y1,y2,f,x1,x2] → [x1,x2,f,y1,y2]: the fewest moves (3) would move f from 2 to 2;
        // f stays and the four others move.
        StayersCase(kept: [3, 4, 2, 0, 1], oldIndices: [0, 1, 2, 3, 4], movers: [0, 1, 3, 4]),
        // Nothing in place: a longest increasing subsequence, as before.
        StayersCase(kept: [1, 2, 3, 0], oldIndices: [0, 1, 2, 3], movers: [0]),
    ])
    func elementsInPlaceStay(_ testCase: StayersCase) {
        let stays = MovePlan.stayers(testCase.kept, oldIndices: testCase.oldIndices)
        #expect(zip(testCase.kept, stays).filter { !$0.1 }.map(\.0).sorted() == testCase.movers)
        #expect(
            MovePlan.moves(testCase.kept, oldIndices: testCase.oldIndices).map(\.newIndex) == testCase.movers)
    }

    /// For random kept elements: every element in place stays, those that stay are in new
    /// order, no larger set of them would be (checked by trying every subset), and the moves
    /// are the simulation's.
    @Test func stayersAreTheLargestInOrderSetWithEveryElementInPlace() {
        var generator = SeededGenerator(seed: 0x57A7)
        for _ in 0..<3_000 {
            let oldCount = Int.random(in: 0...9, using: &generator)
            let newCount = Int.random(in: 0...9, using: &generator)
            let keptCount = Int.random(in: 0...min(oldCount, newCount), using: &generator)
            let oldIndices = Array((0..<oldCount).shuffled(using: &generator).prefix(keptCount)).sorted()
            let kept = Array((0..<newCount).shuffled(using: &generator).prefix(keptCount))
            let stays = MovePlan.stayers(kept, oldIndices: oldIndices)
            let label = "kept \(kept) from \(oldIndices)"
            let inPlace = zip(kept, oldIndices).map { $0 == $1 }
            #expect(zip(inPlace, stays).allSatisfy { !$0 || $1 }, "\(label)")
            let stayed = zip(kept, stays).filter(\.1).map(\.0)
            #expect(stayed == stayed.sorted(), "\(label)")
            var best = 0
            for subset in 0..<(1 << keptCount) {
                let members = kept.indices.filter { subset & (1 << $0) != 0 }
                let values = members.map { kept[$0] }
                guard values == values.sorted(), kept.indices.allSatisfy({ !inPlace[$0] || members.contains($0) })
                else { continue }
                best = max(best, members.count)
            }
            #expect(stayed.count == best, "\(label)")
            #expect(
                MovePlan.moves(kept, oldIndices: oldIndices) == Self.simulated(kept, stays: stays), "\(label)")
        }
    }
}
