extension RawJSON {
    /// Where the value at `path` is in the value that starts at `start`, as
    /// ``JSONValue/value(at:)`` finds it in the parsed value: the first member with the key
    /// (keys compared as strings, as Swift compares them), the element at the index, the first
    /// object element whose `id` member equals the id. `nil` when there is no such value.
    ///
    /// Only the containers on the way are skimmed, each up to the member or element sought;
    /// the keys and ids met are decoded to be compared. Like the skim, the lookup does not
    /// check what it skips: it is for text an encoder wrote, or that was checked before.
    ///
    /// - Throws: `Malformed` where the skim cannot follow the text.
    func valueRange(at path: JSONPath, from start: Int) throws(Malformed) -> Range<Int>? {
        guard !path.components.isEmpty else { return start..<(try valueEnd(from: start, depth: 0)) }
        // The range of the value reached so far; its end is found only once a container is
        // skimmed past it.
        var range = start..<start
        var depth = 0
        for component in path.components {
            let found: Range<Int>?
            guard range.lowerBound < count else { throw Malformed() }
            switch (component, base[range.lowerBound]) {
            case (.key(let key), UInt8(ascii: "{")):
                found = try firstMember(key, inObjectAt: range.lowerBound, depth: depth)
            case (.index(let index), UInt8(ascii: "[")):
                found = try element(at: index, inArrayAt: range.lowerBound, depth: depth)
            case (.id(let id), UInt8(ascii: "[")):
                found = try element(withID: id, inArrayAt: range.lowerBound, depth: depth)
            default:
                return nil
            }
            guard let found else { return nil }
            range = found
            depth += 1
        }
        return range
    }

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

    /// The element at `index` of the array at `start`.
    private func element(at index: Int, inArrayAt start: Int, depth: Int) throws(Malformed) -> Range<Int>? {
        guard index >= 0 else { return nil }
        var position = 0
        return try firstElement(ofArrayAt: start, depth: depth) { _ in
            defer { position += 1 }
            return position == index
        }
    }

    /// The first object element of the array at `start` whose `id` member equals `id`.
    private func element(withID id: JSONValue, inArrayAt start: Int, depth: Int) throws(Malformed) -> Range<Int>? {
        try firstElement(ofArrayAt: start, depth: depth) { (element) throws(Malformed) in
            guard base[element.lowerBound] == UInt8(ascii: "{"),
                let value = try firstMember("id", inObjectAt: element.lowerBound, depth: depth + 1)
            else { return false }
            return try parse(value) == id
        }
    }

    /// The first element of the array at `start` that `matches` accepts.
    private func firstElement(
        ofArrayAt start: Int, depth: Int, where matches: (Range<Int>) throws(Malformed) -> Bool
    ) throws(Malformed) -> Range<Int>? {
        let closer = UInt8(ascii: "]")
        var step = try firstItem(ofContainerAt: start, closer: closer)
        while case .more(let offset) = step {
            let element = offset..<(try valueEnd(from: offset, depth: depth + 1))
            if try matches(element) { return element }
            step = try followingItem(element.upperBound, closer: closer)
        }
        return nil
    }
}

extension StateText {
    /// The value at `path`, as ``JSONValue/value(at:)`` finds it in the parsed text: `.some(nil)`
    /// when there is none, and `nil` when the text cannot say (the skim cannot follow it, or
    /// the value found does not parse), for the caller to parse the whole text instead.
    func value(at path: JSONPath) -> JSONValue?? {
        guard !bytes.isEmpty else { return nil }
        let raw = RawJSON(bytes, maximumDepth: JSONParser.Options().maximumDepth)
        do {
            guard let range = try raw.valueRange(at: path, from: raw.skipSpace(0)) else { return .some(nil) }
            return .some(try raw.parse(range))
        } catch {
            return nil
        }
    }
}
