/// Rewrites the JSON of a redacted value so that it keeps its shape and loses its secrets:
/// every string and number becomes `"<redacted>"`, while object keys, array lengths,
/// booleans and `null` stay as they were.
///
/// A redacted value keeps its shape so that a replay can still decode it into the app's type
/// (an object stays an object, an absent optional stays absent); the inspector's decoders read
/// the placeholder as `0` or `false` where a number or a Boolean is expected. The streaming
/// encoder and ``JSONLineWriter`` both write a redacted value as any other, then rewrite it
/// here, so that the two agree by construction.
enum RedactedLeaves {
    /// The placeholder, quoted, as it is written.
    private static let quotedPlaceholder: [UInt8] = Array("\"\(JSONLineWriter.redactedPlaceholder)\"".utf8)

    /// Writes `json` with its leaves redacted to `output`.
    ///
    /// - Parameter json: Compact JSON as the recorder's writers make it: no white space, and
    ///   strings whose only escapes are `\"`, `\\` and the others ``JSONLineWriter`` writes.
    static func write<Output: ByteOutput>(_ json: UnsafeBufferPointer<UInt8>, to output: inout Output) {
        var offset = 0
        let count = json.count
        while offset < count {
            switch json[offset] {
            case UInt8(ascii: "\""):
                var end = offset + 1
                while end < count && json[end] != UInt8(ascii: "\"") {
                    // An escape is two bytes at least; `\uXXXX`'s last four are plain.
                    end += json[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                end = min(end + 1, count)
                // A string followed by `:` is a key, which is kept: the shape is in the keys.
                if end < count && json[end] == UInt8(ascii: ":") {
                    output.appendBytes(UnsafeBufferPointer(rebasing: json[offset..<end]))
                } else {
                    writePlaceholder(to: &output)
                }
                offset = end
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                // A number runs to the next delimiter.
                var end = offset + 1
                while end < count && !isDelimiter(json[end]) { end += 1 }
                writePlaceholder(to: &output)
                offset = end
            default:
                // Brackets, `:`, `,` and the letters of `true`, `false` and `null`.
                output.append(json[offset])
                offset += 1
            }
        }
    }

    /// Redacts the value written to `output` from `start` on, in place.
    static func redact(_ output: inout [UInt8], from start: Int) {
        let written = Array(output[start...])
        output.removeSubrange(start...)
        written.withUnsafeBufferPointer { write($0, to: &output) }
    }

    /// Appends the quoted placeholder.
    static func writePlaceholder<Output: ByteOutput>(to output: inout Output) {
        quotedPlaceholder.withUnsafeBufferPointer { output.appendBytes($0) }
    }

    @inline(__always)
    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
    }
}
