/// ``JSONDiff`` over JSON text: the same list of changes, computed from the bytes of the two
/// values, building only the parts that changed.
///
/// The states a recording holds for consecutive steps are written by the same encoder, so a
/// part of the state that did not change is written with the same bytes on both lines. This
/// diff compares such parts with `memcmp` and moves on; it finds members and elements by
/// skimming the text (``RawJSON``) and parses with ``JSONParser`` only the values it reports
/// and the scalars whose bytes differ. Where bytes differ but values are equal — members in
/// another order, `"\u0041"` and `"A"`, equivalent Unicode — it compares values, as
/// ``JSONDiff`` does, so the result is exactly
/// `JSONDiff.changes(from: JSONParser.parse(old), to: JSONParser.parse(new))`: the same
/// changes in the same order, with the same paths, values and pointers.
///
/// Validation: text that holds the same bytes on both sides is skipped, not checked. Valid
/// input always gives the list above; invalid input throws the ``JSONParseError`` that
/// ``JSONParser`` reports for it, except where the invalid part is byte-identical on both
/// sides and the rest is well formed, which gives the list for the parts that differ. (A
/// recording's lines are validated by `check`; `diff` only needs what changed.) Nesting is
/// checked everywhere, against the same limit as the parser's.
///
/// ```swift
/// let changes = try RawJSONDiff.changes(from: #"{"cart":{"total":1}}"#, to: #"{"cart":{"total":3}}"#)
/// // [~ cart.total: 1 → 3]
/// ```
public enum RawJSONDiff {
    /// Lists what changed from the JSON text `old` to the JSON text `new`.
    ///
    /// - Parameters:
    ///   - old: UTF-8 JSON text of the value before: one value with optional white space around it.
    ///   - new: UTF-8 JSON text of the value after.
    ///   - options: The parser's limits, for the values it parses and the nesting it allows.
    /// - Returns: The changes ``JSONDiff/changes(from:to:)`` lists for the parsed values.
    /// - Throws: `JSONParseError` when a text is not valid JSON (see the type's discussion).
    public static func changes(
        from old: UnsafeBufferPointer<UInt8>,
        to new: UnsafeBufferPointer<UInt8>,
        options: JSONParser.Options = JSONParser.Options()
    ) throws(JSONParseError) -> [JSONChange] {
        if let changes = try? rawChanges(from: old, to: new, options: options) { return changes }
        // Something the skim could not follow: the parser says what, or the trees decide.
        let oldValue = try JSONParser.parse(old, options: options)
        let newValue = try JSONParser.parse(new, options: options)
        return JSONDiff.changes(from: oldValue, to: newValue)
    }

    /// Lists what changed from the JSON text `old` to the JSON text `new`.
    ///
    /// - Parameters:
    ///   - old: UTF-8 JSON text of the value before.
    ///   - new: UTF-8 JSON text of the value after.
    /// - Returns: The changes ``JSONDiff/changes(from:to:)`` lists for the parsed values.
    /// - Throws: `JSONParseError` when a text is not valid JSON.
    public static func changes(from old: [UInt8], to new: [UInt8]) throws(JSONParseError) -> [JSONChange] {
        try old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                Result { () throws(JSONParseError) in try changes(from: old, to: new) }
            }
        }.get()
    }

    /// Lists what changed from the JSON text `old` to the JSON text `new`.
    ///
    /// - Parameters:
    ///   - old: JSON text of the value before.
    ///   - new: JSON text of the value after.
    /// - Returns: The changes ``JSONDiff/changes(from:to:)`` lists for the parsed values.
    /// - Throws: `JSONParseError` when a text is not valid JSON.
    public static func changes(from old: String, to new: String) throws(JSONParseError) -> [JSONChange] {
        try changes(from: Array(old.utf8), to: Array(new.utf8))
    }

    /// The changes found from the bytes alone; throws when the texts need the parser to say
    /// what is wrong with them (or, for a few valid but unusual ones, to decide).
    private static func rawChanges(
        from old: UnsafeBufferPointer<UInt8>,
        to new: UnsafeBufferPointer<UInt8>,
        options: JSONParser.Options
    ) throws(RawJSON.Malformed) -> [JSONChange] {
        guard let oldText = text(old, options), let newText = text(new, options) else {
            throw RawJSON.Malformed()
        }
        let oldRange = oldText.valueRange
        let newRange = newText.valueRange
        if oldText.raw.bytes(oldRange, equal: newRange, in: newText.raw) { return [] }
        var walker = RawDiffWalker(old: oldText.raw, new: newText.raw)
        let ends = try walker.diffTop(oldRange.lowerBound, newRange.lowerBound)
        // The value must be all there is, apart from white space.
        guard ends.old == oldRange.upperBound, ends.new == newRange.upperBound else {
            throw RawJSON.Malformed()
        }
        return try walker.changes.jsonChanges(old: walker.old, new: walker.new)
    }

    /// The text as a view and the range of its value with the white space around it trimmed;
    /// `nil` when the parser must look at it first: empty, too long, or with a byte order mark.
    static func text(
        _ bytes: UnsafeBufferPointer<UInt8>, _ options: JSONParser.Options = JSONParser.Options()
    ) -> (raw: RawJSON, valueRange: Range<Int>)? {
        guard !bytes.isEmpty, bytes.count <= options.maximumLength,
            !(bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF)
        else { return nil }
        let raw = RawJSON(bytes, maximumDepth: options.maximumDepth)
        let start = raw.skipSpace(0)
        var end = bytes.count
        while end > start, RawJSON.isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        return (raw, start..<end)
    }
}
