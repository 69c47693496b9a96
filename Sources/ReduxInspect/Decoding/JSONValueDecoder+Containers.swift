/// Objects larger than this get a key index; smaller ones are scanned, which is faster.
private let linearScanLimit = 16

/// A keyed container over one JSON object.
///
/// Lookups find the first member with the key, as ``JSONObject`` does. Coding paths for
/// scalars are only put together when an error needs one.
struct JSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONTreeDecoder
    private let members: KeyedMembers
    let codingPath: [any CodingKey]

    init(decoder: JSONTreeDecoder, object: JSONObject, codingPath: [any CodingKey]) {
        self.decoder = decoder
        self.codingPath = codingPath
        if object.count > linearScanLimit {
            let positions = Dictionary(
                object.members.enumerated().map { ($0.element.key, $0.offset) },
                uniquingKeysWith: { first, _ in first })
            members = .indexed(object, positions)
        } else {
            members = .scanned(object)
        }
    }

    private var object: JSONObject {
        switch members {
        case .scanned(let object), .indexed(let object, _): object
        }
    }

    var allKeys: [Key] {
        let object = object
        if object.count == 1 {
            // The common case, an enum's case: an array literal skips `reserveCapacity`'s lookups.
            guard let key = Key(stringValue: object[0].key) else { return [] }
            return [key]
        }
        var keys: [Key] = []
        keys.reserveCapacity(object.count)
        for index in object.indices {
            if let key = Key(stringValue: object[index].key) { keys.append(key) }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { member(key) != nil }

    @inline(__always)
    private func member(_ key: Key) -> JSONValue? {
        let name = key.stringValue
        switch members {
        case .scanned(let object):
            for index in object.indices where object[index].key == name { return object[index].value }
            return nil
        case .indexed(let object, let positions):
            return positions[name].map { object[$0].value }
        }
    }

    @inline(__always)
    private func require(_ key: Key) throws -> JSONValue {
        guard let value = member(key) else { throw JSONTreeDecoder.missing(key, codingPath) }
        return value
    }

    @inline(__always)
    private func scalar<T: JSONScalar>(_ key: Key) throws -> T {
        try JSONTreeDecoder.scalar(require(key), as: T.self, path: codingPath.appending(key))
    }

    @inline(__always)
    private func scalarIfPresent<T: JSONScalar>(_ key: Key) throws -> T? {
        guard let value = member(key) else { return nil }
        if case .null = value { return nil }
        return try JSONTreeDecoder.scalar(value, as: T.self, path: codingPath.appending(key))
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try require(key) { return true }
        return false
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
        try decoder.unbox(require(key), as: T.self, path: codingPath.appending(key))
    }

    // One lookup each, where the protocol's defaults make three.
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
        guard let value = member(key) else { return nil }
        if case .null = value { return nil }
        return try decoder.unbox(value, as: T.self, path: codingPath.appending(key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try require(key)
        let path = codingPath.appending(key)
        guard case .object(let nested) = value else { throw JSONTreeDecoder.mismatch(.object, value, path) }
        return KeyedDecodingContainer(
            JSONKeyedContainer<NestedKey>(decoder: decoder, object: nested, codingPath: path))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let value = try require(key)
        let path = codingPath.appending(key)
        guard case .array(let elements) = value else { throw JSONTreeDecoder.mismatch(.array, value, path) }
        return JSONUnkeyedContainer(decoder: decoder, elements: elements, codingPath: path)
    }

    /// The decoder for the `super` key, as `superEncoder()` writes it; `null` when absent.
    func superDecoder() throws -> any Decoder {
        let key = SuperKey()
        return JSONTreeDecoder(value: object["super"] ?? .null, codingPath: codingPath.appending(key))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONTreeDecoder(value: member(key) ?? .null, codingPath: codingPath.appending(key))
    }
}

/// An object's members, with the first position of each key when the object is too large to
/// scan. One stored reference in the common case keeps copies of a container cheap; declared
/// outside the generic container so that using it needs no generic metadata.
private enum KeyedMembers {
    case scanned(JSONObject)
    case indexed(JSONObject, [String: Int])
}

/// The key `superDecoder()` reads.
struct SuperKey: CodingKey {
    init() {}
    init?(stringValue: String) { guard stringValue == "super" else { return nil } }
    init?(intValue: Int) { return nil }
    var stringValue: String { "super" }
    var intValue: Int? { nil }
}
