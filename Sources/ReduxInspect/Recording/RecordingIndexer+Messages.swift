extension RecordingIndexer {
    /// The encoding, as `iconv` names it, when a file's first bytes are a text editor's
    /// "Unicode": `UTF-16` or `UTF-32` after their byte order mark, `UTF-16LE`, `UTF-16BE`,
    /// `UTF-32LE` or `UTF-32BE` by where the NUL bytes that widen the first character (`{`,
    /// ASCII) are; `nil` otherwise, a file of NUL bytes too (what a crash or preallocation
    /// leaves).
    static func wideEncoding(_ start: UnsafeBufferPointer<UInt8>) -> String? {
        let bytes = Array(start) + Array(repeating: 0xAA, count: max(0, 4 - start.count))
        if bytes[0...3] == [0xFF, 0xFE, 0, 0] || bytes[0...3] == [0, 0, 0xFE, 0xFF] { return "UTF-32" }
        if bytes[0...1] == [0xFF, 0xFE] || bytes[0...1] == [0xFE, 0xFF] { return "UTF-16" }
        let ascii = { (byte: UInt8) in byte != 0 && byte < 0x80 }
        if ascii(bytes[0]), bytes[1...3] == [0, 0, 0] { return "UTF-32LE" }
        if bytes[0...2] == [0, 0, 0], ascii(bytes[3]) { return "UTF-32BE" }
        if ascii(bytes[0]), bytes[1] == 0 { return "UTF-16LE" }
        if bytes[0] == 0, ascii(bytes[1]) { return "UTF-16BE" }
        return nil
    }

    /// What an error on a line that is a lone `{` or `[` adds.
    static let prettyPrintedHint = "; each line of a recording holds one whole JSON object (is the file pretty-printed?)"

    /// The `seq` a line starts with, `{"seq":12,`, as the recorder writes it, and the column
    /// after its digits: an error further on that line names the entry, as errors found
    /// reading a well-formed entry do. `nil` where the line starts otherwise.
    static func leadingSeq(of line: UnsafeBufferPointer<UInt8>) -> (seq: Int, end: Int)? {
        var index = 0
        func skipSpace() {
            while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        }
        func take(_ text: String) -> Bool {
            for byte in text.utf8 {
                guard index < line.count, line[index] == byte else { return false }
                index += 1
            }
            return true
        }
        skipSpace()
        guard take("{") else { return nil }
        skipSpace()
        guard take("\"seq\"") else { return nil }
        skipSpace()
        guard take(":") else { return nil }
        skipSpace()
        let start = index
        while index < line.count, (0x30...0x39).contains(line[index]) { index += 1 }
        guard index > start, index - start <= 18, line[start] != 0x30 || index - start == 1,
            let seq = Int(String(decoding: UnsafeBufferPointer(rebasing: line[start..<index]), as: UTF8.self))
        else { return nil }
        // A number that goes on (`12.5`, `12e3`) is not a seq.
        if index < line.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(line[index]) { return nil }
        return (seq, index + 1)
    }
}
