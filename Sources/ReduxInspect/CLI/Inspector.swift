import Foundation
import Redux

/// The `redux-inspect` command line as a function: give it reducers, call ``run(_:context:)``
/// with the arguments, get the exit code.
///
/// The stock binary registers the example apps' reducers. An app builds its own inspector
/// with its reducer in a few lines:
///
/// ```swift
/// // Sources/my-inspector/main.swift
/// import Foundation
/// import MyAppCore
/// import ReduxInspect
///
/// exit(Inspector.run(reducer: appReducer, initialState: AppState(), name: "myapp"))
/// ```
public struct Inspector: Sendable {
    /// The program name used in usage and help.
    public let program: String
    /// The version `--version` prints.
    public let version: String
    /// The reducers recordings can be replayed with.
    public let reducers: [InspectableReducer]

    /// The version of redux-inspect.
    public static let currentVersion = "0.1.0"

    /// Every subcommand, in the order help lists them.
    static let subcommands: [any Subcommand.Type] = [
        ReplayCommand.self, DiffCommand.self, StepCommand.self, ShowCommand.self, LogCommand.self,
        CheckCommand.self, VerifyCommand.self, BlameCommand.self, BisectCommand.self,
    ]

    /// The subcommand called `name`, if there is one.
    static func subcommand(named name: String?) -> (any Subcommand.Type)? {
        subcommands.first { $0.spec.name == name }
    }

    /// The error for a subcommand there is none of: the one meant, when a typo is likely,
    /// else the list.
    private static func unknownSubcommand(_ name: String) -> UsageError {
        let names = subcommands.map { $0.spec.name }
        var hint = Suggestion.didYouMean(name, among: names + ["help"])
        if hint.isEmpty { hint = ": the subcommands are \(names.joined(separator: ", "))" }
        return UsageError("unknown subcommand '\(TerminalText.echo(name))'\(hint)", command: nil)
    }

    /// The interfaces of all subcommands, for documentation tests.
    public static var subcommandSpecs: [CommandSpec] { subcommands.map { $0.spec } }

    /// Creates an inspector.
    ///
    /// - Parameters:
    ///   - reducers: The reducers it can replay with.
    ///   - program: The name to show in usage lines.
    ///   - version: The version to print.
    public init(reducers: [InspectableReducer], program: String = "redux-inspect", version: String = Inspector.currentVersion) {
        self.reducers = reducers
        self.program = program
        self.version = version
    }

    /// Runs an app's own inspector with the process's arguments and streams.
    ///
    /// - Parameters:
    ///   - reducer: The app's reducer.
    ///   - initialState: The app's initial state.
    ///   - name: The reducer's name in recordings (the header's `reducer`).
    /// - Returns: The exit code, for `exit`.
    public static func run<State: Codable & Equatable & Sendable, Action: Codable & Sendable>(
        reducer: Redux.Reducer<State, Action>, initialState: State, name: String
    ) -> Int32 {
        run(reducers: [InspectableReducer(name: name, reducer: reducer, initialState: initialState)])
    }

    /// Runs an app's own inspector for several reducers (one per kind of recording) with the
    /// process's arguments and streams.
    ///
    /// ```swift
    /// exit(Inspector.run(reducers: [
    ///     InspectableReducer(name: "myapp", reducer: appReducer, initialState: AppState()),
    ///     InspectableReducer(name: "settings", reducer: settingsReducer, initialState: SettingsState()),
    /// ]))
    /// ```
    ///
    /// - Parameter reducers: The reducers, each under the name its recordings' headers give.
    /// - Returns: The exit code, for `exit`.
    public static func run(reducers: [InspectableReducer]) -> Int32 {
        // Usage lines name the program as it was run (my-inspector), not redux-inspect.
        let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
        let inspector = Inspector(reducers: reducers, program: program.isEmpty ? "redux-inspect" : program)
        return inspector.run(Array(CommandLine.arguments.dropFirst()), context: .standard())
    }

