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
    /// The state at the cursor, or the value at a path in it.
    case state(JSONPath?)
    /// The change the current step made.
    case diff
    /// The current step's action.
    case action
    /// Forward to the next step whose type or action JSON contains the text.
    case find(String)
    /// Where the cursor is.
    case whereAmI
    /// The list of commands.
    case help
    /// End the session.
    case quit
}

/// Reads the lines of a `step` session: a command word and its argument.
///
/// The command table here is also the session's `help`; a command for watchpoints (`watch`,
/// `continue`, …) is added as a verb with its own ``StepInput`` case.
enum StepCommandParser {
    /// One command: its names (the first is the main one), argument, and help.
    struct Verb: Sendable {
        let names: [String]
        let argument: String?
        let help: String
        /// Whether this version implements it.
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
            help: "The state here, or the value at PATH (e.g. cart.items[id=3])."),
        Verb(["diff", "d"], help: "The change this step made, in full."),
        Verb(["action", "a"], help: "This step's seq, type and action."),
        Verb(["where", "info"], help: "The seq, the position, and where the state comes from."),
        Verb(["help", "h", "?"], help: "This list."),
        Verb(["quit", "q", "exit"], help: "End the session (so does the end of input)."),
        Verb(
            ["watch"], argument: "PATH", help: "Stop continue/reverse-continue where PATH changes.",
            available: false),
        Verb(["unwatch"], argument: "[PATH]", help: "Remove a watchpoint.", available: false),
        Verb(
            ["break"], argument: "PRED", help: "Stop continue/reverse-continue where PRED holds.",
            available: false),
        Verb(["continue", "c"], help: "Run forward to the next watched change.", available: false),
        Verb(["reverse-continue", "rc"], help: "Run back to the previous watched change.", available: false),
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
            throw StepInputError("unknown command '\(word)': type 'help' for the list of commands")
        }
        guard verb.available else {
            throw StepInputError(
                "'\(word)' is not available yet: this version of redux-inspect has no watchpoints")
        }
        let name = verb.names[0]
        if verb.argument == nil, !argument.isEmpty {
            if name == "where", argument == "watch" {
                throw StepInputError(
                    "'info watch' is not available yet: this version of redux-inspect has no watchpoints")
            }
            throw StepInputError("'\(word)' takes no argument, found '\(argument)'")
        }
        switch name {
        case "next": return .next(try count(argument, command: word))
        case "back": return .back(try count(argument, command: word))
        case "goto":
            guard let seq = Int(argument), seq >= 0 else {
                let found = argument.isEmpty ? "nothing" : "'\(argument)'"
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
                return .state(try JSONPath(parsing: argument))
            } catch {
                throw StepInputError("invalid path '\(argument)': \(error)")
            }
        case "diff": return .diff
        case "action": return .action
        case "where": return .whereAmI
        case "help": return .help
        default: return .quit
        }
    }

    /// `text` without leading and trailing white space.
    private static func trim(_ text: some StringProtocol) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// A step count: 1 when omitted, else a positive integer.
    private static func count(_ text: String, command: String) throws(StepInputError) -> Int {
        if text.isEmpty { return 1 }
        guard let count = Int(text), count > 0 else {
            throw StepInputError("'\(command)' expects a positive number of steps, found '\(text)'")
        }
        return count
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
