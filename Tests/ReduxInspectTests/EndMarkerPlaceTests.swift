import Foundation
import Testing

@testable import ReduxInspect

/// The recorder writes the `end` marker once, last, with the last seq it handed out. An end
/// marker elsewhere used to be taken without a word and its state left uncompared, so that
/// `verify` passed a wrong final state; now such a file is malformed (65), as any other
/// line the recorder cannot have written.
@Suite struct EndMarkerPlaceTests {
    typealias CLI = CLITestSupport

    static let header = #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#
    static func entry(_ seq: Int) -> String { #"{"seq":\#(seq),"type":"increment","action":{"increment":{}}}"# }
    /// A final state no replay of these entries reaches.
    static func wrongEnd(_ seq: Int) -> String { #"{"end":{"seq":\#(seq),"state":{"count":99}}}"# }

    static let notLast = [header, entry(1), wrongEnd(1), entry(2)]
    static let behindTheEntries = [header, entry(1), entry(2), wrongEnd(1)]
    static let notLastMessage = ":4:1: a line after the end marker on line 3: expected the end marker to be the last line"
    static let behindMessage =
        ":4:15: end marker's seq goes backwards from 2 to 1: expected the last entry's seq or a later one (seq 1)"

    @Test(arguments: [(notLast, notLastMessage), (behindTheEntries, behindMessage)])
    func verifyRefusesAnEndMarkerOutOfPlaceInsteadOfPassing(_ lines: [String], _ message: String) throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("end.jsonl", lines: lines)
        let verify = CLI.run(["verify", file])
        #expect(verify.code == 65, "\(verify)")
        #expect(verify.outLines.first == "ERROR \(file)\(message)")
        #expect(!verify.out.contains("PASS"))
        #expect(verify.err == "Error: \(file)\(message)\n")
        for command in ["check", "replay", "log"] {
            let result = CLI.run([command, file])
            #expect(result.code == 65, "\(command): \(result)")
            #expect(result.err == "Error: \(file)\(message)\n", "\(command)")
        }
    }

    /// The same marker last, with the last entry's seq, is compared: verify fails.
    @Test func anEndMarkerInItsPlaceIsCompared() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("end.jsonl", lines: [Self.header, Self.entry(1), Self.entry(2), Self.wrongEnd(2), "", "  "])
        let verify = CLI.run(["verify", file])
        #expect(verify.code == 1, "\(verify)")
        #expect(verify.outLines.contains("    ~ count: 99 → 2"))
    }

    /// A second marker, or a gap marker, after the end marker is refused too: the recorder
    /// writes nothing after it.
    @Test(arguments: [#"{"end":{"seq":2,"state":{"count":2}}}"#, #"{"gap":{"after":2,"dropped":1}}"#])
    func aMarkerAfterTheEndMarkerIsRefused(_ marker: String) throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("end.jsonl", lines: [Self.header, Self.entry(1), Self.entry(2), Self.wrongEnd(2), marker])
        let check = CLI.run(["check", file])
        #expect(check.code == 65)
        #expect(check.err == "Error: \(file):5:1: a line after the end marker on line 4: expected the end marker to be the last line\n")
    }

    /// A file large enough to be indexed on two cores, with an end marker in its second half:
    /// the error is the one a single pass gives, at the line after the marker.
    @Test func anEndMarkerInTheSecondHalfOfALargeFileIsFoundAsInOnePass() throws {
        var markerLine = 0
        let bytes = try TailIndexTests.largeRecording { lines in
            markerLine = lines.count * 3 / 4
            lines.insert(#"{"end":{"seq":\#(markerLine - 1)}}"#, at: markerLine)
        }
        let single = TailIndexTests.outcome(bytes, splittingAt: nil)
        #expect(single.error?.line == markerLine + 2)
        let split = try #require(TailIndexTests.splitPoints(bytes).first { $0 >= bytes.count / 2 })
        #expect(TailIndexTests.outcome(bytes, splittingAt: split) == single)
        let directory = try CLITemporaryDirectory()
        let path = try directory.file("large.jsonl", String(decoding: bytes, as: UTF8.self))
        let expected = try #require(TailIndexTests.outcome(bytes, splittingAt: nil, path: path).error)
        #expect(throws: expected) { try Recording(path: path) }
    }

    /// With no entry, the end marker's state used not to be compared at all: `verify` passed
    /// whatever it held. It is the state the replay starts from.
    @Test func withoutEntriesTheEndMarkersStateIsComparedWithTheInitialState() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("empty.jsonl", lines: [Self.header, Self.wrongEnd(0)])
        let verify = CLI.run(["verify", file, "--junit", directory.url.appendingPathComponent("report.xml").path])
        #expect(verify.code == 1, "\(verify)")
        #expect(
            Array(verify.outLines.prefix(3)) == [
                "FAIL  \(file):2: seq 0 (no step): diverged",
                "  the recording holds no step, and the state in its end marker is not the initial state (recorded → initial):",
                "    ~ count: 99 → 0",
            ])
        let junit = try String(contentsOf: directory.url.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(junit.contains(#"message="seq 0 (no step): diverged""#), "\(junit)")
        let replay = CLI.run(["replay", file])
        #expect(replay.code == 0)
        #expect(replay.outLines.contains("  ~ count: 99 → 0"), "\(replay)")
        #expect(replay.outLines.last == "0 steps replayed with reducer counter; 1 of 1 recorded state differs from the replay")

        let update = CLI.run(["verify", file, "--update"])
        #expect(update.code == 0, "\(update)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasSuffix(#"{"end":{"seq":0,"state":{"count":0}}}"# + "\n"))
        #expect(CLI.run(["verify", file]).outLines.first == "PASS  \(file)  (0 steps, 1 state compared)")
    }

    /// Without entries, an end marker past seq 0 says actions are missing, as after the last
    /// entry: reported, and the end state, which they made, not compared.
    @Test func withoutEntriesAnEndMarkerPastSeqZeroIsAGap() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("missing.jsonl", lines: [Self.header, Self.wrongEnd(5)])
        let check = CLI.run(["check", file])
        #expect(check.code == 0)
        #expect(check.err == "warning: \(file):2: 5 entries missing after seq 0\n")
        #expect(check.out.contains("1 gap"), "\(check)")
        #expect(CLI.run(["replay", file]).outLines.first == "! 5 entries missing after seq 0")
        let verify = CLI.run(["verify", file])
        #expect(verify.outLines.first == "PASS  \(file)  (0 steps, 0 states compared)")
        #expect(verify.outLines.dropFirst().first?.hasPrefix("  note: no state was compared") == true, "\(verify)")
    }
}
