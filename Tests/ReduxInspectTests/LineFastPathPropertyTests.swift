import Foundation
import Testing

@testable import ReduxInspect

/// The readers that take part of a line without parsing it — a step's action
/// (``Recording/actionText(at:)``), state (``Recording/stateText(at:)``) and what `log` lists
/// (``Recording/listedAction(at:)``) — must give what the parsed entry gives, and nothing for
/// a line the parser refuses. Held to that on the shop fixture, with a duration on some of its
/// lines, broken thousands of ways by the fuzz tests' mutator.
@Suite struct LineFastPathPropertyTests {
    /// The shop fixture's lines, every third entry with the recorder's `"us"` member.
    static func base() throws -> [UInt8] {
        let text = try StandardInputRecordingTests.fixtureText("shop.jsonl")
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices where index % 3 == 1 && lines[index].hasPrefix(#"{"seq":"#) {
            lines[index] = String(lines[index].dropLast()) + #","us":\#(index * 7)}"#
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// Changes the end of one entry line: white space, a brace missing or doubled, another
    /// member, a duration with a leading zero or sign.
    static func tailEdit(of bytes: inout [UInt8], seed: UInt64) -> String? {
        var generator = SeededGenerator(seed: seed &* 31 &+ 7)
        let ends = bytes.indices.filter { bytes[$0] == 0x0A && $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "}") }
        guard let end = ends.randomElement(using: &generator) else { return nil }
        let edits: [(String, (inout [UInt8]) -> Void)] = [
            ("space after the line", { $0.insert(0x20, at: end) }),
            ("space, brace dropped", { $0[end - 1] = 0x20 }),
            ("brace doubled", { $0.insert(UInt8(ascii: "}"), at: end) }),
            ("bracket for brace", { $0[end - 1] = UInt8(ascii: "]") }),
            ("member after", { $0.insert(contentsOf: Array(#","x":1"#.utf8), at: end - 1) }),
            ("duration with a leading zero", { $0.insert(contentsOf: Array(#","us":012"#.utf8), at: end - 1) }),
            ("duration of zeros", { $0.insert(contentsOf: Array(#","us":-00"#.utf8), at: end - 1) }),
            ("duration without digits", { $0.insert(contentsOf: Array(#","us":-"#.utf8), at: end - 1) }),
            ("duration twice", { $0.insert(contentsOf: Array(#","us":1,"us":2"#.utf8), at: end - 1) }),
        ]
        let (name, edit) = edits[Int.random(in: 0..<edits.count, using: &generator)]
        edit(&bytes)
        return "\(name) at byte \(end)"
    }

    @Test func theQuickReadersAgreeWithTheParser() throws {
        let base = try Self.base()
        for seed in UInt64(0)..<1_500 {
            var bytes = base
            var mutator = FuzzMutator(seed: seed)
            var operations = mutator.mutate(&bytes).map(\.description)
            // Half the time one more change at the end of a line, where the quick readers find
            // the values the index did not skim.
            if seed % 2 == 0, let edit = Self.tailEdit(of: &bytes, seed: seed) { operations.append(edit) }
            guard let recording = try? Recording(path: "mutated.jsonl", bytes: FileBytes(bytes: bytes), strict: false)
            else { continue }
            for index in recording.steps.indices {
                let label = "seed \(seed) (\(operations)), step \(index + 1)"
                let entry = try? recording.entry(at: index)
                if let text = recording.stateText(at: index) {
                    #expect(entry != nil, "a state read from a line the parser refuses: \(label)")
                    #expect(try JSONParser.parse(text.bytes) == entry?.state, "\(label)")
                }
                if let action = recording.actionText(at: index) {
                    #expect(entry != nil, "an action read from a line the parser refuses: \(label)")
                    #expect(try JSONParser.parse(action) == entry?.action, "\(label)")
                }
                if let listed = try? recording.listedAction(at: index) {
                    #expect(entry != nil, "a listed line the parser refuses: \(label)")
                    #expect(listed.type == entry?.type && listed.time == entry?.time, "\(label)")
                    #expect(listed.action == entry?.action.compactText, "\(label)")
                } else {
                    #expect(entry == nil, "listing failed on a line the parser reads: \(label)")
                }
            }
        }
    }
}
