import Testing

/// `check` exits at the first problem, the one on the earliest line: a line that is not
/// JSON was reported before an action on an earlier line that does not decode, which `show`,
/// `blame` and `step` report first, so that a user fixed one and only then met the other.
@Suite struct CheckProblemOrderTests {
    typealias CLI = CLITestSupport

    /// A counter recording whose line `badAction` holds an action that does not decode and
    /// whose line `badJSON` is not JSON.
    private func recording(badAction: Int, badJSON: Int, in directory: CLITemporaryDirectory) throws -> String {
        var lines = [#"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#]
        for seq in 1...9 {
            let line = lines.count + 1
            if line == badAction {
                lines.append(#"{"seq":\#(seq),"type":"incrementBy","action":{"incrementBy":{"n":"five"}}}"#)
            } else if line == badJSON {
                lines.append(#"{"seq":\#(seq),"type":"increment","action":{"increment":{}},"state":{"count":[1,}}"#)
            } else {
                lines.append(#"{"seq":\#(seq),"type":"increment","action":{"increment":{}}}"#)
            }
        }
        return try directory.file("m-\(badAction)-\(badJSON).jsonl", lines: lines)
    }

    @Test func anActionBeforeAMalformedLineIsReportedFirst() throws {
        let directory = try CLITemporaryDirectory()
        let file = try recording(badAction: 6, badJSON: 10, in: directory)
        let checked = CLI.run(["check", file])
        #expect(checked.code == 65, "\(checked)")
        #expect(checked.err.hasPrefix("Error: \(file):6:"), "\(checked.err)")
        #expect(checked.err.contains("cannot decode the action"), "\(checked.err)")
        #expect(CLI.run(["show", file, "--at", "8"]).err == checked.err)
    }

    @Test func aMalformedLineBeforeAnActionIsReportedFirst() throws {
        let directory = try CLITemporaryDirectory()
        let file = try recording(badAction: 8, badJSON: 4, in: directory)
        let checked = CLI.run(["check", file])
        #expect(checked.code == 65, "\(checked)")
        #expect(checked.err.hasPrefix("Error: \(file):4:"), "\(checked.err)")
    }
}
