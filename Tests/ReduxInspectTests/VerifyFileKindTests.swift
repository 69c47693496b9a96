import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@testable import ReduxInspect

/// `verify` walking a folder takes regular files only: anything else named `*.jsonl` (a FIFO
/// above all, whose open waits for a writer) is reported as unreadable without being opened.
@Suite struct VerifyFolderWalkTests {
    typealias CLI = CLITestSupport

    /// Before the fix, verify blocked for ever opening a FIFO found in a folder. A writer that
    /// comes and goes releases such a reader (it reads an empty file), so that the test fails
    /// instead of hanging; it gives up once the FIFO is gone with its test's directory, and
    /// after the first reader it released unless `everyReader`.
    static func releaseReaders(of fifo: String, everyReader: Bool = false) {
        DispatchQueue.global().async {
            for _ in 0..<120 {
                usleep(500_000)
                let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
                if descriptor >= 0 {
                    close(descriptor)
                    if !everyReader { return }
                }
                if errno == ENOENT { return }
            }
        }
    }

    /// Writes `text` into a FIFO once a reader has opened it; gives up after ten seconds so
    /// that a reader that never comes cannot hold the test run.
    static func feed(_ fifo: String, _ text: String) {
        DispatchQueue.global().async {
            for _ in 0..<1000 {
                let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
                guard descriptor >= 0 else {
                    usleep(10_000)
                    continue
                }
                _ = fcntl(descriptor, F_SETFL, 0)
                _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
                return
            }
        }
    }

    @Test func aFIFOInAFolderIsReportedUnreadableAndTheOtherFilesAreStillVerified() throws {
        let directory = try CLITemporaryDirectory()
        let text = try String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8)
        let counter = try directory.file("a.jsonl", text)
        let link = directory.path("link.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: counter)
        let fifo = directory.path("x.jsonl")
        try #require(mkfifo(fifo, 0o600) == 0)
        Self.releaseReaders(of: fifo)
        let result = CLI.run(["verify", directory.url.path])
        #expect(result.code == 66, "\(result)")
        let passed = result.outLines.filter { $0.hasPrefix("PASS") }
        #expect(passed.count == 2, "a link to a regular file is still followed")
        #expect(result.outLines.contains("ERROR \(fifo): is a FIFO, not a recording file"))
        #expect(result.err.contains("Error: \(fifo): is a FIFO, not a recording file\n"))
        #expect(result.outLines.last == "2 passed, 0 failed, 1 error")
    }

    /// A CI checkout may link its folder of recordings from elsewhere.
    @Test(arguments: [false, true]) func aFolderGivenThroughALinkIsWalked(recursive: Bool) throws {
        let directory = try CLITemporaryDirectory()
        let text = try String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory.path("real/nested"), withIntermediateDirectories: true)
        try directory.file("real/a.jsonl", text)
        try directory.file("real/nested/b.jsonl", text)
        let link = directory.path("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory.path("real"))
        let result = CLI.run(["verify", link + "/"] + (recursive ? ["--recursive"] : []))
        #expect(result.code == 0, "\(result)")
        let passed = result.outLines.filter { $0.hasPrefix("PASS") }.map { String($0.split(separator: " ")[1]) }
        #expect(passed == [link + "/a.jsonl"] + (recursive ? [link + "/nested/b.jsonl"] : []))
    }

