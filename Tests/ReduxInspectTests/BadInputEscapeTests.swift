import Foundation
import Testing

/// Acceptance: a recording holding `"\u001b[2J"` and `"\r"` in an action prints them escaped
/// in `log`, `replay`, `diff` and `step` — and in every other command that shows the action or
/// a value made from it. (`CLITerminalTests` covers types, keys and gap reasons.)
@Suite struct BadInputEscapeTests {
    /// A todos recording whose action titles hold a clear-screen sequence and carriage returns;
    /// the recorded state after seq 2 differs from the replay, so `verify` shows its diff.
    static let lines = [
        #"{"format":"redux-inspect","version":1,"reducer":"todos"}"#,
        #"{"seq":1,"action":{"addItem":{"title":"\u001b[2J\r"}}}"#,
        #"{"seq":2,"action":{"addItem":{"title":"\rline\u001b[2Jtwo"}},"#
            + #""state":{"categories":[{"id":1,"name":"Inbox","items":[{"id":2,"title":"\u001b[2J\r","done":false},"#
            + #"{"id":3,"title":"\u001b[H\rforged","done":false}]}],"selectedCategoryID":1,"settings":{"showCompleted":true},"nextID":4}}"#,
    ]

    static let runs: [(arguments: [String], input: String)] = [
        (["log"], ""),
        (["log", "--grep", "2J"], ""),
        (["replay"], ""),
        (["replay", "--states"], ""),
        (["replay", "--format", "json"], ""),
        (["diff"], ""),
        (["diff", "2", "--full"], ""),
        (["diff", "--format", "json-patch"], ""),
        (["diff", "--format", "json"], ""),
        (["step"], "next\naction\ndiff\nstate\np categories[0].items[0].title\nwhere\nfind 2J\nwatch categories\nreverse-continue\ninfo watch\nlast\nquit\n"),
        (["step", "--json"], "next\naction\ndiff\nstate\nlast\nquit\n"),
        (["show", "--at", "2"], ""),
        (["show", "--at", "1", "--path", "categories[id=1].items[0].title"], ""),
        (["check"], ""),
        (["verify"], ""),
        (["blame", "categories[id=1].items"], ""),
        (["blame", "categories[id=1].items", "--format", "json", "--full"], ""),
        (["bisect", "--until", "nextID > 3"], ""),
        (["bisect", "--until", "nextID > 3", "--format", "json"], ""),
    ]

    @Test func everyCommandEscapesTheAction() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("escapes.jsonl", lines: Self.lines)
        for run in Self.runs {
            let arguments = [run.arguments[0], file] + run.arguments.dropFirst()
            let label = arguments.joined(separator: " ")
            let result = CLITestSupport.run(arguments, input: run.input)
            // verify finds the tampered state: exit 1 with its diff; everything else succeeds.
            #expect(result.code == (run.arguments[0] == "verify" ? 1 : 0), "\(label): \(result)")
            BadInputExpect.clean(result.out, result.err, label)
            // Every command but check shows an action or a state holding ESC, escaped.
            let shown = result.out.contains(#"\u001b["#) || result.out.contains(#"\u{1B}["#)
            #expect(shown || run.arguments[0] == "check", "\(label) does not show the escape sequence escaped:\n\(result.out)")
        }
    }

    @Test func stepShowsTheActionEscaped() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("escapes.jsonl", lines: Self.lines)
        let result = CLITestSupport.run(["step", file], input: "next\naction\n")
        #expect(result.code == 0)
        #expect(
            result.out == #"""
                seq 1/2  addItem  {"addItem":{"title":"\u001b[2J\r"}}
                  + categories[id=1].items[id=2]: {"id":2,"title":"\u001b[2J\r","done":false}
                  ~ nextID: 2 → 3
                seq 1  addItem
                {
                  "addItem": {
                    "title": "\u001b[2J\r"
                  }
                }

                """#)
    }
}
