import Foundation
import Testing

@testable import ReduxInspect

/// `diff` over states it must replay prints what it prints over the same states recorded:
/// the shop session, which records every state, against copies of it that keep no state, or
/// one in three, in every format.
@Suite struct DiffReplayedStatesTests {
    typealias Support = CLITestSupport

    @Test(arguments: ["text", "json", "json-patch"])
    func replayedStatesDiffAsRecordedOnesDo(format: String) throws {
        let directory = try CLITemporaryDirectory()
        let recorded = Support.fixture("shop.jsonl")
        let expected = Support.run(["diff", recorded, "--format", format])
        try #require(expected.code == 0, "\(expected)")
        try #require(expected.outLines.count > 20)
        for keep in [0, 3] {
            let path = try Support.strippingStates(recorded, keepingOneIn: keep, in: directory)
            let replayed = Support.run(["diff", path, "--format", format])
            #expect(replayed.code == 0, "\(replayed)")
            #expect(replayed.out == expected.out, "keeping one state in \(keep)")
        }
    }
}
