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

/// A command that stops on an error part way still says what it found about the steps it
/// showed: `diff` printed a change from a state today's reducer no longer makes, then the
/// error, and the warning that explains the change was lost.
@Suite struct WarningsBeforeAnErrorTests {
    @Test(arguments: [["diff"], ["blame", "count"]])
    func theWarningsAboutTheStepsShownComeBeforeTheError(command: [String]) throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "changed.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
                #"{"seq":1,"type":"increment","action":{"increment":{}}}"#,
                #"{"seq":2,"type":"increment","action":{"increment":{}},"state":{"count":50}}"#,
                #"{"seq":3,"type":"increment","action":{"increment":{}}}"#,
                #"{"seq":4,"type":"increment","action":{"increment" {}}}"#,
            ])
        let result = CLITestSupport.run([command[0], file] + command.dropFirst())
        #expect(result.code == 65, "\(result)")
        let lines = result.err.split(separator: "\n")
        #expect(lines.count == 2, "\(result)")
        #expect(lines.first?.hasPrefix("warning: \(file): the reducer does not make the state recorded at seq 2") == true, "\(result)")
        #expect(lines.last?.hasPrefix("Error: \(file):5:") == true, "\(result)")
    }
}
