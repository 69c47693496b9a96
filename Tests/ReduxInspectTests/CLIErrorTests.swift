import Foundation
import Testing

@testable import ReduxInspect

/// Wrong command lines exit 64 with `Error:`, the usage line and a pointer to `--help`, all on
/// standard error.
@Suite struct CLIUsageErrorTests {
    typealias Support = CLITestSupport

    static let topUsage = """
        Usage: redux-inspect <subcommand> [<file>] [<options>]
        See 'redux-inspect --help' for more information.

        """

    static func usage(_ name: String) throws -> String {
        let spec = try #require(Inspector.subcommandSpecs.first { $0.name == name })
        return "Usage: redux-inspect \(spec.usage)\nSee 'redux-inspect \(name) --help' for more information.\n"
    }

    @Test func unknownSubcommand() {
        let result = Support.run(["frob", "x.jsonl"])
        #expect(result.code == 64)
        #expect(result.out == "")
        #expect(result.err == "Error: unknown subcommand 'frob': the subcommands are replay, diff, step, show, log, check, verify, blame, bisect\n" + Self.topUsage)
        // A typo names the subcommand meant.
        #expect(Support.run(["dif", "x.jsonl"]).err.hasPrefix("Error: unknown subcommand 'dif' (did you mean 'diff'?)\n"))
    }

    @Test func unknownTopLevelOption() {
        let result = Support.run(["--frob"])
        #expect(result.code == 64)
        #expect(result.err == "Error: unknown option '--frob'\n" + Self.topUsage)
        #expect(Support.run(["--verison"]).err.hasPrefix("Error: unknown option '--verison' (did you mean '--version'?)\n"))
    }

    @Test func helpForUnknownSubcommand() {
        let result = Support.run(["help", "frob"])
        #expect(result.code == 64)
        #expect(result.err == "Error: unknown subcommand 'frob': the subcommands are replay, diff, step, show, log, check, verify, blame, bisect\n" + Self.topUsage)
        #expect(Support.run(["help", "replay", "diff"]).code == 64)
    }

    @Test func unknownOption() throws {
        let result = Support.run(["replay", CLITestSupport.fixture("shop.jsonl"), "--bogus"])
        #expect(result.code == 64)
        #expect(result.out == "")
        #expect(
            result.err == """
                Error: unknown option '--bogus'
                Usage: redux-inspect replay <file> [--reducer <name>] [--to <seq>] [--states] [--full] [--format <format>]
                See 'redux-inspect replay --help' for more information.

                """)
    }

    struct Case: CustomStringConvertible, Sendable {
        let arguments: [String]
        let message: String
        var description: String { arguments.joined(separator: " ") }
    }

    static let shop = CLITestSupport.fixture("shop.jsonl")

    static let cases: [Case] = [
        Case(arguments: ["replay"], message: "missing argument <file>"),
        Case(arguments: ["show", shop], message: "missing option '--at <seq>'"),
        Case(arguments: ["replay", shop, "--to"], message: "missing value for '--to <seq>'"),
        Case(arguments: ["replay", shop, "--to", "abc"], message: "invalid value 'abc' for '--to': expected a seq number"),
        Case(arguments: ["show", shop, "--at=-3"], message: "invalid value '-3' for '--at': expected a seq number or 'last'"),
        Case(
            arguments: ["diff", shop, "--format", "xml"],
            message: "invalid value 'xml' for '--format': expected one of text, json-patch, json"),
        Case(
            arguments: ["replay", shop, "--format=json-patch"],
            message: "invalid value 'json-patch' for '--format': expected one of text, json"),
        Case(arguments: ["replay", shop, "--states=yes"], message: "option '--states' takes no value"),
        Case(
            arguments: ["log", shop, "other.jsonl"],
            message: "unexpected argument 'other.jsonl': one recording at a time, which a seq or a range such as 3..9 may follow"),
        Case(
            arguments: ["diff", shop, shop],
            message: "unexpected argument '\(shop)': one recording at a time, which a seq or a range such as 3..9 may follow"),
        Case(
            arguments: ["diff", shop, "5..3"],
            message: "invalid step '5..3': the range runs backwards; expected FROM..TO with FROM first, such as 3..5"),
        Case(
            arguments: ["diff", shop, "x"],
            message: "invalid step 'x': expected a seq such as 5, a range such as 3..9 or 3..last, or last"),
        Case(
            arguments: ["diff", shop, "last..3"],
            message: "invalid step 'last..3': the range runs backwards; expected FROM..TO with FROM first, such as 3..last"),
        Case(
            arguments: ["diff", shop, "0..3"],
            message: "invalid step '0..3': seq 0 is the initial state, which no step made; start from the first step's seq instead, such as 1..3"),
        Case(arguments: ["step", shop, "--bogus"], message: "unknown option '--bogus'"),
        Case(arguments: ["check", shop, "-x"], message: "unknown option '-x'"),
    ]

    @Test(arguments: cases)
    func usageError(_ example: Case) throws {
        let result = Support.run(example.arguments)
        #expect(result.code == 64)
        #expect(result.out == "")
        #expect(result.err == "Error: \(example.message)\n" + (try Self.usage(example.arguments[0])))
    }

    /// Errors found while running (not while parsing) exit 64 too, with one line.
    @Test func unknownReducerOption() {
        let result = Support.run(["replay", Self.shop, "--reducer", "nosuch"])
        #expect(result.code == 64)
        #expect(
            result.err == "Error: unknown reducer 'nosuch' (this inspector has: counter, shop, todos); "
                + "to replay your app's reducer, build an inspector for it: see 'redux-inspect help inspector'\n")
    }

    @Test func noSuchStep() {
        let result = Support.run(["show", Self.shop, "--at", "99"])
        #expect(result.code == 64)
        #expect(
            result.err
                == "Error: \(Self.shop): no step with seq 99: expected 0 (the initial state) or a seq from 1 to 27\n")
        let diff = Support.run(["diff", Self.shop, "3..99"])
        #expect(diff.code == 64)
        #expect(diff.err == "Error: \(Self.shop): no step with seq 99: expected a seq from 1 to 27\n")
        #expect(Support.run(["replay", Self.shop, "--to", "99"]).code == 64)
    }

    @Test func badPath() {
        let result = Support.run(["show", Self.shop, "--at", "1", "--path", "cart..items"])
        #expect(result.code == 64)
        #expect(result.err.hasPrefix("Error: invalid path 'cart..items': "))
        #expect(result.err.filter { $0 == "\n" }.count == 1)
    }

    @Test func argumentsAreEscapedInMessages() {
        let result = Support.run(["\u{1B}[2Jreplay"])
        #expect(result.code == 64)
        #expect(result.err.hasPrefix(#"Error: unknown subcommand '\u{1B}[2Jreplay': "#))
        #expect(!result.err.contains("\u{1B}"))
    }

    @Test func errorLabelIsColouredOnlyOnATerminal() {
        let plain = Support.run(["frob"], terminal: false)
        #expect(plain.err.hasPrefix("Error: "))
        let coloured = Support.run(["frob"], terminal: true)
        #expect(coloured.err.hasPrefix("\u{1B}[1;31mError:\u{1B}[0m "))
        let noColor = Support.run(["frob"], terminal: true, environment: ["NO_COLOR": "1"])
        #expect(noColor.err.hasPrefix("Error: "))
    }
}

