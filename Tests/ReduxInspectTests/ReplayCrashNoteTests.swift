import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A trap in the app's reducer ends the process, which Swift cannot catch; the line before
/// the runtime's backtrace names the recording and the step it was replaying, so that a CI
/// job verifying many recordings can tell which one traps today's reducer. Before, standard
/// error held the backtrace alone. `redux-crash-inspector`'s reducer traps on `trap`.
@Suite struct ReplayCrashNoteTests {
    /// A recording whose third step traps, and one that replays fine.
    fileprivate func recordings() throws -> (directory: CLITemporaryDirectory, fine: String, trapping: String) {
        let directory = try CLITemporaryDirectory()
        let header = #"{"format":"redux-inspect","version":1,"reducer":"tally","initialState":0}"#
        let fine = try directory.file("a-fine.jsonl", lines: [header, #"{"seq":1,"type":"add","action":{"add":{"_0":1}},"state":1}"#])
        let trapping = try directory.file(
            "b-trapping.jsonl",
            lines: [
                header,
                #"{"seq":1,"type":"add","action":{"add":{"_0":1}}}"#,
                #"{"seq":2,"type":"add","action":{"add":{"_0":2}}}"#,
                #"{"seq":3,"type":"trap","action":{"trap":{}}}"#,
                #"{"seq":4,"type":"add","action":{"add":{"_0":3}}}"#,
            ])
        return (directory, fine, trapping)
    }

    @Test(arguments: [["verify"], ["replay"], ["show", "--at", "4"], ["diff"]])
    func aTrapInTheReducerNamesTheRecordingAndTheStep(command: [String]) throws {
        let (directory, fine, trapping) = try recordings()
        let arguments = command.first == "verify" ? ["verify", fine, trapping] : [command[0], trapping] + command.dropFirst()
        let outcome = try withExtendedLifetime(directory) {
            try ChildProcess(
                executable: EndToEndTests.binary("redux-crash-inspector").path, arguments: arguments, deadline: .seconds(60)
            ).run()
        }
        #expect(outcome.exitCode == nil && !outcome.timedOut, "\(outcome)")
        #expect(
            outcome.err.contains("\nError: \(trapping): the app crashed while replaying seq 3\n")
                || outcome.err.hasPrefix("Error: \(trapping): the app crashed while replaying seq 3\n"),
            "\(outcome)")
    }
}

extension ReplayCrashNoteTests {
    /// A reducer that traps in the run's first second left no JUnit report at all, the
    /// progress report being written once a second has passed: the CI job had no artifact to
    /// show. The report is there, every file not verified.
    @Test func aRunThatTrapsAtOnceLeavesAJUnitReport() throws {
        let (directory, fine, trapping) = try recordings()
        let report = directory.url.appendingPathComponent("report.xml").path
        let outcome = try ChildProcess(
            executable: EndToEndTests.binary("redux-crash-inspector").path,
            arguments: ["verify", fine, trapping, "--junit", report], deadline: .seconds(60)
        ).run()
        #expect(outcome.exitCode == nil && !outcome.timedOut, "\(outcome)")
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        // The file verified before the trap may be in it, once a second has passed.
        #expect(xml.contains(#"tests="2""#), "\(xml)")
        #expect(xml.contains("not verified: the run ended before it was done"), "\(xml)")
    }
}

extension ReplayCrashNoteTests {
    /// A long replay decodes its actions ahead, on another thread, before the reducer runs
    /// them: a trap in the app's `init(from:)` there got the backtrace alone.
    @Test func aTrapDecodingAnActionAheadNamesTheStep() throws {
        let directory = try CLITemporaryDirectory()
        let header = #"{"format":"redux-inspect","version":1,"reducer":"tally","initialState":0}"#
        let steps = (1...6_000).map { seq in
            seq == 4_500
                ? #"{"seq":4500,"type":"fragile","action":{"fragile":{"_0":-1}}}"#
                : #"{"seq":\#(seq),"type":"add","action":{"add":{"_0":1}}}"#
        }
        let file = try directory.file("fragile.jsonl", lines: [header] + steps)
        let outcome = try ChildProcess(
            executable: EndToEndTests.binary("redux-crash-inspector").path, arguments: ["show", file, "--at", "6000"],
            deadline: .seconds(60)
        ).run()
        #expect(outcome.exitCode == nil && !outcome.timedOut, "\(outcome)")
        #expect(outcome.err.contains("Error: \(file): the app crashed while replaying seq 4500\n"), "\(outcome)")
    }
}
