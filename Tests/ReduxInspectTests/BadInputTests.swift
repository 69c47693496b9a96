import Foundation
import Testing

@testable import ReduxInspect

/// Every file of `Fixtures/bad/` through `check`, `replay`, `diff`, `step` and `verify`,
/// in-process: the documented exit code, exactly one line on standard error naming the file,
/// line and column and what was expected, no raw control character, and no hang.
@Suite struct BadInputTests {
    typealias Corpus = BadInputCorpus
    typealias Expect = BadInputExpect

    @Test func everyFileHasARowAndEveryRowAFile() {
        let rows = Set(Corpus.cases.map(\.file))
        #expect(rows.count == Corpus.cases.count, "a file has two rows in BadInputCorpus.cases")
        for file in Corpus.files where !rows.contains(file) {
            Issue.record(
                """
                Fixtures/bad/\(file) has no row in BadInputCorpus.cases (Tests/ReduxInspectTests/BadInputCorpus.swift): \
                add Case("\(file)", <exit code>, "<:line:column: message after the path>") and a row in \
                Fixtures/bad/README.md
                """)
        }
        for file in rows.subtracting(Corpus.files).sorted() {
            Issue.record("BadInputCorpus.cases has a row for \(file), which is not in Fixtures/bad/: remove the row")
        }
    }

    @Test func readmeListsEveryFileWithItsExitCode() throws {
        let listed = try Corpus.readmeExitCodes()
        for item in Corpus.cases {
            guard let code = listed[item.file] else {
                Issue.record("Fixtures/bad/README.md has no row for \(item.file): add | `\(item.file)` | what it breaks | \(item.exit) |")
                continue
            }
            #expect(code == item.exit, "Fixtures/bad/README.md says \(item.file) exits \(code), the tests say \(item.exit)")
        }
        for file in Set(listed.keys).subtracting(Corpus.cases.map(\.file)).sorted() {
            Issue.record("Fixtures/bad/README.md lists \(file), which the corpus does not have")
        }
    }

    /// The table itself: rejected files name a line and column; only `ok-…` files pass.
    @Test(arguments: Corpus.cases)
    func rowIsWellFormed(_ item: Corpus.Case) throws {
        #expect(item.isAccepted == item.file.hasPrefix("ok-"), "only files named ok-… are accepted")
        guard !item.isAccepted else { return }
        let message = try #require(item.message)
        #expect(message.contains(#/^:\d+:\d+: \S/#), "the message of \(item.file) has no line and column")
    }

    @Test(arguments: Corpus.cases)
    func everyCommandGivesTheDocumentedOutcome(_ item: Corpus.Case) {
        for command in Expect.commands {
            let label = "\(command.name) \(item.file)"
            let result = Expect.timed(label) {
                CLITestSupport.run(command.arguments(item.path), input: command.input)
            }
            if item.isAccepted {
                #expect(result.code == 0, "\(label): \(result)")
                #expect(Expect.errorLines(result.err).isEmpty, "\(label): only warnings are allowed: \(result.err)")
                Expect.clean(result.out, result.err, label)
            } else if command.name == "step" {
                Expect.rejectedBySession(
                    result.code, out: result.out, err: result.err, expectedCode: item.exit, path: item.path,
                    message: item.message ?? "", label: label)
            } else {
                Expect.rejected(
                    result.code, out: result.out, err: result.err, expectedCode: item.exit, path: item.path,
                    message: item.message ?? "", label: label)
            }
        }
    }

    @Test(arguments: Corpus.cases.filter(\.isAccepted))
    func acceptedFilesWarnAsDocumented(_ item: Corpus.Case) {
        let result = CLITestSupport.run(["check", item.path])
        #expect(result.code == 0)
        if let message = item.message {
            #expect(result.err.contains("warning: \(item.path)\(message)\n"), "\(result.err)")
        } else {
            #expect(result.err == "")
        }
        #expect(result.out.hasPrefix("\(item.path): ok: "))
    }

    @Test(arguments: Corpus.cases)
    func strictCheck(_ item: Corpus.Case) {
        let result = CLITestSupport.run(["check", item.path, "--strict"])
        let expected = item.strictExit ?? item.exit
        #expect(result.code == expected, "\(result)")
        if expected != 0 {
            #expect(Expect.errorLines(result.err).count == 1, "\(result.err)")
            #expect(result.err.contains(#/^Error: .*:\d+:\d+: /#), "\(result.err)")
        }
    }

