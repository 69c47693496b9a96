import Foundation
import Redux

/// Text to find in text, as `log --grep` and `step`'s `find` do: its UTF-8 bytes inside the
/// other's, as grep(1) matches, in the Unicode normal form it was typed in or in the other
/// (`é` as one code point, or as `e` and a combining accent): a recording holds what the app
/// was given, which a keyboard, a file name or a server may have written either way. A
/// pattern holding a character that JSON text is printed with as an escape (a zero width
/// space, a bidirectional control: see ``PathText/isEscapedNonASCII(_:)``) is also
/// looked for with it written so, as an action's text holds it.
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
        if !pattern.utf8.allSatisfy({ $0 < 0x80 }) {
            for form in [pattern.precomposedStringWithCanonicalMapping, pattern.decomposedStringWithCanonicalMapping]
            where !forms.contains(where: { $0.utf8.elementsEqual(form.utf8) }) {
                forms.append(form)
            }
        }
        for form in forms where form.unicodeScalars.contains(where: PathText.isEscapedNonASCII) {
            let escaped = PathText.escapingNonASCII(form)
            if !forms.contains(where: { $0.utf8.elementsEqual(escaped.utf8) }) { forms.append(escaped) }
        }
        patterns = forms.map(BytePattern.init)
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
