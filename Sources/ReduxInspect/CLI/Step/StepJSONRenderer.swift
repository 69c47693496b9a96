/// Writes `step` replies for tools: every command answers with exactly one line of JSON on
/// standard output, failures included.
///
/// - Moves, `where`, `diff` and `action` answer with the step object:
///   `{"seq":5,"type":"decrement","action":{"decrement":{}},"position":5,"count":22,
///   "source":"recorded","changes":[…]}` (shown wrapped). `position` is 1-based among the
///   `count` steps; at the initial state `seq` and `position` are 0 and `type` and `action` are
///   `null`. `source` says where the state comes from: `recorded`, `replayed`, `header`,
///   `reducerDefault` or `unavailable` (no header and no reducer). `changes` is what the step changed, as `diff --format json` writes it.
///   A clamped move adds `"note":"stopped at the last step"` (or `already at …`), and `last`
///   after entries missing at the end, where the end marker's state is. A step
///   that entries are missing just before has `"gapBefore":{"after":4,"dropped":3}` (with the
///   marker's `reason`). A replayed state that entries missing since the last recorded state
///   leave out has `"missingInReplay":3`. A step whose changes cannot be worked out (a state
///   that cannot be encoded) has `"changes":null`; a move there, `continue` stopping there
///   and `diff` add the `"error"` (and `"line"`) a failure has, and count as one.
/// - `state`: `{"seq":5,"state":{…}}`; `state PATH`: `{"seq":5,"path":"count","value":7}`.
/// - `continue` / `reverse-continue`: the step object with `"fired":[…]`, one object per
///   watchpoint or breakpoint that fired — `{"number":1,"kind":"watchpoint","path":"cart.total",
///   "old":0,"new":9}` (`old` or `new` left out when absent), `{"number":2,"kind":"breakpoint",
///   "predicate":"cart.total > 50"}` — empty with a `note` when it ran to an end.
/// - `watch`, `break`: `{"added":[…]}`; `info watch`: `{"watchpoints":[…],"breakpoints":[…]}`:
///   `{"number":1,"kind":"watchpoint","path":"cart.total","value":9}` (no `value` when absent),
///   `{"number":2,"kind":"breakpoint","predicate":"cart.total > 50","holds":false}`, with
///   `"alreadySet":true` when `watch` or `break` found it set. `unwatch`, `unbreak`, `delete`:
///   `{"deleted":[{"number":1,"kind":"watchpoint","path":"cart.total"}]}`.
/// - `help`: `{"commands":[{"name":"next","aliases":["n"],"argument":"[N]","help":"…",
///   "available":true},…]}`.
/// - `quit`: `{"quit":true}`.
/// - A failure (unknown command, bad argument, no such step, path not present, not found):
///   `{"error":"…"}`, with `"line":3` in a script; the session goes on.
struct StepJSONRenderer: StepRenderer {
    func render(_ reply: StepReply) -> StepOutput {
        StepOutput(lines: [value(reply).compactText])
    }

    /// The reply as one JSON value.
    func value(_ reply: StepReply) -> JSONValue {
        let reportsUnshown = reply.reportedError != nil
        switch reply {
        case .moved(let view, let note, _):
            var members = stepMembers(view, reportsUnshown: reportsUnshown)
            if let note { members.append(("note", .string(note))) }
            return .object(JSONObject(members))
        case .location(let view), .diff(let view), .action(let view):
            return .object(JSONObject(stepMembers(view, reportsUnshown: reportsUnshown)))
        case .state(let seq, let state):
            return .object(JSONObject([("seq", Self.number(seq)), ("state", state)]))
        case .value(let seq, let path, let value):
            return .object(
                JSONObject([("seq", Self.number(seq)), ("path", .string(path.description)), ("value", value)])
            )
        case .stopped(let view, let fired, let note, _):
            var members = stepMembers(view, reportsUnshown: reportsUnshown)
            members.append(("fired", .array(fired.map(Self.firing))))
            if let note { members.append(("note", .string(note))) }
            return .object(JSONObject(members))
        case .added(let statuses):
            return .object(JSONObject([("added", .array(statuses.map(Self.status)))]))
        case .deleted(let removed):
            return .object(
                JSONObject([("deleted", .array(removed.map { .object(JSONObject(Self.identity($0))) }))]))
        case .breakpoints(let statuses):
            let watchpoints = statuses.filter { $0.breakpoint.kind == "watchpoint" }
            let breakpoints = statuses.filter { $0.breakpoint.kind == "breakpoint" }
            return .object(
                JSONObject([
                    ("watchpoints", .array(watchpoints.map(Self.status))),
                    ("breakpoints", .array(breakpoints.map(Self.status))),
                ]))
        case .help:
            return .object(JSONObject([("commands", .array(StepCommandParser.verbs.map(Self.verb)))]))
        case .quit:
            return .object(JSONObject([("quit", .bool(true))]))
        case .failure(let message, let line):
            let error: [JSONObject.Element] = [("error", .string(message))]
            return .object(JSONObject(error + (line.map { [("line", Self.number($0))] } ?? [])))
        }
    }

