import Foundation
import Testing

@testable import ReduxInspect

/// `check` warns about an entry's `time` that is not a date and time (which `log` shows as it
/// is, or not at all) and a `us` that is not a whole number (which readers leave out): once
/// per member, at the first entry that writes it so, with how many do.
@Suite struct CheckEntryMembersTests {
    typealias Support = CLITestSupport

    @Test func oddTimesAndDurationsAreNamedOnceEach() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "odd.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
                #"{"seq":1,"time":"2026-11-22T10:00:00.250Z","type":"increment","action":{"increment":{}},"us":12}"#,
                #"{"seq":2,"time":5,"type":"increment","action":{"increment":{}}}"#,
                #"{"seq":3,"type":"increment","action":{"increment":{}},"time":"garbage","us":"x"}"#,
                #"{"seq":4,"time":"2026-11-22T12:00:00+02:00","type":"reset","action":{"reset":{}},"us":null}"#,
                #"{"seq":5,"time":null,"type":"increment","action":{"increment":{}},"us":1.5}"#,
                #"{"seq":6,"time":"2026-11-22T10:00:01.000Z","type":"increment","action":{"increment":{}},"state":{"count":2}}"#,
                // The recorder's shape, which the index reads without the general skim.
                #"{"seq":7,"time":"2026-11-22 at 10:00:01.0","type":"increment","action":{"increment":{}},"state":{"count":3}}"#,
            ])
        let result = Support.run(["check", file])
        #expect(result.code == 0, "\(result)")
        #expect(
            result.err == """
                warning: \(file):3:17: expected "time" to be a date and time such as "2026-11-22T10:00:00.250Z"; \
                log shows it as it is (3 entries write it so)
                warning: \(file):4:77: expected "us" to be a whole number of microseconds; it is left out (2 entries \
                write it so)

                """, "\(result)")
        #expect(result.out.hasPrefix("\(file): ok: 7 steps"), "\(result)")
    }

    /// Warnings of every kind come in the order of the lines they are about, as a reader goes
    /// through the file; how many more of a kind were not listed, after them.
    @Test func warningsOfEveryKindComeInLineOrder() throws {
        let directory = try CLITemporaryDirectory()
        let text = [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
            #"{"seq":1,"time":"yesterday","type":"increment","action":{"increment":{}}}"#,
            #"{"seq":3,"type":"decrement","action":{"increment":{}}}"#,
            #"{"seq":4,"type":"increment","action":{"increment":{}},"us":1.5}"#,
            #"{"seq":6,"type":"increment","type":"increment","action":{"increment":{}}}"#,
            #"{"type":"increment","action":{"increment":{}}}"#,
            // Cut short, as a crash leaves it: a warning of the recording's own, found as it is read.
            #"{"seq":8,"type":"incr"#,
        ].joined(separator: "\n")
        let file = try directory.file("mixed.jsonl", text)
        let result = Support.run(["check", file])
        #expect(result.code == 0, "\(result)")
        let lines = result.err.split(separator: "\n").map { $0.dropFirst("warning: \(file):".count).prefix { $0 != ":" } }
        #expect(lines == ["2", "3", "3", "4", "5", "5", "6", "7"], "\(result.err)")
        // A problem that ends the check comes after the recording's warnings.
        let failing = try directory.file(
            "failing.jsonl", text.replacingOccurrences(of: #"{"increment":{}},"us""#, with: #"{"explode":{}},"us""#))
        let failed = Support.run(["check", failing])
        #expect(failed.code == 65, "\(failed)")
        #expect(failed.err.hasPrefix("warning: \(failing):7:"), "\(failed.err)")
    }

    /// A member written twice in the header or an entry, as a hand edit that appends one leaves
    /// it: `check` names the second one, says the first is read, and counts the entries; and
    /// the first is what the commands read.
    @Test func aMemberWrittenTwiceIsNamedWhereItIsWrittenAgain() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "twice.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0},"version":2}"#,
                #"{"seq":1,"type":"increment","action":{"increment":{}},"state":{"count":1}}"#,
                #"{"seq":2,"type":"increment","action":{"increment":{}},"state":{"count":2},"state":{"count":7}}"#,
                #"{"seq":3,"seq":9,"type":"increment","action":{"increment":{}}}"#,
                // The recorder's own shape, a state appended by hand.
                #"{"seq":4,"time":"2026-11-22T10:00:01.000Z","type":"increment","action":{"increment":{}},"state":{"count":4},"state":{"count":0}}"#,
                // The same key spelt with an escape, which JSON reads as the same key.
                #"{"seq":5,"type":"increment","action":{"increment":{}},"\u0073eq":5}"#,
            ])
        let result = Support.run(["check", file])
        #expect(result.code == 0, "\(result)")
        #expect(
            result.err == """
                warning: \(file):1:86: the header writes "version" a second time here; every command reads the first \
                one, as JSONDecoder does (jq reads this one)
                warning: \(file):3:75: the entry writes "state" a second time here; every command reads the first one, \
                as JSONDecoder does (jq reads this one) (4 entries write a member twice)

                """, "\(result)")
        #expect(Support.run(["show", file, "--at", "2", "--path", "count"]).out == "2\n")
        #expect(Support.run(["log", file]).outLines.map { $0.prefix(5) } == ["    1", "    2", "    3", "    4", "    5"])
        #expect(Support.run(["show", file, "--at", "4", "--path", "count"]).out == "4\n")
        // Many members, each once: nothing to say.
        let wide = try directory.file(
            "wide.jsonl",
            lines: [#"{"seq":1,"type":"reset","action":{"reset":{}},"state":{"count":0},"#
                + (0..<100).map { #""extra\#($0)":\#($0)"# }.joined(separator: ",") + "}"])
        #expect(Support.run(["check", wide]).err.isEmpty)
        let wideTwice = try directory.file(
            "wide-twice.jsonl",
            lines: [#"{"seq":1,"type":"reset","action":{"reset":{}},"state":{"count":0},"#
                + (0..<100).map { #""extra\#($0 % 99)":\#($0)"# }.joined(separator: ",") + "}"])
        #expect(Support.run(["check", wideTwice]).err.contains(#"the entry writes "extra0" a second time here"#))
    }

    /// An entry that lost its `seq` to an edit takes the number after the one before it,
    /// which moves a gap: named where others have one, not in a file that numbers none.
    @Test func anEntryWithoutSeqAmongNumberedOnesIsNamed() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "unnumbered.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
                #"{"seq":1,"time":"2026-11-22T10:00:00.250Z","type":"increment","action":{"increment":{}},"state":{"count":1}}"#,
                #"{"seq":3,"type":"increment","action":{"increment":{}},"state":{"count":3}}"#,
                #"{"type":"increment","action":{"increment":{}},"state":{"count":5}}"#,
                #"{"seq":6,"type":"increment","action":{"increment":{}},"state":{"count":6}}"#,
                #"{"type":"increment","action":{"increment":{}}}"#,
            ])
        let result = Support.run(["check", file])
        #expect(result.code == 0, "\(result)")
        #expect(
            result.err.split(separator: "\n").contains(
                #"warning: \#(file):4:1: expected "seq", which other entries write; this entry is numbered 4, one past the entry before it (2 entries have no seq)"#),
            "\(result)")
        let none = try directory.file(
            "none.jsonl",
            lines: [#"{"action":{"increment":{}}}"#, #"{"type":"reset","action":{"reset":{}},"state":{"count":0}}"#])
        let quiet = Support.run(["check", none])
        #expect(quiet.code == 0 && quiet.err.isEmpty, "\(quiet)")
    }

    /// What the recorder writes says nothing: the fixtures, and every line of them.
    @Test func recordedFilesHaveNothingToSay() {
        for path in Support.fixtures {
            let result = Support.run(["check", path])
            #expect(!result.err.contains("expected \""), "\(path): \(result.err)")
        }
    }

    @Test(arguments: [
        ("2026-11-22T10:00:00.250Z", true), ("2026-11-22T10:00:00Z", true), ("2026-11-22t10:00:00.1z", true),
        ("2026-11-22T10:00:00+02:00", true), ("2026-11-22 10:00:00", true), ("2026-11-22", false),
        ("2026-11-22T10:00:00.Z", false), ("2026-11-22T10:00:00+2", false), ("garbage", false), ("", false),
    ])
    func timestamps(text: String, accepted: Bool) {
        let bytes = Array(text.utf8)
        let result = bytes.withUnsafeBufferPointer { Recording.isTimestamp($0[...]) }
        #expect(result == accepted, "\(text)")
    }
}
