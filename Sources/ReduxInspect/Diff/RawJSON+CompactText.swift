extension RawJSON {
    /// Whether the valid JSON value in `range` is written exactly as ``JSONValue/compactText``
    /// would write it: no white space outside strings, and strings of printable ASCII without
    /// escapes. (Numbers keep their text and members their order and repeats, so nothing else
    /// can differ.) Then its bytes can be printed for it without parsing it.
    func isCompactText(_ range: Range<Int>) -> Bool {
        var inString = false
        for offset in range {
            let byte = base[offset]
            if inString {
                if byte == UInt8(ascii: "\"") {
                    inString = false
                } else if byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\\") {
                    return false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if Self.isSpace(byte) {
                return false
            }
        }
        return true
    }
}
