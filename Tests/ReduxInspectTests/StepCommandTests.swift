import ExampleInspector
import Foundation
import Testing

@testable import ReduxInspect

/// What one in-process `step` run printed.
private struct StepRun {
    let code: Int32
    let out: String
    let err: String

    /// Runs `redux-inspect step` with `input` as standard input.
    ///
    /// - Parameters:
    ///   - terminal: Whether standard input is a terminal, and standard output too unless
    ///     `outputIsTerminal` says otherwise (colours off, as with `NO_COLOR`).
    ///   - errorIsTerminal: Whether standard error is a terminal.
    init(
        _ arguments: [String], input: String, terminal: Bool = false, outputIsTerminal: Bool? = nil,
        errorIsTerminal: Bool = false, inspector: Inspector = .examples
    ) {
        var lines = input.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        var next = 0
        let context = CLIContext(
            output: StringSink(), error: StringSink(),
            readLine: {
                guard next < lines.count else { return nil }
                defer { next += 1 }
                return lines[next]
            },
            outputIsTerminal: outputIsTerminal ?? terminal, errorIsTerminal: errorIsTerminal, inputIsTerminal: terminal,
            environment: terminal ? ["NO_COLOR": "1"] : [:])
        code = inspector.run(["step"] + arguments, context: context)
        out = (context.output as! StringSink).text
        err = (context.error as! StringSink).text
    }

