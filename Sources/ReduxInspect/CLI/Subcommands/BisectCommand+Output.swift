extension BisectCommand {
    /// What `bisect` prints, as text for people or one JSON object for tools.
    struct Output {
        let predicate: Predicate
        let json: Bool
        let valueWidth: Int?
        let colors: Bool

        /// The predicate already holds before the first action.
        func initialState() -> [String] {
            if json {
                return [
                    object([
                        ("holds", .bool(true)), ("seq", .number(JSONNumber("0"))), ("type", .null),
                        ("action", .null),
                        ("changes", .array([])), ("before", .null),
                    ])
                ]
            }
            return ["\(quoted) already holds in the initial state (seq 0)"]
        }

        /// The predicate holds in no state; `checked` counts the initial state too, unless
        /// `fromInitialState` is false (`steps` are a range given, after which alone it was
        /// checked), `absent` are the compared paths that no state has, `leftOut` those compared
        /// with null that some states have and others do not, and `misordered` the hints for
        /// paths ordered against a literal of a kind they never held; `lastState`, where given,
        /// names the path an absent one was likely meant to be.
        func never(
            checked: Int, steps: [StepLocation], fromInitialState: Bool = true, endSeq: Int? = nil, absent: [JSONPath] = [],
            leftOut: [JSONPath] = [], misordered: [String] = [], lastState: JSONValue? = nil
        ) -> [String] {
            // The end marker's state after missing entries was checked too.
            let checked = checked + (endSeq == nil ? 0 : 1)
            let end = endSeq.map { ", nor in the end marker's state (seq \($0), after missing entries)" } ?? ""
            let hints =
                absent.map { path in
                    predicate.absentPathHint(path) + (lastState.map(Predicate.Operand.path(path).didYouMean) ?? "")
                } + leftOut.map(predicate.leftOutPathHint) + misordered
            if json {
                var members: [JSONObject.Element] = [
                    ("holds", .bool(false)), ("checked", .number(JSONNumber(String(checked)))),
                ]
                if !absent.isEmpty {
                    members.append(("absentPaths", .array(absent.map { .string(Predicate.pathText($0)) })))
                }
                if !hints.isEmpty { members.append(("hints", .array(hints.map(JSONValue.string)))) }
                return [object(members)]
            }
            guard let first = steps.first, let last = steps.last else {
                let noSteps = endSeq == nil ? ", and the recording has no steps" : "\(end); the recording has no steps"
                return ["\(quoted) never holds: not in the initial state\(noSteps)"]
                    + hints.map(TerminalText.escape)
            }
            let range = first.seq == last.seq ? "seq \(first.seq)" : "seq \(first.seq)…\(last.seq)"
            let count = steps.count == 1 ? "the 1 step" : "any of the \(steps.count) steps"
            let checkedStates = fromInitialState ? ": not in the initial state, nor after" : " after"
            return ["\(quoted) never holds\(checkedStates) \(count) (\(range))\(end)"]
                + hints.map(TerminalText.escape)
        }

        /// The predicate first holds after `entry`; `heldBefore` when it held in the state
        /// before it too, which only the first step of a range given can be.
        func found(
            _ entry: RecordingEntry, position: Int, count: Int, changes: [JSONChange],
            before: RecordingEntry?,
            missingBefore: Int, heldBefore: Bool = false
        ) -> [String] {
            if json {
                var members: [JSONObject.Element] = [
                    ("holds", .bool(true)), ("seq", number(entry.seq)), ("type", .string(entry.type)),
                    ("action", entry.action), ("changes", DiffJSONFormatter().value(changes)),
                    ("before", beforeJSON(before)),
                ]
                if missingBefore > 0 { members.append(("missingBefore", number(missingBefore))) }
                if heldBefore { members.append(("heldBefore", .bool(true))) }
                return [object(members)]
            }
            var heading = heading(seq: entry.seq, position: position, count: count)
            if heldBefore { heading += "; it held before that step too" }
            var lines = [heading, ""]
            lines.append(stepLine(seq: entry.seq, type: entry.type, action: entry.action))
            lines += changeLines(changes)
            if missingBefore > 0 {
                let entries = missingBefore == 1 ? "1 entry is" : "\(missingBefore) entries are"
                lines.append("  (\(entries) missing before this step; the change may come from them)")
            }
            return lines + ["", stepBeforeLine(before)]
        }

        /// `cart.total > 50 holds first at seq 17 (step 17 of 27)`.
        func heading(seq: Int, position: Int, count: Int) -> String {
            "\(quoted) holds first at seq \(seq) (step \(position) of \(count))"
        }

        /// The predicate holds in no step's state but in the end marker's, after entries
        /// missing at the end; `changes` lead from the last step's state (`before`) to it.
        func foundAtEnd(_ end: EndAfterGap, changes: [JSONChange], before: RecordingEntry?) -> [String] {
            let missing = end.gap.dropped
            if json {
                return [
                    object([
                        ("holds", .bool(true)), ("seq", number(end.seq)), ("type", .null), ("action", .null),
                        ("changes", DiffJSONFormatter().value(changes)), ("before", beforeJSON(before)),
                        ("missingBefore", number(missing)), ("end", .bool(true)),
                    ])
                ]
            }
            let entries = missing == 1 ? "1 entry is" : "\(missing) entries are"
            let heading =
                "\(quoted) holds first in the end marker's state (seq \(end.seq)): \(entries) missing before it, "
                + "so the step that made it is not in the recording"
            return [heading, ""] + changeLines(changes) + ["", stepBeforeLine(before)]
        }

        /// A step's changes, one line each, indented; `(no change)` without any.
        private func changeLines(_ changes: [JSONChange]) -> [String] {
            let formatter = DiffTextFormatter(valueWidth: valueWidth, colors: colors)
            return changes.isEmpty ? ["  (no change)"] : changes.map { "  " + formatter.line(for: $0) }
        }

        /// `{"seq":17,"type":"addPackageToCart"}`, or seq 0 with a null type without a step.
        private func beforeJSON(_ before: RecordingEntry?) -> JSONValue {
            .object(JSONObject([("seq", number(before?.seq ?? 0)), ("type", before.map { .string($0.type) } ?? .null)]))
        }

        /// `step before: seq 17  addPackageToCart  {…}`, or the initial state without a step.
        private func stepBeforeLine(_ before: RecordingEntry?) -> String {
            guard let before else { return "step before: seq 0  (initial state)" }
            return "step before: " + stepLine(seq: before.seq, type: before.type, action: before.action)
        }

        /// `seq 18  setQuantity  {"setQuantity":{...}}`, the action cut at 100 characters.
        private func stepLine(seq: Int, type: String, action: JSONValue) -> String {
            StepHeading.text(seq: seq, type: type, action: action, colors: colors, actionWidth: valueWidth == nil ? nil : 100)
        }

        /// The predicate as written back, escaped for the terminal.
        private var quoted: String { TerminalText.escape(predicate.description) }

        private func object(_ members: [JSONObject.Element]) -> String {
            JSONValue.object(JSONObject([("predicate", .string(predicate.description))] + members))
                .compactText
        }

        private func number(_ value: Int) -> JSONValue {
            .number(JSONNumber(String(value)))
        }
    }
}
