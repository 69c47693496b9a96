import Redux

/// Makes text from a recording safe to print: no escape sequence, carriage return, line feed
/// or other control character in a file can move the cursor, rewrite the screen or start a
/// line that looks like the inspector's own output.
public enum TerminalText {
    /// What the user typed, for a message that quotes it: cut to its first 80 characters,
    /// with `…`, so that a megabyte pasted by mistake is not printed back whole.
    static func echo(_ typed: some StringProtocol) -> String {
        let text = String(typed)
        guard let cut = text.index(text.startIndex, offsetBy: 80, limitedBy: text.endIndex), cut < text.endIndex else {
            return text
        }
        return text[..<cut] + "…"
    }

    /// Replaces control characters (C0, DEL, C1, the Unicode line and paragraph separators,
    /// the bidirectional controls and the characters that show as nothing) with visible escapes such as `\u{1B}`, `\r`, `\n` and `\t`, so the result is
    /// one line that shows exactly what the recording holds.
    ///
    /// - Parameter text: Text that may come from a recording, or a file name.
    /// - Returns: The text with control characters escaped.
    public static func escape(_ text: String) -> String {
        guard mayHoldControls(text), text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r": result += "\\r"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where isControl(scalar): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `text` has a byte that can start a control character: an ASCII control, or
    /// the first byte of a C1 control, separator, bidirectional control or invisible character
    /// (``PathText/mayStartEscapedNonASCII(_:)``). Most text has none, and a look at its bytes
    /// is cheaper than decoding its scalars.
    private static func mayHoldControls(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            bytes.contains { $0 < 0x20 || $0 == 0x7F || PathText.mayStartEscapedNonASCII($0) }
        }
    }

    /// Whether ``escape(_:)`` writes the scalar as an escape: C0 and C1 controls, DEL, and
    /// the characters that change the layout of a line or show as nothing
    /// (``PathText/isEscapedNonASCII(_:)``: C1 controls, bidirectional controls, U+2028, a zero
    /// width space).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || PathText.isEscapedNonASCII(scalar)
    }
}
