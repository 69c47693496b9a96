/// An unkeyed container over one JSON array.
///
/// A failed decode leaves `currentIndex` where it was, as Foundation's does.
struct JSONUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: JSONTreeDecoder
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(decoder: JSONTreeDecoder, elements: [JSONValue], codingPath: [any CodingKey]) {
        self.decoder = decoder
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The coding path of the current element.
    private var elementPath: [any CodingKey] { codingPath.appending(IndexKey(currentIndex)) }

    /// The current element, or an error naming `type` when the array is used up.
    private func current(_ type: Any.Type) throws -> JSONValue {
        guard currentIndex < elements.count else {
            let detail =
                "expected \(JSONValueDecoder.typeName(type)), found the end of an array of \(elements.count)"
            throw DecodingError.valueNotFound(type, .init(codingPath: elementPath, debugDescription: detail))
        }
        return elements[currentIndex]
    }

    private mutating func scalar<T: JSONScalar>() throws -> T {
        let result = try JSONTreeDecoder.scalar(current(T.self), as: T.self, path: elementPath)
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard case .null = try current(Any?.self) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar() }
    mutating func decode(_ type: String.Type) throws -> String { try scalar() }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar() }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar() }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar() }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try scalar() }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try scalar() }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let result = try decoder.unbox(current(T.self), as: T.self, path: elementPath)
        currentIndex += 1
        return result
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let value = try current([String: Any].self)
        guard case .object(let object) = value else {
            throw JSONTreeDecoder.mismatch(.object, value, elementPath)
        }
        let container = JSONKeyedContainer<NestedKey>(
            decoder: decoder, object: object, codingPath: elementPath)
        currentIndex += 1
        return KeyedDecodingContainer(container)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let value = try current([Any].self)
        guard case .array(let nested) = value else {
            throw JSONTreeDecoder.mismatch(.array, value, elementPath)
        }
        let container = JSONUnkeyedContainer(decoder: decoder, elements: nested, codingPath: elementPath)
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let superDecoder = JSONTreeDecoder(value: try current(Any.self), codingPath: elementPath)
        currentIndex += 1
        return superDecoder
    }
}

/// A single-value container: the value the decoder points at when it is asked for one.
struct JSONSingleValueContainer: SingleValueDecodingContainer {
    let decoder: JSONTreeDecoder
    let value: JSONValue
    let codingPath: [any CodingKey]

    private func scalar<T: JSONScalar>() throws -> T {
        try JSONTreeDecoder.scalar(value, as: T.self, path: codingPath)
    }

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try scalar() }
    func decode(_ type: String.Type) throws -> String { try scalar() }
    func decode(_ type: Double.Type) throws -> Double { try scalar() }
    func decode(_ type: Float.Type) throws -> Float { try scalar() }
    func decode(_ type: Int.Type) throws -> Int { try scalar() }
    func decode(_ type: Int8.Type) throws -> Int8 { try scalar() }
    func decode(_ type: Int16.Type) throws -> Int16 { try scalar() }
    func decode(_ type: Int32.Type) throws -> Int32 { try scalar() }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar() }
    func decode(_ type: UInt.Type) throws -> UInt { try scalar() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar() }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try scalar() }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try scalar() }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.unbox(value, as: T.self, path: codingPath)
    }
}
