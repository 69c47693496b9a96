/// Writes `step` replies for tools: every command answers with exactly one line of JSON on
/// standard output, failures included.
///
/// - Moves, `where`, `diff` and `action` answer with the step object:
///   `{"seq":5,"type":"decrement","action":{"decrement":{}},"position":5,"count":22,
///   "source":"recorded","changes":[…]}` (shown wrapped). `position` is 1-based among the
///   `count` steps; at the initial state `seq` and `position` are 0 and `type` and `action` are
///   `null`. `source` says where the state comes from: `recorded`, `replayed`, `header` or
///   `reducerDefault`. `changes` is what the step changed, as `diff --format json` writes it.
///   A clamped move adds `"note":"stopped at the last step"` (or `already at …`).
/// - `state`: `{"seq":5,"state":{…}}`; `state PATH`: `{"seq":5,"path":"count","value":7}`.
/// - `help`: `{"commands":[{"name":"next","aliases":["n"],"argument":"[N]","help":"…",
///   "available":true},…]}`.
/// - `quit`: `{"quit":true}`.
/// - A failure (unknown command, bad argument, no such step, path not present, not found):
///   `{"error":"…"}`; the session goes on.
struct StepJSONRenderer: StepRenderer {
    func render(_ reply: StepReply) -> StepOutput {
        StepOutput(lines: [value(reply).compactText])
    }

    /// The reply as one JSON value.
    func value(_ reply: StepReply) -> JSONValue {
        switch reply {
        case .moved(let view, let note, _):
            var members = stepMembers(view)
            if let note { members.append(("note", .string(note))) }
            return .object(JSONObject(members))
        case .location(let view), .diff(let view), .action(let view):
            return .object(JSONObject(stepMembers(view)))
        case .state(let seq, let state):
            return .object(JSONObject([("seq", Self.number(seq)), ("state", state)]))
        case .value(let seq, let path, let value):
            return .object(
                JSONObject([("seq", Self.number(seq)), ("path", .string(path.description)), ("value", value)])
            )
        case .help:
            return .object(JSONObject([("commands", .array(StepCommandParser.verbs.map(Self.verb)))]))
        case .quit:
            return .object(JSONObject([("quit", .bool(true))]))
        case .failure(let message):
            return .object(JSONObject([("error", .string(message))]))
        }
    }

    private func stepMembers(_ view: StepView) -> [JSONObject.Element] {
        [
            ("seq", Self.number(view.seq)),
            ("type", view.entry.map { .string($0.type) } ?? .null),
            ("action", view.entry?.action ?? .null),
            ("position", Self.number(view.position)),
            ("count", Self.number(view.count)),
            ("source", .string(view.source.rawValue)),
            ("changes", DiffJSONFormatter().value(view.changes)),
        ]
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

    private static func number(_ value: Int) -> JSONValue {
        .number(JSONNumber(String(value)))
    }
}
