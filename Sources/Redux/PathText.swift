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

    /// Line and paragraph separators, the bidirectional embedding, override and isolate
    /// controls and marks, which can make a terminal show text in another order than it is
    /// written, and the format characters that show as nothing, which make two different keys
    /// or values look the same (`name` and `name` followed by a zero width space).
    ///
    /// The zero width joiner and non-joiner (U+200D, U+200C) show as nothing too, but are kept:
    /// emoji sequences and Persian words are written with them, and would read as escapes. So
    /// are the variation selectors, and the tag characters outside the Basic Multilingual
    /// Plane, which emoji and ideographs are written with.
    @inlinable
    package static func isLayoutControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD,  // soft hyphen
            0x034F,  // combining grapheme joiner
            0x061C,  // arabic letter mark
            0x115F, 0x1160, 0x3164, 0xFFA0,  // Hangul fillers
            0x17B4, 0x17B5,  // Khmer inherent vowels
            0x180E,  // Mongolian vowel separator
            0x200B,  // zero width space
            0x200E, 0x200F,  // left-to-right and right-to-left marks
            0x2028, 0x2029, 0x202A...0x202E,
            0x2060...0x2064,  // word joiner and the invisible operators
            0x2066...0x2069,
            0xFEFF,  // zero width no-break space (a byte order mark)
            0xFFF9...0xFFFB:  // interlinear annotation controls
            true
        default: false
        }
    }

    /// Whether a scalar outside ASCII is written as an escape (`\u202e`) in text shown on a
    /// terminal: a C1 control or one of ``isLayoutControl(_:)``'s. The recorder's JSON keeps
    /// them as they are; the console logger and `redux-inspect` escape them.
    @inlinable
    package static func isEscapedNonASCII(_ scalar: Unicode.Scalar) -> Bool {
        (0x80..<0xA0).contains(scalar.value) || isLayoutControl(scalar)
    }

    /// Whether a scalar whose UTF-8 starts with `byte` may be one of ``isEscapedNonASCII(_:)``'s:
    /// they all take two bytes starting with 0xC2 (the C1 controls, the soft hyphen), 0xCD or
    /// 0xD8, or three starting with 0xE1, 0xE2, 0xE3 or 0xEF, so a scan of text for them
    /// decodes only the scalars that start with one of these bytes.
    @inlinable
    package static func mayStartEscapedNonASCII(_ byte: UInt8) -> Bool {
        switch byte {
        case 0xC2, 0xCD, 0xD8, 0xE1, 0xE2, 0xE3, 0xEF: true
        default: false
        }
    }

    /// `text` with the scalars ``isEscapedNonASCII(_:)`` names written as `\u` and four
    /// lower-case hex digits, as in JSON, and the rest as it is. Where they occur in a string
    /// or key of JSON text, the escape means the same character.
    package static func escapingNonASCII(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscapedNonASCII) else { return text }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isEscapedNonASCII(scalar) else {
                escaped.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            escaped.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        }
        return String(escaped)
    }
}
