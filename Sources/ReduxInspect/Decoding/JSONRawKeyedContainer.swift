import Foundation

/// A keyed container over one object of JSON text (see ``JSONRawDecoder``).
///
/// Every key is plain, printable ASCII without escapes (the decoder declines other objects),
/// so a key equals a coding key's name exactly when their bytes are equal, except for a name
/// beyond ASCII, which Swift may find canonically equal to an ASCII key: a lookup of such a
/// name that finds no bytes to match declines. Lookups find the first member with the key,
/// as ``JSONKeyedContainer`` does.
struct JSONRawKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONRawDecoder
    /// The object's members, in the decoder's ``JSONRawDecoder/found(_:)``.
    let members: Range<Int>
    let path: LazyCodingPath

    var codingPath: [any CodingKey] { path.whole }

    var allKeys: [Key] {
        if members.count == 1 {
            // An enum's case: an array literal skips the generic array's metadata lookups.
            guard let name = decoder.key(members.lowerBound), let key = Key(stringValue: name) else { return [] }
            return [key]
        }
        var keys: [Key] = []
        keys.reserveCapacity(members.count)
        for index in members {
            if let name = decoder.key(index), let key = Key(stringValue: name) { keys.append(key) }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        (try? member(key)) != nil
    }

    /// Where the value of the first member named `key` starts, or `nil` when there is none.
    @inline(__always)
    private func member(_ key: Key) throws -> Int? {
        try decoder.member(named: key.stringValue, in: members)
    }

    @inline(__always)
    private func require(_ key: Key) throws -> Int {
        guard let start = try member(key) else { throw decoder.decline() }
        return start
    }

    @inline(__always)
    private func scalar<T: JSONScalar>(_ key: Key) throws -> T {
        try decoder.scalar(require(key), as: T.self)
    }

    @inline(__always)
    private func scalarIfPresent<T: JSONScalar>(_ key: Key) throws -> T? {
        guard let start = try member(key), !decoder.isNull(start) else { return nil }
        return try decoder.scalar(start, as: T.self)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.isNull(try require(key))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unbox(require(key), as: T.self, path: codingPath.appending(key))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try scalarIfPresent(key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let start = try member(key), !decoder.isNull(start) else { return nil }
        return try decoder.unbox(start, as: T.self, path: codingPath.appending(key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let members = try decoder.members(ofObjectAt: require(key))
        return KeyedDecodingContainer(
            JSONRawKeyedContainer<NestedKey>(
                decoder: decoder, members: members, path: LazyCodingPath(codingPath, then: key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let elements = try decoder.elements(ofArrayAt: require(key))
        return JSONRawUnkeyedContainer(decoder: decoder, elements: elements, path: LazyCodingPath(codingPath, then: key))
    }

    /// Declined: a super decoder may outlive the decode, and the tree decoder's is cheap enough.
    func superDecoder() throws -> any Decoder {
        throw decoder.decline()
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw decoder.decline()
    }
}

/// A container's coding path, put together only when asked for: a nested container's is its
/// parent's and one key, and in a decode that succeeds nothing may ever ask.
struct LazyCodingPath {
    private let parent: [any CodingKey]
    private let last: (any CodingKey)?

    /// The path `parent`, complete.
    init(_ parent: [any CodingKey]) {
        self.parent = parent
        self.last = nil
    }

    /// The path `parent` followed by `key`.
    init(_ parent: [any CodingKey], then key: any CodingKey) {
        self.parent = parent
        self.last = key
    }

    /// The whole path.
    var whole: [any CodingKey] {
        guard let last else { return parent }
        return parent.appending(last)
    }
}
