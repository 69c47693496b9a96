import Testing

@testable import ReduxInspect

/// The placeholders of a recorded state filled from the replayed one, member by member,
/// found by key where the members are not in the same order.
@Suite struct RedactionFillingTests {
    static func number(_ value: Int) -> JSONValue { .number(JSONNumber(String(value))) }

    @Test func placeholdersAreFilledFromTheSameKeyInAnyOrder() throws {
        let recorded = try JSONParser.parse(#"{"b":"<redacted>","a":{"token":"<redacted>","n":1},"c":2}"#)
        let replayed = try JSONParser.parse(#"{"c":2,"a":{"n":1,"token":"t-1"},"b":7}"#)
        let filled = try #require(recorded.fillingRedactions(from: replayed))
        #expect(filled == replayed)
        #expect(replayed.keepingRedactions(of: recorded) == recorded)
        #expect(replayed.fillingRedactions(from: recorded) == nil)
    }

    /// A wide object whose first member is gone, with a placeholder in its last: every member
    /// is found by key once the orders part, without a search through the others for each
    /// (100,000 × 100,000 string comparisons).
    @Test(.hangGuard) func aWideObjectWithAMemberRemovedIsFilledAtOnce() throws {
        let count = 100_000
        let keys = (0..<count).map { "k\($0)" }
        var recorded = keys.dropFirst().map { ($0, Self.number(1)) }
        recorded[recorded.count - 1].1 = .string("<redacted>")
        let replayed = keys.map { ($0, Self.number(1)) }
        let filled = try #require(JSONValue.object(JSONObject(recorded)).fillingRedactions(from: .object(JSONObject(replayed))))
        #expect(filled.objectValue?.count == count - 1)
        #expect(filled.objectValue?["k\(count - 1)"] == Self.number(1))
        #expect(JSONDiff.changes(from: filled, to: .object(JSONObject(replayed))).count == 1)
    }
}
