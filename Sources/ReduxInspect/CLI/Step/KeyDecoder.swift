import Redux

/// Turns the bytes a terminal sends for the keys typed at `step`'s prompt into
/// ``LineEditor/Key``s: UTF-8 characters, control keys, and the escape sequences of the
/// arrows, Home, End and Delete (`ESC [ A`, `ESC O H`, `ESC [ 3 ~`, …). A byte that completes
/// nothing yet is kept until the next one.
struct KeyDecoder {
    /// The bytes of a character or an escape sequence begun and not yet complete.
    private var pending: [UInt8] = []
    /// How many bytes the UTF-8 character being read has in all.
    private var expected = 0

    /// Takes one byte; returns the key it completes, if any.
    mutating func feed(_ byte: UInt8) -> LineEditor.Key? {
        if pending.first == 0x1B { return escape(byte) }
        if !pending.isEmpty { return continuation(byte) }
        switch byte {
        case 0x1B:
            pending = [byte]
            return nil
        case 0x0D, 0x0A: return .enter
        case 0x7F, 0x08: return .backspace
        case 0x01: return .home
        case 0x05: return .end
        case 0x02: return .left
        case 0x06: return .right
        case 0x10: return .up
        case 0x0E: return .down
        case 0x15: return .killToStart
        case 0x0B: return .killToEnd
        case 0x17: return .deleteWordBack
        case 0x03: return .cancel
        case 0x04: return .endOfInput
        case 0x1A: return .suspend
        case 0x0C: return .clearScreen
        case 0x09: return .complete
        case 0x12: return .searchBackward
        case 0x13: return .searchForward
        case 0x07: return .abort
        case 0x20..<0x7F: return .insert(Unicode.Scalar(byte))
        case 0xC2...0xDF: expected = 2
        case 0xE0...0xEF: expected = 3
        case 0xF0...0xF4: expected = 4
        default: return .ignored
        }
        pending = [byte]
        return nil
    }

    /// The next byte of a UTF-8 character: a control character, or bytes that are not UTF-8,
    /// put nothing in the line. A character that would reorder the line or show as nothing (a
    /// zero width space, pasted with a key that holds one) is put in as its escape, `\u200b`:
    /// visible, and the same character inside a quoted key (`["name\u200b"]`).
    private mutating func continuation(_ byte: UInt8) -> LineEditor.Key? {
        guard byte & 0xC0 == 0x80 else {
            pending = []
            return feed(byte)
        }
        pending.append(byte)
        guard pending.count == expected else { return nil }
        defer { pending = [] }
        var decoded = String(decoding: pending, as: UTF8.self).unicodeScalars.makeIterator()
        guard let scalar = decoded.next(), scalar != "\u{FFFD}" else { return .ignored }
        if PathText.isLayoutControl(scalar) { return .insertEscape(of: scalar) }
        guard !TerminalText.isControl(scalar) else { return .ignored }
        return .insert(scalar)
    }

    /// The next byte of an escape sequence: `ESC [` or `ESC O`, parameters, then a final
    /// byte. A sequence not listed is read to its end and does nothing.
    private mutating func escape(_ byte: UInt8) -> LineEditor.Key? {
        pending.append(byte)
        if pending.count == 2 {
            guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") else {
                // Alt with a key, as a terminal sends it; or Escape pressed alone, which
                // does not take the key after it away.
                pending = []
                switch byte {
                case UInt8(ascii: "b"): return .wordLeft
                case UInt8(ascii: "f"): return .wordRight
                case 0x7F, 0x08: return .deleteWordBack
                default: return feed(byte)
                }
            }
            return nil
        }
        // Parameters and intermediates until a final byte.
        guard (0x40...0x7E).contains(byte) else {
            if pending.count > 16 { pending = [] }
            return nil
        }
        defer { pending = [] }
        let parameters = String(decoding: pending[2..<(pending.count - 1)], as: UTF8.self)
        switch (Unicode.Scalar(byte), parameters) {
        case ("A", ""): return .up
        case ("B", ""): return .down
        case ("C", ""): return .right
        case ("D", ""): return .left
        case ("H", ""), ("~", "1"), ("~", "7"): return .home
        case ("F", ""), ("~", "4"), ("~", "8"): return .end
        case ("~", "3"): return .deleteForward
        // Ctrl or Alt with an arrow: a word at a time.
        case ("D", "1;5"), ("D", "1;3"): return .wordLeft
        case ("C", "1;5"), ("C", "1;3"): return .wordRight
        default: return .ignored
        }
    }
}
