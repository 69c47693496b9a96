import Foundation
import Testing

@testable import ReduxInspect

/// `check` and `replay` on every shipped fixture.
@Suite struct CLIFixtureTests {
    typealias Support = CLITestSupport

    struct FixtureSummary: CustomStringConvertible, Sendable {
        let name: String
        let check: String
        var description: String { name }
    }

    static let fixtureSummaries = [
        FixtureSummary(name: "counter.jsonl", check: "22 steps (seq 1…22), 4 with states, no gaps; every action decodes with reducer counter"),
        FixtureSummary(name: "shop.jsonl", check: "27 steps (seq 1…27), 27 with states, no gaps; every action decodes with reducer shop"),
        FixtureSummary(name: "todos.jsonl", check: "21 steps (seq 1…21), 0 with states, no gaps; every action decodes with reducer todos"),
    ]

    @Test(arguments: fixtureSummaries)
    func checkFixture(_ fixture: FixtureSummary) {
        let path = Support.fixture(fixture.name)
        let result = Support.run(["check", path, "--strict"])
        #expect(result.code == 0)
        #expect(result.err == "")
        #expect(result.out == "\(path): ok: \(fixture.check)\n")
    }

    @Test func everyFixtureIsCovered() {
        #expect(Support.fixtures.map { URL(fileURLWithPath: $0).lastPathComponent } == Self.fixtureSummaries.map(\.name))
    }

    @Test(arguments: CLITestSupport.fixtures)
    func replayFixture(_ path: String) throws {
        let result = Support.run(["replay", path])
        #expect(result.code == 0)
        #expect(result.err == "")
        let steps = try Support.seqs(path)
        let reducer = try #require(try Recording(path: path).reducerName)
        #expect(result.outLines.last == "\(steps.count) steps replayed with reducer \(reducer); all recorded states match")
        #expect(result.outLines.filter { $0.hasPrefix("seq ") }.map { String($0.split(separator: " ")[1]) } == steps.map(String.init))
        #expect(!result.out.contains("differs"))
        // JSON form: one object per step, then the end marker's comparison, and every
        // recorded state matches.
        let json = Support.run(["replay", path, "--format", "json"])
        #expect(json.code == 0)
        let objects = try json.outLines.map(Support.json)
        #expect(objects.dropLast().map { $0["seq"]?.compactText } == steps.map(String.init))
        #expect(objects.last == .object(JSONObject([("end", .object(JSONObject([
            ("seq", .number(JSONNumber(String(steps.last ?? 0)))), ("matchesRecording", .bool(true)),
        ])))])))
        #expect(objects.allSatisfy { $0["matchesRecording"] != .bool(false) })
    }

    @Test func replayShopStartsWithItsFirstSteps() {
        let lines = Support.run(["replay", Support.fixture("shop.jsonl")]).outLines
        #expect(
            Array(lines.prefix(4)) == [
                #"seq 1  addToCart  {"addToCart":{"productID":1,"quantity":2}}"#,
                #"  + cart.items[id=1]: {"id":1,"name":"Green tea","price":4.5,"quantity":2}"#,
                "  ~ cart.total: 0 → 9",
                #"seq 2  addToCart  {"addToCart":{"productID":3,"quantity":1}}"#,
            ])
    }
}