    /// Runs a command line.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, without the program name.
    ///   - context: Where output goes.
    /// - Returns: The exit code.
    public func run(_ arguments: [String], context: CLIContext) -> Int32 {
        // A recording another program cuts short while it is read: an error, not a bus error.
        MappedFileGuard.install()
        // A crash in the app's code while a step is replayed names the recording and the step.
        ReplayCrashNote.install()
        defer { (context.error as? StandardStream)?.flush() }
        if context.output as? StandardStream === StandardStream.output {
            // Ctrl-C while coloured output or a progress line is on the terminal leaves
            // neither behind.
            InterruptCleanup.install(for: context)
        }
        if let output = context.output as? StandardStream, output === StandardStream.output {
            if Self.subcommand(named: arguments.first)?.producesOnlyOutput(Array(arguments.dropFirst())) == false {
                // A command line with work beyond its output (`verify --update` rewriting
                // recordings, its JUnit report) finishes that work when the reader goes away
                // (`| head`): a closed pipe is then a write that fails, reported at the end
                // (74), not a signal that ends the process with half the recordings rewritten.
                // For the rest of the process: an app's own inspector runs one command line.
                signal(SIGPIPE, SIG_IGN)
            } else {
                // The process's own output: once it cannot be written, what is left of the
                // command (a replay of a million steps, say) would only be thrown away.
                let label = Self.errorLabel(context)
                output.whenWriteFails { failure in
                    context.printError(Self.outputFailedMessage(label: label, failure))
                    exit(ExitCode.outputFailed.rawValue)
                }
            }
        }
        if let index = Self.firstArgumentNotUTF8(arguments, raw: Self.processArguments(matching: arguments)) {
            // Read as Swift reads it, with U+FFFD for the bytes that do not decode, a file's
            // name would name no file ("no such file"), and a report's another one.
            context.printError(
                Self.errorLabel(context) + " argument \(index + 1), '\(TerminalText.echo(arguments[index]))', is not UTF-8: "
                    + "\(program) reads its arguments as UTF-8 (rename a file so named)")
            return ExitCode.usage.rawValue
        }
        let status = runCommand(arguments, context: context)
        // The command is done: what is still buffered fails as before, and the command's own
        // error, if any, keeps its status. A later command decides for itself.
        (context.output as? StandardStream)?.whenWriteFails(nil)
        (context.output as? StandardStream)?.flush()
        guard let failure = context.output.writeFailure else { return status }
        context.printError(Self.outputFailedMessage(label: Self.errorLabel(context), failure))
        // An error of the command itself, already reported, says more than the lost output.
        return status >= ExitCode.usage.rawValue ? status : ExitCode.outputFailed.rawValue
    }

    /// The process's own arguments as bytes, after the program's name, when `arguments` are
    /// they (as Swift decodes them); else none, for a command line run in process.
    private static func processArguments(matching arguments: [String]) -> [[UInt8]] {
        guard Array(CommandLine.arguments.dropFirst()) == arguments else { return [] }
        return (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
        }
    }

    /// The index of the first of `arguments` whose bytes, in `raw`, are not UTF-8.
    static func firstArgumentNotUTF8(_ arguments: [String], raw: [[UInt8]]) -> Int? {
        zip(arguments.indices, raw).first { _, bytes in String(validating: bytes, as: UTF8.self) == nil }?.0
    }

    /// The error line for output that could not be written.
    private static func outputFailedMessage(label: String, _ failure: String) -> String {
        label + " standard output: " + failure + "; the output is incomplete"
    }

    /// Runs a command line, reporting a usage error.
    private func runCommand(_ arguments: [String], context: CLIContext) -> Int32 {
        do {
            return try dispatch(arguments, context: context).rawValue
        } catch {
            context.printError(Self.errorLabel(context) + " " + TerminalText.escape(error.message))
            let spec = Self.subcommand(named: error.command)?.spec
            if let spec {
                context.printError("Usage: \(program) \(spec.usage)")
                context.printError("See '\(program) \(spec.name) --help' for more information.")
            } else {
                context.printError("Usage: \(program) <subcommand> [<file>] [<options>]")
                context.printError("See '\(program) --help' for more information.")
            }
            return ExitCode.usage.rawValue
        }
    }

