import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(FoundationXML)
    import FoundationXML
#endif

@testable import ReduxInspect

/// A long `verify --junit` run keeps its report on disk as it goes, so that a CI job stopped
/// at its time limit (`SIGKILL` too) leaves a report of the files verified, the others
/// skipped; before, it left none.
@Suite struct JUnitProgressReportTests {
    private static let second: UInt64 = 1_000_000_000

    private func passed(_ path: String) -> VerifyResult {
        VerifyResult(path: path, outcome: .passed, steps: 3, comparedStates: 3, seconds: 0.01)
    }

    /// The report's counts and how many test cases are skipped.
    private func read(_ path: String) throws -> (tests: String?, skipped: String?, skippedCases: Int) {
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(document.rootElement())
        let skipped = try document.nodes(forXPath: "//testcase/skipped").count
        return (root.attribute(forName: "tests")?.stringValue, root.attribute(forName: "skipped")?.stringValue, skipped)
    }

    /// `SIGTERM` (a CI job cancelled, or at its time limit) during `verify --junit`: the
    /// report was as of its last write, up to a second behind the log; it is written as of
    /// the signal, the log says so, and the process still ends by the signal.
    @Test func aTerminatedRunWritesItsReportAsOfTheSignal() throws {
        let directory = try CLITemporaryDirectory()
        let recording = ([#"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#]
            + (1...100_000).map { #"{"seq":\#($0),"action":{"incrementBy":{"n":1}}}"# }).joined(separator: "\n") + "\n"
        let folder = directory.url.appendingPathComponent("sessions")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<24 {
            try recording.write(to: folder.appendingPathComponent("s\(index).jsonl"), atomically: false, encoding: .utf8)
        }
        let report = directory.url.appendingPathComponent("report.xml").path
        let log = directory.url.appendingPathComponent("log").path
        let errorLog = directory.url.appendingPathComponent("errors").path
        // Spawned with no signal blocked (a child of Foundation's `Process` has SIGTERM blocked).
        let pid = try ChildProcess.spawn(
            try EndToEndTests.binary().path, arguments: ["verify", folder.path, "--junit", report],
            opening: [(0, "/dev/null", O_RDONLY), (1, log, O_WRONLY | O_CREAT | O_TRUNC), (2, errorLog, O_WRONLY | O_CREAT | O_TRUNC)])
        // Once the first file has passed, and before the last has.
        func logged() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        let deadline = Date(timeIntervalSinceNow: 60)
        while !logged().contains("PASS"), Date() < deadline { usleep(10_000) }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let errors = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
        #expect(status & 0x7F == SIGTERM, "status \(status): \(errors)")
        let passed = logged().split(separator: "\n").filter { $0.hasPrefix("PASS") }.count
        try #require(passed > 0 && passed < 24, "\(passed) passed")
        #expect(errors.contains("interrupted by SIGTERM after verifying \(passed) of 24 recordings"), "\(errors)")
        let read = try read(report)
        #expect(read.tests == "24" && read.skippedCases == 24 - passed, "\(read), \(passed) passed")
    }

    /// A test case's class name is its recording's directory as the command line gave it,
    /// without a leading `./` or a trailing `/`: CI keeps each test's history by name, and a
    /// job's command written otherwise renamed every test.
    @Test func classNamesDoNotDependOnHowTheFolderWasTyped() {
        for typed in ["Sessions", "./Sessions", ".//Sessions", "./Sessions/", "Sessions//"] {
            #expect(JUnitReport.className(typed) == "Sessions", "\(typed)")
        }
        #expect(JUnitReport.className(".") == ".")
        #expect(JUnitReport.className("/") == "/")
        #expect(JUnitReport.className("/tmp/Sessions") == "/tmp/Sessions")
    }

    @Test func writtenOnceASecondWithTheFilesNotVerifiedSkipped() throws {
        let directory = try CLITemporaryDirectory()
        let report = directory.url.appendingPathComponent("report.xml").path
        let paths = ["a/one.jsonl", "a/two.jsonl", "b/three.jsonl"]
        let start: UInt64 = 5 * Self.second
        var progress = try #require(JUnitProgressReport(path: report, paths: paths, program: "redux-inspect", start: start))
        // A run shorter than a second writes only its final report.
        progress.note([passed(paths[0])], now: start + Self.second / 2)
        #expect(!FileManager.default.fileExists(atPath: report))
        progress.note([passed(paths[0])], now: start + Self.second)
        var read = try read(report)
        #expect(read.tests == "3" && read.skipped == "2" && read.skippedCases == 2)
        // Not again within the second.
        progress.note([passed(paths[0]), passed(paths[1])], now: start + Self.second * 3 / 2)
        #expect(try self.read(report).skippedCases == 2)
        progress.note([passed(paths[0]), passed(paths[1])], now: start + Self.second * 2)
        read = try self.read(report)
        #expect(read.tests == "3" && read.skipped == "1" && read.skippedCases == 1)
        // No file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["report.xml"])
    }

    /// A report given through a symbolic link is written to the file it points to: the link
    /// stays.
    @Test func aLinkToTheReportStays() throws {
        let directory = try CLITemporaryDirectory()
        let target = directory.url.appendingPathComponent("target.xml").path
        let link = directory.url.appendingPathComponent("link.xml").path
        #expect(FileManager.default.createFile(atPath: target, contents: Data()))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        var progress = try #require(JUnitProgressReport(path: link, paths: ["x.jsonl"], program: "p", start: 0))
        progress.note([], now: Self.second)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try read(target).skippedCases == 1)
    }

    @Test func theFinalReportSkipsNothing() throws {
        let xml = JUnitReport.xml([passed("x.jsonl")], seconds: 1) { _ in "" }
        #expect(!xml.contains("skipped"))
    }

    /// A result that came just after a write is written a second later, at the waiting
    /// thread's next tick, not only when the next file is done (which a long recording may
    /// put off for minutes); nothing new, nothing written.
    @Test func aResultJustAfterAWriteIsWrittenAtTheNextTick() throws {
        let directory = try CLITemporaryDirectory()
        let report = directory.url.appendingPathComponent("report.xml").path
        let paths = ["one.jsonl", "two.jsonl", "three.jsonl"]
        var progress = try #require(JUnitProgressReport(path: report, paths: paths, program: "p", start: 0))
        progress.note([passed(paths[0])], now: Self.second)
        progress.note([passed(paths[0]), passed(paths[1])], now: Self.second * 11 / 10)
        #expect(try read(report).skippedCases == 2)
        // The tick, with the same results.
        progress.note([passed(paths[0]), passed(paths[1])], now: Self.second * 21 / 10)
        #expect(try read(report).skippedCases == 1)
        try FileManager.default.removeItem(atPath: report)
        progress.note([passed(paths[0]), passed(paths[1])], now: Self.second * 5)
        #expect(!FileManager.default.fileExists(atPath: report))
    }

    /// The final report replaces the one kept as the run went, whole.
    @Test func theFinalReportReplacesItWhole() throws {
        let directory = try CLITemporaryDirectory()
        let report = directory.url.appendingPathComponent("report.xml").path
        let progress = try #require(JUnitProgressReport(path: report, paths: ["x.jsonl"], program: "p", start: 0))
        #expect(progress.replace(with: "<testsuites/>\n"))
        #expect(try String(contentsOfFile: report, encoding: .utf8) == "<testsuites/>\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["report.xml"])
    }

    /// A report to a terminal or a pipe is written once, at the end.
    @Test func notKeptWhereTheReportIsNoRegularFile() {
        #expect(JUnitProgressReport(path: "/dev/null", paths: ["x.jsonl"], program: "p", start: 0) == nil)
    }
}
