import Foundation
import Testing


/// After entries went missing with no recorded state since, the states are replayed without
/// their actions, and the change shown at the next recorded state holds what they did, as if
/// that step's action had: `diff`, `blame`, `bisect` and `step` say so, as `show` does.
/// Before, they gave seq 27's `setQuantity` the emptied cart of the missing logout, silently.
@Suite struct ReplayWithoutMissingTests {
    typealias CLI = CLITestSupport

    /// The shop fixture without seq 21 (the logout, as a filter would leave it out), and with
    /// no state but the end marker's, as `statePolicy: .never` writes it.
    private func recording(keepingStateOf kept: Set<Int> = []) throws -> (CLITemporaryDirectory, String) {
        let directory = try CLITemporaryDirectory()
        var lines: [String] = []
        for line in try String(contentsOfFile: CLI.fixture("shop.jsonl"), encoding: .utf8).split(separator: "\n") {
            // Entries start with their seq, and end with their state.
            guard line.hasPrefix(#"{"seq":"#), let comma = line.firstIndex(of: ","),
                let seq = Int(line[line.index(line.startIndex, offsetBy: 7)..<comma])
            else {
                lines.append(String(line))
                continue
            }
            if seq == 21 { continue }
            let state = try #require(line.range(of: #","state":"#))
            lines.append(kept.contains(seq) ? String(line) : line[..<state.lowerBound] + "}")
        }
        return (directory, try directory.file("gap.jsonl", lines: lines))
    }

    private let warning =
        "warning: gap.jsonl: 1 entry is missing after seq 20 with no recorded state until seq 27: the states of seq 22 "
        + "to 26 are replayed without its action, and the change shown at seq 27 holds what it did\n"

    @Test func diffBlameAndBisectSayTheChangeAtTheNextRecordedStateHoldsTheMissingEntries() throws {
        let (directory, file) = try recording()
        withExtendedLifetime(directory) {
            let runs = [
                CLI.run(["diff", file, "27"]), CLI.run(["blame", file, "cart.total"]),
                CLI.run(["bisect", file, "--until", "cart.total == 60.99"]), CLI.run(["diff", file, "21..23"]),
            ]
            for run in runs {
                #expect(run.code == 0, "\(run)")
                #expect(run.err.replacingOccurrences(of: directory.url.path + "/", with: "") == warning, "\(run)")
            }
            // Steps before the gap are not replayed without anything.
            #expect(CLI.run(["diff", file, "1..20"]).err == "")
        }
    }

    /// `continue` reads every state on its way, as `bisect` does: a stretch it walked is told
    /// of, as `bisect` tells of it. Before, it said nothing.
    @Test func continueSaysItOfTheStretchesItWalked() throws {
        let (directory, file) = try recording()
        withExtendedLifetime(directory) {
            let run = CLI.run(["step", file], input: "break cart.total == 60.99\ncontinue\n")
            #expect(run.err.replacingOccurrences(of: directory.url.path + "/", with: "") == warning, "\(run)")
        }
    }

    /// Entries missing in several places of one stretch: where the first are, and where the
    /// stretch ends, not all after one seq.
    @Test func severalGapsInAStretchAreSaidToBeBetweenTwoSeqs() throws {
        let directory = try CLITemporaryDirectory()
        let counter = try String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8)
        let lines = counter.split(separator: "\n").compactMap { line -> String? in
            for seq in [3, 7, 8] where line.hasPrefix(#"{"seq":\#(seq),"#) { return nil }
            guard line.hasPrefix(#"{"seq":"#), let state = line.range(of: #","state":"#) else { return String(line) }
            return line[..<state.lowerBound] + "}"
        }
        let file = try directory.file("gaps.jsonl", lines: lines)
        let run = CLI.run(["diff", file, "9"])
        #expect(
            run.err.hasPrefix(
                "warning: \(file): 3 entries are missing between seq 2 and seq 21 with no recorded state until seq 22: "),
            "\(run)")
    }

    /// A state recorded at the step after the gap: replays start again from it, and nothing
    /// is replayed without the missing action.
    @Test func aStateRecordedRightAfterTheGapLeavesNothingToSay() throws {
        let (directory, file) = try recording(keepingStateOf: [22])
        withExtendedLifetime(directory) {
            #expect(CLI.run(["diff", file]).err == "")
            #expect(CLI.run(["blame", file, "cart.total"]).err == "")
        }
    }

    /// `step` says it once, when it first shows a step of the stretch or the one after it.
    @Test func stepSaysItOnceWhenItGetsThere() throws {
        let (directory, file) = try recording()
        withExtendedLifetime(directory) {
            let run = CLI.run(["step", file], input: "goto 20\nnext\nnext\ngoto 27\nfirst\n")
            #expect(run.code == 0, "\(run)")
            #expect(run.err.replacingOccurrences(of: directory.url.path + "/", with: "") == warning, "\(run)")
            #expect(CLI.run(["step", file], input: "goto 20\nfirst\n").err == "")
        }
    }
}