/// A message quotes what the user typed cut to 80 characters: a megabyte pasted by mistake
/// came back whole, on one line.
@Suite struct CLIEchoTests {
    typealias Support = CLITestSupport

    @Test func longInputIsQuotedCut() {
        let long = String(repeating: "x", count: 100_000)
        let cut = String(repeating: "x", count: 80) + "…"
        let step = Support.run(["step", Support.fixture("counter.jsonl")], input: long + "\nquit\n")
        #expect(step.err == "error: line 1: unknown command '\(cut)': type 'help' for the list of commands\n")
        let option = Support.run(["log", Support.fixture("counter.jsonl"), "--" + long])
        #expect(option.code == 64)
        #expect(option.err.hasPrefix("Error: unknown option '--\(cut.dropFirst(2))'\n"), "\(option.err.prefix(300))")
        let path = Support.run(["blame", Support.fixture("counter.jsonl"), "a.." + long])
        #expect(path.err.hasPrefix("Error: invalid path 'a..\(cut.dropFirst(3))': "), "\(path.err.prefix(300))")
        #expect(path.err.utf8.count < 400)
    }

    /// Every other place that quotes what was typed cuts it too.
    @Test func everyQuotedInputIsCut() {
        let long = String(repeating: "y", count: 5_000)
        let counter = Support.fixture("counter.jsonl")
        let shop = Support.fixture("shop.jsonl")
        let script = ["goto", "break", "find", "unbreak", "state", "next", "info", "where"]
            .map { "\($0) \(long)" }.joined(separator: "\n") + "\nquit\n"
        let runs: [(String, CLIResult)] = [
            ("step", Support.run(["step", counter], input: script)),
            ("show", Support.run(["show", counter, "--at", "3", long])),
            ("show --path", Support.run(["show", shop, "--at", "3", "--path", "cart." + long])),
            ("diff --format", Support.run(["diff", counter, "--format", long])),
            ("blame --format", Support.run(["blame", counter, "count", "--format", long])),
            ("log --type", Support.run(["log", counter, "--type", long])),
            ("diff --path", Support.run(["diff", shop, "--path", long])),
            ("--reducer", Support.run(["blame", counter, "count", "--reducer", long])),
        ]
        for (label, result) in runs {
            let lines = result.err.split(separator: "\n")
            #expect(!lines.isEmpty, "\(label) said nothing")
            for line in lines {
                #expect(line.utf8.count < 400, "\(label): \(line.prefix(200))…")
                if line.contains("yyyy") { #expect(line.contains("y…"), "\(label): \(line.prefix(200))") }
            }
        }
    }
}
