/// Text to find in text, as `log --grep` and `step`'s `find` do: its UTF-8 bytes inside the
/// other's, as grep(1) matches.
///
/// `String.contains` compares characters and, on a long pattern that almost matches
/// everywhere (`aaa…ab` in `aaaa…`), takes time proportional to both lengths multiplied: a
/// pattern of 3,000 characters over an action of a million took 50 s. This search
/// (Knuth–Morris–Pratt) takes time proportional to the text, once the pattern is prepared.
struct TextSearch {
    private let pattern: [UInt8]
    /// `fallback[i]`: the length of the longest proper prefix of `pattern[...i]` that is also
    /// its suffix, where the search goes on from when a byte after `i + 1` matched ones differs.
    private let fallback: [Int]

    /// Prepares a search for `pattern`.
    init(_ pattern: String) {
        self.pattern = Array(pattern.utf8)
        var fallback = [Int](repeating: 0, count: self.pattern.count)
        var length = 0
        for index in self.pattern.indices.dropFirst() {
            while length > 0 && self.pattern[index] != self.pattern[length] { length = fallback[length - 1] }
            if self.pattern[index] == self.pattern[length] { length += 1 }
            fallback[index] = length
        }
        self.fallback = fallback
    }

    /// Whether `text` holds the pattern; every text holds the empty pattern.
    func isFound(in text: String) -> Bool {
        guard !pattern.isEmpty else { return true }
        var text = text
        return text.withUTF8 { bytes in
            var matched = 0
            for byte in bytes {
                while matched > 0 && byte != pattern[matched] { matched = fallback[matched - 1] }
                if byte == pattern[matched] { matched += 1 }
                if matched == pattern.count { return true }
            }
            return false
        }
    }
}
