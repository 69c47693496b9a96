import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where standard output and standard error go to one file (a CI log, `2>&1`), an error or a
/// warning comes after the lines printed before it, as on a terminal: `replay`'s error came
/// first, standard output being written out only at the end.
@Suite struct OutputOrderTests {
    /// Runs the built binary with both streams appended to one file; returns what it holds.
    private func runIntoOneFile(_ arguments: [String]) throws -> String {
        let directory = try CLITemporaryDirectory()
        let log = directory.path("log.txt")
        let pid = try ChildProcess.spawn(
            EndToEndTests.binary().path, arguments: arguments,
            opening: [(0, "/dev/null", O_RDONLY), (1, log, O_WRONLY | O_CREAT | O_APPEND), (2, log, O_WRONLY | O_CREAT | O_APPEND)])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return try String(contentsOfFile: log, encoding: .utf8)
    }

    @Test func anErrorComesAfterTheOutputBeforeIt() throws {
        let log = try runIntoOneFile(["replay", CLITestSupport.fixture("bad/undecodable-action.jsonl")])
        let lines = log.split(separator: "\n")
        #expect(lines.first == #"seq 1  increment  {"increment":{}}"#, "\(log)")
        #expect(lines.last?.hasPrefix("Error: ") == true, "\(log)")
    }

    @Test func aWarningComesAfterTheOutputBeforeIt() throws {
        // A type no action has is warned about once the list is printed.
        let log = try runIntoOneFile(["log", CLITestSupport.fixture("counter.jsonl"), "--type", "reset", "--type", "rest"])
        let lines = log.split(separator: "\n")
        #expect(lines.first?.contains("reset") == true, "\(log)")
        #expect(lines.last?.hasPrefix("warning: no action of type 'rest'") == true, "\(log)")
    }
}
