import Foundation

/// A keyed container over one object of JSON text whose keys are all plain, printable ASCII
/// without escapes (see ``JSONRawDecoder``), answering as ``JSONKeyedContainer`` does over the
/// parsed object: lookups find the first member with the key, and errors are its errors.
struct JSONRawKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONRawDecoder
    /// The object's members, in the decoder's ``JSONRawDecoder/found(_:)``.
    let members: Range<Int>
    /// The container's coding path, in the decoder's paths.
    let path: Int

    var codingPath: [any CodingKey] { decoder.path(path) }

    var allKeys: [Key] {
        members.count == 1 ? decoder.onlyKey(members.lowerBound, as: Key.self) : keys(of: members)
    }

    /// The keys of several members, in written order. (Apart from ``allKeys`` so that an
    /// enum's case does not look up the metadata that building the array takes.)
    @inline(never)
    private func keys(of members: Range<Int>) -> [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(members.count)
        for index in members {
            if let key = Key(stringValue: decoder.key(index)) { keys.append(key) }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        member(key) != nil
    }

    /// Where the value of the first member named `key` starts, or `nil` when there is none.
    @inline(__always)
    private func member(_ key: Key) -> Int? {
        decoder.member(named: key.stringValue, in: members)
    }

    @inline(__always)
    private func require(_ key: Key) throws -> Int {
        guard let start = member(key) else { throw JSONTreeDecoder.missing(key, codingPath) }
        return start
    }

    @inline(__always)
    private func scalar<T: JSONScalar>(_ key: Key) throws -> T {
        try decoder.scalar(require(key), as: T.self, path: codingPath.appending(key))
    }

    @inline(__always)
    private func scalarIfPresent<T: JSONScalar>(_ key: Key) throws -> T? {
        guard let start = member(key), !decoder.isNull(start) else { return nil }
        return try decoder.scalar(start, as: T.self, path: codingPath.appending(key))
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
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try scalar(key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try scalar(key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unbox(require(key), as: T.self, path: decoder.path(after: path, key))
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
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try scalarIfPresent(key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try scalarIfPresent(key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let start = member(key), !decoder.isNull(start) else { return nil }
        return try decoder.unbox(start, as: T.self, path: decoder.path(after: path, key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.keyedContainer(at: require(key), path: decoder.path(after: path, key), keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let start = try require(key)
        let path = decoder.path(after: path, key)
        let elements = try decoder.elements(ofArrayAt: start, path: decoder.path(path))
        return JSONRawUnkeyedContainer(decoder: decoder, elements: elements, path: path)
    }

    /// The tree decoder over the `super` member's value, as ``JSONKeyedContainer`` makes it:
    /// `null` when absent. (A decoder the caller may keep, so it owns what it reads.)
    func superDecoder() throws -> any Decoder {
        let value = try decoder.member(named: "super", in: members).map(decoder.parsed(at:)) ?? .null
        return JSONTreeDecoder(value: value, codingPath: codingPath.appending(SuperKey()))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONTreeDecoder(value: try member(key).map(decoder.parsed(at:)) ?? .null, codingPath: codingPath.appending(key))
    }
}
