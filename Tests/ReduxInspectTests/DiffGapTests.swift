import Testing

@testable import ReduxInspect

/// `diff` says where entries are missing, as `log` and `replay` do: the change shown for the
/// step after a gap includes what the missing steps did.
@Suite struct DiffGapTests {
    typealias Support = CLITestSupport

    /// A counter recording of `count` steps, a state after each, with the seqs in `missing`
    /// left out (seq 1 is always there); a marker with a reason stands for the gap after
    /// `markedAfter`, and an end marker follows, past the last entry when `missingAtEnd`.
    static func recording(
        count: Int, missing: Set<Int>, markedAfter: Int? = nil, missingAtEnd: Bool = false
    ) -> [String] {
        var lines = [#"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#]
        for seq in 1...count where !missing.contains(seq) {
            if let markedAfter, seq > markedAfter, !lines.contains(where: { $0.hasPrefix(#"{"gap""#) }) {
                let dropped = (markedAfter + 1..<seq).count
                lines.append(#"{"gap":{"after":\#(markedAfter),"dropped":\#(dropped),"reason":"queue full"}}"#)
            }
            lines.append(#"{"seq":\#(seq),"action":{"increment":{}},"state":{"count":\#(seq)}}"#)
        }
        let last = missingAtEnd ? count + 2 : count
        lines.append(#"{"end":{"seq":\#(last),"state":{"count":\#(last)}}}"#)
        return lines
    }

    @Test func textTellsTheGapBeforeTheStepAfterIt() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("gap.jsonl", lines: Self.recording(count: 6, missing: [3, 4], markedAfter: 2))
        let result = Support.run(["diff", file])
        #expect(result.code == 0)
        #expect(Array(result.outLines.dropFirst(4).prefix(3)) == [
            "! 2 entries missing after seq 2 (queue full)",
            "@@ seq 5 increment @@",
            "~ count: 2 → 5",
        ])
        // One step whose state before is across a gap says so too.
        #expect(Support.run(["diff", file, "5"]).outLines.first == "! 2 entries missing after seq 2 (queue full)")
        // A range that starts after the gap does not.
        #expect(!Support.run(["diff", file, "6"]).out.contains("missing"))
    }

    @Test func everyFormatAndPathTellsItOnce() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("gap.jsonl", lines: Self.recording(count: 4, missing: [2], missingAtEnd: true))
        let json = Support.run(["diff", file, "--format", "json"])
        #expect(json.outLines.filter { $0.hasPrefix(#"{"gap""#) } == [
            #"{"gap":{"after":1,"dropped":1}}"#, #"{"gap":{"after":4,"dropped":2}}"#,
        ])
        #expect(json.outLines.last == #"{"gap":{"after":4,"dropped":2}}"#)
        // A stream of patches has only patches: one per step.
        let patches = Support.run(["diff", file, "--format", "json-patch"])
        #expect(patches.outLines.count == 3)
        #expect(patches.outLines.allSatisfy { $0.hasPrefix("[") })
        // Under --path, diffed from parsed states, the same lines.
        let text = Support.run(["diff", file])
        #expect(Support.run(["diff", file, "--path", "count"]).out == text.out)
        #expect(text.outLines.filter { $0.hasPrefix("!") } == [
            "! 1 entry missing after seq 1", "! 2 entries missing after seq 4",
        ])
    }

    /// Steps are diffed on several threads in chunks of steps: a gap where a chunk starts is
    /// told once, where it is.
    @Test func gapsAtChunkBoundariesAreToldOnceInPlace() throws {
        let directory = try CLITemporaryDirectory()
        let missing: Set<Int> = [1025, 1026, 2050, 3000]
        let file = try directory.file("long.jsonl", lines: Self.recording(count: 3200, missing: missing))
        let result = Support.run(["diff", file])
        #expect(result.code == 0)
        let lines = result.outLines
        let notices = lines.indices.filter { lines[$0].hasPrefix("!") }
        #expect(notices.map { lines[$0] } == [
            "! 2 entries missing after seq 1024", "! 1 entry missing after seq 2049", "! 1 entry missing after seq 2999",
        ])
        #expect(notices.map { lines[$0 + 1] } == [
            "@@ seq 1027 increment @@", "@@ seq 2051 increment @@", "@@ seq 3001 increment @@",
        ])
        #expect(lines.filter { $0.hasPrefix("@@") }.count == 3200 - missing.count)
    }

    /// A range end the recording skips (actions the recorder's filter left out, say) stands for
    /// the nearest step inside the range, with the entries missing there told; a range that
    /// holds no step, and an end outside the recording's seqs, are errors as before.
    @Test func aRangeEndTheRecordingSkipsTakesTheNearestStepInside() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("gap.jsonl", lines: Self.recording(count: 6, missing: [3, 4]))
        let from = Support.run(["diff", file, "3..5"])
        #expect(from.code == 0, "\(from)")
        #expect(from.outLines == ["! 2 entries missing after seq 2", "@@ seq 5 increment @@", "~ count: 2 → 5"])
        let to = Support.run(["diff", file, "2..4"])
        #expect(to.code == 0, "\(to)")
        #expect(to.outLines == ["@@ seq 2 increment @@", "~ count: 1 → 2", "! 2 entries missing after seq 2"])
        let json = Support.run(["diff", file, "2..4", "--format", "json"])
        #expect(json.outLines.last == #"{"gap":{"after":2,"dropped":2}}"#, "\(json)")
        let none = Support.run(["diff", file, "3..4"])
        #expect(none.code == 64)
        #expect(none.err == "Error: \(file): no step from seq 3 to 4: the recording skips them (entries are missing there)\n")
        #expect(Support.run(["diff", file, "3..9"]).err == "Error: \(file): no step with seq 9: expected a seq from 1 to 6\n")
    }

    /// Seqs skipped before the first step, and after the last up to the end marker's seq,
    /// are range ends too; past the end marker's seq is an error.
    @Test func rangeEndsSkippedBeforeTheFirstStepAndAfterTheLast() throws {
        let directory = try CLITemporaryDirectory()
        let lines = Self.recording(count: 6, missing: [], missingAtEnd: true)
        // Seqs 1 and 2 left out too: the steps are 3…6, the end marker's seq 8.
        let file = try directory.file("ends.jsonl", lines: lines.filter { !$0.hasPrefix(#"{"seq":1,"#) && !$0.hasPrefix(#"{"seq":2,"#) })
        let start = Support.run(["diff", file, "1..3"])
        #expect(start.code == 0, "\(start)")
        #expect(start.outLines == ["! 2 entries missing after seq 0", "@@ seq 3 increment @@", "~ count: 0 → 3"])
        let end = Support.run(["diff", file, "6..8"])
        #expect(end.code == 0, "\(end)")
        #expect(end.outLines == ["@@ seq 6 increment @@", "~ count: 5 → 6", "! 2 entries missing after seq 6"])
        #expect(Support.run(["diff", file, "7..8"]).code == 64)
        #expect(Support.run(["diff", file, "6..9"]).err == "Error: \(file): no step with seq 9: expected a seq from 3 to 6\n")
        // `last` and an end left out are the last step, with the entries missing after it.
        for range in ["5..last", "5..", "5..8"] {
            let toLast = Support.run(["diff", file, range])
            #expect(
                toLast.outLines == [
                    "@@ seq 5 increment @@", "~ count: 4 → 5", "@@ seq 6 increment @@", "~ count: 5 → 6",
                    "! 2 entries missing after seq 6",
                ], "\(range): \(toLast)")
        }
        #expect(Support.run(["diff", file, "last"]).outLines == end.outLines)
        // Past the last step: the seqs the missing entries had, or the end marker's own.
        let past = Support.run(["diff", file, "7.."])
        #expect(past.code == 64)
        #expect(past.err == "Error: \(file): no step from seq 7 to 8: the recording skips them (entries are missing there)\n")
        #expect(
            Support.run(["diff", file, "8"]).err
                == "Error: \(file): no step with seq 8: entries are missing after seq 6, and seq 8 is the end marker's state after them, which no step reaches ('show --at 8' prints it)\n"
        )
        let before = Support.run(["replay", file, "--to", "2"])
        #expect(before.outLines == [
            "! 2 entries missing after seq 0", "0 steps replayed with reducer counter; no recorded state to compare with",
        ], "\(before)")
        let after = Support.run(["replay", file, "--to", "7"])
        #expect(after.code == 0, "\(after)")
        #expect(after.outLines.suffix(2).first == "! 2 entries missing after seq 6", "\(after)")
    }

    /// `replay --to` a seq the recording skips stops at the step before it and tells the gap.
    @Test func replayToASeqTheRecordingSkipsStopsBeforeIt() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("gap.jsonl", lines: Self.recording(count: 6, missing: [3, 4]))
        let result = Support.run(["replay", file, "--to", "3"])
        #expect(result.code == 0, "\(result)")
        #expect(result.outLines.filter { $0.hasPrefix("seq ") }.count == 2)
        #expect(Array(result.outLines.suffix(2)) == [
            "! 2 entries missing after seq 2", "2 steps replayed with reducer counter; all recorded states match",
        ])
        #expect(Support.run(["replay", file, "--to", "7"]).code == 64)
    }
}