    /// `verify` over the whole folder: one `Error:` line per rejected file, in file order, a
    /// `warning:` only for accepted files documented to warn, and the worst exit code.
    @Test func verifyOfTheFolderReportsEveryBadFile() {
        let result = Expect.timed("verify Fixtures/bad") {
            CLITestSupport.run(["verify", Corpus.directory.path])
        }
        #expect(result.code == 65)
        let rejected = Corpus.cases.filter { !$0.isAccepted }.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        // Accepted files may add `warning:` lines (a truncated last line), as in other commands.
        let errors = result.err.split(separator: "\n").filter { !$0.hasPrefix("warning: ") }.map { $0 + "\n" }.joined()
        #expect(errors == rejected.map { "Error: \($0.path)\($0.message ?? "")\n" }.joined())
        let warning = Corpus.cases.filter { $0.isAccepted && $0.message != nil }.map(\.file)
        #expect(!warning.isEmpty)
        for line in result.err.split(separator: "\n") where line.hasPrefix("warning: ") {
            #expect(warning.contains { line.contains("/\($0):") }, "\(line)")
        }
        #expect(result.outLines.last == "\(Corpus.cases.count - rejected.count) passed, 0 failed, \(rejected.count) errors")
        Expect.clean(result.out, result.err, "verify Fixtures/bad")
    }

    /// A state whose structure is broken is not seen while indexing (the index does not skim
    /// states) but by whatever reads it: every command that reaches step 2 of these files exits
    /// 65 with the same one line, and one that reads only other steps succeeds.
    @Test(arguments: Corpus.cases.filter { $0.file.hasPrefix("invalid-json-state-") })
    func stateErrorsAreReportedByEveryCommandThatReadsTheState(_ item: Corpus.Case) {
        let path = item.path
        let reading: [([String], String)] = [
            (["show", path, "--at", "2"], ""),
            (["log", path], ""),
            (["blame", path, "count"], ""),
            (["bisect", path, "--until", "count > 5"], ""),
            (["diff", path, "2"], ""),
            (["diff", path, "3", "--format", "json-patch"], ""),
            (["replay", path, "--states", "--format", "json"], ""),
            (["verify", path, "--reducer", "counter"], ""),
        ]
        for (arguments, input) in reading {
            let label = arguments.joined(separator: " ")
            let result = CLITestSupport.run(arguments, input: input)
            Expect.rejected(
                result.code, out: result.out, err: result.err, expectedCode: 65, path: path,
                message: item.message ?? "", label: label)
        }
        for arguments in [["show", path, "--at", "1"], ["show", path, "--at", "3"], ["diff", path, "1", "--path", "count"]] {
            let result = CLITestSupport.run(arguments)
            #expect(result.code == 0, "\(arguments.joined(separator: " ")): \(result)")
        }
        // A `step` session says so and goes on where it was; the script then exits 65 too.
        let text = CLITestSupport.run(["step", path], input: "goto 2\ngoto 1\nstate\nquit\n")
        #expect(text.code == 65, "\(text)")
        #expect(text.err == "error: line 1: \(path)\(item.message ?? "")\n", "\(text)")
        #expect(text.outLines.first?.hasPrefix("seq 1/") == true, "goto 1 still ran: \(text)")
        let json = CLITestSupport.run(["step", path, "--json"], input: "goto 2\nstate\ngoto 1\nquit\n")
        #expect(json.code == 65, "\(json)")
        #expect(json.err.isEmpty, "\(json)")
        let replies = json.outLines.compactMap { try? CLITestSupport.json($0) }
        #expect(replies.count == 4, "\(json)")
        #expect(replies.first?["error"] == .string("\(path)\(item.message ?? "")"), "\(json)")
        #expect(replies.first?["line"] == 1, "\(json)")
        #expect(replies.dropFirst().allSatisfy { $0["error"] == nil }, "the session went on at seq 0: \(json)")
        #expect(replies.last?["quit"] == .bool(true), "\(json)")
    }

    /// The same files read through the library: a ``RecordingError`` with the same text, never
    /// a crash. (`Recording` reads bytes, so invalid UTF-8 stays invalid.)
    @Test(arguments: Corpus.cases.filter { !$0.isAccepted })
    func libraryReportsTheSameError(_ item: Corpus.Case) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: item.path)))
        var found: RecordingError?
        do {
            let recording = try Recording(path: item.path, bytes: FileBytes(bytes: bytes), strict: false)
            try recording.validate()
        } catch {
            found = error
        }
        // Errors that need the reducer (decoding) are found by commands, not by reading.
        guard let found else {
            #expect(item.message?.contains("cannot decode") == true, "\(item.file) read without error")
            return
        }
        #expect(found.description == "\(item.path)\(item.message ?? "")")
        #expect(found.kind == .malformed)
    }
}
