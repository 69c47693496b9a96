import Foundation
import Testing

/// What every run of the inspector on bad input must look like, whatever the input: no crash
/// output, no raw control character, and (for a rejected file) one line on standard error.
enum BadInputExpect {
    /// The commands every bad file is run through. `step` reads a small script, which moves
    /// to the end and back, so that it reads every entry.
    static let commands: [Command] = [
        Command(name: "check"),
        Command(name: "replay"),
        Command(name: "diff"),
        Command(name: "step", input: "next\nlast\ndiff\nstate\nfirst\nquit\n"),
        Command(name: "verify"),
    ]

    /// A subcommand run on one file, with what standard input holds.
    struct Command: Sendable {
        let name: String
        var input = ""

        func arguments(_ path: String) -> [String] { [name, path] }
    }

    /// A generous guard against a hang, not a performance assertion.
    static let hangGuard: Duration = .seconds(10)

    /// Scalars that must never reach a terminal raw: C0 but the line feed, DEL, and C1.
    static func rawControlCharacters(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F..<0xA0).contains(scalar.value)
        }
    }

    /// Expects output that is safe for a terminal and shows no crash.
    static func clean(
        _ out: String, _ err: String, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (name, text) in [("stdout", out), ("stderr", err)] {
            let raw = rawControlCharacters(in: text)
            #expect(
                raw.isEmpty, "\(label): raw control characters \(raw.map { String($0.value, radix: 16) }) on \(name)",
                sourceLocation: sourceLocation)
            for crash in ["Fatal error", "Stack dump", "Current stack trace"] {
                #expect(!text.contains(crash), "\(label): \(name) shows a crash: \(text.prefix(500))", sourceLocation: sourceLocation)
            }
        }
    }

    /// The lines of standard error that are not warnings.
    static func errorLines(_ err: String) -> [Substring] {
        err.split(separator: "\n", omittingEmptySubsequences: false).dropLast().filter { !$0.hasPrefix("warning: ") }
    }

    /// Expects the outcome of a rejected file: `code`, and standard error exactly one line,
    /// `Error: <path><message>`.
    static func rejected(
        _ code: Int32, out: String, err: String, expectedCode: Int32, path: String, message: String, label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(code == expectedCode, "\(label): exit \(code), expected \(expectedCode)\n\(err)", sourceLocation: sourceLocation)
        #expect(
            err == "Error: \(path)\(message)\n", "\(label): standard error is not the one expected line",
            sourceLocation: sourceLocation)
        clean(out, err, label, sourceLocation: sourceLocation)
    }

    /// ``rejected(_:out:err:expectedCode:path:message:label:sourceLocation:)`` for a `step`
    /// session: a recording that cannot be opened is one `Error:` line, as for any command;
    /// a line the session meets later fails each command that needs it, with `error:` and the
    /// same message, and the session goes on to exit with the same code.
    static func rejectedBySession(
        _ code: Int32, out: String, err: String, expectedCode: Int32, path: String, message: String, label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let lines = err.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard err != "Error: \(path)\(message)\n" else {
            rejected(
                code, out: out, err: err, expectedCode: expectedCode, path: path, message: message, label: label,
                sourceLocation: sourceLocation)
            return
        }
        #expect(code == expectedCode, "\(label): exit \(code), expected \(expectedCode)\n\(err)", sourceLocation: sourceLocation)
        #expect(
            !lines.isEmpty && lines.allSatisfy { withoutScriptLine($0) == "error: \(path)\(message)" },
            "\(label): standard error is not the expected line, once per failed command:\n\(err)",
            sourceLocation: sourceLocation)
        clean(out, err, label, sourceLocation: sourceLocation)
    }

    /// A `step` script's error line without the script line it names: `error: line 3: …` is
    /// `error: …`; `nil` when it names none.
    static func withoutScriptLine(_ line: some StringProtocol) -> String? {
        guard line.hasPrefix("error: line ") else { return nil }
        let rest = line.dropFirst("error: line ".count).drop { $0.isASCII && $0.isNumber }
        guard rest.hasPrefix(": ") else { return nil }
        return "error: " + rest.dropFirst(2)
    }

    /// Runs `body`, expecting it to finish within ``hangGuard``.
    static func timed<Result>(_ label: String, _ body: () throws -> Result) rethrows -> Result {
        let start = ContinuousClock.now
        let result = try body()
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < hangGuard, "\(label) took \(elapsed)")
        return result
    }
}
