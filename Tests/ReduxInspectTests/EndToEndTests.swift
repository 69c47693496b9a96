import Foundation
@testable import ReduxInspect
import Testing

/// A few runs of the built `redux-inspect` binary on `Fixtures/`: the real `main`, streams,
/// exit codes and standard input. Everything else is tested in-process.
@Suite struct EndToEndTests {
    /// The output of one run of the binary.
    struct Run {
        let code: Int32
        let out: String
        let err: String
    }

    /// Where `swift build` puts products: next to the test bundle.
    static var productsDirectories: [URL] {
        var directories: [URL] = []
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                directories.append(bundle.bundleURL.deletingLastPathComponent())
            }
        #else
            directories.append(Bundle.main.bundleURL)
            directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        #endif
        directories.append(CLITestSupport.packageRoot.appendingPathComponent(".build/debug"))
        return directories
    }

    /// The built executable `name`: the `redux-inspect` binary, or a test's own.
    static func binary(_ name: String = "redux-inspect") throws -> URL {
        let candidates = productsDirectories.map { $0.appendingPathComponent(name) }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw BinaryMissing(
                description: "the \(name) binary was not found (looked in \(candidates.map(\.path).joined(separator: ", "))); "
                    + "run `swift build` first")
        }
        return found
    }

    struct BinaryMissing: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the binary with `arguments` in the package's root, feeding `input` to standard input;
    /// with `errorToOutput` standard error goes to standard output's pipe, as `2>&1` sends it,
    /// and `err` is empty.
    static func run(
        _ arguments: [String], input: String? = nil, environment: [String: String] = [:], errorToOutput: Bool = false
    ) throws -> Run {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        process.currentDirectoryURL = CLITestSupport.packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = output
        process.standardError = errorToOutput ? output : error
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        if let input {
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try inputPipe.fileHandleForWriting.close()
        }
        // Read both pipes to the end before waiting, so a full pipe cannot block the child.
        if errorToOutput { try error.fileHandleForWriting.close() }
        let errorData = ReadAll(error.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            code: process.terminationStatus, out: String(decoding: outputData, as: UTF8.self),
            err: String(decoding: errorData.wait(), as: UTF8.self))
    }

    /// Reads a pipe to its end on another thread.
    final class ReadAll: @unchecked Sendable {
        // Unchecked Sendable: `data` is written once before `done` is signalled.
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }
        }

        func wait() -> Data {
            done.wait()
            return data
        }
    }

    @Test func replayShop() throws {
        let run = try Self.run(["replay", "Fixtures/shop.jsonl"])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.err == "")
        let lines = run.out.split(separator: "\n")
        #expect(lines.first == #"seq 1  addToCart  {"addToCart":{"productID":1,"quantity":2}}"#)
        #expect(lines.last == "27 steps replayed with reducer shop; all recorded states match")
        #expect(lines.filter { $0.hasPrefix("seq ") }.count == 27)
        // Not a terminal: no colour.
        #expect(!run.out.contains("\u{1B}"))
    }

    @Test func aRecordingPipedIntoStandardInput() throws {
        let text = try String(contentsOf: CLITestSupport.fixturesDirectory.appendingPathComponent("shop.jsonl"), encoding: .utf8)
        let piped = try Self.run(["diff", "-", "13"], input: text)
        let named = try Self.run(["diff", "Fixtures/shop.jsonl", "13"])
        #expect(piped.code == 0)
        #expect(piped.out == named.out.replacingOccurrences(of: "Fixtures/shop.jsonl", with: "<stdin>"))
    }

    /// `step` reads its commands from standard input: a recording given as `/dev/stdin` took
    /// them, and the session ended at once, with nothing said and exit 0, as `-` is refused.
    @Test func stepRefusesARecordingThatIsItsStandardInput() throws {
        let text = try String(contentsOf: CLITestSupport.fixturesDirectory.appendingPathComponent("counter.jsonl"), encoding: .utf8)
        let run = try Self.run(["step", "/dev/stdin"], input: text)
        #expect(run.code == 64, "\(run.err)")
        #expect(run.err.hasPrefix("Error: step reads its commands from standard input, which '/dev/stdin' is"), "\(run.err)")
        #expect(try Self.run(["step", "Fixtures/counter.jsonl"], input: "next\n").code == 0)
    }

    /// A file name that is not UTF-8, given on the command line, reached the command as Swift
    /// decodes it, with U+FFFD: "no such file" for a file there, and `--junit` wrote to another
    /// name. Now it is a usage error that says why.
    @Test func anArgumentThatIsNotUTF8IsAUsageError() throws {
        let directory = try CLITemporaryDirectory()
        let outcome = try ChildProcess(
            executable: "/bin/sh",
            arguments: [
                "-c", #"cp "$2" "$1/$(printf 'lat\351n.jsonl')" && exec "$0" check "$1/$(printf 'lat\351n.jsonl')""#,
                try Self.binary().path, directory.url.path, CLITestSupport.fixture("counter.jsonl"),
            ]
        ).run()
        #expect(outcome.exitCode == 64, "\(outcome)")
        #expect(
            outcome.err.hasPrefix("Error: argument 2, '\(directory.url.path)/lat\u{FFFD}n.jsonl', is not UTF-8: "),
            "\(outcome)")
        #expect(Inspector.firstArgumentNotUTF8(["a", "b"], raw: [[0x61], [0x62, 0xE9]]) == 1)
        #expect(Inspector.firstArgumentNotUTF8(["a", "é"], raw: [[0x61], [0xC3, 0xA9]]) == nil)
        // Run in process, arguments are strings already.
        #expect(Inspector.firstArgumentNotUTF8(["a"], raw: []) == nil)
    }

    @Test func version() throws {
        let run = try Self.run(["--version"])
        #expect(run.code == 0)
        #expect(run.out.hasPrefix("redux-inspect "))
    }

    @Test func missingFile() throws {
        let run = try Self.run(["replay", "Fixtures/no-such-file.jsonl"])
        #expect(run.code == 66)
        #expect(run.out == "")
        #expect(run.err == "Error: Fixtures/no-such-file.jsonl: no such file\n")
    }

    @Test func unknownOption() throws {
        let run = try Self.run(["diff", "Fixtures/shop.jsonl", "--bogus"])
        #expect(run.code == 64)
        #expect(run.out == "")
        let lines = run.err.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first == "Error: unknown option '--bogus'")
        #expect(lines.dropFirst().first?.hasPrefix("Usage: redux-inspect diff <file>") == true)
        #expect(lines.last == "See 'redux-inspect diff --help' for more information.")
    }

    @Test func invalidLine() throws {
        let directory = try CLITemporaryDirectory()
        let path = try directory.file("bad.jsonl", lines: [#"{"seq":1,"action":{"increment":{}}}"#, #"{"seq":2,"action":[}"#])
        let run = try Self.run(["log", path])
        #expect(run.code == 65)
        #expect(run.err.hasPrefix("Error: \(path):2:"))
        #expect(run.err.split(separator: "\n").count == 1)
    }

    /// `verify` reports a file it cannot read in its report and on standard error, but only
    /// once where both streams land in one place (a terminal, a CI log).
    @Test func verifySaysAMalformedFileOnceWhereBothStreamsMeet() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("bad.jsonl", lines: [#"{"seq":1,"action":{"increment":{}}}"#, #"{"seq":2,"action":[}"#])
        let folder = directory.url.path
        let separate = try Self.run(["verify", folder, "--reducer", "counter"])
        #expect(separate.code == 65)
        #expect(separate.out.hasPrefix("ERROR \(file):2:"), "\(separate.out)")
        #expect(separate.err.hasPrefix("Error: \(file):2:"), "\(separate.err)")
        let together = try Self.run(["verify", folder, "--reducer", "counter"], errorToOutput: true)
        #expect(together.code == 65)
        #expect(together.out.components(separatedBy: "bad.jsonl:2:").count == 2, "\(together.out)")
    }

    @Test func stepReadsCommandsFromStandardInput() throws {
        let run = try Self.run(["step", "Fixtures/counter.jsonl"], input: "goto 5\nback\nstate\nquit\n")
        #expect(run.code == 0, "\(run.err)")
        // The state after step 4: 3 increments and +5.
        #expect(run.out.contains("{\n  \"count\": 8\n}"), "\(run.out)")
    }

    @Test func bigOutputThroughAPipeIsComplete() throws {
        // More than the 64 KiB output buffer and a pipe's capacity.
        let directory = try CLITemporaryDirectory()
        let path = try directory.file("large.jsonl", lines: CLIDiffAcceptanceTests.largeArrayRecording())
        let run = try Self.run(["show", path, "--at", "1", "--path", "items"])
        #expect(run.code == 0)
        #expect(run.out.utf8.count > 65_536)
        let items = try CLITestSupport.json(run.out)
        #expect(items.arrayValue?.count == 1001)
    }
}
