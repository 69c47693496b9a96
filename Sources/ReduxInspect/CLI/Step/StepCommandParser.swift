/// One command of a `step` session, parsed from a line.
enum StepInput: Equatable, Sendable {
    /// Forward this many steps.
    case next(Int)
    /// Back this many steps.
    case back(Int)
    /// To the step with this seq; 0 is the initial state.
    case goto(seq: Int)
    /// To the initial state.
    case first
    /// To the last step.
    case last
    /// The state at the cursor, or the value at a path in it: a last `.count` is a size, as in
    /// a predicate (``PathReading``).
    case state(PathReading?)
    /// The change the current step made.
    case diff
    /// The current step's action.
    case action
    /// Forward to the next step whose type or action JSON contains the text.
    case find(String)
    /// Where the cursor is.
    case whereAmI
    /// Add watchpoints on these paths.
    case watch([PathReading])
    /// Remove the watchpoints on these paths; all watchpoints when empty.
    case unwatch([PathReading])
    /// Add a breakpoint on this predicate.
    case breakpoint(Predicate)
    /// Remove these breakpoints by number; all breakpoints when empty.
    case unbreak([Int])
    /// Remove these watchpoints or breakpoints by number; all of them when empty.
    case delete([Int])
    /// List the watchpoints and breakpoints.
    case infoWatch
    /// Run forward (`continue`) or back (`reverse-continue`) to where a watchpoint or
    /// breakpoint fires.
    case resume(forward: Bool)
    /// The list of commands.
    case help
    /// End the session.
    case quit
}

/// Reads the lines of a `step` session: a command word and its argument.
///
/// The command table here is also the session's `help` and what the manual page's test checks
/// the page against.
enum StepCommandParser {
    /// One command: its names (the first is the main one), argument, and help.
    struct Verb: Sendable {
        let names: [String]
        let argument: String?
        let help: String
        /// Whether this version implements it (every command does; the manual page's test and
        /// `help --json` read it).
        let available: Bool

        init(_ names: [String], argument: String? = nil, help: String, available: Bool = true) {
            self.names = names
            self.argument = argument
            self.help = help
            self.available = available
        }
    }

    /// Every command, in the order `help` lists them.
    static let verbs: [Verb] = [
        Verb(["next", "n"], argument: "[N]", help: "Forward one step, or N."),
        Verb(["back", "b", "reverse-next", "rn"], argument: "[N]", help: "Back one step, or N."),
        Verb(["goto", "g"], argument: "SEQ", help: "To the step with this seq; 0 is the initial state."),
        Verb(["first"], help: "To the initial state (seq 0)."),
        Verb(["last"], help: "To the last step."),
        Verb(
            ["find", "f"], argument: "TEXT",
            help: "Forward to the next step whose type or action JSON contains TEXT."),
        Verb(
            ["state", "p", "print"], argument: "[PATH]",
            help: "The state here, or the value at PATH (e.g. cart.items[id=3]; cart.items.count is a size)."),
        Verb(["diff", "d"], help: "The change this step made, in full."),
        Verb(["action", "a"], help: "This step's seq, type and action."),
        Verb(["where"], help: "The seq, the position, and where the state comes from."),
        Verb(
            ["watch"], argument: "PATH...",
            help: "Watch paths: continue/reverse-continue stop at steps that change them (PATH.count: a size)."),
        Verb(["unwatch"], argument: "[PATH...]", help: "Remove the watchpoints on PATH, or all watchpoints."),
        Verb(
            ["break"], argument: "PRED",
            help: "Break where PRED holds after a step, e.g. break cart.total > 50."),
        Verb(["unbreak"], argument: "[N...]", help: "Remove breakpoints by number, or all breakpoints."),
        Verb(["delete"], argument: "[N...]", help: "Remove watchpoints and breakpoints by number, or all."),
        Verb(
            ["info"], argument: "[watch]",
            help: "'info watch' lists watchpoints and breakpoints; 'info' is 'where'."),
        Verb(
            ["continue", "c"],
            help: "Forward to the next step that changes a watched path or where a breakpoint holds."),
        Verb(
            ["reverse-continue", "rc"],
            help: "Back to the previous step that changes a watched path or where a breakpoint holds."),
        Verb(["help", "h", "?"], help: "This list."),
        Verb(["quit", "q", "exit"], help: "End the session (so does the end of input)."),
    ]

    /// Parses one line.
    ///
    /// - Parameter line: What the user typed.
    /// - Returns: The command, or `nil` for a blank line or a `#` comment.
    /// - Throws: A message naming the command and what was wrong (the session shows it and
    ///   goes on).
    static func parse(_ line: String) throws(StepInputError) -> StepInput? {
        let trimmed = trim(line)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
        let word = String(trimmed.prefix { !$0.isWhitespace })
        let argument = trim(trimmed.dropFirst(word.count))
        guard let verb = verbs.first(where: { $0.names.contains(word) }) else {
            let suggestion = Suggestion.didYouMean(word, among: verbs.map { $0.names[0] })
            throw StepInputError(
                "unknown command '\(TerminalText.echo(word))'\(suggestion): type 'help' for the list of commands")
        }
        guard verb.available else { throw StepInputError("'\(word)' is not available in this version") }
        let name = verb.names[0]
        if verb.argument == nil, !argument.isEmpty {
            throw StepInputError("'\(word)' takes no argument, found '\(TerminalText.echo(argument))'")
        }
        switch name {
        case "next": return .next(try count(argument, command: word))
        case "back": return .back(try count(argument, command: word))
        case "goto":
            guard let seq = Int(argument), seq >= 0 else {
                let found = argument.isEmpty ? "nothing" : "'\(TerminalText.echo(argument))'"
                throw StepInputError("'\(word)' expects a seq (0 for the initial state), found \(found)")
            }
            return .goto(seq: seq)
        case "first": return .first
        case "last": return .last
        case "find":
            guard !argument.isEmpty else { throw StepInputError("'\(word)' expects the text to look for") }
            return .find(argument)
        case "state":
            guard !argument.isEmpty else { return .state(nil) }
            do {
                return .state(PathReading(try JSONPath(parsing: argument), writtenAs: argument))
            } catch {
                throw StepInputError("invalid path '\(TerminalText.echo(argument))': \(error)")
            }
        case "diff": return .diff
        case "action": return .action
        case "where": return .whereAmI
        case "info":
            switch argument {
            case "": return .whereAmI
            case "watch", "watchpoints", "break", "breakpoints": return .infoWatch
            default: throw StepInputError("'info' expects nothing or 'watch', found '\(TerminalText.echo(argument))'")
            }
        case "watch":
            guard !argument.isEmpty else {
                throw StepInputError("'watch' expects one or more paths, such as cart.total")
            }
            return .watch(try paths(argument))
        case "unwatch": return .unwatch(try paths(argument))
        case "break":
            guard !argument.isEmpty else {
                throw StepInputError("'break' expects a predicate, such as cart.total > 50")
            }
            do {
                return .breakpoint(try Predicate(parsingSearch: argument))
            } catch {
                throw StepInputError("invalid predicate '\(TerminalText.echo(argument))': \(error)")
            }
        case "unbreak": return .unbreak(try numbers(argument, command: word))
        case "delete": return .delete(try numbers(argument, command: word))
        case "continue": return .resume(forward: true)
        case "reverse-continue": return .resume(forward: false)
        case "help": return .help
        default: return .quit
        }
    }
}

/// A line of a `step` session that is not a command this version can run.
struct StepInputError: Error, Equatable, Sendable {
    /// What is wrong, for the user.
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
