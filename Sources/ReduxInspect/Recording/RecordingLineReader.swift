/// Interprets a parsed line as a header, entry or marker, with messages that say which
/// member was expected to be what.
///
/// A reader lives inside a call that holds the line's bytes, and must not outlive it.
struct RecordingLineReader {
    let path: String
    let line: Int
    /// The line's bytes, where an error finds the column of the value it is about.
    let bytes: UnsafeBufferPointer<UInt8>

    /// An error about the value at `member` (a path from the line's object), named by its column.
    private func fail(_ message: String, at member: JSONPath = .root, seq: Int? = nil) -> RecordingError {
        RecordingError(
            .malformed, path: path, line: line, column: ValueLocator.column(of: member, in: bytes), seq: seq,
            message: message)
    }

    func header(from value: JSONValue) throws(RecordingError) -> RecordingHeader {
        if let format = value["format"], format != .string("redux-inspect") {
            throw fail("expected \"format\" to be \"redux-inspect\", found \(format.compactText)", at: [.key("format")])
        }
        guard case .number(let number) = value["version"] ?? .null, let version = Int(number.text) else {
            throw fail("expected the header's \"version\" to be an integer", at: [.key("version")])
        }
        guard version == 1 else {
            throw fail("unsupported recording version \(version): this inspector reads version 1", at: [.key("version")])
        }
        var header = RecordingHeader(version: version, line: line)
        // It names the reducer that replays the file: another type would silently name none.
        if let reducer = value["reducer"], reducer != .null, reducer.stringValue == nil {
            throw fail("expected \"reducer\" to be a string, found \(reducer.kindName)", at: [.key("reducer")])
        }
        header.reducer = value["reducer"]?.stringValue
        header.app = value["app"]?.stringValue
        header.started = value["started"]?.stringValue
        header.initialState = Self.present(value["initialState"])
        return header
    }

    /// The kinds of line a recording holds, by the member that makes each.
    enum LineKind {
        case entry, header, headerVersion, gap, end

        /// The member that makes a line this kind.
        var key: String {
            switch self {
            case .entry: "action"
            case .header: "format"
            case .headerVersion: "version"
            case .gap: "gap"
            case .end: "end"
            }
        }

        /// The kind, as messages name it.
        var name: String {
            switch self {
            case .entry: "an entry"
            case .header, .headerVersion: "a header"
            case .gap: "a gap marker"
            case .end: "an end marker"
            }
        }
    }

    /// The message for a line that is two kinds at once.
    static func twoKinds(_ first: LineKind, _ second: LineKind) -> String {
        "expected one kind of line, found \(first.name) (\"\(first.key)\") with \(second.name) (\"\(second.key)\")"
    }

    func entry(from value: JSONValue, seq: Int) throws(RecordingError) -> RecordingEntry {
        guard let action = value["action"] else { throw fail("expected an \"action\" member", seq: seq) }
        // A marker's member after a state the index passed over, which it could not see.
        for marker in [LineKind.gap, .end] where value[marker.key] != nil {
            throw fail(Self.twoKinds(.entry, marker), at: [.key(marker.key)], seq: seq)
        }
        let type: String
        if let written = value["type"] {
            guard let name = written.stringValue else { throw fail("expected \"type\" to be a string", at: [.key("type")], seq: seq) }
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
        let shape = "in a gap marker {\"gap\":{\"after\":SEQ,\"dropped\":N}}"
        guard let afterSeq = Self.count(value["gap"]?["after"]) else {
            throw fail("expected \"after\" to be a seq (a whole number) \(shape)", at: [.key("gap"), .key("after")])
        }
        guard let dropped = Self.count(value["gap"]?["dropped"]), dropped >= 1 else {
            throw fail(
                "expected \"dropped\" to be a whole number of 1 or more \(shape)", at: [.key("gap"), .key("dropped")])
        }
        return RecordingGap(after: afterSeq, dropped: dropped, reason: value["gap"]?["reason"]?.stringValue, line: line)
    }

    func endSeq(from value: JSONValue) throws(RecordingError) -> Int {
        guard let endSeq = Self.count(value["end"]?["seq"]) else {
            throw fail("expected an end marker {\"end\":{\"seq\":SEQ,\"state\":…}}", at: [.key("end"), .key("seq")])
        }
        return endSeq
    }

    /// `value` as a whole number of zero or more, as markers write their seqs and counts.
    private static func count(_ value: JSONValue?) -> Int? {
        guard case .number(let number) = value ?? .null, let count = Int(number.text), count >= 0 else { return nil }
        return count
    }
}
