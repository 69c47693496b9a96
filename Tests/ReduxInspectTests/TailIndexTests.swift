import Foundation
import Testing

@testable import ReduxInspect

/// A large recording is indexed on two cores (``TailIndex``): whatever the split, the index —
/// lines, steps, gaps, header, end marker, warnings — or the error is exactly the one a single
/// pass gives.
@Suite struct TailIndexTests {
    /// Everything the indexer found, or the error it threw.
    struct Outcome: Equatable, CustomStringConvertible {
        var starts: [Int] = []
        var steps: [StepLocation] = []
        var gaps: [RecordingGap] = []
        var header: RecordingHeader?
        var end: [Int?] = []
        var endHasState = false
        var warnings: [RecordingError] = []
        var error: RecordingError?

        var description: String {
            if let error { return "error \(error)" }
            return "\(starts.count) lines, \(steps.count) steps, gaps \(gaps), end \(end), warnings \(warnings)"
        }
    }

    static func outcome(_ bytes: [UInt8], splittingAt split: Int?, path: String = "r.jsonl") -> Outcome {
        bytes.withUnsafeBufferPointer { buffer in
            var indexer = RecordingIndexer(path: path, buffer: buffer, strict: false)
            var outcome = Outcome()
            do throws(RecordingError) {
                try indexer.run(splittingAt: split)
            } catch {
                outcome.error = error
                return outcome
            }
            outcome.starts = indexer.lines.starts
            outcome.steps = indexer.steps
            outcome.gaps = indexer.gaps
            outcome.header = indexer.header
            outcome.end = [indexer.endSeq, indexer.endLineIndex]
            outcome.endHasState = indexer.endHasState
            outcome.warnings = indexer.warnings
            return outcome
        }
    }

    /// Every place a second thread could start: just after each newline but the last.
    static func splitPoints(_ bytes: [UInt8]) -> [Int] {
        bytes.indices.filter { bytes[$0] == 0x0A && $0 + 1 < bytes.count }.map { $0 + 1 }
    }

    static func expectSameAtEverySplit(_ bytes: [UInt8], _ name: String) {
        let single = outcome(bytes, splittingAt: nil)
        for split in splitPoints(bytes) {
            let parallel = outcome(bytes, splittingAt: split)
            #expect(parallel == single, "\(name), split at byte \(split)")
        }
    }

    static func lines(of fixture: String) throws -> [String] {
        let url = CLITestSupport.fixturesDirectory.appendingPathComponent(fixture)
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }

