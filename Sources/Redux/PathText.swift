/// What the console logger and `redux-inspect` agree on when they write a path or text:
/// which keys are written bare, and which characters are escaped so that a terminal shows
/// text in the order, and on the lines, it is written. One definition, so that the logger's
/// lines read as the inspector's do.
package enum PathText {
    /// Whether the UTF-8 bytes of a key can be written bare in a path: ASCII letters, digits
    /// and `_`, not starting with a digit.
    @inlinable
    package static func isIdentifier(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = key.first, !isDigit(first) else { return false }
        return key.allSatisfy { isDigit($0) || isLetter($0) || $0 == UInt8(ascii: "_") }
    }

    @inlinable
    package static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    @inlinable
    package static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    /// Line and paragraph separators, and the bidirectional embedding, override and isolate
    /// controls, which can make a terminal show text in another order than it is written.
    @inlinable
    package static func isLayoutControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
