extension JSONParser.Reader {
    /// The outcome of checking one UTF-8 sequence.
    enum UTF8Check {
        /// A valid sequence of this many bytes.
        case valid(Int)
        /// Not valid UTF-8, for this reason, reported at the lead byte.
        case invalid(JSONParseError.Reason)
        /// Valid so far, but the input ends before the sequence does.
        case truncated
    }

    /// Checks the UTF-8 sequence whose first byte, 0x80 or more, is at `position`.
    ///
    /// Follows the well-formed byte sequences of Unicode table 3-7: the second byte's range
    /// depends on the lead byte, which is what rules out overlong forms, surrogates and values
    /// above U+10FFFF.
    @inline(__always)
    func checkUTF8(at position: Int) -> UTF8Check {
        let lead = bytes[position]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return .invalid(.invalidUTF8(lead))
        }
        guard position + 1 < bytes.count else { return .truncated }
        let second = bytes[position + 1]
        guard second & 0xC0 == 0x80 else { return .invalid(.incompleteUTF8(lead)) }
        if second < low { return .invalid(.overlongUTF8(lead)) }
        if second > high { return .invalid(lead == 0xED ? .surrogateInUTF8 : .utf8AboveMaximum) }
        for offset in 2..<length {
            guard position + offset < bytes.count else { return .truncated }
            guard bytes[position + offset] & 0xC0 == 0x80 else { return .invalid(.incompleteUTF8(lead)) }
        }
        return .valid(length)
    }

    /// Why the bytes at `position` are not valid UTF-8, or `nil` when they are.
    func utf8Problem(at position: Int) -> JSONParseError.Reason? {
        switch checkUTF8(at: position) {
        case .valid: nil
        case .invalid(let reason): reason
        case .truncated: .incompleteUTF8(bytes[position])
        }
    }
}
