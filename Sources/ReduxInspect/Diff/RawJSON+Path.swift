extension RawJSON {
    /// The value of the first member named `key` (equal as a string) in the object at `start`,
    /// inside `depth` containers.
    ///
    /// A plain key (``Member/plainKey``) equals an ASCII `key` exactly when their bytes do, so
    /// it is compared without making a string of it; other keys are decoded and compared as
    /// strings. (Every state `blame` reads goes through here, often for each element of an
    /// array matched by id.)
    func firstMember(_ key: String, inObjectAt start: Int, depth: Int) throws(Malformed) -> Range<Int>? {
        let asciiKey = key.utf8.allSatisfy { $0 < 0x80 }
        let closer = UInt8(ascii: "}")
        var step = try firstItem(ofContainerAt: start, closer: closer)
        while case .more(let offset) = step {
            let member = try self.member(at: offset, depth: depth + 1)
            let found = member.plainKey && asciiKey ? buffer(member.key).elementsEqual(key.utf8) : try self.key(member) == key
            if found { return member.value }
            step = try followingItem(member.valueEnd, closer: closer)
        }
        return nil
    }
}

extension RawJSON {
    /// The first element of the array at `start`, inside `depth` containers, that `matches`
    /// (given the element's position and its bytes), or `nil`.
    func firstElement(
        inArrayAt start: Int, depth: Int, where matches: (_ position: Int, _ element: Range<Int>) throws(Malformed) -> Bool
    ) throws(Malformed) -> Range<Int>? {
        let closer = UInt8(ascii: "]")
        var step = try firstItem(ofContainerAt: start, closer: closer)
        var position = 0
        while case .more(let offset) = step {
            let element = offset..<(try valueEnd(from: offset, depth: depth + 1))
            if try matches(position, element) { return element }
            position += 1
            step = try followingItem(element.upperBound, closer: closer)
        }
        return nil
    }
}

extension StateText {
    /// The value at `path`, as ``JSONValue/value(at:)`` finds it in the parsed text, read from
    /// the skeleton of that one path (``skeleton(for:)``): `.some(nil)` when there is none,
    /// and `nil` when the text cannot say, for the caller to parse the whole text instead.
    func value(at path: JSONPath) -> JSONValue?? {
        if let value = valueAlongKeys(path) { return value }
        return skeleton(for: [RawJSON.SkeletonPath(path, need: .whole)]).map { $0.value(at: path) }
    }

    /// ``value(at:)`` read step by step, the way `blame cart.total` and most predicates read a
    /// state: a key's member, an index's element, the first object element whose `id` is the
    /// id, without the skeleton's bookkeeping (which cost `blame` half its time over a
    /// recording with states); `nil` where a step does not fit the text (a key on an array,
    /// say), for the skeleton to say.
    func valueAlongKeys(_ path: JSONPath) -> JSONValue?? {
        guard !bytes.isEmpty else { return nil }
        let raw = RawJSON(bytes, maximumDepth: JSONParser.Options().maximumDepth)
        do {
            var start = raw.skipSpace(0)
            var depth = 0
            for component in path.components {
                guard start < raw.count else { return nil }
                let found: Range<Int>?
                switch component {
                case .key(let key):
                    guard raw[start] == UInt8(ascii: "{") else { return nil }
                    found = try raw.firstMember(key, inObjectAt: start, depth: depth)
                case .index(let index):
                    guard raw[start] == UInt8(ascii: "[") else { return nil }
                    found = index < 0 ? nil : try raw.firstElement(inArrayAt: start, depth: depth) { position, _ in
                        position == index
                    }
                case .id(let id):
                    guard raw[start] == UInt8(ascii: "[") else { return nil }
                    found = try raw.firstElement(inArrayAt: start, depth: depth) { _, element throws(RawJSON.Malformed) in
                        guard raw[element.lowerBound] == UInt8(ascii: "{"),
                            let value = try raw.firstMember("id", inObjectAt: element.lowerBound, depth: depth + 1)
                        else { return false }
                        return try raw.parse(value) == id
                    }
                }
                guard let found else { return .some(nil) }
                start = found.lowerBound
                depth += 1
            }
            return .some(try raw.parse(start..<(try raw.valueEnd(from: start, depth: depth))))
        } catch {
            return nil
        }
    }
}