    /// `line` with its `"seq":N` made `"seq":seq`.
    static func withSeq(_ line: String, _ seq: Int) -> String {
        guard line.hasPrefix(#"{"seq":"#), let comma = line.firstIndex(of: ",") else { return line }
        return #"{"seq":\#(seq)"# + line[comma...]
    }

    @Test(arguments: ["counter.jsonl", "shop.jsonl", "todos.jsonl"])
    func fixturesAreIndexedTheSameWhereverTheySplit(_ fixture: String) throws {
        let url = CLITestSupport.fixturesDirectory.appendingPathComponent(fixture)
        Self.expectSameAtEverySplit(Array(try Data(contentsOf: url)), fixture)
    }

    @Test func theBadInputCorpusIsIndexedTheSameWhereverItSplits() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: BadInputCorpus.directory.path)
            .filter { $0.hasSuffix(".jsonl") }
        #expect(files.count > 50)
        for file in files {
            let bytes = Array(try Data(contentsOf: BadInputCorpus.directory.appendingPathComponent(file)))
            Self.expectSameAtEverySplit(bytes, file)
        }
    }

    /// The shop fixture with one thing changed in its middle: each is a line the second thread
    /// must stop at and leave to the indexer, which reports or records it as one pass does.
    @Test(arguments: [
        "seq repeats", "seq jumps", "seq goes back", "gap marker", "blank line", "header again",
        "white space", "other key order", "seq 0", "end marker early", "not an object", "broken action",
    ])
    func anOddLineInTheMiddleIsFoundAsInOnePass(_ change: String) throws {
        var lines = try Self.lines(of: "shop.jsonl")
        let middle = lines.count / 2
        let line = lines[middle]
        switch change {
        case "seq repeats": lines[middle + 1] = Self.withSeq(lines[middle + 1], middle)
        case "seq jumps": lines[middle] = Self.withSeq(line, middle + 5)
        case "seq goes back": lines[middle] = Self.withSeq(line, 1)
        case "gap marker": lines.insert(#"{"gap":{"after":\#(middle - 1),"dropped":0}}"#, at: middle)
        case "blank line": lines.insert("  ", at: middle)
        case "header again": lines.insert(lines[0], at: middle)
        case "white space": lines[middle] = line.replacingOccurrences(of: #","time":"#, with: #", "time":"#)
        case "other key order":
            let withoutSeq = line.replacingOccurrences(of: #"{"seq":\#(middle),"#, with: "{")
            lines[middle] = String(withoutSeq.dropLast()) + #","seq":\#(middle)}"#
        case "seq 0": lines[1] = Self.withSeq(lines[1], 0)
        case "end marker early": lines.insert(lines[lines.count - 1], at: middle)
        case "not an object": lines.insert("[1,2]", at: middle)
        default: lines[middle] = line.replacingOccurrences(of: #""action":{"#, with: #""action":{{"#)
        }
        Self.expectSameAtEverySplit(Array((lines.joined(separator: "\n") + "\n").utf8), change)
    }

    @Test(arguments: [false, true])
    func aLastLineWithoutNewlineIsLeftToTheIndexer(_ truncated: Bool) throws {
        var text = try Self.lines(of: "shop.jsonl").dropLast().joined(separator: "\n")
        if truncated { text.removeLast(40) }
        Self.expectSameAtEverySplit(Array(text.utf8), truncated ? "truncated" : "no newline")
    }

    /// A file large enough to be split, through `Recording(path:)`: the shop fixture's entries
    /// repeated with increasing `seq`, and faults put in each half.
    @Test(arguments: [nil, "first half", "second half"])
    func aLargeRecordingIsIndexedOnTwoThreadsAsInOnePass(_ fault: String?) throws {
        let fixture = try Self.lines(of: "shop.jsonl")
        let entries = fixture.dropFirst().dropLast()
        var lines = [fixture[0]]
        var seq = 0
        while lines.count * 900 < TailIndex.minimumSplitSize * 5 / 4 {
            for entry in entries {
                seq += 1
                lines.append(Self.withSeq(entry, seq))
            }
        }
        let faultLine = fault == "first half" ? lines.count / 4 : lines.count * 3 / 4
        if fault != nil { lines[faultLine] = Self.withSeq(lines[faultLine], 1) }
        lines.append(#"{"end":{"seq":\#(seq)}}"#)
        let text = lines.joined(separator: "\n") + "\n"
        let bytes = Array(text.utf8)
        let split = try #require(bytes.withUnsafeBufferPointer { TailIndex.splitPoint(of: $0) })
        #expect(split > bytes.count / 2 && bytes[split - 1] == 0x0A)

        let directory = try CLITemporaryDirectory()
        let path = try directory.file("large.jsonl", text)
        let single = Self.outcome(bytes, splittingAt: nil, path: path)
        do {
            let recording = try Recording(path: path)
            #expect(fault == nil)
            #expect(recording.steps == single.steps)
            #expect(recording.lines.starts == single.starts)
            #expect(recording.steps.count == seq)
        } catch {
            #expect(error == single.error)
            #expect(error.line == faultLine + 1)
        }
    }

    @Test func aSmallFileIsIndexedOnOneThread() {
        let bytes = Array(repeating: UInt8(ascii: "\n"), count: TailIndex.minimumSplitSize - 1)
        #expect(bytes.withUnsafeBufferPointer { TailIndex.splitPoint(of: $0) } == nil)
    }
}
