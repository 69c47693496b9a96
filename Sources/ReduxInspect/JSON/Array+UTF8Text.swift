import Foundation

extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of a literal.
    ///
    /// `append(contentsOf: "text".utf8)` goes through the generic sequence path (a copy out of
    /// the string, retains and releases) at over a hundred instructions a call; the text
    /// writers make several calls for each change `diff` prints.
    @inline(__always)
    mutating func append(literal: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 bytes of `string`, copied from its storage at once.
    @inline(__always)
    mutating func append(utf8 string: String) {
        var string = string
        string.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends the UTF-8 bytes of `line` and a newline.
    mutating func append(line: String) {
        append(utf8: line)
        append(UInt8(ascii: "\n"))
    }

    /// Appends `number` in decimal, as `String(number)` writes it, without making the string.
    mutating func append(decimal number: Int) {
        // Digits come out last first: they are put in a buffer from its end, then copied.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            // The magnitude as unsigned, so that `Int.min` has one.
            var rest = number.magnitude
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if number < 0 { append(UInt8(ascii: "-")) }
            append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Whether the array holds exactly the bytes of `other`, compared with `memcmp`.
    @inline(__always)
    func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        count == other.count
            && withUnsafeBufferPointer { bytes in
                // Safe: both hold `count` bytes, and neither is empty past the check.
                bytes.isEmpty || memcmp(bytes.baseAddress!, other.baseAddress!, bytes.count) == 0
            }
    }
}
