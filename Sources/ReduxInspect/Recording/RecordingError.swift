/// A problem with a recording, located as precisely as it is known: file, line, column and
/// the `seq` of the entry on that line.
///
/// Its description is the one-line message the CLI prints:
/// `shop.jsonl:12:40: expected ',' or '}' after object member (seq 11)`.
public struct RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of problem this is, which decides the exit code.
    public enum Kind: Sendable, Equatable {
        /// The file does not exist.
        case notFound
        /// The path exists but cannot be read as a file (a directory, no permission).
        case unreadable
        /// The content is not a valid recording.
        case malformed
    }

    /// What kind of problem this is.
    public let kind: Kind
    /// The file's path as the user gave it.
    public let path: String
    /// The 1-based line, when known.
    public let line: Int?
    /// The 1-based column (in characters) within the line, when known.
    public let column: Int?
    /// The `seq` of the entry on that line, when known.
    public let seq: Int?
    /// What is wrong or what was expected, a lower-case fragment.
    public let message: String
    /// The replay's failure at the line, when that is what the error is: the line is well
    /// formed, and what failed was the app's code on it (an action that does not decode, a
    /// state that cannot be encoded).
    var replayFailure: ReplayError?

    /// Creates an error.
    public init(_ kind: Kind, path: String, line: Int? = nil, column: Int? = nil, seq: Int? = nil, message: String) {
        self.kind = kind
        self.path = path
        self.line = line
        self.column = column
        self.seq = seq
        self.message = message
    }

    /// `path:line:column: message (seq N)`, with the parts that are known.
    public var description: String {
        // An empty path (`redux-inspect check ""`) would leave the message starting with a colon.
        var location = path.isEmpty ? "''" : path
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        var text = "\(location): \(message)"
        if let seq { text += " (seq \(seq))" }
        return text
    }
}
