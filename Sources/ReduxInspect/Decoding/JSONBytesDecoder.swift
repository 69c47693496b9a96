import Foundation

/// Decodes `Decodable` types straight from JSON text, without building a ``JSONValue`` tree
/// first: what a replay does with each recorded action.
///
/// It gives exactly what parsing the text and decoding the tree with ``JSONValueDecoder``
/// gives, value and error alike, because anything it is not certain to answer in the same way
/// goes to that pair: text that is not certainly valid (see `RawJSON.isCertainlyValid`), keys
/// with escapes or beyond ASCII, and every error, including one a type's `init(from:)` catches
/// to do something else. The common case, the recorder's compact ASCII text, never builds a
/// tree, so it costs a fraction of parsing and decoding.
///
/// ```swift
/// let text = Array(#"{"incrementBy":{"n":5}}"#.utf8)
/// let action = try text.withUnsafeBufferPointer { bytes in
///     try JSONBytesDecoder().decode(Counter.Action.self, from: bytes)  // .incrementBy(n: 5)
/// }
/// ```
public struct JSONBytesDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// Decodes a value from the UTF-8 text of one JSON value.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - text: The JSON text, optionally surrounded by white space.
    /// - Returns: The decoded value.
    /// - Throws: ``JSONParseError`` when the text is not valid JSON; `DecodingError`, as
    ///   ``JSONValueDecoder`` throws it, when it does not decode as `type`.
    public func decode<T: Decodable>(_ type: T.Type, from text: UnsafeBufferPointer<UInt8>) throws -> T {
        do {
            return try Self.decodeDirectly(T.self, from: text, checked: false)
        } catch {
            return try JSONValueDecoder().decode(T.self, from: JSONParser.parse(text))
        }
    }

    /// Decodes a value from text the caller has found certainly valid (see
    /// `RawJSON.isCertainlyValid`), as ``decode(_:from:)`` does without checking it again.
    func decode<T: Decodable>(_ type: T.Type, fromCertainlyValid text: UnsafeBufferPointer<UInt8>) throws -> T {
        do {
            return try Self.decodeDirectly(T.self, from: text, checked: true)
        } catch {
            return try JSONValueDecoder().decode(T.self, from: JSONParser.parse(text))
        }
    }

    /// Thrown when the bytes alone do not settle a decode. (An error rather than an optional
    /// result: an optional of a generic type costs a metadata lookup on every call.)
    private struct Undecided: Error {}

    /// The value decoded from the bytes alone; throws ``Undecided`` when the tree must decide.
    private static func decodeDirectly<T: Decodable>(
        _ type: T.Type, from text: UnsafeBufferPointer<UInt8>, checked: Bool
    ) throws(Undecided) -> T {
        guard !text.isEmpty else { throw Undecided() }
        let raw = RawJSON(text, maximumDepth: JSONParser.Options().maximumDepth)
        guard checked || raw.isCertainlyValidText else { throw Undecided() }
        let decoder = JSONRawDecoder(raw: raw)
        defer { decoder.finish() }
        let value: T
        do {
            value = try decoder.unbox(raw.skipSpace(0), as: T.self, path: [])
        } catch {
            throw Undecided()
        }
        // Checked after the decode, not only by its outcome: the type may have caught a
        // declined answer and carried on.
        guard !decoder.declined else { throw Undecided() }
        return value
    }
}
