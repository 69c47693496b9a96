/// `step`: interactive time travel through a recording.
struct StepCommand: Subcommand {
    static let spec = CommandSpec(
        name: "step",
        abstract: "Step forward and back through a recording interactively (or from a script on standard input).",
        usage: "step <file> [--at <seq>] [--json] [--reducer <name>]",
        arguments: [("<file>", "The recording (JSON Lines).")],
        options: [
            .init("--at", value: "<seq>", help: "Start at this step; 0 (the initial state) by default."),
            .init("--json", help: "Answer every command with one line of JSON."),
            .init("--reducer", value: "<name>", help: "Replay with this reducer where the recording holds no state."),
        ])

    let file: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = try Self.singleFile(arguments)
    }

    func run(_ session: CommandSession) throws(InspectorError) -> ExitCode {
        _ = try session.open(file, reducerName: nil)
        return .success
    }
}
