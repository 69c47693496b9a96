/// Interprets a parsed line as a header, entry or marker, with messages that say which
/// member was expected to be what.
struct RecordingLineReader {
    let path: String
    let line: Int

    private func fail(_ message: String, seq: Int? = nil) -> RecordingError {
        RecordingError(.malformed, path: path, line: line, column: 1, seq: seq, message: message)
    }

    func header(from value: JSONValue) throws(RecordingError) -> RecordingHeader {
        if let format = value["format"], format != .string("redux-inspect") {
            throw fail("expected \"format\" to be \"redux-inspect\", found \(format.compactText)")
        }
        guard case .number(let number) = value["version"] ?? .null, let version = Int(number.text) else {
            throw fail("expected the header's \"version\" to be an integer")
        }
        guard version == 1 else {
            throw fail("unsupported recording version \(version): this inspector reads version 1")
        }
        var header = RecordingHeader(version: version, line: line)
        header.reducer = value["reducer"]?.stringValue
        header.app = value["app"]?.stringValue
        header.started = value["started"]?.stringValue
        header.initialState = Self.present(value["initialState"])
        return header
    }

    func entry(from value: JSONValue, seq: Int) throws(RecordingError) -> RecordingEntry {
        guard let action = value["action"] else { throw fail("expected an \"action\" member", seq: seq) }
        let type: String
        if let written = value["type"] {
            guard let name = written.stringValue else { throw fail("expected \"type\" to be a string", seq: seq) }
            type = name
        } else if case .object(let object) = action, object.count == 1 {
            type = object[0].key
        } else if case .string(let name) = action {
            type = name
        } else {
            type = "action"
        }
        var microseconds: Int?
        if case .number(let number) = value["us"] ?? .null { microseconds = Int(number.text) }
        let state = Self.present(value["state"])
        return RecordingEntry(
            seq: seq, type: type, action: action, state: state, time: value["time"]?.stringValue,
            microseconds: microseconds, line: line)
    }

    /// A member's value, or `nil` when it is missing or `null`.
    ///
    /// (Not `flatMap { $0 == .null ? nil : $0 }`: `JSONValue` is `ExpressibleByNilLiteral`,
    /// so that `nil` becomes `.null` and the member stays present.)
    static func present(_ value: JSONValue?) -> JSONValue? {
        guard let value, value != .null else { return nil }
        return value
    }

    func gap(from value: JSONValue) throws(RecordingError) -> RecordingGap {
        guard case .number(let after) = value["gap"]?["after"] ?? .null, let afterSeq = Int(after.text),
            case .number(let dropped) = value["gap"]?["dropped"] ?? .null, let count = Int(dropped.text),
            afterSeq >= 0, count >= 1
        else { throw fail("expected a gap marker {\"gap\":{\"after\":SEQ,\"dropped\":N}}") }
        return RecordingGap(after: afterSeq, dropped: count, reason: value["gap"]?["reason"]?.stringValue, line: line)
    }

    func endSeq(from value: JSONValue) throws(RecordingError) -> Int {
        guard case .number(let seq) = value["end"]?["seq"] ?? .null, let endSeq = Int(seq.text), endSeq >= 0 else {
            throw fail("expected an end marker {\"end\":{\"seq\":SEQ,\"state\":…}}")
        }
        return endSeq
    }
}
