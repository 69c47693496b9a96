/// A command line split into positional arguments, option values and flags, checked
/// against a ``CommandSpec``.
///
/// Accepts `--name value`, `--name=value`, short aliases, and `--` to end options.
public struct ParsedArguments: Sendable, Equatable {
    /// Positional arguments in order.
    public var positionals: [String] = []
    /// Option values by long name; a repeated option keeps every value in order.
    public var values: [String: [String]] = [:]
    /// Flags given, by long name.
    public var flags: Set<String> = []

    /// Parses arguments for a subcommand.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the subcommand's name.
    ///   - spec: The subcommand's interface.
    /// - Returns: The parsed arguments.
    /// - Throws: ``UsageError`` for an unknown option or a missing value.
    public init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" || Self.isNumber(argument) {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = spec.option(named: name) else {
                let suggestion = Suggestion.didYouMean(name, among: spec.options.map(\.name) + ["--help"])
                throw UsageError("unknown option '\(TerminalText.echo(name))'\(suggestion)", command: spec.name)
            }
            if option.valueName == nil {
                if inlineValue != nil {
                    throw UsageError("option '\(option.name)' takes no value", command: spec.name)
                }
                flags.insert(option.name)
                continue
            }
            if inlineValue == nil {
                // `--to --help` asks for help, not for a step named "--help".
                if index < arguments.count, spec.option(named: arguments[index])?.name == CommandSpec.helpOption.name {
                    flags.insert("--help")
                    return
                }
                guard index < arguments.count else {
                    throw UsageError("missing value for '\(option.name) \(option.valueName!)'", command: spec.name)
                }
                inlineValue = arguments[index]
                index += 1
            }
            values[option.name, default: []].append(inlineValue!)
        }
    }

    private static func isNumber(_ text: String) -> Bool {
        text.count > 1 && text.dropFirst().allSatisfy(\.isNumber)
    }

    /// The last value given for an option.
    public func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Whether a flag was given.
    public func has(_ flag: String) -> Bool {
        flags.contains(flag)
    }
}
