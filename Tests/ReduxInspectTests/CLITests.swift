import ExampleInspector
import Testing

@testable import ReduxInspect

/// Help and version: standard output, exit 0, in the shape swift-argument-parser users know.
@Suite struct CLITests {
    typealias Support = CLITestSupport

    @Test(arguments: [[], ["--help"], ["-h"], ["help"], ["help", "help"], ["help", "--help"], ["--help", "-h"]])
    func topLevelHelp(arguments: [String]) {
        let result = Support.run(arguments)
        #expect(result.code == 0)
        #expect(result.err == "")
        #expect(result.out == Inspector.examples.topLevelHelp())
    }

    @Test func topLevelHelpShape() {
        let lines = Support.run(["--help"]).outLines
        let headings = lines.filter { $0.hasSuffix(":") || $0.hasPrefix("USAGE:") || $0.hasPrefix("OVERVIEW:") }
            .map { $0.prefix { $0 != ":" } }
        #expect(headings == ["OVERVIEW", "USAGE", "OPTIONS", "SUBCOMMANDS", "EXIT CODES"])
        #expect(lines.contains("USAGE: redux-inspect <subcommand> [<file>] [<options>]"))
        #expect(lines.contains { $0.hasPrefix("  --version ") })
        #expect(lines.contains { $0.hasPrefix("  -h, --help ") })
        #expect(lines.contains("REDUCERS: counter, shop, todos"))
        // Every subcommand, in order, with its abstract.
        let listed = lines.drop { $0 != "SUBCOMMANDS:" }.dropFirst().prefix { !$0.isEmpty }
        #expect(
            listed.map { $0.split(separator: " ").first.map(String.init) ?? "" }
                == Inspector.subcommandSpecs.map(\.name))
        #expect(Set(["replay", "diff", "step", "show", "log", "check"]).isSubset(of: Inspector.subcommandSpecs.map(\.name)))
        for spec in Inspector.subcommandSpecs {
            #expect(listed.contains { $0.hasPrefix("  \(spec.name) ") && $0.hasSuffix(spec.abstract) })
        }
        for code in ExitCode.allCases {
            #expect(lines.contains { $0.hasPrefix("  \(code.rawValue) ") && $0.hasSuffix(code.meaning) })
        }
        #expect(lines.last == "for building an inspector with your app's reducer.")
    }

    @Test func replayHelpIsExact() {
        let expected = """
            OVERVIEW: Replay a recording through the reducer and show each step's action and diff.

            Starts from the recording's initial state (or the reducer's default) and applies each
            action in turn. Where the recording holds the state after a step and the replayed
            state differs, the step says so, with the difference (recorded → replayed).
            Where the reducer reads the initial state differently from how the header writes
            it (a member its state type does not have), the replay says so before the first
            step, with the difference (header → read); numbers written differently but equal,
            such as 4.50 and 4.5, are no difference. Where the initial state, or a state the
            replay goes on from after missing entries, holds a redacted number the app's
            decoder can only read as 0 (a Bool as false, a Data as empty, a UUID as the
            all-zero one), a warning names its paths.

            USAGE: redux-inspect replay <file> [--reducer <name>] [--to <seq>] [--states] [--full] [--format <format>]

            ARGUMENTS:
              <file>                  The recording (JSON Lines).

            OPTIONS:
              --reducer <name>        Replay with this reducer instead of the one the recording names.
              --to <seq>              Stop after the step with this seq (or the last before it, where the recording skips it).
              --states                Print the whole replayed state after each step.
              --full                  Show values and actions in full; by default a value is cut to 80 characters (a changed one around its first difference) and an action to 120.
              --format <format>       text (default) or json (one object per step).
              -h, --help              Show help information.

            """
        for arguments in [["help", "replay"], ["replay", "--help"], ["replay", "-h"], ["replay", "some.jsonl", "--help"]] {
            let result = Support.run(arguments)
            #expect(result.code == 0, "\(arguments)")
            #expect(result.err == "", "\(arguments)")
            #expect(result.out == expected, "\(arguments)")
        }
    }

    /// The commands that show replayed states say in their help that they may warn, and why:
    /// the warnings were only in the man page and the README.
    @Test(arguments: ["diff", "show", "blame", "bisect", "step"])
    func helpTellsOfTheWarnings(name: String) {
        let help = Support.run(["help", name]).out
        #expect(help.contains("Warnings on standard error say where a state shown was replayed"), "\(help)")
    }

    @Test(arguments: Inspector.subcommandSpecs.map(\.name))
    func subcommandHelp(name: String) throws {
        let spec = try #require(Inspector.subcommandSpecs.first { $0.name == name })
        let viaHelp = Support.run(["help", name])
        let viaFlag = Support.run([name, "--help"])
        #expect(viaHelp.code == 0 && viaFlag.code == 0)
        #expect(viaHelp.out == viaFlag.out)
        #expect(viaHelp.err == "" && viaFlag.err == "")
        // The flag first, and the flag where an option's value was expected, ask for the same.
        let valued = spec.options.filter { $0.valueName != nil }.map { [name, $0.name, "--help"] }
        for arguments in [["--help", name], ["-h", name]] + valued {
            let other = Support.run(arguments)
            #expect(other.code == 0 && other.out == viaHelp.out && other.err == "", "\(arguments)")
        }
        let lines = viaHelp.outLines
        #expect(lines.first == "OVERVIEW: \(spec.abstract)")
        #expect(lines.contains("USAGE: redux-inspect \(spec.usage)"))
        #expect(lines.contains("ARGUMENTS:"))
        let options = lines.drop { $0 != "OPTIONS:" }.dropFirst()
        #expect(options.count == spec.options.count + 1)
        for option in spec.options {
            let label = option.name + (option.valueName.map { " " + $0 } ?? "")
            #expect(options.contains { $0.hasPrefix("  \(label) ") && $0.hasSuffix(option.help) }, "\(label)")
        }
        #expect(options.last?.hasPrefix("  -h, --help ") == true)
        // The usage line shows every option.
        for option in spec.options {
            let label = option.name + (option.valueName.map { " " + $0 } ?? "")
            #expect(spec.usage.contains(label), "the usage line of '\(name)' lacks '\(label)'")
        }
    }

    @Test func helpInspectorExplainsHowToBuildOne() {
        let result = Support.run(["help", "inspector"])
        #expect(result.code == 0)
        #expect(result.out.hasPrefix("OVERVIEW: Build an inspector that replays your app's recordings.\n"))
        #expect(result.out.contains(#"exit(Inspector.run(reducer: appReducer, initialState: AppState(), name: "myapp"))"#))
    }

    @Test(arguments: [["--version"]])
    func version(arguments: [String]) {
        let result = Support.run(arguments)
        #expect(result.code == 0)
        #expect(result.out == "redux-inspect \(Inspector.currentVersion)\n")
        #expect(result.err == "")
    }

    /// As `--help --bogus` is: a word after `--version` was dropped without a word.
    @Test(arguments: [["--version", "--bogus"], ["--version", "replay"]])
    func versionTakesNoArguments(arguments: [String]) {
        let result = Support.run(arguments)
        #expect(result.code == 64)
        #expect(result.out == "")
        #expect(result.err.hasPrefix("Error: --version takes no arguments, found '\(arguments[1])'\n"), "\(result.err)")
    }

    @Test func customProgramNameAndVersion() {
        let inspector = Inspector(reducers: [], program: "my-inspector", version: "9.9.9")
        let version = Support.run(["--version"], inspector: inspector)
        #expect(version.out == "my-inspector 9.9.9\n")
        let help = Support.run(["--help"], inspector: inspector)
        #expect(help.outLines.contains("USAGE: my-inspector <subcommand> [<file>] [<options>]"))
        #expect(help.outLines.contains("REDUCERS: none"))
        let error = Support.run(["frob"], inspector: inspector)
        #expect(error.err.hasSuffix("See 'my-inspector --help' for more information.\n"))
    }
}
