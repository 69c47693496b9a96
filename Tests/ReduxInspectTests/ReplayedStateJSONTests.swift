import ExampleInspector
import Foundation
import Redux
import ReduxExamples
import Testing

@testable import ReduxInspect

/// A replayed state becomes JSON by parsing the text the recorder would write, which must give
/// the tree the tree encoder gives, for every kind of value; and an error names its step.
@Suite struct ReplayedStateJSONTests {
    /// Values of every kind the encoders format themselves.
    struct Odd: Codable, Equatable {
        var doubles: [Double] = [0.1, 1e300, -0.0, .leastNonzeroMagnitude, 123456789.125, -2.5]
        var floats: [Float] = [0.1, 3.4e38]
        var integers: [Int64] = [.min, .max, 0, -1]
        var unsigned: UInt64 = .max
        var decimals: [Decimal] = [Decimal(string: "9.99")!, Decimal(string: "-0.000001")!, Decimal(string: "1e100")!]
        var text = "tab\t, quote \", backslash \\, nul \u{0}, bell \u{7}, DEL \u{7F}, café ☕, 𝄞"
        var flags = [true, false]
        var nothing: Int? = nil
        var nested: [[String: Int]] = [["a": 1, "b": 2], [:]]
        var empty: [Int] = []
        var deep = [[[["x"]]]]

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(doubles, forKey: .doubles)
            try container.encode(floats, forKey: .floats)
            try container.encode(integers, forKey: .integers)
            try container.encode(unsigned, forKey: .unsigned)
            try container.encode(decimals, forKey: .decimals)
            try container.encode(text, forKey: .text)
            try container.encode(flags, forKey: .flags)
            try container.encode(nothing, forKey: .nothing)
            try container.encode(nested, forKey: .nested)
            try container.encode(empty, forKey: .empty)
            try container.encode(deep, forKey: .deep)
        }
    }

    static func both(_ value: some Encodable) throws -> (tree: JSONValue, parsed: JSONValue) {
        let encoder = RecordingEncoder()
        let tree = JSONValue(try encoder.encodeTree(value))
        let text = try encoder.encode(value)
        let parsed = try text.withUnsafeBufferPointer { bytes throws(JSONParseError) in try JSONParser.parse(bytes) }
        return (tree, parsed)
    }

    @Test func valuesOfEveryKindGiveTheTreesJSON() throws {
        let (tree, parsed) = try Self.both(Odd())
        #expect(parsed == tree)
        #expect(parsed.compactText == tree.compactText)
    }

    @Test func theFixturesStatesGiveTheTreesJSON() throws {
        for name in ["counter", "shop", "todos"] {
            let recording = try Recording(path: CLITestSupport.fixture("\(name).jsonl"))
            var states: [JSONValue] = recording.header?.initialState.map { [$0] } ?? []
            for index in recording.steps.indices {
                if let state = try recording.entry(at: index).state { states.append(state) }
            }
            #expect(!states.isEmpty, "\(name)")
            for state in states {
                let (tree, parsed): (JSONValue, JSONValue)
                switch name {
                case "counter": (tree, parsed) = try Self.both(try JSONValueDecoder().decode(Counter.State.self, from: state))
                case "shop": (tree, parsed) = try Self.both(try JSONValueDecoder().decode(Shop.State.self, from: state))
                default: (tree, parsed) = try Self.both(try JSONValueDecoder().decode(Todos.State.self, from: state))
                }
                #expect(parsed == tree, "\(name)")
                #expect(parsed == state, "\(name)")
            }
        }
    }

    @Test func aStateThatCannotBeEncodedNamesItsStepInATimeline() throws {
        let (lines, _) = ReplayCheckTests.unencodable[0]
        let recording = try Recording(text: lines.joined(separator: "\n") + "\n", path: "nan.jsonl")
        let timeline = Timeline(recording: recording, reducer: try TimelineTests.reducer("shop"))
        let error = ReplayCheckTests.error { _ = try timeline.state(after: 0) }
        #expect(error?.hasPrefix("nan.jsonl:2:1: cannot encode the replayed state") == true, "\(error ?? "no error")")
        // The step after it is fine again.
        #expect(try timeline.state(after: 1)["cart"]?["total"] == .number(JSONNumber("0")))
    }
}
