import Foundation
import Testing

@testable import ReduxInspect

/// Bad recordings exit 65 (66 for a missing or unreadable file) with one line naming the file,
/// line and column; a truncated last line is only a warning.
@Suite struct CLIBadRecordingTests {
    typealias Support = CLITestSupport

    /// Runs `arguments` (with `{}` standing for the file) on a recording with `text`.
    static func run(_ text: String, _ arguments: [String] = ["log", "{}"]) throws -> (CLIResult, String) {
        let directory = try CLITemporaryDirectory()
        let path = try directory.file("recording.jsonl", text)
        return (Support.run(arguments.map { $0 == "{}" ? path : $0 }), path)
    }

    /// Expects exit 65 and exactly one line on standard error: `Error: <message>`.
    static func expectOneLineError(_ result: CLIResult, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.code == 65, "\(result)", sourceLocation: sourceLocation)
        #expect(result.err == "Error: \(message)\n", sourceLocation: sourceLocation)
    }

    @Test func missingFile() throws {
        let directory = try CLITemporaryDirectory()
        let path = directory.path("missing.jsonl")
        for command in ["replay", "diff", "step", "log", "check"] {
            let result = Support.run([command, path])
            #expect(result.code == 66, "\(command)")
            #expect(result.out == "")
            #expect(result.err == "Error: \(path): no such file\n", "\(command)")
        }
        #expect(Support.run(["show", path, "--at", "1"]).code == 66)
    }

    @Test func directory() throws {
        let directory = try CLITemporaryDirectory()
        let result = Support.run(["replay", directory.url.path])
        #expect(result.code == 66)
        #expect(result.err == "Error: \(directory.url.path): is a directory, not a recording file\n")
    }

    @Test func invalidJSONLine() throws {
        let (result, path) = try Self.run(
            #"""
            {"seq":1,"action":{"increment":{}}}
            {"seq":2,"action":{"increment":{}},}

            """#)
        Self.expectOneLineError(result, "\(path):2:35: trailing comma is not allowed (seq 2)")
        #expect(result.out == "")
    }

    @Test func invalidValueInsideAnEntryIsFoundWhenRead() throws {
        let (result, path) = try Self.run(
            #"""
            {"seq":1,"action":{"increment":{}}}
            {"seq":2,"action":{"a":tru}}

            """#)
        #expect(result.out == "    1  increment  {\"increment\":{}}\n")
        Self.expectOneLineError(result, "\(path):2:24: invalid literal, expected 'true' (seq 2)")
    }

    @Test func invalidUTF8() throws {
        let directory = try CLITemporaryDirectory()
        let path = directory.path("recording.jsonl")
        let bytes: [UInt8] = Array(#"{"seq":1,"action":{"a":""#.utf8) + [0xFF] + Array(#""}}"#.utf8) + [0x0A]
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        Self.expectOneLineError(Support.run(["log", path]), "\(path):1:25: invalid UTF-8 byte 0xff (seq 1)")
    }

    @Test func nestingTooDeep() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let (result, path) = try Self.run(#"{"seq":1,"action":"# + deep + "}\n")
        Self.expectOneLineError(result, "\(path):1:530: nesting deeper than 512 levels (seq 1)")
    }

    @Test func emptyFile() throws {
        let (result, path) = try Self.run("")
        Self.expectOneLineError(result, "\(path):1:1: empty file: expected a recording")
    }

    @Test func onlyBlankLines() throws {
        let (result, path) = try Self.run("\n  \n\n")
        Self.expectOneLineError(result, #"\#(path):1:1: no entries: expected at least one line with an "action""#)
    }

    /// An app killed while its header was written leaves one line cut short: that line is
    /// what the error names, not a missing entry at 1:1.
    @Test func onlyAHeaderCutShort() throws {
        let (result, path) = try Self.run("\n" + #"{"format":"redux-inspect","vers"#)
        Self.expectOneLineError(
            result,
            "\(path):2:27: no entries: the only line is cut short (unterminated string); a crash while recording leaves this")
    }

    @Test func unknownVersion() throws {
        let (result, path) = try Self.run(
            #"""
            {"format":"redux-inspect","version":2,"reducer":"counter"}
            {"seq":1,"action":{"increment":{}}}

            """#)
        Self.expectOneLineError(result, "\(path):1:37: unsupported recording version 2: this inspector reads version 1")
    }

    @Test func notAnObject() throws {
        let (result, path) = try Self.run("[1,2]\n")
        Self.expectOneLineError(result, "\(path):1:1: expected a JSON object on every line, found an array")
    }

    @Test func unknownLineShape() throws {
        let (result, path) = try Self.run(#"{"foo":1}"# + "\n")
        Self.expectOneLineError(
            result, #"\#(path):1:1: expected an entry with an "action", a header, or a "gap" or "end" marker"#)
    }

    @Test func seqNotAnInteger() throws {
        let (result, path) = try Self.run(#"{"seq":"x","action":{}}"# + "\n")
        Self.expectOneLineError(result, #"\#(path):1:8: expected "seq" to be a positive integer of at most 18 digits"#)
    }

    /// A recorded state that a jump starts from but the reducer cannot read is named by its
    /// line, seq and the column of the value that does not decode.
    @Test func undecodableRecordedStateNamesTheValuesColumn() throws {
        let (result, path) = try Self.run(
            #"""
            {"format":"redux-inspect","version":1,"reducer":"counter"}
            {"seq":1,"action":{"increment":{}},"state":{"count":1}}
            {"seq":2,"action":{"increment":{}},"state":{"count":"two"}}
            {"seq":3,"action":{"increment":{}}}

            """#, ["show", "{}", "--at", "3"])
        Self.expectOneLineError(
            result,
            #"\#(path):3:53: cannot decode the state as ReduxExamples.Counter.State: at count: expected Int, found a string ("two") (seq 2)"#)
    }

    @Test func undecodableActionNamesTheCodingPath() throws {
        let text = #"""
            {"format":"redux-inspect","version":1,"reducer":"counter"}
            {"seq":1,"action":{"increment":{}}}
            {"seq":2,"action":{"incrementBy":{"n":"x"}}}

            """#
        let (replay, path) = try Self.run(text, ["replay", "{}"])
        #expect(replay.out == "seq 1  increment  {\"increment\":{}}\n  ~ count: 0 → 1\n")
        let (check, checkPath) = try Self.run(text, ["check", "{}"])
        for (result, path) in [(replay, path), (check, checkPath)] {
            #expect(result.code == 65)
            #expect(result.err.hasPrefix("Error: \(path):3:39: cannot decode the action as ReduxExamples.Counter.Action: at incrementBy.n: expected Int"))
            #expect(result.err.hasSuffix(" (seq 2)\n"))
            #expect(result.err.filter { $0 == "\n" }.count == 1)
        }
        // Reading recorded values needs no decoding.
        let (log, _) = try Self.run(text)
        #expect(log.code == 0)
    }

    @Test func truncatedLastLineIsAWarning() throws {
        let text = #"""
            {"format":"redux-inspect","version":1,"reducer":"counter"}
            {"seq":1,"action":{"increment":{}}}
            {"seq":2,"act
            """#
        let (replay, path) = try Self.run(text, ["replay", "{}"])
        #expect(replay.code == 0)
        #expect(
            replay.err
                == "warning: \(path):3:10: truncated last line ignored (unterminated string); a crash while recording leaves this\n")
        #expect(
            replay.out == """
                seq 1  increment  {"increment":{}}
                  ~ count: 0 → 1
                1 step replayed with reducer counter; no recorded state to compare with

                """)
        let (strict, strictPath) = try Self.run(text, ["check", "{}", "--strict"])
        Self.expectOneLineError(strict, "\(strictPath):3:10: unterminated string (seq 2)")
    }
}
