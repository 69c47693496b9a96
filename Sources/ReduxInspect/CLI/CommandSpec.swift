/// A subcommand's interface: its name, what it does, its arguments and options. One
/// description serves parsing, `--help`, and the test that keeps the manual page in step.
public struct CommandSpec: Sendable {
    /// A positional argument.
    public struct Argument: Sendable {
        /// The name shown in usage, such as `<file>`.
        public let name: String
        /// What it is.
        public let help: String
    }

    /// A named option: a flag, or an option taking a value.
    public struct Option: Sendable {
        /// The long name, such as `--reducer`.
        public let name: String
        /// A short alias such as `-h`, if any.
        public let short: String?
        /// The value's name, such as `<name>`, or `nil` for a flag.
        public let valueName: String?
        /// What it does.
        public let help: String

        /// Creates an option.
        public init(_ name: String, short: String? = nil, value valueName: String? = nil, help: String) {
            self.name = name
            self.short = short
            self.valueName = valueName
            self.help = help
        }
    }

    /// The subcommand's name.
    public let name: String
    /// One sentence: what it does.
    public let abstract: String
    /// The usage line after `redux-inspect`.
    public let usage: String
    /// Positional arguments.
    public let arguments: [Argument]
    /// Options, without `--help` (every subcommand has it).
    public let options: [Option]
    /// Longer explanation shown in detailed help.
    public let discussion: String?

    /// The option every subcommand has.
    public static let helpOption = Option("--help", short: "-h", help: "Show help information.")

    /// Creates a spec.
    public init(
        name: String, abstract: String, usage: String, arguments: [(String, String)], options: [Option],
        discussion: String? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.usage = usage
        self.arguments = arguments.map { Argument(name: $0.0, help: $0.1) }
        self.options = options
        self.discussion = discussion
    }

    /// The paragraph of the help of the commands that show replayed states (`diff`, `show`,
    /// `blame`, `bisect`, `step`) on the warnings they may give: the man page says more.
    static let replayWarnings = """
        Warnings on standard error say where a state shown was replayed and may not be the
        app's: the actions of entries missing before it could not be replayed, or the replay
        read redacted values as 0, false, an empty Data or the all-zero UUID; diff, blame,
        bisect and step also say where today's reducer no longer makes the recorded state
        next to a replayed one (see the man page, DESCRIPTION).
        """

    /// The option named `name` (long or short), including `--help`.
    func option(named name: String) -> Option? {
        (options + [Self.helpOption]).first { $0.name == name || $0.short == name }
    }
}

/// A wrong command line: what is wrong, and which subcommand's usage to show.
public struct UsageError: Error, Equatable, Sendable {
    /// What is wrong, a sentence fragment.
    public let message: String
    /// The subcommand whose usage applies, or `nil` for the top level.
    public let command: String?

    /// Creates an error.
    public init(_ message: String, command: String?) {
        self.message = message
        self.command = command
    }
}
