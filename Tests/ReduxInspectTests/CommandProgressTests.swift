import ExampleInspector
import Foundation
import Testing

@testable import ReduxInspect

/// The progress line of `diff --path`, `check`, `verify` of one file and `step`'s `find`, which go through every
/// step of a recording and may print nothing for seconds: on standard error when it is a
/// terminal, taken away before anything is printed and at the end, and nowhere otherwise.
@Suite struct CommandProgressTests {
    /// What a command wrote to standard output and error, in the order it wrote them.
    struct Run {
        let code: Int32
        /// Both streams, as they interleave on a terminal.
        let text: String
        /// Standard output alone.
        let output: String
    }

    /// Runs `arguments` with standard error on a terminal that shows the progress line at
    /// once (``CLIContext/progressDelay`` 0), without colours, and standard output sent
    /// elsewhere, so that both are what they are off a terminal but for the line.
    static func run(_ arguments: [String], input: String = "") -> Run {
        let both = StringSink()
        let output = TeeSink(both)
        var lines = input.split(separator: "\n").map(String.init)
        let context = CLIContext(
            output: output, error: both,
            readLine: { lines.isEmpty ? nil : lines.removeFirst() },
            outputIsTerminal: false, errorIsTerminal: true, inputIsTerminal: false,
            environment: ["NO_COLOR": "1"])
        context.progressDelay = 0
        let code = Inspector.examples.run(arguments, context: context)
        return Run(code: code, text: both.text, output: output.own.text)
    }

    /// Standard output written, and standard error too, to a sink both share.
    final class TeeSink: TextSink {
        let shared: StringSink
        let own = StringSink()
        init(_ shared: StringSink) { self.shared = shared }
        func write(_ text: String) {
            shared.write(text)
            own.write(text)
        }
    }

    /// Checks `text`, both streams in order: it starts with `label`'s line at step 1 of
    /// `total`, every line is taken away before anything else is written and at the end,
    /// and what is left once the lines are taken out is `rest`.
    static func expectLines(
        in text: String, label: String, total: Int, rest: String, normalizing normal: (String) -> String = { $0 }
    ) {
        let bytes = Array(text.utf8)
        let erase = Array("\u{1B}[K".utf8)
        var shown = false
        var left: [UInt8] = []
        var lines = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\r"),
                let end = (index..<bytes.count).first(where: { bytes[$0...].starts(with: erase) })
            else {
                #expect(!shown, "written over the line: \(String(decoding: bytes[index...], as: UTF8.self))")
                left.append(bytes[index])
                index += 1
                continue
            }
            let line = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            if line.isEmpty {
                shown = false
            } else {
                #expect(line.hasPrefix("\(label): step ") && line.hasSuffix(" of \(total)…"), "\(line)")
                if lines == 0 { #expect(line == "\(label): step 1 of \(total)…") }
                lines += 1
                shown = true
            }
            index = end + erase.count
        }
        #expect(lines > 0)
        #expect(!shown, "the line is left at the end")
        #expect(normal(String(decoding: left, as: UTF8.self)) == normal(rest))
    }

