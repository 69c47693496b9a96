import ExampleInspector
import Foundation
import Testing

@testable import ReduxInspect

/// A command whose standard output cannot be written (a full disk) says so and exits 74, so
/// that a script does not take lost output for a clean run.
@Suite struct OutputFailureTests {
    /// Standard output on a full disk: every write is lost.
    final class FullDisk: TextSink {
        private(set) var writes = 0

        func write(_ text: String) { writes += 1 }

        var writeFailure: String? { writes > 0 ? "No space left on device" : nil }
    }

    /// Runs `arguments` with standard output on a full disk.
    static func run(_ arguments: [String]) -> (code: Int32, err: String) {
        let error = StringSink()
        let context = CLIContext(
            output: FullDisk(), error: error, readLine: { nil }, outputIsTerminal: false, errorIsTerminal: false,
            inputIsTerminal: false, environment: [:])
        let code = Inspector.examples.run(arguments, context: context)
        return (code, error.text)
    }

    @Test func lostOutputIsAnErrorWithItsReason() {
        for arguments in [["log", CLITestSupport.fixture("shop.jsonl")], ["replay", CLITestSupport.fixture("counter.jsonl")]] {
            let run = Self.run(arguments)
            #expect(run.code == 74)
            #expect(run.err == "Error: standard output: No space left on device; the output is incomplete\n")
        }
    }

    @Test func theCommandsOwnErrorKeepsItsStatus() {
        let missing = Self.run(["log", CLITestSupport.fixture("no-such-file.jsonl")])
        #expect(missing.code == 66)
        #expect(!missing.err.contains("standard output"))

        // Help was written, and lost.
        let help = Self.run(["log", "--help"])
        #expect(help.code == 74)
    }

    #if os(Linux)
        /// Runs the built binary with `arguments` and standard output on `/dev/full`; returns
        /// its exit status and what it wrote on standard error.
        static func runBinaryOnAFullDisk(_ arguments: [String]) throws -> (status: Int32, error: String) {
            let process = Process()
            process.executableURL = try EndToEndTests.binary()
            process.arguments = arguments
            process.currentDirectoryURL = CLITestSupport.packageRoot
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
            let error = Pipe()
            process.standardError = error
            try process.run()
            let message = error.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: message, as: UTF8.self))
        }

        @Test func theBinaryOnAFullDisk() throws {
            let run = try Self.runBinaryOnAFullDisk(["replay", "Fixtures/shop.jsonl"])
            #expect(run.status == 74)
            #expect(run.error == "Error: standard output: No space left on device; the output is incomplete\n")
        }

        /// The command stops at the first write that fails, instead of doing the rest of its
        /// work for nobody: a replay of a million steps to a full disk went on for seconds.
        /// Seen here by a bad action at the end, which a replay that went on would report.
        @Test func theBinaryStopsAtTheFirstLostWrite() throws {
            let directory = try CLITemporaryDirectory()
            let steps = (1...5_000).map { #"{"seq":\#($0),"action":{"increment":{}}}"# }
            let file = try directory.file(
                "long.jsonl",
                lines: [#"{"format":"redux-inspect","version":1,"reducer":"counter"}"#] + steps
                    + [#"{"seq":5001,"action":{"explode":{}}}"#])
            let run = try Self.runBinaryOnAFullDisk(["replay", file])
            #expect(run.status == 74)
            #expect(run.error == "Error: standard output: No space left on device; the output is incomplete\n")
        }

        /// `verify --update | head -1`: the reader gone, SIGPIPE ended the process at its first
        /// line with the recordings not yet rewritten, no JUnit report and no word (141). The
        /// rewrite and the report are done, and the lost output is reported (74).
        @Test func verifyFinishesItsWorkWhenTheReaderHasGone() throws {
            let directory = try CLITemporaryDirectory()
            let fixture = try String(contentsOf: CLITestSupport.packageRoot.appendingPathComponent("Fixtures/counter.jsonl"), encoding: .utf8)
            // A recorded state the counter's reducer no longer makes.
            let drifted = fixture.replacingOccurrences(of: #""state":{"count":7}"#, with: #""state":{"count":70}"#)
            #expect(drifted != fixture)
            let file = try directory.file("drifted.jsonl", drifted)
            let report = directory.url.appendingPathComponent("report.xml").path

            let process = Process()
            process.executableURL = try EndToEndTests.binary()
            process.arguments = ["verify", directory.url.path, "--update", "--junit", report]
            let output = Pipe()
            process.standardOutput = output
            let error = Pipe()
            process.standardError = error
            // The reader is gone before the first line is written.
            try output.fileHandleForReading.close()
            try process.run()
            let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()

            #expect(process.terminationReason == .exit && process.terminationStatus == 74, "\(process.terminationStatus) \(message)")
            #expect(message.hasSuffix("Error: standard output: Broken pipe; the output is incomplete\n"), "\(message)")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == fixture)
            #expect(FileManager.default.fileExists(atPath: report))

            // Without a report or an update, output is all it makes: it stops at once, as
            // `cat` does, rather than verify every file for nobody.
            let plain = Process()
            plain.executableURL = try EndToEndTests.binary()
            plain.arguments = ["verify", directory.url.path]
            let gone = Pipe()
            plain.standardOutput = gone
            plain.standardError = FileHandle.nullDevice
            try gone.fileHandleForReading.close()
            try plain.run()
            plain.waitUntilExit()
            #expect(plain.terminationReason == .uncaughtSignal && plain.terminationStatus == SIGPIPE, "\(plain.terminationStatus)")
        }
    #endif
}
