import ExampleInspector
import Foundation
import Testing

@testable import ReduxInspect

/// `replay`'s steps made from the states' text give what the replay of trees gives: the same
/// steps, changes, divergences and states, on every fixture and on the shop session with its
/// states stripped (so that every state after is replayed and encoded) or kept one in three.
@Suite struct ReplayTextStepTests {
    typealias Support = CLITestSupport

    /// Each fixture as recorded, and the shop session keeping no state or one in three.
    static let recordings: [(name: String, keep: Int?)] =
        Support.fixtures.map { (($0 as NSString).lastPathComponent, nil) } + [("shop.jsonl", 0), ("shop.jsonl", 3)]

    @Test(arguments: recordings)
    func textStepsAreTheTreeSteps(name: String, keep: Int?) throws {
        let directory = try CLITemporaryDirectory()
        let path = try keep.map { try Support.strippingStates(Support.fixture(name), keepingOneIn: $0, in: directory) }
            ?? Support.fixture(name)
        let recording = try Recording(path: path)
        let reducer = try #require(Inspector.examples.reducers.first { $0.name == recording.reducerName })
        var expected: [(seq: Int, changes: [JSONChange], divergence: [JSONChange]?, after: JSONValue)] = []
        let treeEnd = try ReplayRun(recording: recording, reducer: reducer).run { step in
            expected.append((step.entry.seq, JSONDiff.changes(from: step.before, to: step.after), step.divergence, step.after))
            return true
        }
        var texts = 0
        var index = 0
        let textEnd = try ReplayRun(recording: recording, reducer: reducer).runTexts(
            through: nil, render: { _, changes in changes }
        ) { step, changes throws(InspectorError) in
            defer { index += 1 }
            guard index < expected.count else {
                Issue.record("more steps than the tree replay")
                return false
            }
            if case .text = step.after { texts += 1 }
            let want = expected[index]
            #expect(step.entry.seq == want.seq)
            #expect(changes == want.changes, "seq \(want.seq)")
            #expect(step.divergence == want.divergence, "seq \(want.seq)")
            #expect(try step.tree(step.after, in: recording) == want.after, "seq \(want.seq)")
            return true
        }
        #expect(index == expected.count)
        #expect(texts > 0, "no state was kept as text")
        #expect(textEnd?.divergence == treeEnd?.divergence)
        #expect(textEnd?.replayed == treeEnd?.replayed)
    }
}
