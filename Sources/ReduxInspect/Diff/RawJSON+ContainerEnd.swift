extension RawJSON {
    /// The byte tricks of the recording indexer's skim, which this one shares.
    private typealias Word = TopLevelMembers.Skim

    /// The end of the array or object whose bracket is at `start`, inside `depth` containers:
    /// the offset after the bracket that closes it (brackets of either kind count, outside
    /// strings). Throws when the text ends first, or when more containers would be open at once
    /// than ``maximumDepth`` allows.
    ///
    /// Looks at 8 bytes at a time, as ``TopLevelMembers/Skim/containerEnd(from:)`` does: which
    /// of them are inside strings follows from the number of quotes before each (a word with a
    /// backslash is walked byte by byte), and the brackets outside strings change the level.
    /// Only a word where the level may reach 0, or pass the deepest allowed, is walked bracket
    /// by bracket.
    func containerEnd(from start: Int, depth: Int) throws(Malformed) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        // The most containers this one and those inside it may open.
        let deepest = maximumDepth - depth
        guard deepest >= 1 else { throw Malformed() }
        var level = 1
        var offset = start + 1
        // 1 while inside a string, else 0.
        var inString: UInt64 = 0
        while offset &+ 8 <= count {
            let word = Word.word(at: base + offset)
            if Word.mayHave(0x5C, in: word) {
                // A backslash: walk these 8 bytes (and the one a final backslash escapes).
                var inside = inString != 0
                if let end = try walk(&offset, to: offset &+ 8, level: &level, deepest: deepest, inString: &inside) {
                    return end
                }
                inString = inside ? 1 : 0
                continue
            }
            // Byte i of `quotes` counts the quotes in bytes 0...i, plus 1 when the word starts
            // inside a string (at most 9: no carries); it is odd inside a string.
            let quotes = ((Word.flags(equalTo: 0x22, in: word) &>> 7) &+ inString) &* ones
            inString = (quotes &>> 56) & 1
            // The high bit of each byte inside a string, opening quote included.
            let inside = (quotes & ones) &<< 7
            // `{`, `[`, `}` and `]`, and a few bytes that are no brackets, are the bytes with
            // `byte | 0x26 == 0x7F`.
            guard Word.mayHave(0x7F, in: word | 0x2626_2626_2626_2626, outside: inside) else {
                offset &+= 8
                continue
            }
            // `[` and `{` are 0x5B and 0x7B, `]` and `}` 0x5D and 0x7D: one test each.
            let folded = word | 0x2020_2020_2020_2020
            let opens = Word.flags(equalTo: 0x7B, in: folded) & ~inside
            let closes = Word.flags(equalTo: 0x7D, in: folded) & ~inside
            let openCount = Word.count(opens)
            let closeCount = Word.count(closes)
            if closeCount < level && level + openCount <= deepest {
                // Neither closed nor too deep, whatever the order of the brackets.
                level += openCount - closeCount
            } else {
                var brackets = opens | closes
                while brackets != 0 {
                    let lowest = brackets & (0 &- brackets)
                    if opens & lowest != 0 {
                        level += 1
                        guard level <= deepest else { throw Malformed() }
                    } else {
                        level -= 1
                        if level == 0 { return offset &+ (lowest.trailingZeroBitCount &>> 3) &+ 1 }
                    }
                    brackets &= brackets &- 1
                }
            }
            offset &+= 8
        }
        var inside = inString != 0
        if let end = try walk(&offset, to: count, level: &level, deepest: deepest, inString: &inside) { return end }
        throw Malformed()
    }

    /// Walks the bytes from `offset` to `stop` (or one further, past the byte a backslash
    /// there escapes) inside a container, and returns the offset after the bracket that brings
    /// `level` to 0, if one does; throws when `level` would pass `deepest`.
    @inline(__always)
    private func walk(
        _ offset: inout Int, to stop: Int, level: inout Int, deepest: Int, inString: inout Bool
    ) throws(Malformed) -> Int? {
        let stop = min(stop, count)
        while offset < stop {
            let byte = base[offset]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    offset += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte | 0x20 == UInt8(ascii: "{") {
                level += 1
                guard level <= deepest else { throw Malformed() }
            } else if byte | 0x20 == UInt8(ascii: "}") {
                level -= 1
                if level == 0 { return offset + 1 }
            }
            offset += 1
        }
        return nil
    }
}
