import Foundation
import Testing

@testable import ReduxInspect

/// `replay` reads a line of the recorder's shape without its state
/// (``Recording/entryLeavingState(at:)``): what it reads is the entry a full parse gives, but
/// its state, and a line of any other shape is left to the full parse.
@Suite struct EntryLeavingStateTests {
    typealias Support = CLITestSupport

    /// Every step of `path`: the entry read without its state is the parsed one, state left
    /// out; returns how many steps were read that way.
    private func readWithoutState(_ path: String) throws -> Int {
        let recording = try Recording(path: path)
        var read = 0
        for index in recording.steps.indices {
            guard let leaving = recording.entryLeavingState(at: index) else { continue }
            var parsed = try recording.entry(at: index)
            #expect(parsed.state != nil, "step \(index) holds no state")
            parsed.state = nil
            #expect(leaving == parsed, "step \(index)")
            read += 1
        }
        return read
    }

    @Test func theRecordersLinesAreReadWithoutTheirState() throws {
        for fixture in Support.fixtures {
            let recording = try Recording(path: fixture)
            let withStates = recording.steps.filter(\.hasState).count
            #expect(try readWithoutState(fixture) == withStates, "\(fixture)")
        }
    }

    /// A duration after the state is read as the parse reads it; a `null` state, a member
    /// after the state, or a line in another order is left to the parse.
    @Test func otherShapesAreLeftToTheParse() throws {
        let directory = try CLITemporaryDirectory()
        var lines = try String(contentsOfFile: Support.fixture("shop.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        func dropLast(_ line: Int) -> String { String(lines[line].dropLast()) }
        lines[1] = dropLast(1) + #","us":17}"#
        lines[2] = dropLast(2) + #","us":-3}"#
        lines[3] = dropLast(3) + #","us":123456789012345678901234567890}"#
        let stateStart = try #require(lines[4].range(of: #","state":"#))
        lines[4] = String(lines[4][..<stateStart.lowerBound]) + #","state":null}"#
        lines[5] = dropLast(5) + #","note":1}"#
        lines[6] = lines[6].replacingOccurrences(of: #","state":"#, with: #","us":5,"state":"#)
        let path = try directory.file("shop-shapes.jsonl", lines: lines)
        let recording = try Recording(path: path)
        #expect(recording.entryLeavingState(at: 0)?.microseconds == 17)
        #expect(recording.entryLeavingState(at: 1)?.microseconds == -3)
        #expect(recording.entryLeavingState(at: 2) != nil)
        #expect(recording.entryLeavingState(at: 3) == nil)
        #expect(recording.entryLeavingState(at: 4) == nil)
        #expect(recording.entryLeavingState(at: 5) == nil)
        let leftToTheParse = [3, 4, 5].filter { recording.steps[$0].hasState }.count
        #expect(try readWithoutState(path) == recording.steps.filter(\.hasState).count - leftToTheParse)
    }
}
