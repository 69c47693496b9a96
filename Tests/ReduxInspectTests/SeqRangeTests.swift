import Testing

@testable import ReduxInspect

/// The steps `diff` and `log` take after the file (`13`, `10..15`, `10..`, `last`), over a
/// recording whose seqs 1–2, 5–6 and 9–10 are missing, its end marker at seq 10.
@Suite struct SeqRangeTests {
    typealias Support = CLITestSupport

    private func recording(endState: Bool, in directory: CLITemporaryDirectory) throws -> String {
        let end = endState ? #"{"end":{"seq":10,"state":{"count":4}}}"# : #"{"end":{"seq":10}}"#
        return try directory.file(
            endState ? "gaps.jsonl" : "gaps-no-end-state.jsonl",
            lines: [#"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#]
                + [3, 4, 7, 8].map { #"{"seq":\#($0),"type":"increment","action":{"increment":{}}}"# } + [end])
    }

    /// Both commands list the same steps and the same gaps, the one after a range that ends
    /// at a seq the recording skips included.
    @Test(arguments: ["3..6", "1..3", "8..", "4..last", "last", "7"])
    func logAndDiffTellTheSameGaps(range: String) throws {
        let directory = try CLITemporaryDirectory()
        let file = try recording(endState: true, in: directory)
        let log = Support.run(["log", file, range])
        let diff = Support.run(["diff", file, range])
        #expect(log.code == 0 && diff.code == 0, "\(log)\(diff)")
        #expect(log.outLines.filter { $0.hasPrefix("!") } == diff.outLines.filter { $0.hasPrefix("!") }, "\(log)\(diff)")
        let logged = log.outLines.compactMap { Int($0.split(separator: " ").first ?? "") }
        let diffed = diff.outLines.compactMap { $0.hasPrefix("@@ seq ") ? Int($0.split(separator: " ")[2]) : nil }
        #expect(logged == diffed && !logged.isEmpty, "\(log)\(diff)")
    }

    @Test func theGapAfterARangeEndingWhereSeqsAreMissing() throws {
        let directory = try CLITemporaryDirectory()
        let file = try recording(endState: true, in: directory)
        #expect(Support.run(["log", file, "3..6"]).outLines.last == "! 2 entries missing after seq 4")
        #expect(Support.run(["log", file, "3..4"]).outLines.last?.hasPrefix("    4  ") == true)
    }

    /// Past the last step: a seq past the end marker's is none the recording has; one the
    /// entries missing at the end had is skipped, up to the end marker's, whose state no step
    /// reaches.
    @Test func pastTheLastStep() throws {
        let directory = try CLITemporaryDirectory()
        let file = try recording(endState: true, in: directory)
        let bare = try recording(endState: false, in: directory)
        func error(_ arguments: [String]) -> String {
            let run = Support.run(arguments)
            return run.code == 64 ? run.err : "exit \(run.code): \(run)"
        }
        for command in ["log", "diff"] {
            #expect(error([command, file, "9..1000"]) == "Error: \(file): no step with seq 1000: expected a seq from 3 to 8\n")
            #expect(
                error([command, file, "9.."])
                    == "Error: \(file): no step from seq 9 to 10: the recording skips them (entries are missing there)\n")
            #expect(error([command, bare, "9.."]).hasPrefix("Error: \(bare): no step from seq 9 to 10: "))
            #expect(error([command, file, "10.."]).hasPrefix("Error: \(file): no step with seq 10: entries are missing after seq 8, and seq 10 is the end marker's state"))
            // `last` is a word, not the largest number.
            #expect(error([command, file, String(Int.max)]).hasPrefix("Error: \(file): no step with seq \(Int.max): "))
        }
    }
}
