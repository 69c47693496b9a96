/// The line that introduces a step: `seq 3  loginRequest  {"loginRequest":{…}}`, used by
/// `replay` and `bisect`.
enum StepHeading {
    /// The heading of a recorded entry.
    static func text(_ entry: RecordingEntry, colors: Bool, actionWidth: Int? = 120) -> String {
        text(seq: entry.seq, type: entry.type, action: entry.action, colors: colors, actionWidth: actionWidth)
    }

    /// The heading from its parts; the action is cut at `actionWidth` characters, or shown
    /// whole when it is `nil`. The type is escaped for the terminal.
    static func text(seq: Int, type: String, action: JSONValue, colors: Bool, actionWidth: Int?) -> String {
        let seq = "seq \(seq)"
        let type = TerminalText.escape(type)
        let action = actionWidth.map { DiffTextFormatter.abbreviate(action.compactText, width: $0) } ?? action.compactText
        if colors { return "\u{1B}[1m\(seq)\u{1B}[0m  \u{1B}[36m\(type)\u{1B}[0m  \(action)" }
        return "\(seq)  \(type)  \(action)"
    }
}
