import Foundation
import Redux
import ReduxExamples
import Testing

/// The committed fixtures are exactly what the scripted sessions record today.
///
/// Regenerate them after changing a session, an example app or the recorder with:
///
///     RECORD_FIXTURES=1 swift test --filter FixtureTests
@Suite struct FixtureTests {
    static let fixturesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func recording(of session: ExampleSession) -> [UInt8] {
        let sink = MemoryRecordingSink()
        session.record(to: sink)
        return sink.bytes
    }

    @Test(arguments: ExampleSession.allCases)
    func fixtureIsUpToDate(_ session: ExampleSession) throws {
        let url = Self.fixturesDirectory.appendingPathComponent(session.fileName)
        let fresh = Self.recording(of: session)
        if ProcessInfo.processInfo.environment["RECORD_FIXTURES"] == "1" {
            try Data(fresh).write(to: url)
            return
        }
        let committed = try [UInt8](Data(contentsOf: url))
        #expect(
            committed == fresh,
            "Fixtures/\(session.fileName) is out of date. Run `RECORD_FIXTURES=1 swift test --filter FixtureTests` to regenerate it."
        )
    }

    @Test(arguments: ExampleSession.allCases)
    func recordingIsByteIdenticalAcrossRuns(_ session: ExampleSession) {
        #expect(Self.recording(of: session) == Self.recording(of: session))
    }

    @Test(arguments: ExampleSession.allCases)
    func everyLineIsAnObjectAfterAVersion1HeaderWithIncreasingSeq(_ session: ExampleSession) throws {
        let text = String(decoding: Self.recording(of: session), as: UTF8.self)
        let lines = text.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) }
        let objects = try lines.map { try #require($0 as? [String: Any]) }
        #expect(objects.first?["format"] as? String == "redux-inspect")
        #expect(objects.first?["version"] as? Int == 1)
        #expect(objects.first?["reducer"] as? String == session.rawValue)
        #expect(objects.first?["initialState"] is [String: Any])
        let seqs = objects.compactMap { $0["seq"] as? Int }
        #expect(seqs == Array(1...seqs.count))
        #expect(objects.last?["end"] is [String: Any])
    }

    @Test func statePoliciesDifferAcrossFixtures() throws {
        func statesAt(_ session: ExampleSession) -> [Int] {
            String(decoding: Self.recording(of: session), as: UTF8.self).split(separator: "\n")
                .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .filter { $0["state"] != nil }.compactMap { $0["seq"] as? Int }
        }
        #expect(statesAt(.counter) == [5, 10, 15, 20])
        #expect(statesAt(.shop) == Array(1...27))
        #expect(statesAt(.todos) == [])
    }

    @Test func shopFixtureHoldsNoPassword() {
        let text = String(decoding: Self.recording(of: .shop), as: UTF8.self)
        #expect(!text.contains("lovelace"))
        #expect(!text.contains("wrong-password"))
        #expect(!text.contains("hopper"))
        let passwords = text.matches(of: /"password":("[^"]*")/).map { String($0.output.1) }
        #expect(passwords == Array(repeating: "\"<redacted>\"", count: 3))
    }
}
