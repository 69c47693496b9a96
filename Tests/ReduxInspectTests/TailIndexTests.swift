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
        /// Not compared: how many lines the second thread indexed.
        var linesFromTail = 0

        static func == (a: Outcome, b: Outcome) -> Bool {
            (a.starts, a.steps, a.gaps, a.header) == (b.starts, b.steps, b.gaps, b.header)
                && (a.end, a.endHasState, a.warnings, a.error) == (b.end, b.endHasState, b.warnings, b.error)
        }

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
            outcome.linesFromTail = indexer.linesFromTail
            return outcome
        }
    }

    /// Every place a second thread could start: just after each newline but the last.
    static func splitPoints(_ bytes: [UInt8]) -> [Int] {
        bytes.indices.filter { bytes[$0] == 0x0A && $0 + 1 < bytes.count }.map { $0 + 1 }
    }

    /// Checks every split of `bytes` against one pass, and returns how many lines the second
    /// thread indexed in all.
    @discardableResult
    static func expectSameAtEverySplit(_ bytes: [UInt8], _ name: String) -> Int {
        let single = outcome(bytes, splittingAt: nil)
        var taken = 0
        for split in splitPoints(bytes) {
            let parallel = outcome(bytes, splittingAt: split)
            #expect(parallel == single, "\(name), split at byte \(split)")
            taken += parallel.linesFromTail
        }
        return taken
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
        let taken = Self.expectSameAtEverySplit(Array(try Data(contentsOf: url)), fixture)
        // The recorder wrote these: the second thread did take lines.
        #expect(taken > 0)
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
        "CR LF", "state null", "no state", "us", "state null twice", "gap marker that counts too many",
        "gap marker after another seq",
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
        // The lines after these markers follow on from the entry before them, as the second
        // thread takes lines; the warnings must be found all the same.
        case "gap marker that counts too many": lines.insert(#"{"gap":{"after":\#(middle - 1),"dropped":3}}"#, at: middle)
        case "gap marker after another seq": lines.insert(#"{"gap":{"after":\#(middle + 7),"dropped":1}}"#, at: middle)
        case "blank line": lines.insert("  ", at: middle)
        case "header again": lines.insert(lines[0], at: middle)
        case "white space": lines[middle] = line.replacingOccurrences(of: #","time":"#, with: #", "time":"#)
        case "other key order":
            let withoutSeq = line.replacingOccurrences(of: #"{"seq":\#(middle),"#, with: "{")
            lines[middle] = String(withoutSeq.dropLast()) + #","seq":\#(middle)}"#
        case "seq 0": lines[1] = Self.withSeq(lines[1], 0)
        case "end marker early": lines.insert(lines[lines.count - 1], at: middle)
        case "not an object": lines.insert("[1,2]", at: middle)
        case "CR LF": lines[middle] = line + "\r"
        case "state null": lines[middle] = String(line[..<line.range(of: #","state":"#)!.upperBound]) + "null}"
        case "no state": lines[middle] = String(line[..<line.range(of: #","state":"#)!.lowerBound]) + "}"
        case "us": lines[middle] = String(line.dropLast()) + #","us":12}"#
        case "state null twice":
            lines[middle] = String(line[..<line.range(of: #","state":"#)!.upperBound]) + #"null,"state":null}"#
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

    /// The shop fixture's entries repeated with increasing `seq` until the file is large
    /// enough to be split, with `change` applied to the list of lines, then the end marker
    /// with the last entry's seq.
    static func largeRecording(_ change: (inout [String]) -> Void = { _ in }) throws -> [UInt8] {
        let fixture = try lines(of: "shop.jsonl")
        let entries = fixture.dropFirst().dropLast()
        var lines = [fixture[0]]
        var seq = 0
        while lines.count * 900 < TailIndex.minimumSplitSize * 5 / 4 {
            for entry in entries {
                seq += 1
                lines.append(withSeq(entry, seq))
            }
        }
        change(&lines)
        // The last entry's seq, as the recorder writes it, whatever `change` made of it.
        let last = lines.last { $0.hasPrefix(#"{"seq":"#) }
        let endSeq = last.flatMap { Int($0.dropFirst(7).prefix { $0.isNumber }) } ?? seq
        lines.append(#"{"end":{"seq":\#(endSeq)}}"#)
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// Through `Recording(path:)`, which splits a file this large, with a fault in each half.
    @Test(arguments: [nil, "first half", "second half"])
    func aLargeRecordingIsIndexedAsInOnePass(_ fault: String?) throws {
        var faultLine = 0
        let bytes = try Self.largeRecording { lines in
            faultLine = fault == "first half" ? lines.count / 4 : lines.count * 3 / 4
            if fault != nil { lines[faultLine] = Self.withSeq(lines[faultLine], 1) }
        }
        let directory = try CLITemporaryDirectory()
        let path = try directory.file("large.jsonl", String(decoding: bytes, as: UTF8.self))
        let single = Self.outcome(bytes, splittingAt: nil, path: path)
        do {
            let recording = try Recording(path: path)
            #expect(fault == nil)
            #expect(recording.steps == single.steps)
            #expect(recording.lines.starts == single.starts)
            #expect(recording.gaps == single.gaps && recording.header == single.header)
            #expect([recording.endSeq, recording.endLineIndex] == single.end)
        } catch {
            #expect(error == single.error)
            #expect(error.line == faultLine + 1)
        }
    }

    /// Markers, blank lines and jumps in `seq` in the second half: the second thread leaves
    /// each to the indexer and takes the lines after it.
    @Test func theSecondThreadGoesOnAfterALineItLeaves() throws {
        let bytes = try Self.largeRecording { lines in
            for position in stride(from: lines.count / 2 + 1, to: lines.count - 10, by: 997) {
                lines.insert(position % 2 == 0 ? "" : #"{"gap":{"after":1,"dropped":1}}"#, at: position)
            }
            let jump = lines.count * 3 / 4
            for position in jump..<lines.count { lines[position] = Self.withSeq(lines[position], position + 5) }
        }
        let split = try #require(Self.splitPoints(bytes).first { $0 >= bytes.count / 2 })
        let single = Self.outcome(bytes, splittingAt: nil)
        let parallel = Self.outcome(bytes, splittingAt: split)
        #expect(single.error == nil, "\(single)")
        #expect(single.gaps.count > 3)
        #expect(parallel == single)
        let secondHalf = single.starts.filter { $0 >= split }.count
        #expect(parallel.linesFromTail > secondHalf * 9 / 10)
    }

    @Test func aWorkerToldToStopStopsSoon() throws {
        let bytes = try Self.largeRecording()
        let flag = TailIndexTask.StopFlag()
        flag.raise()
        let tail = bytes.withUnsafeBufferPointer { TailIndex($0, from: 0, stop: flag) }
        #expect(tail.steps.count < 4096)
        let unstopped = bytes.withUnsafeBufferPointer { TailIndex($0, from: 0) }
        #expect(unstopped.steps.count > 4096)
    }

    @Test func aFileOfTheMinimumSizeIsSplitAtALineAfterItsMiddle() throws {
        try #require(ProcessInfo.processInfo.activeProcessorCount > 1, "one core: nothing is split")
        var bytes = Array(repeating: UInt8(ascii: "x"), count: TailIndex.minimumSplitSize)
        for offset in stride(from: 99, to: bytes.count, by: 100) { bytes[offset] = 0x0A }
        let split = try #require(bytes.withUnsafeBufferPointer { TailIndex.splitPoint(of: $0) })
        #expect(split >= bytes.count / 2 && split < bytes.count / 2 + 100 && bytes[split - 1] == 0x0A)
    }

    @Test func aSmallFileIsIndexedOnOneThread() {
        let bytes = Array(repeating: UInt8(ascii: "\n"), count: TailIndex.minimumSplitSize - 1)
        #expect(bytes.withUnsafeBufferPointer { TailIndex.splitPoint(of: $0) } == nil)
    }
}