    /// Standard output's lines.
    var lines: [String] {
        out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// `Fixtures/NAME`, found from this file's path.
private func fixture(_ name: String, file: String = #filePath) -> String {
    URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name).path
}

/// Writes a recording to a fresh temporary file.
private func temporaryRecording(_ lines: [String]) throws -> String {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("step-\(UUID().uuidString).jsonl").path
    try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
    return path
}

/// A session line and the one error it should give, the session going on.
struct StepFailureCase: CustomTestStringConvertible, Sendable {
    let line: String
    let message: String
    /// The script's exit status: 1 for a failed command, 64 for a step that does not exist.
    var code: Int32 = 1
    var testDescription: String { line }
}

@Suite struct StepCommandTests {
    /// `step`'s `state PATH` reads its path as `show --path` does.
    @Test func stepsStateCommandReadsTheSameSizes() throws {
        let directory = try CLITemporaryDirectory()
        let file = try CLIShowCountTests.recording(#"{"list":[1,2,3],"stats":{"count":41}}"#, in: directory)
        let run = StepRun([file], input: "state list.count\nstate stats.count\nstate list[\"count\"]\nquit\n")
        #expect(run.out.components(separatedBy: "\n").prefix(2) == ["3", "41"], "\(run.out)")
        #expect(run.err.contains(#"list["count"]: not present"#), "\(run.err)")
    }

    /// A script saved by an editor that starts files with a byte order mark: its first command
    /// ran as `\u{FEFF}goto`, an unknown command.
    @Test func aScriptStartingWithAByteOrderMark() {
        let run = StepRun([fixture("counter.jsonl")], input: "\u{FEFF}goto 5\nstate\nquit\n")
        #expect(run.code == 0, "\(run.err)")
        #expect(run.err.isEmpty, "\(run.err)")
        #expect(run.out.hasPrefix("seq 5/"), "\(run.out)")
    }

    /// The end marker's state after entries missing at the end, which `show --at`, `bisect`
    /// and `blame` name, is no step's: `goto` and `--at` say so and where it is printed, and
    /// so do `last` and a move that stops at the last step before it.
    @Test func theEndMarkersStateAfterMissingEntriesIsNamed() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "end-after-gap.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
                #"{"seq":1,"type":"increment","action":{"increment":{}}}"#,
                #"{"seq":2,"type":"increment","action":{"increment":{}}}"#,
                #"{"end":{"seq":5,"state":{"count":50}}}"#,
            ])
        let named =
            "no step with seq 5: entries are missing after seq 2, and seq 5 is the end marker's state after them, "
            + "which no step reaches ('show --at 5' prints it)"
        let jumped = StepRun([file], input: "goto 5\n")
        #expect(jumped.code == 64)
        #expect(jumped.err == "error: line 1: \(named)\n", "\(jumped.err)")
        let started = StepRun([file, "--at", "5"], input: "")
        #expect(started.code == 64)
        #expect(started.err == "Error: \(file): \(named)\n", "\(started.err)")
        let moved = StepRun([file], input: "last\nnext\n")
        #expect(moved.code == 0)
        // `last` moving there says it too.
        #expect(
            moved.out.hasPrefix(
                "entries are missing after seq 2, and seq 5 is the end marker's state after them, which no step reaches "
                    + "('show --at 5' prints it)\nseq 2/2  increment"), "\(moved.out)")
        #expect(
            moved.out.contains(
                "already at the last step (seq 2)\nentries are missing after seq 2, and seq 5 is the end marker's state "
                    + "after them, which no step reaches ('show --at 5' prints it)\n"), "\(moved.out)")
        #expect(CLITestSupport.run(["show", file, "--at", "5"]).out == "{\n  \"count\": 50\n}\n")
    }

    // MARK: Acceptance: goto 5, back, state prints the state after step 4

    @Test func counterGotoBackStatePrintsTheStateAfterStep4() {
        let run = StepRun([fixture("counter.jsonl")], input: "goto 5\nback\nstate\nquit\n")
        #expect(run.code == 0)
        #expect(run.err == "")
        #expect(
            run.out == """
                seq 5/22  decrement  {"decrement":{}}
                  ~ count: 8 → 7
                seq 4/22  incrementBy  {"incrementBy":{"n":5}}
                  ~ count: 3 → 8
                {
                  "count": 8
                }

                """)
    }

    @Test func todosWithoutRecordedStatesReplaysThroughTheReducer() {
        let run = StepRun([fixture("todos.jsonl")], input: "goto 5\nback\nstate\nquit\n")
        #expect(run.code == 0)
        #expect(run.err == "")
        #expect(
            run.out == """
                seq 5/21  addItem  {"addItem":{"title":"Review PR #42"}}
                  + categories[id=4].items[id=6]: {"id":6,"title":"Review PR #42","done":false}
                  ~ nextID: 6 → 7
                seq 4/21  addItem  {"addItem":{"title":"Write the release notes"}}
                  + categories[id=4].items[id=5]: {"id":5,"title":"Write the release notes","done":false}
                  ~ nextID: 5 → 6
                {
                  "categories": [
                    {
                      "id": 1,
                      "name": "Inbox",
                      "items": [
                        {
                          "id": 2,
                          "title": "Buy oat milk",
                          "done": false
                        },
                        {
                          "id": 3,
                          "title": "Call Ada about the café ☕",
                          "done": false
                        }
                      ]
                    },
                    {
                      "id": 4,
                      "name": "Work",
                      "items": [
                        {
                          "id": 5,
                          "title": "Write the release notes",
                          "done": false
                        }
                      ]
                    }
                  ],
                  "selectedCategoryID": 4,
                  "settings": {
                    "showCompleted": true
                  },
                  "nextID": 6
                }

                """)
    }

    // MARK: Gaps

    /// A move to a step that entries are missing before says so, as log, replay and diff do;
    /// moving back over the gap does not.
    @Test func aStepAfterMissingEntriesSaysSo() throws {
        let path = try temporaryRecording([
            #"{"format":"redux-inspect","version":1,"reducer":"counter"}"#,
            #"{"seq":1,"action":{"increment":{}}}"#,
            #"{"gap":{"after":1,"dropped":3,"reason":"queue full"}}"#,
            #"{"seq":5,"action":{"increment":{}}}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = StepRun([path], input: "next\nnext\nback\n")
        #expect(text.code == 0)
        #expect(text.lines.filter { !$0.hasPrefix("  ") } == [
            #"seq 1/5  increment  {"increment":{}}"#,
            "! 3 entries missing after seq 1 (queue full)",
            #"seq 5/5  increment  {"increment":{}}"#,
            #"seq 1/5  increment  {"increment":{}}"#,
        ])
        let json = StepRun([path, "--json"], input: "next\nnext\n")
        let objects = try json.lines.map { try JSONParser.parse($0) }
        #expect(objects.map { $0["gapBefore"]?.compactText } == [nil, #"{"after":1,"dropped":3,"reason":"queue full"}"#])
    }

    // MARK: Every state, forward and back, matches an independent replay

    @Test(arguments: ["counter.jsonl", "shop.jsonl", "todos.jsonl"])
    func statesForwardAndBackMatchTheReplayCommand(_ name: String) throws {
        let file = fixture(name)
        let context = CLIContext.capturing()
        #expect(
            Inspector.examples.run(["replay", file, "--states", "--format", "json"], context: context) == 0)
        // One object per step, then the end marker's comparison, which has no state.
        let objects = try (context.output as! StringSink).text.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        #expect(objects.last?["end"] != nil)
        let expected = try objects.dropLast().map { object in try #require(object["state"]) }
        let count = expected.count
        let forward = StepRun([file, "--json"], input: String(repeating: "next\nstate\n", count: count))
        let backward = StepRun(
            [file, "--json", "--at", String(try Recording(path: file).steps.last!.seq)],
            input: String(repeating: "state\nback\n", count: count))
        let forwardStates = try forward.lines.enumerated().filter { $0.offset % 2 == 1 }
            .map { try #require(try JSONParser.parse($0.element)["state"]) }
        let backwardStates = try backward.lines.enumerated().filter { $0.offset % 2 == 0 }
            .map { try #require(try JSONParser.parse($0.element)["state"]) }
        #expect(forwardStates == expected)
        #expect(backwardStates == expected.reversed())
    }

    // MARK: Output of each command

    @Test func whereDiffAndActionAtAStepAndAtTheInitialState() {
        let run = StepRun(
            [fixture("counter.jsonl"), "--at", "4"],
            input: "where\ndiff\naction\nfirst\nwhere\ndiff\naction\n")
        #expect(run.code == 0)
        #expect(
            run.lines == [
                #"seq 4/22  incrementBy  {"incrementBy":{"n":5}}"#,
                "  step 4 of 22; state replayed with reducer counter",
                "~ count: 3 → 8",
                "seq 4  incrementBy",
                "{",
                #"  "incrementBy": {"#,
                #"    "n": 5"#,
                "  }",
                "}",
                "seq 0/22  (initial state)",
                "seq 0/22  (initial state)",
                "  before step 1 of 22; initial state from the file's header",
                "(no change: this is the initial state)",
                "(no action: this is the initial state)",
            ])
    }

    @Test func movesClampAtBothEndsWithANote() {
        let run = StepRun([fixture("counter.jsonl")], input: "back\nn 20\nnext 5\nnext\nlast\nb 30\n")
        #expect(
            run.lines == [
                "already at the initial state (seq 0)",
                #"seq 20/22  increment  {"increment":{}}"#,
                "  ~ count: 2 → 3",
                "stopped at the last step",
                #"seq 22/22  decrement  {"decrement":{}}"#,
                "  ~ count: 4 → 3",
                "already at the last step (seq 22)",
                "already at the last step (seq 22)",
                "stopped at the initial state",
                "seq 0/22  (initial state)",
            ])
    }

    /// A count too large for an integer goes to the end, as a large one does: it used to be
    /// refused as not a positive number.
    @Test func aHugeCountClampsLikeALargeOne() {
        let run = StepRun([fixture("counter.jsonl")], input: "n 99999999999999999999\nb +99999999999999999999\n")
        #expect(
            run.lines == [
                "stopped at the last step",
                #"seq 22/22  decrement  {"decrement":{}}"#,
                "  ~ count: 4 → 3",
                "stopped at the initial state",
                "seq 0/22  (initial state)",
            ])
        #expect(run.code == 0)
    }

    @Test func findMovesToTheNextMatchingStepAndSaysWhenThereIsNone() {
        let run = StepRun(
            [fixture("counter.jsonl")], input: "find reset\nfind reset\nfind reset\nf \"n\":42\nwhere\n")
        #expect(run.code == 1, "the third 'find reset' found nothing")
        #expect(
            run.lines == [
                #"seq 8/22  reset  {"reset":{}}"#,
                "  ~ count: 6 → 0",
                #"seq 15/22  reset  {"reset":{}}"#,
                "  ~ count: 13 → 0",
                #"seq 16/22  incrementBy  {"incrementBy":{"n":42}}"#,
                "  ~ count: 0 → 42",
                #"seq 16/22  incrementBy  {"incrementBy":{"n":42}}"#,
                "  step 16 of 22; state replayed with reducer counter",
            ])
        #expect(run.err == "error: line 3: no step after seq 15 has \"reset\" in its type or action\n")
    }

    @Test func statePathPrintsTheValueOnly() {
        let run = StepRun(
            [fixture("todos.jsonl")], input: "goto 5\np categories[id=4].items[0].title\nstate nextID\n")
        #expect(Array(run.lines.suffix(2)) == [#""Write the release notes""#, "7"])
    }

    static let failures: [StepFailureCase] = [
        StepFailureCase(
            line: "frobnicate", message: "unknown command 'frobnicate': type 'help' for the list of commands"),
        StepFailureCase(
            line: "goto 99",
            message: "no step with seq 99: expected 0 (the initial state) or a seq from 1 to 22", code: 64),
        StepFailureCase(
            line: "goto", message: "'goto' expects a seq (0 for the initial state), found nothing"),
        StepFailureCase(line: "g five", message: "'g' expects a seq (0 for the initial state), found 'five'"),
        StepFailureCase(line: "next 0", message: "'next' expects a positive number of steps, found '0'"),
        StepFailureCase(line: "n 00", message: "'n' expects a positive number of steps, found '00'"),
        StepFailureCase(line: "n 1x", message: "'n' expects a positive number of steps, found '1x'"),
        StepFailureCase(line: "b -2", message: "'b' expects a positive number of steps, found '-2'"),
        StepFailureCase(line: "diff 3", message: "'diff' takes no argument, found '3'"),
        StepFailureCase(line: "find", message: "'find' expects the text to look for"),
        StepFailureCase(
            line: "state cart.total", message: "cart.total: not present in the state after seq 5"),
        StepFailureCase(
            line: "state count[",
            message: #"invalid path 'count[': expected an index, a quoted key or "id=" at column 7"#),
        StepFailureCase(line: "watch", message: "'watch' expects one or more paths, such as cart.total"),
        StepFailureCase(
            line: "watch count cart..x",
            message: #"invalid path 'cart..x': expected a key or "[" at column 6"#),
        StepFailureCase(line: "break", message: "'break' expects a predicate, such as cart.total > 50"),
        StepFailureCase(
            line: "break count >",
            message: #"invalid predicate 'count >': expected a path or a JSON value after ">" at column 8"#),
        StepFailureCase(
            line: "break true == true",
            message: "invalid predicate 'true == true': expected a path of the state: with values alone it holds at every step or at none at column 1"),
        StepFailureCase(
            line: "c", message: "no watchpoints or breakpoints: set one with 'watch PATH' or 'break PREDICATE'"),
        StepFailureCase(
            line: "rc", message: "no watchpoints or breakpoints: set one with 'watch PATH' or 'break PREDICATE'"),
        StepFailureCase(line: "unwatch", message: "no watchpoints are set"),
        StepFailureCase(line: "unbreak 1", message: "no breakpoints are set"),
        StepFailureCase(line: "delete", message: "no watchpoints or breakpoints are set"),
        StepFailureCase(
            line: "delete one", message: "'delete' expects watchpoint or breakpoint numbers, found 'one'"),
        StepFailureCase(line: "info frames", message: "'info' expects nothing or 'watch', found 'frames'"),
        StepFailureCase(line: "continue 2", message: "'continue' takes no argument, found '2'"),
    ]

    @Test(arguments: failures)
    func aBadLineIsAnErrorInsideTheSession(_ test: StepFailureCase) {
        let text = StepRun([fixture("counter.jsonl"), "--at", "5"], input: test.line + "\nwhere\n")
        // The session goes on, and the script's exit status says a command failed.
        #expect(text.code == test.code)
        #expect(text.err == "error: line 1: \(test.message)\n")
        #expect(text.lines.first == #"seq 5/22  decrement  {"decrement":{}}"#)
        let json = StepRun([fixture("counter.jsonl"), "--at", "5", "--json"], input: test.line + "\n")
        #expect(json.code == test.code)
        #expect(json.err == "")
        #expect(json.lines == [JSONValue.object(JSONObject([("error", .string(test.message)), ("line", 1)])).compactText])
    }

    /// A script's failed command names its line, counting comments and blank lines as the
    /// file does: a script of fifty commands said only what failed, not where. A session at
    /// a terminal names none.
    @Test func aScriptsErrorNamesItsLine() {
        let counter = fixture("counter.jsonl")
        let script = "# go far\n\ngoto 3\ngoto 99\nstate count\n"
        #expect(
            StepRun([counter], input: script).err
                == "error: line 4: no step with seq 99: expected 0 (the initial state) or a seq from 1 to 22\n")
        #expect(
            StepRun([counter, "--json"], input: script).lines[1]
                == #"{"error":"no step with seq 99: expected 0 (the initial state) or a seq from 1 to 22","line":4}"#)
        let terminal = StepRun([counter], input: "goto 99\nquit\n", terminal: true)
        #expect(terminal.err.contains("error: no step with seq 99"), "\(terminal.err)")
    }

    @Test func anInteractiveSessionEndsWithSuccessAfterAFailedCommand() {
        let run = StepRun([fixture("counter.jsonl")], input: "nope\nnext\nquit\n", terminal: true)
        #expect(run.err.contains("unknown command"))
        #expect(run.code == 0)
    }

    @Test func aScriptWhoseCommandsAllSucceedExitsWithSuccess() {
        let run = StepRun([fixture("counter.jsonl")], input: "next 3\nback\nstate count\nlast\n")
        #expect(run.err == "")
        #expect(run.code == 0)
    }

    @Test func helpListsTheCommands() {
        let run = StepRun([fixture("counter.jsonl")], input: "help\n")
        #expect(
            run.lines.first == "Commands (one per line; on a terminal an empty line repeats the last one):")
        #expect(run.lines.contains("  next, n [N]             Forward one step, or N."))
        #expect(
            run.lines.contains(
                "  state, p, print [PATH]  The state here, or the value at PATH (e.g. cart.items[id=3]; cart.items.count is a size)."))
        #expect(
            run.lines.contains(
                "  continue, c             Forward to the next step that changes a watched path or where a breakpoint holds."
            ))
        #expect(run.lines.last == "  quit, q, exit           End the session (so does the end of input).")
        #expect(!run.out.contains("vailable"))
    }

    // MARK: --json

    @Test func jsonAnswersEveryCommandWithOneLine() {
        let run = StepRun(
            [fixture("counter.jsonl"), "--json"],
            input: "goto 5\nstate\nstate count\nfirst\nback\naction\nnope\nquit\nnext\n")
        #expect(run.code == 1, "'nope' failed")
        #expect(run.err == "")
        #expect(
            run.lines == [
                #"{"seq":5,"type":"decrement","action":{"decrement":{}},"position":5,"count":22,"source":"recorded","changes":[{"path":"count","kind":"changed","old":8,"new":7}]}"#,
                #"{"seq":5,"state":{"count":7}}"#,
                #"{"seq":5,"path":"count","value":7}"#,
                #"{"seq":0,"type":null,"action":null,"position":0,"count":22,"source":"header","changes":[]}"#,
                #"{"seq":0,"type":null,"action":null,"position":0,"count":22,"source":"header","changes":[],"note":"already at the initial state"}"#,
                #"{"seq":0,"type":null,"action":null,"position":0,"count":22,"source":"header","changes":[]}"#,
                #"{"error":"unknown command 'nope': type 'help' for the list of commands","line":7}"#,
                #"{"quit":true}"#,
            ])
    }

    @Test func jsonHelpIsTheCommandTable() throws {
        let run = StepRun([fixture("counter.jsonl"), "--json"], input: "help\n")
        let commands = try #require(try JSONParser.parse(run.out)["commands"]?.arrayValue)
        #expect(commands.count == StepCommandParser.verbs.count)
        #expect(
            commands.first?.compactText
                == #"{"name":"next","aliases":["n"],"argument":"[N]","help":"Forward one step, or N.","available":true}"#
        )
    }

    // MARK: Terminal and script input

    @Test func onATerminalThereIsABannerAPromptAndAnEmptyLineRepeats() {
        let file = fixture("counter.jsonl")
        let run = StepRun([file, "--at", "2"], input: "next\n\n\nquit\n", terminal: true)
        let prompt = "(redux-inspect) "
        #expect(
            run.out == """
                redux-inspect step: \(file): 22 steps (seq 1…22), reducer counter
                Type 'help' for the commands, 'quit' to leave; an empty line repeats the last command.
                seq 2/22  increment  {"increment":{}}
                  step 2 of 22; state replayed with reducer counter
                \(prompt)seq 3/22  increment  {"increment":{}}
                  ~ count: 2 → 3
                \(prompt)seq 4/22  incrementBy  {"incrementBy":{"n":5}}
                  ~ count: 3 → 8
                \(prompt)seq 5/22  decrement  {"decrement":{}}
                  ~ count: 8 → 7
                \(prompt)
                """)
    }

    /// An app's own inspector shows its own name in the prompt, as gdb does.
    @Test func thePromptNamesTheInspector() {
        let mine = Inspector(reducers: Inspector.examples.reducers, program: "my-inspector")
        let run = StepRun([fixture("counter.jsonl")], input: "next\nquit\n", terminal: true, inspector: mine)
        #expect(run.out.hasPrefix("my-inspector step: "), "\(run.out)")
        #expect(run.out.contains("\n(my-inspector) seq 1/22"), "\(run.out)")
        #expect(!run.out.contains("(redux-inspect)"), "\(run.out)")
    }

    /// Answers go to standard output, the prompt and banner to the terminal: `step --json >
    /// transcript` typed at a terminal used to interleave prompts with the JSON lines.
    @Test func withOutputToAFileThePromptAndBannerGoToTheTerminalOnStandardError() {
        let file = fixture("counter.jsonl")
        let json = StepRun(
            [file, "--json"], input: "n\nquit\n", terminal: true, outputIsTerminal: false, errorIsTerminal: true)
        #expect(json.lines.count == 2)
        #expect(json.lines.allSatisfy { $0.hasPrefix("{") }, "\(json.out)")
        #expect(json.err == "(redux-inspect) (redux-inspect) ")
        // Where the session starts goes with the banner, as no command asked for it; the
        // output holds only the answers, as with --json.
        let text = StepRun([file], input: "n\nquit\n", terminal: true, outputIsTerminal: false, errorIsTerminal: true)
        #expect(text.lines == [#"seq 1/22  increment  {"increment":{}}"#, "  ~ count: 0 → 1"])
        #expect(text.err.hasPrefix("redux-inspect step: \(file): 22 steps"))
        #expect(
            text.err.contains(
                "seq 0/22  (initial state)\n  before step 1 of 22; initial state from the file's header\n(redux-inspect) "),
            "\(text.err)")
        #expect(text.err.hasSuffix("(redux-inspect) "))
        // Neither a terminal: no prompt anywhere.
        let none = StepRun([file, "--json"], input: "quit\n", terminal: true, outputIsTerminal: false)
        #expect(none.out == #"{"quit":true}"# + "\n" && none.err == "")
    }

    @Test func onATerminalTheEndOfInputEndsTheLine() {
        let run = StepRun([fixture("counter.jsonl"), "--json"], input: "", terminal: true)
        #expect(run.code == 0)
        #expect(run.out == "(redux-inspect) \n")
    }

    @Test func fromAScriptEmptyLinesAndCommentsAreIgnoredAndTheEndOfInputQuits() {
        let run = StepRun([fixture("counter.jsonl")], input: "# go somewhere\nnext\n\n   \n  next  \n")
        #expect(run.code == 0)
        #expect(
            run.lines == [
                #"seq 1/22  increment  {"increment":{}}"#, "  ~ count: 0 → 1",
                #"seq 2/22  increment  {"increment":{}}"#, "  ~ count: 1 → 2",
            ])
    }

    @Test func aMoveShowsAtMostTenChanges() throws {
        let initial = #"{"format":"redux-inspect","version":1,"initialState":{}}"#
        let members = (1...12).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let path = try temporaryRecording([
            initial, #"{"seq":1,"type":"load","action":{"load":{}},"state":{\#(members)}}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = StepRun([path], input: "next\ndiff\n")
        #expect(run.lines.count == 1 + 10 + 1 + 12)
        #expect(run.lines[11] == "  … 2 more changes: type 'diff' to see them all")
        #expect(run.lines.last == "+ k12: 12")
    }

    // MARK: Errors that end the session

    @Test func aSeqAtStartThatDoesNotExistIsAUsageError() {
        let run = StepRun([fixture("counter.jsonl"), "--at", "99"], input: "state\n")
        #expect(run.code == 64)
        #expect(run.out == "")
        #expect(run.err.contains("no step with seq 99"))
    }

    @Test func aMissingFileExits66() {
        let run = StepRun([fixture("no-such-file.jsonl")], input: "state\n")
        #expect(run.code == 66)
    }

    @Test func aMalformedRecordingExits65() throws {
        let broken = try temporaryRecording([
            #"{"seq":1,"type":"a","action":{"a":{}},"state":{}}"#, #"{"seq":2,,}"#, "{}",
        ])
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let bad = StepRun([broken], input: "next\n")
        #expect(bad.code == 65)
        #expect(bad.err.contains(":2:"))
    }

    @Test(arguments: ["counter.jsonl", "todos.jsonl"])
    func aRecordingThatNeedsAMissingReducerFailsBeforeTheSession(_ name: String) {
        let run = StepRun([fixture(name)], input: "state\n", inspector: Inspector(reducers: []))
        #expect(run.code == 64)
        #expect(run.out == "")
        #expect(run.err.contains("names reducer \"\(name.dropLast(6))\", which this inspector does not have"))
    }

    @Test func aRecordingWithEveryStateNeedsNoReducerAndItsControlCharactersAreEscaped() throws {
        let path = try temporaryRecording([
            #"{"format":"redux-inspect","version":1,"reducer":"unknown","initialState":{"note":""}}"#,
            #"{"seq":1,"type":"say\u001b[31m","action":{"say":"\u001b[2J"},"state":{"note":"\u001b[2J"}}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = StepRun([path], input: "next\naction\nstate\nwhere\n", inspector: Inspector(reducers: []))
        #expect(run.code == 0)
        #expect(!run.out.contains("\u{1B}"))
        #expect(
            run.lines == [
                #"seq 1/1  say\u{1B}[31m  {"say":"\u001b[2J"}"#,
                #"  ~ note: "" → "\u001b[2J""#,
                #"seq 1  say\u{1B}[31m"#,
                "{",
                #"  "say": "\u001b[2J""#,
                "}",
                "{",
                #"  "note": "\u001b[2J""#,
                "}",
                #"seq 1/1  say\u{1B}[31m  {"say":"\u001b[2J"}"#,
                "  step 1 of 1; state recorded in the file",
            ])
    }
}
