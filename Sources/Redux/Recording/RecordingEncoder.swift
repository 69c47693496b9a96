/// Encodes values as compact JSON exactly as the ``Recorder`` writes them: members in the
/// order `Encodable` writes them, numbers as text (`Decimal` 9.99 stays `9.99`), control
/// characters escaped, the strings and numbers under redacted keys replaced.
///
/// Inspectors use it to turn replayed states into the same text the recording holds.
///
/// ```swift
/// let bytes = try RecordingEncoder().encode(Counter.State(count: 3))  // {"count":3}
/// ```
public struct RecordingEncoder: Sendable {
    let writer: JSONLineWriter

    /// Creates an encoder.
    ///
    /// - Parameter redactedKeys: Key names (any case) whose values are redacted: their
    ///   strings and numbers become `"<redacted>"`, their shape, booleans and `null` stay.
    public init(redactedKeys: Set<String> = []) {
        writer = JSONLineWriter(redactedKeys: redactedKeys)
    }

    /// The placeholder written in place of a redacted string or number.
    public static var redactedPlaceholder: String { JSONLineWriter.redactedPlaceholder }

    /// Encodes a value.
    ///
    /// - Parameter value: Any `Encodable` value.
    /// - Returns: Compact JSON text as UTF-8 bytes, without a newline.
    /// - Throws: `EncodingError` when the value has no JSON form (a NaN, say).
    public func encode(_ value: some Encodable) throws -> [UInt8] {
        try encodeMeasuringDepth(value).text
    }

    /// Encodes a value as ``encode(_:)`` does, and says how deeply its text nests: arrays and
    /// objects open at once at its deepest point, 0 for a scalar. For inspectors, which read a
    /// text only within the limits of ``RecordingFormat``.
    ///
    /// - Parameter value: Any `Encodable` value.
    /// - Returns: The text, and its depth.
    /// - Throws: `EncodingError` when the value has no JSON form.
    package func encodeMeasuringDepth(_ value: some Encodable) throws -> (text: [UInt8], depth: Int) {
        let encoder = StreamingEncoder(writer: writer)
        try encoder.encodeTopLevel(value)
        return (Array(encoder.bytes.bytes), encoder.deepest)
    }

    /// Encodes a value into a tree, without redaction: what ``encode(_:)`` would write,
    /// before it becomes text.
    ///
    /// - Parameter value: Any `Encodable` value.
    /// - Returns: The encoded tree.
    /// - Throws: `EncodingError` when the value has no JSON form.
    public func encodeTree(_ value: some Encodable) throws -> EncodedValue {
        try EncodedValue.encode(value)
    }
}