    /// `a` changes at two steps of 3,000, and `b` at every one.
    static func quietRecording(in directory: CLITemporaryDirectory) throws -> String {
        var lines = [#"{"format":"redux-inspect","version":1,"reducer":"none","initialState":{"a":0,"b":0}}"#]
        for seq in 1...3_000 {
            let a = seq < 1_500 ? 0 : seq < 2_999 ? 1 : 2
            lines.append(#"{"seq":\#(seq),"type":"t","action":{"t":{}},"state":{"a":\#(a),"b":\#(seq)}}"#)
        }
        return try directory.file("quiet.jsonl", lines: lines)
    }

    @Test func diffUnderAPathShowsItsRunAndTakesItAwayToPrint() throws {
        let directory = try CLITemporaryDirectory()
        let file = try Self.quietRecording(in: directory)
        let arguments = ["diff", file, "--path", "a"]
        let piped = CLITestSupport.run(arguments)
        #expect(
            piped.out == "@@ seq 1500 t @@\n~ a: 0 → 1\n@@ seq 2999 t @@\n~ a: 1 → 2\n" && piped.err.isEmpty)
        let run = Self.run(arguments)
        #expect(run.code == 0 && run.output == piped.out)
        Self.expectLines(in: run.text, label: "diff", total: 3_000, rest: piped.out)

        // Replayed states, printing nothing at all.
        let replayed = Self.run(
            ["diff", "-", "--path", "nosuch"], input: DecodeAheadTests.text(states: false))
        #expect(replayed.code == 0 && replayed.output.isEmpty)
        // Nothing but the warning that no state has a value there, after the line is gone.
        Self.expectLines(
            in: replayed.text, label: "diff", total: DecodeAheadTests.steps,
            rest: "warning: no state diffed has a value at nosuch\n")
    }

    @Test func checkShowsItsReplayAndTakesItAwayToPrint() throws {
        let text = DecodeAheadTests.text(states: false)
        let piped = CLITestSupport.run(["check", "-"], input: text)
        #expect(piped.code == 0 && piped.out.hasPrefix("<stdin>: ok: 10000 steps"))
        let run = Self.run(["check", "-"], input: text)
        #expect(run.code == 0 && run.output == piped.out)
        Self.expectLines(in: run.text, label: "check", total: DecodeAheadTests.steps, rest: piped.out)
    }

    @Test func aFailingCheckTakesItsLineAwayBeforeTheError() throws {
        let broken = [
            6_000: #"{"seq":6000,"time":"2026-11-22T10:00:00.000Z","type":"t","action":{"explode":{}}}"#
        ]
        let text = DecodeAheadTests.text(states: false, odd: broken)
        let piped = CLITestSupport.run(["check", "-"], input: text)
        #expect(piped.code == 65)
        let run = Self.run(["check", "-"], input: text)
        #expect(run.code == 65)
        Self.expectLines(in: run.text, label: "check", total: DecodeAheadTests.steps, rest: piped.err)
    }

    /// A single recording shows its steps (a folder of them, the files done).
    @Test func verifyOfOneFileShowsItsStepsAndTakesThemAwayToReport() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("long.jsonl", DecodeAheadTests.text(states: true))
        let piped = CLITestSupport.run(["verify", file])
        // Its state after seq 7000 is off by one: the replay stops there.
        #expect(piped.code == 1 && piped.out.contains("0 passed, 1 failed"), "\(piped)")
        let run = Self.run(["verify", file])
        // The time it took is the only difference.
        let untimed = { (text: String) in text.replacingOccurrences(of: #"in [0-9.]+ s"#, with: "in _ s", options: .regularExpression) }
        #expect(run.code == 1 && untimed(run.output) == untimed(piped.out))
        Self.expectLines(in: run.text, label: "verify", total: DecodeAheadTests.steps, rest: piped.out, normalizing: untimed)
    }

    @Test func stepsFindShowsItsSearchAndTakesItAwayToAnswer() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("long.jsonl", DecodeAheadTests.text(states: false))
        let input = "find nosuch\nfind incrementBy\nquit\n"
        let piped = CLITestSupport.run(["step", file], input: input)
        #expect(piped.code == 1 && piped.err.contains(#"no step after seq 0 has "nosuch""#))
        let run = Self.run(["step", file], input: input)
        #expect(run.code == 1 && run.output == piped.out)
        Self.expectLines(
            in: run.text, label: "find", total: DecodeAheadTests.steps, rest: piped.err + piped.out)
    }

    /// Off a terminal, none of them writes anything to standard error.
    @Test func offATerminalNothingIsShown() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("long.jsonl", DecodeAheadTests.text(states: false))
        for (arguments, input) in [
            (["diff", file, "--path", "nosuch"], ""), (["check", file], ""),
            (["step", file], "find nosuch\nquit\n"), (["verify", file], ""),
        ] {
            let context = CLIContext.capturing(input: input)
            context.progressDelay = 0
            _ = Inspector.examples.run(arguments, context: context)
            let error = (context.error as! StringSink).text
            #expect(!error.contains("step 1 of") && !error.contains("\r"), "\(arguments)")
        }
    }
}
