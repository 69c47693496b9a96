import Foundation
import Testing

@testable import ReduxInspect

/// `log` reads chunks of steps on every core and prints them in order: over a recording of
/// several chunks, every action is listed once, in seq order, with each gap where entries are
/// missing and a line that cannot be read reported after the lines before it.
@Suite struct LogChunksTests {
    typealias Support = CLITestSupport

    /// 10,000 counter steps (three chunks), seqs 5,001–5,003 missing, and `odd` lines in place.
    private func recording(odd: [Int: String] = [:], in directory: CLITemporaryDirectory) throws -> String {
        var lines = [DecodeAheadTests.header]
        for seq in 1...DecodeAheadTests.steps where !(5_001...5_003).contains(seq) {
            let type = seq % 3 == 0 ? "decrement" : "incrementBy"
            let action = seq % 3 == 0 ? #"{"decrement":{}}"# : #"{"incrementBy":{"n":\#(seq % 7)}}"#
            lines.append(odd[seq] ?? #"{"seq":\#(seq),"type":"\#(type)","action":\#(action)}"#)
        }
        return try directory.file("long.jsonl", lines: lines)
    }

    @Test func everyActionOnceInOrderWithItsGap() throws {
        let directory = try CLITemporaryDirectory()
        let result = Support.run(["log", try recording(in: directory)])
        #expect(result.code == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init)
        let seqs = lines.compactMap { Int($0.split(separator: " ").first ?? "") }
        #expect(seqs == Array(1...5_000) + Array(5_004...10_000), "\(seqs.count) seqs")
        let gap = try #require(lines.firstIndex { $0.hasPrefix("!") })
        #expect(lines[gap] == "! 3 entries missing after seq 5000")
        #expect(lines[gap - 1].hasPrefix(" 5000  ") && lines[gap + 1].hasPrefix(" 5004  "), "\(lines[gap - 1...gap + 1])")
        #expect(lines.count == seqs.count + 1)
    }

    /// `log FILE 4000..6000`: the steps of the range, as `diff` takes it, across chunks and the
    /// gap, the same lines as the whole list has for them; `last`, and an open end.
    @Test func aRangeOfSteps() throws {
        let directory = try CLITemporaryDirectory()
        let path = try recording(in: directory)
        let all = Support.run(["log", path]).outLines
        let range = Support.run(["log", path, "4000..6000"])
        #expect(range.code == 0, "\(range)")
        let first = try #require(all.firstIndex { $0.hasPrefix(" 4000  ") })
        let last = try #require(all.firstIndex { $0.hasPrefix(" 6000  ") })
        #expect(range.outLines == Array(all[first...last]))
        #expect(Support.run(["log", path, "last"]).outLines == [all.last!])
        #expect(Support.run(["log", path, "9999.."]).outLines == Array(all.suffix(2)))
        let typed = Support.run(["log", path, "9999..", "--type", "incrementBy", "--type", "reset"])
        #expect(typed.outLines == [all.last!], "\(typed)")
        #expect(
            typed.err == "warning: no action of type 'reset' in \(path) from seq 9999 to 10000; their types are: decrement, incrementBy\n",
            "\(typed)")
        let skipped = Support.run(["log", path, "5002"])
        #expect(skipped.code == 64 && skipped.err.contains("no step with seq 5002: the recording skips it (entries are missing there)"), "\(skipped)")
        let zero = Support.run(["log", path, "0..3"])
        #expect(zero.code == 64 && zero.err.hasPrefix("Error: invalid step '0..3': seq 0 is the initial state"), "\(zero)")
    }

    /// A line the index reads but whose `type` is not a string, in the last chunk.
    @Test func aLineThatCannotBeReadInTheLastChunk() throws {
        let directory = try CLITemporaryDirectory()
        let path = try recording(odd: [9_000: #"{"seq":9000,"type":5,"action":{"decrement":{}}}"#], in: directory)
        let result = Support.run(["log", path])
        #expect(result.code == 65)
        #expect(result.err.hasPrefix("Error: \(path):8998:"), "\(result.err)")
        let seqs = result.out.split(separator: "\n").compactMap { Int($0.split(separator: " ").first ?? "") }
        #expect(seqs == Array(1...5_000) + Array(5_004...8_999), "\(seqs.count) seqs, the last \(seqs.last ?? 0)")
    }

    /// The types a `--type` that names none is told of are in the order first met, across chunks.
    @Test func theTypesMetInOrder() throws {
        let directory = try CLITemporaryDirectory()
        let path = try recording(odd: [9_999: #"{"seq":9999,"type":"reset","action":{"reset":{}}}"#], in: directory)
        let result = Support.run(["log", path, "--type", "nope"])
        // Gaps are shown whatever the filter.
        #expect(result.out == "! 3 entries missing after seq 5000\n", "\(result.out)")
        #expect(result.err.contains("its types are: incrementBy, decrement, reset"), "\(result.err)")
    }
}
