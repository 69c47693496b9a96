import Foundation
import Redux

/// Text to find in text, as `log --grep` and `step`'s `find` do: its UTF-8 bytes inside the
/// other's, as grep(1) matches, in the Unicode normal form it was typed in or in the other
/// (`é` as one code point, or as `e` and a combining accent): a recording holds what the app
/// was given, which a keyboard, a file name or a server may have written either way. A
/// pattern holding a character that JSON text is printed with as an escape (a control
/// character, a zero width space, a bidirectional control: see
/// ``PathText/isEscapedNonASCII(_:)``) is also looked for with it written so, as an
/// action's text holds it (`\u001b`, `\t`); one holding such a character typed as the escape
/// the type column and warnings print it with (`\u{1B}`) is also looked for with the
/// character.
///
/// `String.contains` compares characters and, on a long pattern that almost matches
/// everywhere (`aaa…ab` in `aaaa…`), takes time proportional to both lengths multiplied: a
/// pattern of 3,000 characters over an action of a million took 50 s. This search
/// (Knuth–Morris–Pratt) takes time proportional to the text, once the pattern is prepared,
/// times its forms: one for ASCII, at most three otherwise.
struct TextSearch {
    /// The pattern as typed, composed (NFC) and decomposed (NFD), each once, and each as JSON
    /// text writes it.
    private let patterns: [BytePattern]

    /// Prepares a search for `pattern`.
    init(_ pattern: String) {
        var forms = [pattern]
        func add(_ form: String) {
            if !forms.contains(where: { $0.utf8.elementsEqual(form.utf8) }) { forms.append(form) }
        }
        if let unescaped = Self.unescapingTerminalEscapes(pattern) { add(unescaped) }
        for typed in forms where !typed.utf8.allSatisfy({ $0 < 0x80 }) {
            add(typed.precomposedStringWithCanonicalMapping)
            add(typed.decomposedStringWithCanonicalMapping)
        }
        for form in forms where form.unicodeScalars.contains(where: TerminalText.isControl) {
            // As JSON text writes it inside a string, without the quotes.
            add(String(JSONValue.string(form).compactText.dropFirst().dropLast()))
        }
        patterns = forms.map(BytePattern.init)
    }

    /// `text` with each escape ``TerminalText/escape(_:)`` writes for a character it does not
    /// print (`\u{1B}`, `\u{200B}`) made that character again; `nil` when it holds none.
    static func unescapingTerminalEscapes(_ text: String) -> String? {
        guard text.contains("\\u{") else { return nil }
        var result = ""
        var rest = Substring(text)
        var found = false
        while let start = rest.range(of: "\\u{") {
            result += rest[..<start.lowerBound]
            let digits = rest[start.upperBound...].prefix { $0.isHexDigit }
            let end = digits.endIndex
            if (1...6).contains(digits.count), end < rest.endIndex, rest[end] == "}",
                let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value), TerminalText.isControl(scalar)
            {
                result.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: end)...]
                found = true
            } else {
                result += rest[start]
                rest = rest[start.upperBound...]
            }
        }
        result += rest
        return found ? result : nil
    }

    /// Whether `text` holds the pattern in one of its forms; every text holds the empty pattern.
    func isFound(in text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in patterns.contains { $0.isFound(in: bytes) } }
    }
}

/// One byte string to find, prepared for Knuth–Morris–Pratt.
private struct BytePattern {
    private let bytes: [UInt8]
    /// `fallback[i]`: the length of the longest proper prefix of `bytes[...i]` that is also
    /// its suffix, where the search goes on from when a byte after `i + 1` matched ones differs.
    private let fallback: [Int]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var fallback = [Int](repeating: 0, count: bytes.count)
        var length = 0
        for index in bytes.indices.dropFirst() {
            while length > 0 && bytes[index] != bytes[length] { length = fallback[length - 1] }
            if bytes[index] == bytes[length] { length += 1 }
            fallback[index] = length
        }
        self.fallback = fallback
    }

    func isFound(in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return true }
        var matched = 0
        for byte in text {
            while matched > 0 && byte != bytes[matched] { matched = fallback[matched - 1] }
            if byte == bytes[matched] { matched += 1 }
            if matched == bytes.count { return true }
        }
        return false
    }
}
