import Foundation

/// Decodes `Decodable` types straight from JSON text, without building a ``JSONValue`` tree
/// first: what a replay does with each recorded action.
///
/// It gives exactly what parsing the text and decoding the tree with ``JSONValueDecoder``
/// gives, value and error alike, and asks a type's `init(from:)` the same questions with the
/// same answers, so a type that catches an error takes the same branch either way. Text that
/// is not certainly valid (see `RawJSON.isCertainlyValidText`) goes to that pair whole; in
/// text that is, an object with a key that is not plain ASCII, and a super decoder, are read
/// by the tree decoder from that value alone. The common case, the recorder's compact ASCII
/// text, builds no tree, so it costs a fraction of parsing and decoding.
///
/// Two things a type's `init(from:)` might notice. For the `allKeys` of an object of one
/// member (an enum's case, say), a decoder usually makes the key once per key type and name
/// and answers later objects with that name with the same key, so a key type must make the
/// same key from the same name, as synthesized ones do. And the containers a type keeps from
/// one decode, past its end, are for one thread at a time.
///
/// ```swift
/// let text = Array(#"{"incrementBy":{"n":5}}"#.utf8)
/// let action = try text.withUnsafeBufferPointer { bytes in
///     try JSONBytesDecoder().decode(Counter.Action.self, from: bytes)  // .incrementBy(n: 5)
/// }
/// ```
public struct JSONBytesDecoder: Sendable {
    /// The memory of the last decode, reused by the next so that a loop of decodes does not
    /// allocate it again each time.
    private let spare = SpareWorkspace()

    /// Creates a decoder. Keep one for a loop of decodes: it reuses what a decode allocates.
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
        guard !text.isEmpty, RawJSON(text, maximumDepth: Self.options.maximumDepth).isCertainlyValidText else {
            return try JSONValueDecoder().decode(T.self, from: JSONParser.parse(text))
        }
        return try decode(T.self, fromCertainlyValid: text)
    }

    /// Decodes a value from non-empty text the caller has found certainly valid (see
    /// `RawJSON.isCertainlyValidText`), as ``decode(_:from:)`` does, without checking it again.
    func decode<T: Decodable>(_ type: T.Type, fromCertainlyValid text: UnsafeBufferPointer<UInt8>) throws -> T {
        // The parser refuses text this long, valid or not.
        guard text.count <= Self.options.maximumLength else {
            return try JSONValueDecoder().decode(T.self, from: JSONParser.parse(text))
        }
        let raw = RawJSON(text, maximumDepth: Self.options.maximumDepth)
        var decoder = JSONRawDecoder(raw: raw, workspace: spare.take())
        defer {
            if isKnownUniquelyReferenced(&decoder) {
                if let workspace = decoder.handOverWorkspace() { spare.keep(workspace) }
            } else {
                // A type kept the decoder or one of its containers, which read the text on
                // demand, and the caller's text may be gone once this returns.
                decoder.keepText()
            }
        }
        do {
            return try decoder.unbox(decoder.root, as: T.self, path: CodingPathTree.root)
        } catch {
            throw JSONValueDecoder.explained(error, in: try JSONParser.parse(text))
        }
    }

    /// The parser's limits, which the text is held to as the parser would hold it.
    private static let options = JSONParser.Options()
}
