import Foundation

/// One line of a recording, format version 1, before encoding.
enum RecordingLine<State: Encodable, Action: Encodable> {
    case header(reducer: String?, app: String?, started: Date, initialState: State?)
    case entry(seq: Int, time: Date, action: Action, state: State?, microseconds: Int?)
    case gap(after: Int, dropped: Int, reason: String)
    case end(seq: Int, state: State?)
    /// Not a line: the writer signals the semaphore once everything before it is written.
    case barrier(DispatchSemaphore)

    /// The `seq` this line records, for entries.
    var seq: Int? {
        if case .entry(let seq, _, _, _, _) = self { return seq }
        return nil
    }

    /// Appends the line's JSON and a newline to `output`.
    ///
    /// - Throws: `EncodingError` when the action or state cannot be encoded; nothing is
    ///   appended then.
    func encode(with writer: JSONLineWriter, to output: inout [UInt8]) throws {
        let value: EncodedValue
        switch self {
        case .header(let reducer, let app, let started, let initialState):
            var members: [(key: String, value: EncodedValue)] = [
                ("format", .string("redux-inspect")), ("version", .number("1")),
            ]
            if let reducer { members.append(("reducer", .string(reducer))) }
            if let app { members.append(("app", .string(app))) }
            members.append(("started", .string(Timestamp.string(from: started))))
            if let initialState { members.append(("initialState", try EncodedValue.encode(initialState))) }
            value = .object(members)
        case .entry(let seq, let time, let action, let state, let microseconds):
            var members: [(key: String, value: EncodedValue)] = [
                ("seq", .number(String(seq))),
                ("time", .string(Timestamp.string(from: time))),
                ("type", .string(ActionType.name(of: action))),
                ("action", try EncodedValue.encode(action)),
            ]
            if let state { members.append(("state", try EncodedValue.encode(state))) }
            if let microseconds { members.append(("us", .number(String(microseconds)))) }
            value = .object(members)
        case .gap(let after, let dropped, let reason):
            value = .object([
                ("gap", .object([
                    ("after", .number(String(after))), ("dropped", .number(String(dropped))),
                    ("reason", .string(reason)),
                ]))
            ])
        case .end(let seq, let state):
            var members: [(key: String, value: EncodedValue)] = [("seq", .number(String(seq)))]
            if let state { members.append(("state", try EncodedValue.encode(state))) }
            value = .object([("end", .object(members))])
        case .barrier:
            return
        }
        writer.write(value, to: &output)
        output.append(UInt8(ascii: "\n"))
    }
}
