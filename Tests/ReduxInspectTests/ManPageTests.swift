import ExampleInspector
import Foundation
import Testing

@testable import ReduxInspect

/// Keeps `man/redux-inspect.1` in step with the CLI's help: every subcommand, option and exit
/// code in the help is in the page, and every option and subcommand in the page is in the help.
@Suite struct ManPageTests {
    static let pagePath = CLITestSupport.packageRoot.appendingPathComponent("man/redux-inspect.1").path

    static func page() throws -> String {
        try String(contentsOfFile: pagePath, encoding: .utf8)
    }

    /// What the CLI says it has, taken from the same sources as its help.
    static var interface: ManPageCheck.Interface {
        ManPageCheck.Interface(
            specs: Inspector.subcommandSpecs, topLevelHelp: Inspector.examples.topLevelHelp(),
            exitCodes: ExitCode.allCases.map(\.rawValue),
            stepCommands: StepCommandParser.verbs.filter(\.available).map(\.names))
    }

    @Test func pageAgreesWithTheHelp() throws {
        let problems = ManPageCheck(page: try Self.page(), interface: Self.interface).problems()
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func topLevelHelpListsTheSpecs() {
        // The check reads top-level options from the help text; make sure it finds them.
        let options = ManPageCheck.topLevelOptions(Inspector.examples.topLevelHelp())
        #expect(options.sorted() == ["--help", "--version", "-h"])
    }

    // The checker itself, on pages broken on purpose: each says what is wrong and how to fix it.

    struct Breakage: CustomStringConvertible, Sendable {
        let name: String
        let replace: String
        let with: String
        let problem: String
        /// The line whose number `{line}` in `problem` stands for.
        var line: String? = nil
        var description: String { name }
    }

    static let breakages = [
        Breakage(
            name: "option missing from its subsection", replace: ".It Fl -to Ar seq\nStop after the step with this seq; where the recording skips it, after the\n"
                + "step before it, followed by the line that tells the entries missing there.\n",
            with: "",
            problem: "man/redux-inspect.1 does not document option '--to' of 'replay'; add it under the replay subsection "
                + "('.Ss replay') as '.It Fl -to Ar seq' with its description"),
        Breakage(
            name: "option missing from the synopsis", replace: ".Op Fl -states\n.Op Fl -full\n.Op Fl -format Ar format\n.Nm\n.Cm diff",
            with: ".Op Fl -full\n.Op Fl -format Ar format\n.Nm\n.Cm diff",
            problem: "man/redux-inspect.1: the SYNOPSIS line for 'replay' lacks option '--states'; add '.Op Fl -states' to it"),
        Breakage(
            name: "wrong value name", replace: ".It Fl -grep Ar text\n", with: ".It Fl -grep Ar pattern\n",
            problem: "man/redux-inspect.1 documents option '--grep' of 'log' with value 'pattern', but the help says '<text>'; "
                + "write '.It Fl -grep Ar text'"),
        Breakage(
            name: "option that does not exist", replace: ".It Fl -strict\n", with: ".It Fl -lenient\n",
            problem: "man/redux-inspect.1 documents option '--lenient' under the check subsection (line {line}), but "
                + "'redux-inspect check --help' has no such option; remove it from the page or add it to the check command's spec",
            line: ".It Fl -lenient"),
        Breakage(
            name: "subcommand that does not exist", replace: ".Dl $ redux-inspect check session.jsonl --strict\n",
            with: ".Dl $ redux-inspect check session.jsonl --strict\n.Pp\nOr\n.Cm frobnicate .\n",
            problem: "man/redux-inspect.1 names subcommand 'frobnicate' (line {line}), which 'redux-inspect --help' does not list; "
                + "remove it from the page or add the subcommand",
            line: ".Cm frobnicate ."),
        Breakage(
            name: "subsection missing", replace: ".Ss log\n", with: ".Ss logging\n",
            problem: "man/redux-inspect.1 does not document subcommand 'log'; add a '.Ss log' subsection to DESCRIPTION "
                + "with its synopsis and a '.Bl -tag' list of its options"),
        Breakage(
            name: "exit code missing", replace: ".It 65\n", with: ".It 99\n",
            problem: "man/redux-inspect.1 does not document exit code 65 (\(ExitCode.badRecording.meaning)); "
                + "add '.It 65' under EXIT STATUS"),
        Breakage(
            name: "exit code that does not exist", replace: ".It 65\n", with: ".It 99\n",
            problem: "man/redux-inspect.1 documents exit code 99 under EXIT STATUS, but ExitCode has no such case; remove it"),
        Breakage(
            name: "example with a wrong option", replace: "--grep login", with: "--match login",
            problem: "man/redux-inspect.1 line {line}: the example uses option '--match', which 'redux-inspect log --help' "
                + "does not list; fix the example",
            line: ".Dl $ redux-inspect log Fixtures/shop.jsonl --match login"),
        Breakage(
            name: "top-level option missing", replace: ".It Fl -version\n", with: ".It Fl -about\n",
            problem: "man/redux-inspect.1 documents option '--about' (line {line}), which no subcommand nor 'redux-inspect --help' "
                + "has; remove it from the page",
            line: ".It Fl -about"),
        Breakage(
            name: "step command missing", replace: ".It Ic diff , Ic d\n", with: ".It Ic diff\n",
            problem: "man/redux-inspect.1 does not document the step command 'd' (an alias of 'diff'); "
                + "add '.It Ic diff , Ic d' with its argument and description to the command list of the step subsection"),
        Breakage(
            name: "step command that does not exist", replace: ".It Ic last\n", with: ".It Ic last , Ic end\n",
            problem: "man/redux-inspect.1 documents step command 'end' (line {line}), which 'step' does not accept; remove it",
            line: ".It Ic last , Ic end"),
        Breakage(
            name: "date that changes", replace: ".Dd November 22, 2026", with: ".Dd $Mdocdate$",
            problem: "man/redux-inspect.1: '.Dd $Mdocdate$' is not a fixed date; write one such as '.Dd November 22, 2026' "
                + "and change it when the page changes, so builds are reproducible"),
    ]

    @Test(arguments: breakages)
    func checkerSaysHowToFix(_ breakage: Breakage) throws {
        let page = try Self.page()
        try #require(page.contains(breakage.replace), "the page no longer contains the text this case edits")
        let broken = page.replacingOccurrences(of: breakage.replace, with: breakage.with)
        var expected = breakage.problem
        if let line = breakage.line {
            let number = try #require(broken.components(separatedBy: "\n").firstIndex(of: line)) + 1
            expected = expected.replacingOccurrences(of: "{line}", with: String(number))
        }
        let problems = ManPageCheck(page: broken, interface: Self.interface).problems()
        #expect(problems.contains(expected), "\(problems.joined(separator: "\n"))")
    }

    @Test func valueNames() {
        #expect(ManPageCheck.mdoc("<name>") == "Ar name")
        #expect(ManPageCheck.mdoc("<i>/<n>") == "Ar i Ns / Ns Ar n")
        #expect(ManPageCheck.plain("<i>/<n>") == "i/n")
        #expect(ManPageCheck.flags(["It", "Fl", "-shard", "Ar", "i", "Ns", "/", "Ns", "Ar", "n"]) == [.init(name: "--shard", value: "i/n")])
        #expect(ManPageCheck.flags(["Op", "Fl", "h", "|", "Fl", "-help"]) == [.init(name: "-h", value: nil), .init(name: "--help", value: nil)])
        #expect(ManPageCheck.flags(["Op", "Fl", "-to", "Ar", "seq"]) == [.init(name: "--to", value: "seq")])
    }

    @Test func missingTopLevelOptionIsReported() throws {
        let page = try Self.page().replacingOccurrences(of: ".It Fl h , Fl -help\n", with: ".It Fl h\n")
            .replacingOccurrences(of: "Fl -help", with: "Fl h")
        let problems = ManPageCheck(page: page, interface: Self.interface).problems()
        #expect(
            problems.contains(
                "man/redux-inspect.1 does not document the top-level option '--help'; add it to the list of options in DESCRIPTION"))
    }
}
