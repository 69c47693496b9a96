extension RawJSON {
    /// Whether the value in `range` equals the one in `otherRange` of `other` as `==` on the
    /// parsed values says (member order and a string's Unicode normal form aside), read from
    /// the bytes: parts whose bytes are the same are equal without a look inside, and a
    /// difference found ends the walk. What the bytes cannot tell cheaply (members in
    /// another order, strings or scalars spelt otherwise) is parsed, that part only.
    ///
    /// For ``RawDiffWalker``'s arrays compared by position, which set aside the equal
    /// elements at their ends: a large element with one leaf changed is read once, at the
    /// speed of comparing bytes, rather than parsed.
    func value(
        _ range: Range<Int>, equals otherRange: Range<Int>, in other: RawJSON, depth: Int
    ) throws(Malformed) -> Bool {
        if bytes(range, equal: otherRange, in: other) { return true }
        guard depth < maximumDepth else { throw Malformed() }
        switch (base[range.lowerBound], other.base[otherRange.lowerBound]) {
        case (UInt8(ascii: "["), UInt8(ascii: "[")):
            var step = try firstItem(ofContainerAt: range.lowerBound, closer: UInt8(ascii: "]"))
            var otherStep = try other.firstItem(ofContainerAt: otherRange.lowerBound, closer: UInt8(ascii: "]"))
            while case .more(let offset) = step {
                guard case .more(let otherOffset) = otherStep else { return false }
                let end = try valueEnd(from: offset, depth: depth + 1)
                let otherEnd = try other.valueEnd(from: otherOffset, depth: depth + 1)
                guard try value(offset..<end, equals: otherOffset..<otherEnd, in: other, depth: depth + 1) else {
                    return false
                }
                step = try followingItem(end, closer: UInt8(ascii: "]"))
                otherStep = try other.followingItem(otherEnd, closer: UInt8(ascii: "]"))
            }
            guard case .closed = otherStep else { return false }
            return true
        case (UInt8(ascii: "{"), UInt8(ascii: "{")):
            // Members in the same order with the same keys, as `JSONObject`'s `==` walks them
            // first; once the keys part ways, the objects are compared parsed.
            var step = try firstItem(ofContainerAt: range.lowerBound, closer: UInt8(ascii: "}"))
            var otherStep = try other.firstItem(ofContainerAt: otherRange.lowerBound, closer: UInt8(ascii: "}"))
            while case .more(let offset) = step {
                guard case .more(let otherOffset) = otherStep else { return false }
                let member = try self.member(at: offset, depth: depth + 1)
                let otherMember = try other.member(at: otherOffset, depth: depth + 1)
                guard bytes(member.keyStart..<member.keyEnd, equal: otherMember.keyStart..<otherMember.keyEnd, in: other)
                else { return try parse(range) == other.parse(otherRange) }
                guard
                    try value(
                        member.valueStart..<member.valueEnd, equals: otherMember.valueStart..<otherMember.valueEnd,
                        in: other, depth: depth + 1)
                else { return false }
                step = try followingItem(member.valueEnd, closer: UInt8(ascii: "}"))
                otherStep = try other.followingItem(otherMember.valueEnd, closer: UInt8(ascii: "}"))
            }
            guard case .closed = otherStep else { return false }
            return true
        case (UInt8(ascii: "["), _), (_, UInt8(ascii: "[")), (UInt8(ascii: "{"), _), (_, UInt8(ascii: "{")):
            return false
        default:
            // Scalars: a string with escapes or in another normal form, a number's text.
            return try parse(range) == other.parse(otherRange)
        }
    }
}