    /// The step object; with `reportsUnshown`, the error that kept its changes from being
    /// worked out, which the reply reports (``StepReply/reportedError``).
    private func stepMembers(_ view: StepView, reportsUnshown: Bool) -> [JSONObject.Element] {
        let changes: JSONValue = view.unshownChanges == nil ? DiffJSONFormatter().value(view.changes) : .null
        let members: [JSONObject.Element] = [
            ("seq", Self.number(view.seq)),
            ("type", view.entry.map { .string($0.type) } ?? .null),
            ("action", view.entry?.action ?? .null),
            ("position", Self.number(view.position)),
            ("count", Self.number(view.count)),
            ("source", .string(view.source.rawValue)),
            ("changes", changes),
        ]
        let gap: [JSONObject.Element] = view.gapBefore.map { [("gapBefore", $0.details)] } ?? []
        let missing: [JSONObject.Element] =
            view.missingInReplay > 0 ? [("missingInReplay", Self.number(view.missingInReplay))] : []
        let unshown = reportsUnshown ? view.unshownChanges.map(Self.unshown) ?? [] : []
        return members + gap + missing + unshown
    }

    /// Why `changes` is `null`: `"error"`, and `"line"` in a script, as a failure says them.
    private static func unshown(_ unshown: StepView.Unshown) -> [JSONObject.Element] {
        [("error", .string(unshown.message))] + (unshown.line.map { [("line", number($0))] } ?? [])
    }

    private static func verb(_ verb: StepCommandParser.Verb) -> JSONValue {
        .object(
            JSONObject([
                ("name", .string(verb.names[0])),
                ("aliases", .array(verb.names.dropFirst().map { .string($0) })),
                ("argument", verb.argument.map { .string($0) } ?? .null),
                ("help", .string(verb.help)),
                ("available", .bool(verb.available)),
            ]))
    }

    /// `"number"`, `"kind"`, and `"path"` or `"predicate"`.
    private static func identity(_ breakpoint: StepBreakpoint) -> [JSONObject.Element] {
        var members: [JSONObject.Element] = [
            ("number", number(breakpoint.number)), ("kind", .string(breakpoint.kind)),
        ]
        switch breakpoint.condition {
        case .change(let path): members.append(("path", .string(path.description)))
        case .predicate(let predicate): members.append(("predicate", .string(predicate.description)))
        }
        return members
    }

    private static func status(_ status: StepBreakpointStatus) -> JSONValue {
        var members = identity(status.breakpoint)
        if case .change = status.breakpoint.condition {
            if let value = status.value { members.append(("value", value)) }
        } else {
            members.append(("holds", .bool(status.holds)))
        }
        if status.alreadySet { members.append(("alreadySet", .bool(true))) }
        if !status.hints.isEmpty { members.append(("hints", .array(status.hints.map(JSONValue.string)))) }
        return .object(JSONObject(members))
    }

    private static func firing(_ firing: StepFiring) -> JSONValue {
        var members = identity(firing.breakpoint)
        if case .change = firing.breakpoint.condition {
            if let old = firing.old { members.append(("old", old)) }
            if let new = firing.new { members.append(("new", new)) }
        }
        return .object(JSONObject(members))
    }

    private static func number(_ value: Int) -> JSONValue {
        .number(JSONNumber(String(value)))
    }
}
