import Foundation

extension RecordingLine {
    /// Appends the line's JSON and a newline to `output`.
    ///
    /// - Throws: `EncodingError` when the action or state cannot be encoded; nothing is
    ///   appended then.
    func encode(with writer: JSONLineWriter, to output: inout [UInt8]) throws {
        try encode(with: StreamingEncoder(writer: writer, maximumDepth: RecordingFormat.maximumDepth), to: &output)
    }

    /// Appends the line's JSON and a newline to `output`, with an encoder the writer thread
    /// keeps from line to line: its buffers and caches then outlive a line.
    ///
    /// - Parameter maximumLength: The most bytes the line may hold, without its newline.
    /// - Throws: `EncodingError` when the action or state cannot be encoded, ``LineTooLong``
    ///   when the line would be longer than `maximumLength`, ``LineTooDeep`` when it would nest
    ///   deeper than ``RecordingFormat/maximumDepth``; nothing is appended then.
    func encode(with encoder: StreamingEncoder, to output: inout [UInt8], maximumLength: Int = .max) throws {
        let writer = encoder.writer
        let limit = RecordingFormat.maximumDepth
        let value: EncodedValue
        switch self {
        case .header(let reducer, let app, let started, let initialState):
            var members: [(key: String, value: EncodedValue)] = [
                ("format", .string("redux-inspect")), ("version", .number("1")),
            ]
            if let reducer { members.append(("reducer", .string(reducer))) }
            if let app { members.append(("app", .string(app))) }
            members.append(("started", .string(Timestamp.string(from: started))))
            if let initialState { members.append(("initialState", try EncodedValue.encode(initialState, maximumDepth: limit))) }
            value = .object(members)
        case .entry(let seq, let time, let action, let state, let microseconds):
            // The line written on every action: streamed, without building a tree.
            try Self.encodeEntry(
                seq, time, action, state, microseconds, with: encoder, to: &output, maximumLength: maximumLength)
            return
        case .gap(let after, let dropped, let reason):
            value = .object([
                ("gap", .object([
                    ("after", .number(String(after))), ("dropped", .number(String(dropped))),
                    ("reason", .string(reason)),
                ]))
            ])
        case .end(let seq, let state):
            var members: [(key: String, value: EncodedValue)] = [("seq", .number(String(seq)))]
            if let state { members.append(("state", try EncodedValue.encode(state, maximumDepth: limit))) }
            value = .object([("end", .object(members))])
        case .barrier:
            return
        }
        // Headers and markers are built as trees: measured whole (the depth includes the
        // line's own object), and their length once written.
        let depth = value.depth
        guard depth <= limit else { throw LineTooDeep(depth: depth, limit: limit) }
        let start = output.count
        writer.writeLine(value, appValueKeys: Self.appValueKeys, to: &output)
        guard output.count - start <= maximumLength else {
            let length = output.count - start
            output.removeSubrange(start...)
            throw LineTooLong(length: length, limit: maximumLength)
        }
        output.append(UInt8(ascii: "\n"))
    }

    /// The members of the lines' own objects that hold the app's values, whose keys inside
    /// are redacted; the other members are the format's (``JSONLineWriter/writeLine(_:appValueKeys:to:)``).
    static var appValueKeys: Set<String> { ["initialState", "action", "state"] }

    /// The tree form of an entry line: what ``encodeEntry`` must write, byte for byte.
    static func entryTree(_ seq: Int, _ time: Date, _ action: Action, _ state: State?, _ microseconds: Int?) throws
        -> EncodedValue
    {
        var members: [(key: String, value: EncodedValue)] = [
            ("seq", .number(String(seq))),
            ("time", .string(Timestamp.string(from: time))),
            ("type", .string(ActionType.name(of: action))),
            ("action", try EncodedValue.encode(action)),
        ]
        if let state { members.append(("state", try EncodedValue.encode(state))) }
        if let microseconds { members.append(("us", .number(String(microseconds)))) }
        return .object(members)
    }

    private static func encodeEntry(
        _ seq: Int, _ time: Date, _ action: Action, _ state: State?, _ microseconds: Int?,
        with encoder: StreamingEncoder, to output: inout [UInt8], maximumLength: Int
    ) throws {
        encoder.reset()
        // Written to the encoder's buffer first, so that a failure leaves `output` untouched.
        defer { encoder.bytes.truncate(to: 0) }
        encoder.bytes.append(UInt8(ascii: "{"))
        encoder.lineMember("seq", first: true) { $0.writeSigned(Int64(seq)) }
        encoder.lineMember("time") {
            // A timestamp has nothing to escape.
            $0.bytes.append(UInt8(ascii: "\""))
            Timestamp.write(time, to: &$0.bytes)
            $0.bytes.append(UInt8(ascii: "\""))
        }
        encoder.lineMember("type") { $0.bytes.appendQuoted($0.actionTypes.name(of: action)) }
        try encoder.lineMember("action") { try $0.encodeTopLevel(action) }
        if let state { try encoder.lineMember("state") { try $0.encodeTopLevel(state) } }
        if let microseconds { encoder.lineMember("us") { $0.writeSigned(Int64(microseconds)) } }
        encoder.bytes.append(UInt8(ascii: "}"))
        // The line's own object is one more level around the action and the state.
        guard 1 + encoder.deepest <= RecordingFormat.maximumDepth else {
            throw LineTooDeep(depth: 1 + encoder.deepest, limit: RecordingFormat.maximumDepth)
        }
        // Measured before it is copied out: a line too long for the inspector costs no copy.
        guard encoder.bytes.count <= maximumLength else {
            throw LineTooLong(length: encoder.bytes.count, limit: maximumLength)
        }
        encoder.bytes.append(UInt8(ascii: "\n"))
        output.append(contentsOf: encoder.bytes.bytes)
    }
}

extension StreamingEncoder {
    /// Writes a member of a line's own object: `,"key":` and the value `write` appends. The
    /// key is the format's, so its value is never redacted as a whole (see
    /// ``JSONLineWriter/writeLine(_:appValueKeys:to:)``).
    fileprivate func lineMember(_ key: String, first: Bool = false, _ write: (StreamingEncoder) throws -> Void) rethrows {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.appendQuoted(key)
        bytes.append(UInt8(ascii: ":"))
        try write(self)
    }
}
