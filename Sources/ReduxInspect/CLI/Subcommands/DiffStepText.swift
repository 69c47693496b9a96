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

    /// Whether a step without changes is written with its action's type: `json` writes it,
    /// `json-patch` writes `[]`, and `text` writes the heading and `(no change)` unless it
    /// leaves such steps out.
    var writesTypeOfUnchangedStep: Bool {
        format == "json" || (format != "json-patch" && !skipsUnchanged)
    }

    /// Whether each step is written as a JSON Patch, which must apply to the state before it.
    var writesPatch: Bool { format == "json-patch" }

    /// The step's lines, each ending with a newline; empty when the step is left out.
    ///
    /// - Parameters:
    ///   - seq: The step's `seq`.
    ///   - type: The action's type.
    ///   - changes: What the step changed.
    func lines(seq: Int, type: String, changes: [JSONChange]) -> String {
        var output: [UInt8] = []
        write(seq: seq, type: type, changes: changes, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the step's lines of ``lines(seq:type:changes:)``, as UTF-8 bytes, to `output`.
    func write(seq: Int, type: String, changes: [JSONChange], to output: inout [UInt8]) {
        switch format {
        case "json-patch":
            output.append(utf8: JSONPatchFormatter().format(changes))
            output.append(UInt8(ascii: "\n"))
        case "json":
            let object: JSONValue = .object(
                JSONObject([
                    ("seq", .number(JSONNumber(String(seq)))), ("type", .string(type)),
                    ("changes", DiffJSONFormatter().value(changes)),
                ]))
            JSONTextWriter(indent: nil).write(object, to: &output, level: 0)
            output.append(UInt8(ascii: "\n"))
        default:
            if skipsUnchanged && changes.isEmpty { return }
            writeHeading(seq: seq, type: type, to: &output)
            if changes.isEmpty { output.append(literal: Self.noChange) }
            for change in changes {
                formatter.write(change, to: &output)
                output.append(UInt8(ascii: "\n"))
            }
        }
    }

    /// Appends the lines of a step diffed from its recorded states, as
    /// ``write(seq:type:changes:to:)`` writes them for the step's ``JSONChange``s: text straight
    /// from the changes' bytes (``RawChangeText``), the other formats from `JSONChange`s.
    ///
    /// - Throws: `Malformed` when the changes cannot be made into text, which leaves `output`
    ///   as it was.
    func write(_ step: RecordedRawStepChanges, to output: inout [UInt8]) throws(RawJSON.Malformed) {
        guard format == "text" else {
            write(seq: step.seq, type: step.type, changes: try step.jsonChanges(), to: &output)
            return
        }
        if skipsUnchanged && step.changes.count == 0 { return }
        let start = output.count
        do {
            writeHeading(seq: step.seq, type: step.type, to: &output)
            if step.changes.count == 0 { output.append(literal: Self.noChange) }
            try RawChangeText(formatter: formatter).write(step, to: &output)
        } catch {
            output.removeSubrange(start...)
            throw error
        }
    }

    /// Appends the line that says entries are missing before the next step: the gap's notice
    /// in text, its marker in JSON; nothing in a JSON Patch stream, which has only patches.
    func write(_ gap: RecordingGap, to output: inout [UInt8]) {
        switch format {
        case "json-patch":
            return
        case "json":
            JSONTextWriter(indent: nil).write(gap.json, to: &output, level: 0)
        default:
            output.append(utf8: gap.notice)
        }
        output.append(UInt8(ascii: "\n"))
    }

    /// The line under the heading of a text step whose action changed nothing, so that a
    /// heading alone never looks like output cut short (`replay` and `step` say the same).
    private static let noChange: StaticString = "(no change)\n"

    /// Appends a text step's heading line.
    private func writeHeading(seq: Int, type: String, to output: inout [UInt8]) {
        if colors { output.append(literal: "\u{1B}[36m") }
        output.append(literal: "@@ seq ")
        output.append(decimal: seq)
        output.append(UInt8(ascii: " "))
        output.append(utf8: TerminalText.escape(type))
        output.append(literal: " @@")
        if colors { output.append(literal: "\u{1B}[0m") }
        output.append(UInt8(ascii: "\n"))
    }
}