    /// With `--recursive`, a folder named like a recording is walked into like any other;
    /// links to folders inside are not followed, so a link back up makes no loop; hidden
    /// files (an editor's lock, a dangling link) are left out as a shell's `*.jsonl` leaves
    /// them.
    @Test func aRecursiveWalkTakesFoldersNamedLikeRecordingsAndSkipsLinkedFoldersAndHiddenFiles() throws {
        let directory = try CLITemporaryDirectory()
        let text = try String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory.path("old.jsonl"), withIntermediateDirectories: true)
        try directory.file("old.jsonl/c.jsonl", text)
        try directory.file("a.jsonl", text)
        try FileManager.default.createSymbolicLink(atPath: directory.path("up"), withDestinationPath: directory.url.path)
        try FileManager.default.createSymbolicLink(atPath: directory.path(".#a.jsonl"), withDestinationPath: "/nonexistent")
        try FileManager.default.createDirectory(atPath: directory.path(".hidden"), withIntermediateDirectories: true)
        try directory.file(".hidden/d.jsonl", text)
        let result = CLI.run(["verify", "--recursive", directory.url.path])
        #expect(result.code == 0, "\(result)")
        #expect(result.outLines.last == "2 passed, 0 failed", "\(result)")
        let flat = CLI.run(["verify", directory.url.path])
        #expect(flat.code == 66, "\(flat)")
        #expect(flat.outLines.contains("ERROR \(directory.path("old.jsonl")): is a directory, not a recording file"))
        #expect(flat.outLines.last == "1 passed, 0 failed, 1 error", "\(flat)")
    }

    /// Where `setpriv` is, to run the binary as `nobody` when the tests run as root, who may
    /// read any folder.
    static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs `verify` as a user that permissions apply to: in-process, or, as root, the built
    /// binary as `nobody` through `setpriv`.
    static func verifyUnprivileged(_ arguments: [String]) throws -> (code: Int32, outLines: [String], err: String) {
        guard geteuid() == 0 else {
            let result = CLI.run(["verify"] + arguments)
            return (result.code, result.outLines, result.err)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(setpriv))
        process.arguments =
            ["--reuid", "65534", "--regid", "65534", "--clear-groups", try EndToEndTests.binary().path, "verify"] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errorData = EndToEndTests.ReadAll(error.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let out = String(decoding: outputData, as: UTF8.self)
        return (process.terminationStatus, out.split(separator: "\n").map(String.init), String(decoding: errorData.wait(), as: UTF8.self))
    }

    /// Whether `verifyUnprivileged` can run here: always when the tests do not run as root;
    /// as root, when `nobody` can run the built binary and reach the temporary directory (a
    /// checkout or `TMPDIR` under `/root` is out of its reach).
    static let canVerifyUnprivileged: Bool = {
        guard geteuid() == 0 else { return true }
        guard setpriv != nil, let directory = try? CLITemporaryDirectory(),
            let text = try? String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8),
            let file = try? directory.file("a.jsonl", text),
            chmod(directory.url.path, 0o755) == 0, chmod(file, 0o644) == 0
        else { return false }
        return (try? verifyUnprivileged([file]))?.code == 0
    }()

    /// A folder the run cannot read is an error, not a folder without recordings, whether it
    /// is the one named or one a recursive walk meets: a CI job must not pass over recordings
    /// it could not verify. A folder that can be listed but not searched (`r` without `x`)
    /// holds nothing that can be opened either.
    @Test(
        .enabled(if: canVerifyUnprivileged, "as root, needs setpriv, and nobody to reach the binary and the temporary directory"),
        arguments: [0o000, 0o644] as [mode_t])
    func aFolderThatCannotBeReadIsAnError(mode: mode_t) throws {
        let directory = try CLITemporaryDirectory()
        let text = try String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8)
        // Whatever the umask, as `nobody` may need to read them.
        try #require(chmod(directory.url.path, 0o755) == 0)
        try #require(chmod(try directory.file("a.jsonl", text), 0o644) == 0)
        try FileManager.default.createDirectory(atPath: directory.path("sub"), withIntermediateDirectories: true)
        try #require(chmod(try directory.file("sub/b.jsonl", text), 0o644) == 0)
        let sub = directory.path("sub")
        try #require(chmod(sub, mode) == 0)
        defer { chmod(sub, 0o755) }

        let deep = try Self.verifyUnprivileged(["--recursive", directory.url.path])
        #expect(deep.code == 66, "\(deep)")
        #expect(deep.outLines.contains { $0.hasPrefix("PASS  \(directory.path("a.jsonl"))") }, "\(deep)")
        let verb = mode == 0 ? "read" : "search"
        #expect(deep.outLines.contains("ERROR \(sub): cannot \(verb) the directory: Permission denied"), "\(deep)")
        #expect(deep.outLines.last == "1 passed, 0 failed, 1 error", "\(deep)")

        // Without `--recursive`, a folder that can be listed shows its recordings, which then
        // cannot be opened.
        let named = try Self.verifyUnprivileged([sub])
        #expect(named.code == 66, "\(named)")
        let reason = mode == 0 ? "\(sub): cannot read the directory" : "\(sub)/b.jsonl: Permission denied"
        #expect(named.err.contains(reason), "\(named)")

        // A folder out of reach is not said not to exist.
        try #require(chmod(directory.url.path, 0o700) == 0)
        defer { chmod(directory.url.path, 0o755) }
        let unreachable = try Self.verifyUnprivileged([sub])
        #expect(unreachable.code == 66, "\(unreachable)")
        #expect(unreachable.err.contains("\(sub): Permission denied"), "\(unreachable)")
    }

    /// A name that is not UTF-8 cannot be opened by a path made of it: it is an error in its
    /// place, not a file skipped without a word (nor one said not to exist). With `--recursive`
    /// any such name is, as it may be a folder of recordings.
    @Test func aNameThatIsNotUTF8IsAnError() throws {
        let directory = try CLITemporaryDirectory()
        let text = try String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8)
        try directory.file("ok.jsonl", text)
        let base = Array(directory.url.path.utf8)
        let file = base + Array("/caf".utf8) + [0xE9] + Array(".jsonl".utf8) + [0]
        let folder = base + Array("/d".utf8) + [0xFF, 0]
        let descriptor = file.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        try #require(descriptor >= 0)
        close(descriptor)
        try #require(folder.withUnsafeBufferPointer { mkdir(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 0o755) } == 0)
        let reason = "the name is not UTF-8, so it cannot be opened; rename it to verify it"

        let flat = CLI.run(["verify", directory.url.path])
        #expect(flat.code == 66, "\(flat)")
        #expect(flat.outLines.contains("ERROR \(directory.path("caf\u{FFFD}.jsonl")): \(reason)"), "\(flat)")
        #expect(flat.outLines.last == "1 passed, 0 failed, 1 error", "\(flat)")
        let deep = CLI.run(["verify", "--recursive", directory.url.path])
        #expect(deep.outLines.contains("ERROR \(directory.path("d\u{FFFD}")): \(reason)"), "\(deep)")
        #expect(deep.outLines.last == "1 passed, 0 failed, 2 errors", "\(deep)")
    }

    @Test func aFIFONamedOnTheCommandLineIsStillRead() throws {
        let directory = try CLITemporaryDirectory()
        let fifo = directory.path("piped.jsonl")
        try #require(mkfifo(fifo, 0o600) == 0)
        Self.feed(fifo, try String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8))
        let result = CLI.run(["verify", fifo])
        #expect(result.code == 0, "\(result)")
        #expect(result.outLines.first?.hasPrefix("PASS  \(fifo)") == true)
    }

    /// Named on the command line in another spelling than its folder's listing gives, a FIFO
    /// is still read, once.
    @Test func aFIFONamedInAnotherSpellingBesideItsFolderIsReadOnce() throws {
        let directory = try CLITemporaryDirectory()
        let fifo = directory.path("piped.jsonl")
        try #require(mkfifo(fifo, 0o600) == 0)
        Self.feed(fifo, try String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8))
        let result = CLI.run(["verify", directory.url.path, directory.url.path + "/./piped.jsonl"])
        #expect(result.code == 0, "\(result)")
        #expect(result.outLines.first?.hasPrefix("PASS  \(fifo)") == true)
        #expect(result.outLines.last == "1 passed, 0 failed")
    }

    /// `--update` reads a recording again to rewrite it and renames a new file over it: a
    /// FIFO gives its bytes once, and opening it again waited for ever for a writer that had
    /// gone. Such a file is refused before any file is verified, without being opened.
    @Test func aFIFONamedWithUpdateIsRefusedBeforeAnyRecordingIsVerified() throws {
        let directory = try CLITemporaryDirectory()
        let shop = try VerifyTests.tamperedShop(in: directory)
        let before = try String(contentsOfFile: shop, encoding: .utf8)
        let fifo = directory.path("piped.jsonl")
        try #require(mkfifo(fifo, 0o600) == 0)
        Self.releaseReaders(of: fifo, everyReader: true)
        let result = CLI.run(["verify", "--update", shop, fifo])
        #expect(result.code == 66, "\(result)")
        #expect(result.out.isEmpty, "no recording is verified")
        #expect(
            result.err == "Error: \(fifo): is a FIFO: --update rewrites recordings in place, which only regular files can be\n")
        #expect(try String(contentsOfFile: shop, encoding: .utf8) == before, "--update rewrote nothing")
        #expect(CLI.run(["verify", shop, fifo]).err.contains("is a FIFO") == false, "without --update it is read")
    }

    /// Each file's line is printed as soon as it and the files before it are done, not when
    /// every file is: the FIFO after the first file is fed only once the first file's line
    /// has been written. (Before, nothing was printed until the end, so the FIFO was never
    /// fed; a writer that comes and goes after a few seconds then made it an empty file.)
    @Test(.hangGuard) func eachResultIsPrintedOnceTheFilesBeforeItAreDone() throws {
        let directory = try CLITemporaryDirectory()
        let first = try directory.file("a.jsonl", try String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8))
        let fifo = directory.path("b.jsonl")
        try #require(mkfifo(fifo, 0o600) == 0)
        let shop = try String(contentsOfFile: CLI.fixture("shop.jsonl"), encoding: .utf8)
        let output = CallbackSink { text in
            if text.hasPrefix("PASS  \(first)") { Self.feed(fifo, shop) }
        }
        let fallback = DispatchWorkItem { Self.feed(fifo, "") }
        DispatchQueue.global().asyncAfter(deadline: .now() + 5, execute: fallback)
        defer { fallback.cancel() }
        let context = CLIContext(
            output: output, error: StringSink(), readLine: { nil }, outputIsTerminal: false, errorIsTerminal: false,
            inputIsTerminal: false, environment: [:])
        let code = Inspector.examples.run(["verify", first, fifo], context: context)
        #expect(code == 0, "\(output.text)")
        #expect(output.text.contains("PASS  \(fifo)  (27 steps"), "\(output.text)")
    }

    @Test func eachShardKeepsTheRefusalsOfItsOwnFiles() throws {
        let directory = try CLITemporaryDirectory()
        for name in ["a.jsonl", "c.jsonl"] { try directory.file(name, "") }
        let fifo = directory.path("b.jsonl")
        try #require(mkfifo(fifo, 0o600) == 0)
        let files = try RecordingFiles([directory.url.path])
        #expect(files.refused.keys.sorted() == [fifo])
        #expect(files.shard(1, of: 2).refused.isEmpty)
        #expect(files.shard(2, of: 2).refused[fifo]?.message == "is a FIFO, not a recording file")
    }
}

