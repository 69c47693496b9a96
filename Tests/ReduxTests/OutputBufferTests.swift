import Testing

@testable import Redux

/// The streaming encoder's buffer must write what the array writer writes.
@Suite struct OutputBufferTests {
    static func quotedByArray(_ string: String) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONLineWriter.writeQuoted(string, to: &bytes)
        return bytes
    }

    @Test func quotesLikeTheArrayWriter() {
        let pieces = ["a", "Z", "é", "😀", "\"", "\\", "\n", "\u{0}", "\u{1F}", "\u{7F}", " ", "~", "!", "#", "[", "]", "\u{80}", "ÿ"]
        var strings = ["", "id", "price", "quantity", "isLoading", "12345678", "123456789", "a\"b", String(repeating: "x", count: 64)]
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<3000 {
            let length = Int.random(in: 0...24, using: &generator)
            // Mostly plain text, so that the one special byte lands at every position.
            strings.append(
                String((0..<length).map { _ in Int.random(in: 0..<6, using: &generator) == 0 ? pieces.randomElement(using: &generator)! : "m" }.joined()))
        }
        var buffer = OutputBuffer(capacity: 1)
        defer { buffer.deallocate() }
        var expected: [UInt8] = []
        for string in strings {
            buffer.appendQuoted(string)
            expected += Self.quotedByArray(string)
            #expect(Array(buffer.bytes) == expected, "\(string.debugDescription)")
        }
    }

    @Test func writesNumbersAndTruncates() {
        var buffer = OutputBuffer()
        defer { buffer.deallocate() }
        var expected = ""
        for value in [0, 1, 9, 10, 99, 100, 12345, UInt64(UInt32.max), UInt64.max - 1, UInt64.max] as [UInt64] {
            buffer.appendDecimal(value)
            buffer.append(UInt8(ascii: ","))
            expected += "\(value),"
        }
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == expected)
        buffer.truncate(to: 2)
        buffer.append(utf8: "é1.5")
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "0,é1.5")
        buffer.truncate(to: 0)
        #expect(buffer.count == 0)
    }
}
