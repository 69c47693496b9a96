/// How `diff` prints one step's changes in each of its formats.
///
/// A value type with no reference to the command's context, so that worker threads can
/// format the steps they diff while the main thread prints the ones before.
struct DiffStepText: Sendable {
    /// `text`, `json-patch` or `json`.
    let format: String
    /// Formats change lines for the `text` format.
    let formatter: DiffTextFormatter
    /// Whether text headings are coloured.
    let colors: Bool
    /// Whether text output leaves out steps without changes: under `--path`, steps that
    /// leave that part alone are not worth a heading.
    let skipsUnchanged: Bool

    /// The step's lines, each ending with a newline; empty when the step is left out.
    ///
    /// - Parameters:
    ///   - seq: The step's `seq`.
    ///   - type: The action's type.
    ///   - changes: What the step changed.
    func lines(seq: Int, type: String, changes: [JSONChange]) -> String {
        switch format {
        case "json-patch":
            return JSONPatchFormatter().format(changes) + "\n"
        case "json":
            let object: JSONValue = .object(
                JSONObject([
                    ("seq", .number(JSONNumber(String(seq)))), ("type", .string(type)),
                    ("changes", DiffJSONFormatter().value(changes)),
                ]))
            return object.compactText + "\n"
        default:
            if skipsUnchanged && changes.isEmpty { return "" }
            let heading = "@@ seq \(seq) \(TerminalText.escape(type)) @@"
            var text = colors ? "\u{1B}[36m\(heading)\u{1B}[0m\n" : heading + "\n"
            for change in changes {
                text += formatter.line(for: change)
                text += "\n"
            }
            return text
        }
    }
}