/// A `--junit` path that cannot be written is found before any recording is verified; a
/// report that fails at the end is reported after the summary.
@Suite struct VerifyJUnitPathTests {
    typealias CLI = CLITestSupport

    @Test(arguments: [("shop.jsonl/report.xml", "Not a directory"), ("", "is a directory")])
    func anUnwritableReportPathFailsBeforeAnyRecordingIsVerified(report: String, reason: String) throws {
        let directory = try CLITemporaryDirectory()
        let shop = try VerifyTests.tamperedShop(in: directory)
        let before = try String(contentsOfFile: shop, encoding: .utf8)
        let path = report.isEmpty ? directory.url.path : directory.path(report)
        let result = CLI.run(["verify", shop, "--update", "--junit", path])
        #expect(result.code == 66, "\(result)")
        #expect(result.out.isEmpty, "no recording is verified")
        #expect(result.err == "Error: \(path): cannot write the JUnit report: \(reason)\n")
        #expect(try String(contentsOfFile: shop, encoding: .utf8) == before, "--update rewrote nothing")
    }

    /// `--junit reports/ci/verify.xml` makes the directories, as pytest's `--junitxml` does; a
    /// CI job's first run stopped with 66.
    @Test func theReportsDirectoriesAreMade() throws {
        let directory = try CLITemporaryDirectory()
        let path = directory.path("reports/ci/verify.xml")
        let result = CLI.run(["verify", CLI.fixture("counter.jsonl"), "--junit", path])
        #expect(result.code == 0, "\(result)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("<testsuites"))
    }

