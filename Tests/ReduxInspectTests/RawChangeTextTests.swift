import Foundation
import Testing

@testable import ReduxInspect

/// `diff`'s text made straight from the recorded bytes (``RawChangeText``) must be the text
/// ``DiffTextFormatter`` makes from the same step's ``JSONChange``s, byte for byte.
@Suite struct RawChangeTextTests {
    /// Formatters with the default width, no limit, a narrow one that cuts most values, and
    /// colours.
    static let formatters = [
        DiffTextFormatter(), DiffTextFormatter(valueWidth: nil), DiffTextFormatter(valueWidth: 9),
        DiffTextFormatter(colors: true),
    ]

    /// Recordings of random states, written compactly as a recorder writes them, and respelled
    /// with white space and escapes, so that some values can be copied and others must be
    /// parsed.
    @Test(arguments: 0..<4)
    func randomStatesGiveTheFormattersText(batch: Int) throws {
        for seed in UInt64(batch * 50)..<UInt64(batch * 50 + 50) {
            var states = RandomStates(seed: seed)
            var generator = SeededGenerator(seed: seed ^ 0x7E47)
            var state = states.pair().old
            var texts = [state.compactText]
            for _ in 0..<20 {
                state = states.edit(state, depth: 4, keepChance: 0.5)
                texts.append(
                    Bool.random(using: &generator)
                        ? state.compactText
                        // White space that ends no line: raw line breaks are never inside strings.
                        : RawDiffSupport.respelled(state, using: &generator)
                            .replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: "\t"))
            }
            try expectSameText(try Self.recording(texts), "seed \(seed)")
        }
    }

    @Test(arguments: CLITestSupport.fixtures)
    func fixturesGiveTheFormattersText(path: String) throws {
        try expectSameText(try Recording(path: path), path)
    }

    /// Keys that cannot be written bare, escaped and non-ASCII keys and values, DEL (printable
    /// in JSON, escaped in the text), ids of every kind, a value at the root, and moves.
    @Test func unusualKeysIDsAndValues() throws {
        let texts = [
            #"{"a b":1,"é":"x","1st":[1,2],"list":[{"id":"k","v":1},{"id":2.50,"v":2},{"id":true,"v":3}]}"#,
            #"{"a b":2,"\u00e9":"y\n","1st":[1,2,3],"list":[{"id":true,"v":4},{"id":"k","v":1},{"id":2.50,"v":"\u202e"}]}"#,
            #"{"a b" : 2 , "é":"z","1st":[],"list":[{"id":"k\"q","v":1}],"new":{"deep":[{"x":null}]}}"#,
            #"{"de\#u{7F}l":"x","id\#u{7F}s":[{"id":"\#u{7F}","v":"\#u{7F}"}]}"#,
            #"{"de\#u{7F}l":"y","id\#u{7F}s":[{"id":"\#u{7F}","v":"w"},{"id":1,"v":"\#u{7F}"}]}"#,
            #"[1,"two",{"three":3}]"#,
            #""just a string""#,
            #"42"#,
        ]
        try expectSameText(try Self.recording(texts), "unusual")
    }

    /// Each step's text from the bytes against the formatter's text for the step's
    /// `JSONChange`s (made from the same walk), and for the tree diff of the parsed states.
    private func expectSameText(_ recording: Recording, _ comment: String) throws {
        let timeline = Timeline(recording: recording, reducer: nil)
        for formatter in Self.formatters {
            var rawDiffer = RecordedStateDiffer(recording)
            var treeDiffer = RecordedStateDiffer(recording)
            for index in recording.steps.indices {
                let raw = rawDiffer.rawChanges(at: index)
                let tree = treeDiffer.changes(at: index)
                #expect((raw == nil) == (tree == nil), "\(comment) step \(index)")
                guard let raw, let tree else { continue }
                var bytes: [UInt8] = []
                try RawChangeText(formatter: formatter).write(raw, to: &bytes)
                let text = String(decoding: bytes, as: UTF8.self)
                let expected = tree.changes.map { formatter.line(for: $0) + "\n" }.joined()
                #expect(text == expected, "\(comment) step \(index)")
                let parsed = JSONDiff.changes(
                    from: try timeline.state(after: index - 1), to: try timeline.state(after: index))
                #expect(text == parsed.map { formatter.line(for: $0) + "\n" }.joined(), "\(comment) step \(index)")
                #expect(raw.changes.count == tree.changes.count, "\(comment) step \(index)")
            }
        }
    }

    /// A recording whose initial state and states are `states`, one step each after the first.
    static func recording(_ states: [String]) throws -> Recording {
        var lines = [#"{"format":"redux-inspect","version":1,"initialState":\#(states[0])}"#]
        for (offset, state) in states.dropFirst().enumerated() {
            lines.append(#"{"seq":\#(offset + 1),"type":"t","action":{"t":{}},"state":\#(state)}"#)
        }
        return try Recording(path: "<memory>", bytes: FileBytes(bytes: Array(lines.joined(separator: "\n").utf8)), strict: true)
    }
}
