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
        let lines = try String(contentsOfFile: recorded, encoding: .utf8).split(separator: "\n").map(String.init)
        let expected = Support.run(["diff", recorded, "--format", format])
        try #require(expected.code == 0, "\(expected)")
        try #require(expected.outLines.count > 20)
        for keep in [0, 3] {
            var entry = 0
            let stripped = try lines.map { line throws -> String in
                guard case .object(var object) = try JSONParser.parse(line), object["seq"] != nil else { return line }
                entry += 1
                if keep == 0 || entry % keep != 0 { object["state"] = nil }
                return JSONValue.object(object).compactText
            }
            let path = try directory.file("shop-keeping-\(keep).jsonl", lines: stripped)
            let replayed = Support.run(["diff", path, "--format", format])
            #expect(replayed.code == 0, "\(replayed)")
            #expect(replayed.out == expected.out, "keeping one state in \(keep)")
        }
    }
}
