extension DiffTextFormatter {
    /// Appends a change's two values, ` → ` between them. When one of them is longer than
    /// ``valueWidth`` and both share a long beginning, both are shown from a little before
    /// their first difference (``abbreviate(_:_:width:)``): cut at the same width from their
    /// starts, a long string with one letter changed near its end would read the same twice.
    func showChange(_ old: JSONValue, _ new: JSONValue, to output: inout [UInt8]) {
        let start = output.count
        JSONTextWriter(indent: nil).write(old, to: &output, level: 0)
        let oldEnd = output.count
        output.append(literal: " → ")
        let newStart = output.count
        JSONTextWriter(indent: nil).write(new, to: &output, level: 0)
        // No more bytes than the width: no more characters either, so both fit.
        guard let valueWidth, oldEnd - start > valueWidth || output.count - newStart > valueWidth else { return }
        let (oldText, newText) = Self.abbreviate(
            String(decoding: output[start..<oldEnd], as: UTF8.self),
            String(decoding: output[newStart...], as: UTF8.self), width: valueWidth)
        output.removeSubrange(start...)
        output.append(utf8: oldText)
        output.append(literal: " → ")
        output.append(utf8: newText)
    }

    /// Cuts the two values of a change to `width` characters each. When either is longer and
    /// they share a beginning of more than half the width, both are shown from a quarter of
    /// the width before their first difference, after a `…` (`…"done":false},…` →
    /// `…"done":true},…`), so that the cut keeps what changed; otherwise each is cut as
    /// ``abbreviate(_:width:)`` cuts it.
    ///
    /// - Parameters:
    ///   - old: The value before, as text.
    ///   - new: The value after, as text.
    ///   - width: The most characters each result may have.
    /// - Returns: The two texts as they are shown.
    public static func abbreviate(_ old: String, _ new: String, width: Int) -> (String, String) {
        guard !fits(old, width) || !fits(new, width) else { return (old, new) }
        // The common beginning is found in bytes and characters are counted only near its
        // end: a value may be a list of thousands of items, blamed at every step.
        let (oldEnd, newEnd) = commonPrefixEnds(old, new)
        let context = width / 4
        // Below 4 characters there is no room for `…` and a character before the difference.
        let long = context > 0 && old.index(old.startIndex, offsetBy: width / 2 + 1, limitedBy: oldEnd) != nil
        func cut(_ text: String, _ end: String.Index) -> String {
            // Not inside an escape sequence: its tail would read as other text.
            let start = long ? escapeStart(containing: text.index(end, offsetBy: -context), in: text[...]) : text.startIndex
            return (long ? "…" : "") + abbreviate(text[start...], width: long ? width - 1 : width)
        }
        return (cut(old, oldEnd), cut(new, newEnd))
    }

    /// Whether `text` has at most `width` characters, found without counting further.
    private static func fits(_ text: String, _ width: Int) -> Bool {
        guard text.utf8.count > width else { return true }
        let end = text.index(text.startIndex, offsetBy: width, limitedBy: text.endIndex)
        return end == nil || end == text.endIndex
    }

    /// Where the longest run of equal characters at the start of two texts ends in each (as
    /// Swift compares characters: `é` equals `e` and a combining accent). Their common bytes
    /// come first, cut back to a place that begins a character in both, so that the characters
    /// before it are the same; equal characters written with other bytes are then compared
    /// one by one from there.
    private static func commonPrefixEnds(_ old: String, _ new: String) -> (String.Index, String.Index) {
        var (oldText, newText) = (old, new)
        var common = oldText.withUTF8 { oldBytes in
            newText.withUTF8 { newBytes in
                let shorter = min(oldBytes.count, newBytes.count)
                var common = 0
                while common < shorter && oldBytes[common] == newBytes[common] { common += 1 }
                return common
            }
        }
        var ends = (old.startIndex, new.startIndex)
        while common > 0 {
            if let oldEnd = String.Index(old.utf8.index(old.utf8.startIndex, offsetBy: common), within: old),
                let newEnd = String.Index(new.utf8.index(new.utf8.startIndex, offsetBy: common), within: new)
            {
                ends = (oldEnd, newEnd)
                break
            }
            common -= 1
        }
        while ends.0 < old.endIndex, ends.1 < new.endIndex, old[ends.0] == new[ends.1] {
            old.formIndex(after: &ends.0)
            new.formIndex(after: &ends.1)
        }
        return ends
    }
}
