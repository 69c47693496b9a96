import Redux

/// Parses JSON text (RFC 8259) from UTF-8 bytes into a `JSONValue`.
///
/// The parser is strict, because a recording that another tool would read differently is a
/// bug worth reporting: it rejects invalid UTF-8, raw control characters in strings, lone
/// surrogates, trailing commas, leading zeros and a byte order mark, each with a
/// `JSONParseError` that says where. Numbers keep their text, object members keep their order
/// and duplicate keys are kept as written.
///
/// It works on bytes with an index and never recurses, so deep nesting ends in
/// `JSONParseError.Reason.tooDeep`, not a stack overflow.
///
/// ```swift
/// let value = try JSONParser.parse(#"{"price":9.99,"tags":["a","b"]}"#)
/// value["price"]   // .number(JSONNumber("9.99"))
///
/// let file: [UInt8] = ...
/// for line in file.split(separator: UInt8(ascii: "\n")) {   // ArraySlice<UInt8>, no copy
///     let entry = try JSONParser.parse(line, options: .init(maximumDepth: 64))
/// }
/// ```
public enum JSONParser {
    /// Limits that keep a hostile or broken input from costing unbounded time or memory.
    public struct Options: Sendable, Equatable {
        /// How many arrays and objects may be open at once; one more is an error.
        ///
        /// The parser itself handles any depth, but other code that walks a `JSONValue`
        /// recursively (equality, hashing, writing text, destroying it) needs stack for each
        /// level, so keep this in the thousands at most.
        public var maximumDepth: Int
        /// How many bytes one input (one line of a JSON-lines file) may hold; longer input is
        /// rejected before parsing starts.
        public var maximumLength: Int

        /// Creates options; the defaults suit recordings.
        ///
        /// - Parameters:
        ///   - maximumDepth: Arrays and objects open at once; by default
        ///     `RecordingFormat.maximumDepth` (512), the most the recorder writes.
        ///   - maximumLength: Bytes per input; by default `RecordingFormat.maximumLineLength`
        ///     (64 MiB), the longest line the recorder writes.
        public init(maximumDepth: Int = RecordingFormat.maximumDepth, maximumLength: Int = RecordingFormat.maximumLineLength) {
            self.maximumDepth = maximumDepth
            self.maximumLength = maximumLength
        }
    }

    /// Parses one JSON text held in memory the caller owns; the fastest entry point.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 JSON text: one value with optional white space around it.
    ///   - options: Limits on depth and length.
    /// - Returns: The value.
    /// - Throws: `JSONParseError` for the first problem in the text.
    public static func parse(
        _ bytes: UnsafeRawBufferPointer,
        options: Options = Options()
    ) throws(JSONParseError) -> JSONValue {
        try bytes.withMemoryRebound(to: UInt8.self) { buffer in
            Result { () throws(JSONParseError) in try parse(buffer, options: options) }
        }.get()
    }

    /// Parses one JSON text from a buffer of UTF-8 bytes.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 JSON text: one value with optional white space around it.
    ///   - options: Limits on depth and length.
    /// - Returns: The value.
    /// - Throws: `JSONParseError` for the first problem in the text.
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>,
        options: Options = Options()
    ) throws(JSONParseError) -> JSONValue {
        var reader = Reader(bytes: bytes, options: options)
        return try reader.readDocument()
    }

    /// Parses one JSON text from any collection of UTF-8 bytes.
    ///
    /// Collections with contiguous storage (arrays, their slices, `Data`) are read in place;
    /// others are copied into an array first. Positions in errors count from the start of the
    /// collection: for one line of a file read whole, from the start of the line.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 JSON text: one value with optional white space around it.
    ///   - options: Limits on depth and length.
    /// - Returns: The value.
    /// - Throws: `JSONParseError` for the first problem in the text.
    public static func parse(
        _ bytes: some Collection<UInt8>,
        options: Options = Options()
    ) throws(JSONParseError) -> JSONValue {
        let inPlace = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) in try parse(buffer, options: options) }
        }
        guard let inPlace else { return try parse(Array(bytes), options: options) }
        return try inPlace.get()
    }

    /// Parses one JSON text from a string, reading its UTF-8 in place.
    ///
    /// - Parameters:
    ///   - text: JSON text: one value with optional white space around it.
    ///   - options: Limits on depth and length.
    /// - Returns: The value.
    /// - Throws: `JSONParseError` for the first problem in the text.
    public static func parse(
        _ text: String,
        options: Options = Options()
    ) throws(JSONParseError) -> JSONValue {
        var text = text
        return try text.withUTF8 { buffer in
            Result { () throws(JSONParseError) in try parse(buffer, options: options) }
        }.get()
    }
}
