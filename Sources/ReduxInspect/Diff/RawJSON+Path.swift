extension RawJSON {
    /// The value of the first member named `key` (equal as a string) in the object at `start`,
    /// inside `depth` containers.
    func firstMember(_ key: String, inObjectAt start: Int, depth: Int) throws(Malformed) -> Range<Int>? {
        let closer = UInt8(ascii: "}")
        var step = try firstItem(ofContainerAt: start, closer: closer)
        while case .more(let offset) = step {
            let member = try self.member(at: offset, depth: depth + 1)
            if try self.key(member) == key { return member.value }
            step = try followingItem(member.valueEnd, closer: closer)
        }
        return nil
    }
}

extension StateText {
    /// The value at `path`, as ``JSONValue/value(at:)`` finds it in the parsed text, read from
    /// the skeleton of that one path (``skeleton(for:)``): `.some(nil)` when there is none,
    /// and `nil` when the text cannot say, for the caller to parse the whole text instead.
    func value(at path: JSONPath) -> JSONValue?? {
        skeleton(for: [RawJSON.SkeletonPath(path, need: .whole)]).map { $0.value(at: path) }
    }
}