    /// Whether a top-level word asks for help: `help`, or the help option (`--help`, `-h`).
    private static func asksForHelp(_ word: String) -> Bool {
        word == "help" || word == CommandSpec.helpOption.name || word == CommandSpec.helpOption.short
    }

    static func errorLabel(_ context: CLIContext) -> String {
        context.colorsError ? "\u{1B}[1;31mError:\u{1B}[0m" : "Error:"
    }

    private func dispatch(_ arguments: [String], context: CLIContext) throws(UsageError) -> ExitCode {
        guard let first = arguments.first else {
            context.output.write(topLevelHelp())
            return .success
        }
        switch first {
        case "--version":
            guard arguments.count == 1 else {
                throw UsageError("--version takes no arguments, found '\(TerminalText.echo(arguments[1]))'", command: nil)
            }
            context.print("\(program) \(version)")
            return .success
        // `--help replay` as well as `help replay`; `help help` and `help --help` are the
        // top-level help, which says how `help` works.
        case _ where Self.asksForHelp(first):
            guard arguments.count <= 2 else { throw UsageError("help takes at most one subcommand", command: nil) }
            guard let name = arguments.dropFirst().first, !Self.asksForHelp(name) else {
                context.output.write(topLevelHelp())
                return .success
            }
            if name == "inspector" {
                context.output.write(InspectorGuide.text(program: program, reducers: reducers.map(\.name)))
                return .success
            }
            guard let command = Self.subcommand(named: name) else { throw Self.unknownSubcommand(name) }
            context.output.write(HelpFormatter.subcommandHelp(command.spec, program: program))
            return .success
        default:
            guard let command = Self.subcommand(named: first) else {
                guard first.hasPrefix("-") else { throw Self.unknownSubcommand(first) }
                let suggestion = Suggestion.didYouMean(first, among: ["--help", "--version"])
                throw UsageError("unknown option '\(TerminalText.echo(first))'\(suggestion)", command: nil)
            }
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
            if parsed.has("--help") {
                context.output.write(HelpFormatter.subcommandHelp(command.spec, program: program))
                return .success
            }
            let instance = try command.init(parsed)
            let session = CommandSession(context: context, inspector: self)
            // The closure captures the session (and the timeline, with its mapped file): let go
            // of it once the command is done, or both stay for the rest of the process.
            defer { session.warningsBeforeAnError = nil }
            do {
                return try instance.run(session)
            } catch {
                let error = error.preferringBadRecording().preferringCutShort()
                session.warningsBeforeAnError?()
                context.flushOutput()
                context.printError(Self.errorLabel(context) + " " + TerminalText.escape(error.message(program: program)))
                return ExitCode(for: error)
            }
        }
    }

    /// The reducer to replay a recording with: `--reducer`, else the header's, else the only
    /// one registered when the recording names none.
    func reducer(for recording: Recording, override: String?) -> InspectableReducer? {
        if let name = override ?? recording.reducerName {
            return reducers.first { $0.name == name }
        }
        return reducers.count == 1 ? reducers[0] : nil
    }

    /// The top-level help.
    public func topLevelHelp() -> String {
        var lines = [
            "OVERVIEW: A time-travel debugger for Redux-style Swift apps: replay, diff and step through",
            "recorded sessions, and check them in CI.", "",
            "USAGE: \(program) <subcommand> [<file>] [<options>]", "",
            "OPTIONS:",
            HelpFormatter.row("--version", "Show the version."),
            HelpFormatter.row("-h, --help", "Show help information."), "",
            "SUBCOMMANDS:",
        ]
        lines += Self.subcommands.map { HelpFormatter.row($0.spec.name, $0.spec.abstract) }
        lines += ["", "REDUCERS: \(reducers.isEmpty ? "none" : reducers.map(\.name).joined(separator: ", "))", ""]
        lines.append("EXIT CODES:")
        lines += ExitCode.allCases.map { HelpFormatter.row(String($0.rawValue), $0.meaning) }
        lines += ["", "See '\(program) help <subcommand>' for detailed help, and '\(program) help inspector'",
            "for building an inspector with your app's reducer."]
        return lines.joined(separator: "\n") + "\n"
    }
}