    /// A path refused for what it names (a directory's name, a recording's) fails before any
    /// recording is verified and leaves no directory made for it.
    @Test(arguments: ["new/", "made/sub/report.jsonl"])
    func aRefusedPathMakesNoDirectory(report: String) throws {
        let directory = try CLITemporaryDirectory()
        let result = CLI.run(["verify", CLI.fixture("counter.jsonl"), "--junit", directory.url.path + "/" + report])
        #expect(result.code == 66 && result.out.isEmpty, "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test(.enabled(if: geteuid() != 0, "root may write anywhere"))
    func aReportPathInADirectoryWithoutWritePermissionFailsBeforeAnyRecordingIsVerified() throws {
        let directory = try CLITemporaryDirectory()
        let locked = directory.url.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: locked.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked.path)
        }
        let report = locked.appendingPathComponent("report.xml").path
        let result = CLI.run(["verify", CLI.fixture("counter.jsonl"), "--junit", report])
        #expect(result.code == 66)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("cannot write the JUnit report: Permission denied"))
    }

    /// `verify --junit Sessions/*.jsonl`: the shell hands the first recording to `--junit`.
    /// The run must refuse, not pass and replace that recording with XML.
    @Test func aReportPathNamedLikeARecordingIsRefusedAndTheFileKept() throws {
        let directory = try CLITemporaryDirectory()
        let (first, second) = (directory.path("a.jsonl"), directory.path("b.jsonl"))
        try Self.expectReportRefused(
            ["verify", "--junit", first, second], report: first, copies: [first, second],
            reason: "a .jsonl name is a recording's; write the report to another file, such as report.xml")
    }

    /// A recording named otherwise is found by what it is, however its path is spelled.
    @Test func aReportPathThatIsOneOfTheRecordingsIsRefusedAndTheFileKept() throws {
        let directory = try CLITemporaryDirectory()
        let session = directory.path("session.rec")
        let otherSpelling = directory.url.path + "/./session.rec"
        try Self.expectReportRefused(
            ["verify", session, CLI.fixture("shop.jsonl"), "--shard", "2/2", "--junit", otherSpelling],
            report: otherSpelling, copies: [session], reason: "it is \(session), one of the recordings to verify")
    }

    /// Runs `arguments` after copying the counter fixture to each of `copies`, and expects the
    /// run to refuse the `--junit` path `report` for `reason` before verifying anything, the
    /// copies left as they were.
    static func expectReportRefused(
        _ arguments: [String], report: String, copies: [String], reason: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let recording = try String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8)
        for copy in copies { try recording.write(toFile: copy, atomically: true, encoding: .utf8) }
        let result = CLI.run(arguments)
        #expect(result.code == 66, "\(result)", sourceLocation: sourceLocation)
        #expect(result.out.isEmpty, "no recording is verified", sourceLocation: sourceLocation)
        #expect(
            result.err == "Error: \(report): cannot write the JUnit report: \(reason)\n", sourceLocation: sourceLocation)
        for copy in copies {
            #expect(try String(contentsOfFile: copy, encoding: .utf8) == recording, sourceLocation: sourceLocation)
        }
    }

    /// `--junit ''` verified everything, then failed; `--junit -` wrote a file named `-`.
    @Test(arguments: [
        ("", "missing value for '--junit <path>': the path is empty"),
        ("-", "--junit writes to a file, not to standard output (where the report is): give a path such as report.xml"),
    ])
    func anEmptyOrDashReportPathIsAUsageError(report: String, message: String) throws {
        let result = CLI.run(["verify", CLI.fixture("counter.jsonl"), "--junit", report])
        #expect(result.code == 64, "\(result)")
        #expect(result.out.isEmpty, "no recording is verified")
        #expect(result.err.hasPrefix("Error: \(message)\n"), "\(result)")
    }

    /// A parser reads a line break in an attribute's value as a space: the testcase of a file
    /// named with one would not name it.
    @Test func aLineBreakOrTabInAFileNameIsEscapedInTheReportsAttributes() throws {
        let directory = try CLITemporaryDirectory()
        let file = directory.path("a\nb\tc.jsonl")
        try String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8).write(
            toFile: file, atomically: true, encoding: .utf8)
        let report = directory.path("report.xml")
        #expect(CLI.run(["verify", file, "--junit", report]).code == 0)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains(#"name="a&#10;b&#9;c.jsonl""#), "\(xml)")
    }

    @Test func checkingTheReportPathCreatesNoFile() throws {
        let directory = try CLITemporaryDirectory()
        let report = directory.path("report.xml")
        try JUnitReport.checkWritable(report)
        #expect(!FileManager.default.fileExists(atPath: report), "an interrupted run leaves no empty report")
    }

    /// The summary counts in words that agree with the numbers: one recording, one step.
    @Test func theSummaryOfOneStepSaysStep() throws {
        let directory = try CLITemporaryDirectory()
        let file = directory.path("one.jsonl")
        try Data(
            """
            {"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}
            {"seq":1,"type":"increment","action":{"increment":{}},"state":{"count":1}}

            """.utf8
        ).write(to: URL(fileURLWithPath: file))
        let result = CLI.run(["verify", file])
        #expect(result.code == 0, "\(result)")
        #expect(result.outLines.suffix(2).first?.hasPrefix("verified 1 recording, 1 step, in ") == true, "\(result)")
    }

    /// Strings are compared as Swift compares them, as documented: a title recorded composed
    /// (`é`) matches the same title replayed decomposed (`e` and a combining accent), while
    /// another letter does not.
    @Test(arguments: [(#"caf\u00e9"#, 0), (#"cafe\u0300"#, 1)])
    func stringsInAnotherUnicodeNormalFormMatch(recordedTitle: String, code: Int32) throws {
        let directory = try CLITemporaryDirectory()
        let file = directory.path("nfc.jsonl")
        let initial = #"{"categories":[{"id":1,"name":"Inbox","items":[]}],"selectedCategoryID":1,"settings":{"showCompleted":true},"nextID":2}"#
        let state = #"{"categories":[{"id":1,"name":"Inbox","items":[{"id":2,"title":"\#(recordedTitle)","done":false}]}],"selectedCategoryID":1,"settings":{"showCompleted":true},"nextID":3}"#
        try Data(
            """
            {"format":"redux-inspect","version":1,"reducer":"todos","initialState":\(initial)}
            {"seq":1,"type":"addItem","action":{"addItem":{"title":"cafe\\u0301"}},"state":\(state)}

            """.utf8
        ).write(to: URL(fileURLWithPath: file))
        let result = CLI.run(["verify", file])
        #expect(result.code == code, "\(result)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
    func aReportThatFailsAtTheEndIsReportedAfterTheSummary() {
        let result = CLI.run(["verify", CLI.fixture("counter.jsonl"), "--junit", "/dev/full"])
        #expect(result.code == 66, "\(result)")
        #expect(result.outLines.suffix(2).first?.hasPrefix("verified 1 recording, 22 steps") == true)
        #expect(result.outLines.last == "1 passed, 0 failed")
        #expect(result.err == "Error: /dev/full: cannot write the JUnit report: No space left on device\n")
    }
}

/// Output kept as text, that also tells `onWrite` each piece written, as it is written.
private final class CallbackSink: TextSink, @unchecked Sendable {
    // Unchecked Sendable: written from the command's thread only.
    private(set) var text = ""
    private let onWrite: (String) -> Void

    init(_ onWrite: @escaping (String) -> Void) {
        self.onWrite = onWrite
    }

    func write(_ text: String) {
        self.text += text
        onWrite(text)
    }

    func write(utf8 bytes: [UInt8]) {
        write(String(decoding: bytes, as: UTF8.self))
    }

    var writeFailure: String? { nil }
}
