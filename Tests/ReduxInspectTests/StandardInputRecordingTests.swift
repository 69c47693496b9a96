import Foundation
import Testing

@testable import ReduxInspect

/// A recording given as `-` is read from standard input, and named `<stdin>` in messages.
@Suite struct StandardInputRecordingTests {
    static func fixtureText(_ name: String) throws -> String {
        try String(
            contentsOf: CLITestSupport.packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(name),
            encoding: .utf8)
    }

    @Test func commandsReadTheSameRecordingFromStandardInput() throws {
        let text = try Self.fixtureText("shop.jsonl")
        let file = CLITestSupport.packageRoot.appendingPathComponent("Fixtures/shop.jsonl").path
        for arguments in [["diff", "13"], ["show", "--at", "5", "--path", "cart"], ["replay"], ["log"]] {
            let fromFile = CLITestSupport.run([arguments[0], file] + arguments.dropFirst())
            let fromInput = CLITestSupport.run([arguments[0], "-"] + arguments.dropFirst(), input: text)
            #expect(fromInput.code == 0, "\(arguments)")
            #expect(fromInput.out == fromFile.out.replacingOccurrences(of: file, with: "<stdin>"), "\(arguments)")
        }
    }

    @Test func checkNamesStandardInputStdin() throws {
        let run = CLITestSupport.run(["check", "-"], input: try Self.fixtureText("todos.jsonl"))
        #expect(run.code == 0)
        #expect(run.out.hasPrefix("<stdin>: ok: 21 steps"))
    }

    @Test func aMalformedRecordingOnStandardInputIsNamedStdin() {
        let run = CLITestSupport.run(["check", "-"], input: "{\"seq\":1,\"action\":{}}\n{\"seq\":2,\n")
        #expect(run.code == 65)
        #expect(run.err.hasPrefix("Error: <stdin>:"))
    }

    @Test func stepAndVerifyRefuseStandardInput() {
        let step = CLITestSupport.run(["step", "-"])
        #expect(step.code == 64)
        #expect(step.err.contains("step reads its commands from standard input"))
        let verify = CLITestSupport.run(["verify", "-"])
        #expect(verify.code == 64)
        #expect(verify.err.contains("not from standard input"))
    }
}

/// `log` keeps to one short line per action unless asked for `--full`.
@Suite struct LogLongActionTests {
    @Test func aLongActionIsCutUnlessFullIsGiven() throws {
        let directory = try CLITemporaryDirectory()
        let long = String(repeating: "x", count: 500)
        let file = try directory.file("long.jsonl", lines: [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
            #"{"seq":1,"type":"note","action":{"note":{"text":"\#(long)"}}}"#,
        ])
        let cut = CLITestSupport.run(["log", file])
        #expect(cut.code == 0)
        #expect(cut.outLines.count == 1)
        #expect(cut.outLines[0].hasSuffix("…"))
        #expect(cut.outLines[0].count < 140)
        let full = CLITestSupport.run(["log", file, "--full"])
        #expect(full.outLines == [#"    1  note  {"note":{"text":"\#(long)"}}"#])
        // --grep still looks at the whole action.
        #expect(CLITestSupport.run(["log", file, "--grep", long + "\""]).outLines.count == 1)
    }
}
